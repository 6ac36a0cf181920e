//! `cargo xtask gen-tables [--check]`: the evaluator's generated tables.
//!
//! `src/eval/tables.rs` is exactly what `allin::eval::gen` generates (which
//! must therefore be rustfmt-clean) and is committed; `--check` keeps it
//! honest. The generator runs as the example `gen_tables` (release build),
//! so xtask itself does not depend on the engine and builds in seconds.

use std::fs;

use crate::cmd::{self, root, say, Result};

const TABLES: &str = "src/eval/tables.rs";

pub fn task(check: bool) -> Result {
    let path = root().join(TABLES);
    let generator = ["run", "--release", "-p", "allin", "--example", "gen_tables"];
    say(format!("$ cargo {}", generator.join(" ")));
    let fresh = cmd::output(&mut cmd::cargo(generator))?;
    let current = match fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => None,
        Err(err) => return Err(format!("cannot read {TABLES}: {err}")),
    };
    if current.as_deref() == Some(fresh.as_str()) {
        say(format!("{TABLES} is up to date"));
        return Ok(());
    }
    if check {
        let why = match &current {
            None => "is missing".to_string(),
            Some(current) => first_difference(current, &fresh),
        };
        return Err(format!(
            "{TABLES} {why}\nrun `cargo xtask gen-tables` and commit the result"
        ));
    }
    fs::write(&path, &fresh).map_err(|err| format!("cannot write {TABLES}: {err}"))?;
    say(format!("wrote {TABLES} ({} bytes)", fresh.len()));
    Ok(())
}

/// Where two texts first differ, for the `--check` message.
fn first_difference(current: &str, fresh: &str) -> String {
    let mut old_lines = current.lines();
    let mut new_lines = fresh.lines();
    let mut line = 1;
    loop {
        match (old_lines.next(), new_lines.next()) {
            (Some(old), Some(new)) if old == new => line += 1,
            (Some(old), Some(new)) => {
                return format!(
                    "is out of date: line {line} is\n    {}\nbut the generator makes\n    {}",
                    clip(old),
                    clip(new)
                )
            }
            (Some(_), None) => {
                return format!("is out of date: it has extra lines from line {line}")
            }
            (None, Some(_)) => return format!("is out of date: it ends early, at line {line}"),
            (None, None) => return "is out of date (line endings differ)".to_string(),
        }
    }
}

fn clip(line: &str) -> String {
    const MAX: usize = 120;
    match line.char_indices().nth(MAX) {
        Some((at, _)) => format!("{}…", &line[..at]),
        None => line.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn says_where_tables_differ() {
        let msg = first_difference("a\nb\nc\n", "a\nB\nc\n");
        assert!(msg.contains("line 2 is\n    b\nbut"), "{msg}");
        assert!(first_difference("a\nb\n", "a\n").contains("extra lines from line 2"));
        assert!(first_difference("a\n", "a\nb\n").contains("ends early, at line 2"));
    }
}
