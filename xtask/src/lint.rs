//! Clippy as part of the build: one compilation both lints and builds.
//!
//! `cargo clippy` is `cargo check` with `clippy-driver` in place of rustc:
//! metadata only, so a later `cargo test` compiles every crate again. Here
//! the test build itself runs with `RUSTC_WORKSPACE_WRAPPER=clippy-driver`
//! (the workspace's own crates only; dependencies stay plain rustc): the
//! lints of `cargo clippy --all-targets` (lib, lib tests, bins, tests,
//! examples) come out of the compilation whose binaries the tests then run.
//! Cargo's JSON messages carry the diagnostics, replayed from its cache
//! when nothing changed, so a second run still sees them; any warning
//! fails the step, as `cargo clippy -- -D warnings` would.
//!
//! Every `cargo` of a test run that builds in the dev or test profile goes
//! through [`wrapped`], so all of them share one set of artifacts. The one
//! difference from plain rustc: clippy-driver turns MIR optimisations off
//! (its MIR lints need the unoptimised MIR); LLVM still optimises as the
//! profile says.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use crate::cmd::{self, find_in_path};
use crate::cmd::{say, Result};

/// `clippy-driver` from the toolchain running this xtask (beside `$CARGO`),
/// else from `$PATH`.
pub fn clippy_driver() -> Result<PathBuf> {
    let beside_cargo = std::env::var_os("CARGO")
        .map(PathBuf::from)
        .and_then(|cargo| Some(cargo.parent()?.join("clippy-driver")));
    beside_cargo
        .filter(|path| path.is_file())
        .or_else(|| find_in_path("clippy-driver"))
        .ok_or_else(|| "clippy-driver not found: run `rustup component add clippy`".to_string())
}

/// `cargo ARGS` with clippy-driver as the workspace's compiler wrapper.
pub fn wrapped<I, S>(args: I) -> Result<Command>
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let mut command = cmd::cargo(args);
    command.env("RUSTC_WORKSPACE_WRAPPER", clippy_driver()?);
    Ok(command)
}

/// Runs `command` (a cargo build, usually through [`wrapped`]) with JSON
/// messages, printing every diagnostic as rustc renders it; fails on any
/// warning or error of the workspace's crates.
pub fn build(command: Command) -> Result {
    build_all(vec![command])
}

/// [`build`] for several cargo builds at once (each in a target directory
/// of its own), their diagnostics printed as they come.
pub fn build_all(commands: Vec<Command>) -> Result {
    let mut running = Vec::new();
    for mut command in commands {
        command
            .arg("--message-format=json-diagnostic-rendered-ansi")
            .stdout(Stdio::piped());
        let shown = cmd::display(&command);
        say(format!("$ {shown}"));
        let mut child = command
            .spawn()
            .map_err(|err| format!("could not start `{shown}`: {err}"))?;
        let stdout = child.stdout.take().expect("piped stdout");
        let reader = std::thread::spawn(move || {
            let mut tally = Tally::default();
            for line in BufReader::new(stdout).lines().map_while(|l| l.ok()) {
                if let Some((level, rendered)) = diagnostic(&line) {
                    tally.add(&level);
                    let _ = std::io::stderr().lock().write_all(rendered.as_bytes());
                }
            }
            tally
        });
        running.push((shown, child, reader));
    }
    let mut failures = Vec::new();
    let mut warnings = 0;
    for (shown, mut child, reader) in running {
        let status = child.wait();
        warnings += reader.join().map(|t| t.warnings).unwrap_or(0);
        match status {
            Ok(status) if status.success() => {}
            Ok(status) => failures.push(format!("`{shown}` failed ({status})")),
            Err(err) => failures.push(format!("waiting for `{shown}`: {err}")),
        }
    }
    if !failures.is_empty() {
        return Err(failures.join("; "));
    }
    if warnings > 0 {
        return Err(format!(
            "{warnings} warning(s) above (clippy and rustc warnings fail, as `-D warnings` would)"
        ));
    }
    Ok(())
}

#[derive(Default)]
struct Tally {
    warnings: usize,
}

impl Tally {
    fn add(&mut self, level: &str) {
        // Errors fail the build itself; notes and help travel with their
        // warning. A lone "failure-note" is not a warning.
        if level == "warning" {
            self.warnings += 1;
        }
    }
}

/// A compiler message line of cargo's JSON output: its level and its text
/// as rustc renders it. Summaries ("2 warnings emitted") are shown but have
/// the level "summary", so they are not counted.
fn diagnostic(line: &str) -> Option<(String, String)> {
    let value = json::parse(line)?;
    if value.get("reason")?.as_str()? != "compiler-message" {
        return None;
    }
    let message = value.get("message")?;
    let rendered = message.get("rendered")?.as_str()?.to_string();
    let text = message.get("message")?.as_str()?;
    let level = if is_summary(text) {
        "summary"
    } else {
        message.get("level")?.as_str()?
    };
    Some((level.to_string(), rendered))
}

/// rustc's closing count: "1 warning emitted", "3 warnings emitted".
fn is_summary(text: &str) -> bool {
    text.split_once(' ').is_some_and(|(n, rest)| {
        n.bytes().all(|b| b.is_ascii_digit())
            && matches!(rest, "warning emitted" | "warnings emitted")
    })
}

/// Just enough JSON for cargo's messages.
mod json {
    /// A JSON value; what no message field needs is `Other`.
    pub enum Value {
        Other,
        String(String),
        Object(Vec<(String, Value)>),
    }

    impl Value {
        pub fn get(&self, key: &str) -> Option<&Value> {
            match self {
                Value::Object(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
                _ => None,
            }
        }

        pub fn as_str(&self) -> Option<&str> {
            match self {
                Value::String(s) => Some(s),
                _ => None,
            }
        }
    }

    /// The value `text` holds, or `None` if it is not (only) JSON.
    pub fn parse(text: &str) -> Option<Value> {
        let mut p = Parser {
            bytes: text.as_bytes(),
            at: 0,
        };
        let value = p.value()?;
        p.space();
        (p.at == p.bytes.len()).then_some(value)
    }

    struct Parser<'a> {
        bytes: &'a [u8],
        at: usize,
    }

    impl Parser<'_> {
        fn space(&mut self) {
            while self.bytes.get(self.at).is_some_and(u8::is_ascii_whitespace) {
                self.at += 1;
            }
        }

        fn eat(&mut self, byte: u8) -> Option<()> {
            self.space();
            (self.bytes.get(self.at) == Some(&byte)).then(|| self.at += 1)
        }

        fn value(&mut self) -> Option<Value> {
            self.space();
            match *self.bytes.get(self.at)? {
                b'{' => self.object(),
                b'[' => self.array(),
                b'"' => self.string().map(Value::String),
                b't' => self.word("true", Value::Other),
                b'f' => self.word("false", Value::Other),
                b'n' => self.word("null", Value::Other),
                _ => self.number(),
            }
        }

        fn word(&mut self, word: &str, value: Value) -> Option<Value> {
            let end = self.at + word.len();
            (self.bytes.get(self.at..end)? == word.as_bytes()).then(|| {
                self.at = end;
                value
            })
        }

        fn number(&mut self) -> Option<Value> {
            let start = self.at;
            while self
                .bytes
                .get(self.at)
                .is_some_and(|b| b.is_ascii_digit() || b"+-.eE".contains(b))
            {
                self.at += 1;
            }
            (self.at > start).then_some(Value::Other)
        }

        fn object(&mut self) -> Option<Value> {
            self.eat(b'{')?;
            let mut fields = Vec::new();
            if self.eat(b'}').is_some() {
                return Some(Value::Object(fields));
            }
            loop {
                self.space();
                let key = self.string()?;
                self.eat(b':')?;
                fields.push((key, self.value()?));
                if self.eat(b',').is_none() {
                    self.eat(b'}')?;
                    return Some(Value::Object(fields));
                }
            }
        }

        fn array(&mut self) -> Option<Value> {
            self.eat(b'[')?;
            if self.eat(b']').is_some() {
                return Some(Value::Other);
            }
            loop {
                self.value()?;
                if self.eat(b',').is_none() {
                    self.eat(b']')?;
                    return Some(Value::Other);
                }
            }
        }

        /// A string at the cursor, unescaped (`\uD83C\uDCA1` pairs joined).
        fn string(&mut self) -> Option<String> {
            self.eat(b'"')?;
            let mut out = String::new();
            loop {
                let start = self.at;
                while !matches!(self.bytes.get(self.at)?, b'"' | b'\\') {
                    self.at += 1;
                }
                out.push_str(std::str::from_utf8(&self.bytes[start..self.at]).ok()?);
                let byte = self.bytes[self.at];
                self.at += 1;
                if byte == b'"' {
                    return Some(out);
                }
                let escape = *self.bytes.get(self.at)?;
                self.at += 1;
                match escape {
                    b'n' => out.push('\n'),
                    b't' => out.push('\t'),
                    b'r' => out.push('\r'),
                    b'b' => out.push('\u{8}'),
                    b'f' => out.push('\u{c}'),
                    b'u' => {
                        let mut code = self.hex4()?;
                        if (0xD800..0xDC00).contains(&code) {
                            self.word("\\u", Value::Other)?;
                            let low = self.hex4()?;
                            code = 0x10000 + ((code - 0xD800) << 10) + (low.checked_sub(0xDC00)?);
                        }
                        out.push(char::from_u32(code)?);
                    }
                    other => out.push(char::from(other)),
                }
            }
        }

        fn hex4(&mut self) -> Option<u32> {
            let digits = std::str::from_utf8(self.bytes.get(self.at..self.at + 4)?).ok()?;
            self.at += 4;
            u32::from_str_radix(digits, 16).ok()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_compiler_messages() {
        let line = r#"{"reason":"compiler-message","package_id":"x","message":{"message":"unused","rendered":"warning: unused \u001b[1mx\u001b[0m\n \"q\" \ud83c\udca1\n","level":"warning","spans":[{"a":1,"b":[true,null,-1.5e3]}],"children":[]}}"#;
        let (level, rendered) = diagnostic(line).unwrap();
        assert_eq!(level, "warning");
        assert_eq!(
            rendered,
            "warning: unused \u{1b}[1mx\u{1b}[0m\n \"q\" \u{1f0a1}\n"
        );
        let summary = r#"{"reason":"compiler-message","message":{"message":"2 warnings emitted","rendered":"warning: 2 warnings emitted\n","level":"warning","spans":[]}}"#;
        assert_eq!(diagnostic(summary).unwrap().0, "summary");
        // A warning without a span is still a warning.
        let crate_level = r#"{"reason":"compiler-message","message":{"message":"2 crates","rendered":"w\n","level":"warning","spans":[]}}"#;
        assert_eq!(diagnostic(crate_level).unwrap().0, "warning");
        let artifact = r#"{"reason":"compiler-artifact","filenames":["a"]}"#;
        assert!(diagnostic(artifact).is_none());
        assert!(diagnostic("not json").is_none());
        assert!(diagnostic(r#"{"reason":"compiler-message""#).is_none());
    }

    #[test]
    fn counts_only_warnings() {
        let mut tally = Tally::default();
        for level in ["warning", "summary", "error", "warning", "failure-note"] {
            tally.add(level);
        }
        assert_eq!(tally.warnings, 2);
    }
}
