//! Each step's seconds: printed, checked against the budgets, written to
//! `target/test-times.json`.

use std::fs;

use crate::cmd::{root, say};

/// Each step's seconds, written to `target/test-times.json` after every
/// step (a failed or interrupted run keeps what it measured).
pub(super) struct Times {
    full: bool,
    exhaustive: bool,
    /// The whole run's budget, when the run is a whole tier.
    budget: Option<u32>,
    steps: Vec<(&'static str, u32, f64, bool)>,
}

impl Times {
    pub(super) fn new(full: bool, exhaustive: bool, budget: Option<u32>) -> Times {
        Times {
            full,
            exhaustive,
            budget,
            steps: Vec::new(),
        }
    }

    /// A step's seconds (its key and budget), and the run's so far.
    pub(super) fn record(
        &mut self,
        (key, budget): (&'static str, u32),
        seconds: f64,
        ok: bool,
        total: f64,
    ) {
        self.steps.push((key, budget, seconds, ok));
        let path = root().join("target").join("test-times.json");
        let _ = fs::create_dir_all(root().join("target"));
        if let Err(err) = fs::write(&path, self.json(total)) {
            say(format!("cannot write {}: {err}", path.display()));
        }
    }

    pub(super) fn passed(&self) -> usize {
        self.steps.iter().filter(|s| s.3).count()
    }

    /// The whole run's budget, when the run is a whole tier.
    pub(super) fn budget(&self) -> Option<u32> {
        self.budget
    }

    fn json(&self, total: f64) -> String {
        let steps: Vec<String> = self
            .steps
            .iter()
            .map(|(key, budget, seconds, ok)| {
                format!("    {{\"step\": \"{key}\", \"seconds\": {seconds:.1}, \"budget\": {budget}, \"ok\": {ok}}}")
            })
            .collect();
        format!(
            "{{\n  \"full\": {},\n  \"exhaustive\": {},\n  \"total\": {total:.1},\n  \"steps\": [\n{}\n  ]\n}}\n",
            self.full,
            self.exhaustive,
            steps.join(",\n")
        )
    }

    pub(super) fn summary(&self, total: f64) -> String {
        let parts: Vec<String> = self
            .steps
            .iter()
            .map(|(key, _, seconds, _)| format!("{key} {seconds:.0}s"))
            .collect();
        format!(
            "times: {} = {total:.0}s (target/test-times.json)",
            parts.join(", ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_json() {
        let mut times = Times::new(false, false, Some(720));
        times.steps.push(("fmt", 10, 1.25, true));
        let json = times.json(1.3);
        assert!(json.contains("\"total\": 1.3"), "{json}");
        assert!(
            json.contains("{\"step\": \"fmt\", \"seconds\": 1.2, \"budget\": 10, \"ok\": true}")
        );
        assert_eq!(times.budget(), Some(720));
    }
}
