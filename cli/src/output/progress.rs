//! Progress on stderr for long jobs: once a job has run for a second, one
//! line that updates in place ("equity: 42% (420,000 of 1,000,000 trials),
//! about 3 s left"), erased when the job ends. Only when stderr is a
//! terminal: piped or redirected, nothing is written, so scripts and tests
//! see only the result.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

/// Quiet for this long, so quick jobs never flash a line.
const AFTER: Duration = Duration::from_secs(1);
/// At most this often.
const EVERY: Duration = Duration::from_millis(200);

pub struct Progress {
    started: Instant,
    last: Option<Instant>,
    tty: bool,
    what: &'static str,
}

impl Progress {
    /// Progress of a job named `what` (e.g. `"equity"`), started now.
    pub fn start(what: &'static str) -> Progress {
        Progress {
            started: Instant::now(),
            last: None,
            tty: io::stderr().is_terminal(),
            what,
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// `done` of `total` (`unit`, e.g. "trials"); `total` may be unknown
    /// with a time budget, `left` then says how long remains.
    pub fn update(&mut self, done: u64, total: u64, unit: &str, budget: Option<Duration>) {
        let elapsed = self.started.elapsed();
        if !self.tty || elapsed < AFTER || self.last.is_some_and(|t| t.elapsed() < EVERY) {
            return;
        }
        self.last = Some(Instant::now());
        let by_count = (total > 0).then(|| done as f64 / total as f64);
        let by_time = budget.map(|b| elapsed.as_secs_f64() / b.as_secs_f64());
        let fraction = match (by_count, by_time) {
            (Some(a), Some(b)) => a.max(b),
            (a, b) => a.or(b).unwrap_or(0.0),
        }
        .clamp(0.0, 1.0);
        let left = if fraction > 0.0 {
            format!(
                ", about {} left",
                seconds(elapsed.as_secs_f64() * (1.0 - fraction) / fraction)
            )
        } else {
            String::new()
        };
        let of = if total > 0 && budget.is_none() {
            format!(" of {}", crate::output::grouped(total))
        } else {
            String::new()
        };
        let _ = write!(
            io::stderr().lock(),
            "\r{}: {:.0}% ({}{of} {unit}){left}\x1b[K",
            self.what,
            100.0 * fraction,
            crate::output::grouped(done)
        );
    }

    /// Erases the line, if one was shown.
    pub fn finish(self) {
        if self.last.is_some() {
            let _ = write!(io::stderr().lock(), "\r\x1b[K");
        }
    }
}

/// `3 s`, `2 min`, `1.5 h`, `12 days`, `3,000 years`.
pub fn seconds(s: f64) -> String {
    const DAY: f64 = 86_400.0;
    const YEAR: f64 = 365.25 * DAY;
    if s < 90.0 {
        format!("{:.0} s", s.max(1.0))
    } else if s < 5400.0 {
        format!("{:.0} min", s / 60.0)
    } else if s < 2.0 * DAY {
        format!("{:.1} h", s / 3600.0)
    } else if s < 2.0 * YEAR {
        format!("{:.0} days", s / DAY)
    } else {
        format!("{} years", crate::output::grouped((s / YEAR) as u64))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn durations_read_well() {
        assert_eq!(super::seconds(0.2), "1 s");
        assert_eq!(super::seconds(100.0), "2 min");
        assert_eq!(super::seconds(60_000.0), "16.7 h");
        assert_eq!(super::seconds(864_000.0), "10 days");
        assert_eq!(super::seconds(3.2e10), "1,014 years");
    }
}
