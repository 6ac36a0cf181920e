//! `check`: run one closure per line of a data file in `tests/data/`.
//!
//! Blank lines and lines starting with `#` are skipped. Every other line is a
//! case; the closure returns `Err(why)` for a mismatch (or panics). All cases
//! run; the test then fails once, listing every failure as `file:line`, the
//! line, and why. A file with no cases fails too (a renamed or emptied file
//! must not pass silently).
//!
//! Bless mode: for files whose cases read `INPUT => EXPECTED` ([`check_io`],
//! [`check_expected`]), `ALLIN_BLESS=1 cargo test --test it NAME` (or
//! `ALLIN_BLESS=1 cargo test -p allin-cli` for `cli/tests/data/cli.txt`,
//! which shares this file) rewrites the EXPECTED column of every
//! mismatching line with what the code now gives ([`bless`]: the rest of
//! the line, comments and blank lines are kept byte for byte), then still
//! fails, listing what it rewrote: review the diff with `git diff` after a
//! deliberate change.

use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

/// Path of a file in `tests/data/`.
pub fn data_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// Runs `case` on each case line of `tests/data/{file}` (line without its
/// newline or surrounding whitespace). Panics once at the end if any failed.
pub fn check(file: &str, mut case: impl FnMut(&str) -> Result<(), String>) {
    run_cases(file, |line| case(line).map_err(Mismatch::from));
}

/// Why a case of an `INPUT => EXPECTED` file failed, and, when the code
/// gave a well-formed answer, that answer: bless mode writes it into the
/// EXPECTED column.
pub struct Mismatch {
    pub why: String,
    pub actual: Option<String>,
}

impl Mismatch {
    /// A mismatch whose EXPECTED column should read `actual`.
    pub fn actual(expected: &str, actual: impl Into<String>) -> Mismatch {
        let actual = actual.into();
        Mismatch {
            why: format!("expected: {expected}\n     got: {actual}"),
            actual: Some(actual),
        }
    }
}

impl From<String> for Mismatch {
    fn from(why: String) -> Mismatch {
        Mismatch { why, actual: None }
    }
}

impl From<&str> for Mismatch {
    fn from(why: &str) -> Mismatch {
        Mismatch::from(why.to_string())
    }
}

/// Whether `ALLIN_BLESS=1`: mismatching EXPECTED columns are rewritten.
pub fn blessing() -> bool {
    std::env::var("ALLIN_BLESS").as_deref() == Ok("1")
}

/// Splits a case line into INPUT and EXPECTED at the first ` => ` (a line
/// starting with `=> ` has an empty INPUT), both trimmed.
pub fn split_case(line: &str) -> Option<(&str, &str)> {
    line.split_once(" => ")
        .or_else(|| line.strip_prefix("=> ").map(|e| ("", e)))
        .map(|(i, e)| (i.trim(), e.trim()))
}

/// [`check`] for lines of the form `INPUT => EXPECTED`: `case(INPUT,
/// EXPECTED)` returns `Err(Mismatch::actual(…))` when the code gives
/// something else (bless mode then rewrites the line), or a plain error.
pub fn check_expected(file: &str, mut case: impl FnMut(&str, &str) -> Result<(), Mismatch>) {
    run_cases(file, |line| {
        let (input, expected) =
            split_case(line).ok_or("malformed case: expected `INPUT => EXPECTED`")?;
        case(input, expected)
    });
}

/// [`check`] for lines of the form `INPUT => EXPECTED`: `run(INPUT)` must
/// equal `EXPECTED` exactly (both trimmed). Blessable.
pub fn check_io(file: &str, mut run: impl FnMut(&str) -> String) {
    check_expected(file, |input, expected| {
        let got = run(input);
        if got == expected {
            Ok(())
        } else {
            Err(Mismatch::actual(expected, got))
        }
    });
}

/// The loop behind every `check*`: runs each case, collects failures and,
/// in bless mode, the rewritten lines.
fn run_cases(file: &str, mut case: impl FnMut(&str) -> Result<(), Mismatch>) {
    let path = data_path(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let shown = shown_path(&path);
    let mut failures = String::new();
    let (mut cases, mut failed) = (0, 0);
    let mut actuals = Vec::new();
    for (i, raw) in text.split('\n').enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        cases += 1;
        let outcome = catch_unwind(AssertUnwindSafe(|| case(line))).unwrap_or_else(|panic| {
            Err(Mismatch::from(format!(
                "panicked: {}",
                panic_message(&panic)
            )))
        });
        if let Err(Mismatch { why, actual }) = outcome {
            failed += 1;
            let _ = writeln!(
                failures,
                "{shown}:{}: {line}\n    {}",
                i + 1,
                why.replace('\n', "\n    ")
            );
            if let Some(actual) = actual {
                actuals.push((i, actual));
            }
        }
    }
    assert!(cases > 0, "{shown} has no cases");
    if blessing() {
        let (new, blessed) = bless(&text, &actuals);
        if blessed > 0 {
            std::fs::write(&path, new)
                .unwrap_or_else(|e| panic!("cannot bless {}: {e}", path.display()));
            let _ = writeln!(
                failures,
                "ALLIN_BLESS=1: rewrote the expected column of {blessed} line(s) of {shown}"
            );
        }
    }
    if failed > 0 {
        panic!("{failed} of {cases} cases failed in {shown}:\n{failures}");
    }
}

/// `path` as people find it from the repository root: `tests/data/x.txt`,
/// or `cli/tests/data/cli.txt` for a crate of the workspace.
fn shown_path(path: &Path) -> String {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let base = match manifest.parent() {
        Some(parent) if parent.join("Cargo.toml").is_file() => parent,
        _ => manifest,
    };
    path.strip_prefix(base)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// `text` (a whole data file) with the EXPECTED column of line `i` (0-based)
/// replaced by `actual` for each `(i, actual)`; every other byte (comments,
/// blank lines, order, line endings, the last newline or its absence) kept.
/// Returns the new text and how many lines were rewritten (a line whose
/// `actual` cannot be one line is left alone).
pub fn bless(text: &str, actuals: &[(usize, String)]) -> (String, usize) {
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let mut blessed = 0;
    for (i, actual) in actuals {
        if let Some(new) = lines.get(*i).and_then(|raw| blessed_line(raw, actual)) {
            lines[*i] = new;
            blessed += 1;
        }
    }
    (lines.join("\n"), blessed)
}

/// `raw` (a whole line as in the file) with its EXPECTED column replaced by
/// `actual`; `None` when `actual` would not survive as one line.
fn blessed_line(raw: &str, actual: &str) -> Option<String> {
    if actual.contains('\n') || actual.trim() != actual || actual.is_empty() {
        return None;
    }
    let cut = match raw.find(" => ") {
        Some(at) => at + " => ".len(),
        None => raw.find("=> ")? + "=> ".len(),
    };
    let eol = if raw.ends_with('\r') { "\r" } else { "" };
    Some(format!("{}{actual}{eol}", &raw[..cut]))
}

fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "(non-string panic payload)".to_string()
    }
}

/// Decodes the escapes data files use for characters that are invisible or
/// awkward in a text file: `\t`, `\n`, `\\`, `\u{HEX}`. Anything else is
/// kept as written.
pub fn unescape(s: &str) -> Result<String, String> {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('\\') => out.push('\\'),
            Some('u') => {
                let rest: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let hex = rest
                    .strip_prefix('{')
                    .ok_or_else(|| format!("bad escape \\u{rest} in {s:?}"))?;
                let ch = u32::from_str_radix(hex, 16)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or_else(|| format!("bad escape \\u{{{hex}}} in {s:?}"))?;
                out.push(ch);
            }
            other => return Err(format!("bad escape \\{other:?} in {s:?}")),
        }
    }
    Ok(out)
}

/// A tiny seeded PRNG (splitmix64) for reproducible random tests.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`; the tiny modulo bias does not matter here).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Shuffles `v` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }

    /// `text` with `edits` random edits: a piece inserted, a character
    /// removed, or a character replaced by a piece (fuzzing input).
    pub fn mutate(&mut self, text: &str, pieces: &[&str], edits: usize) -> String {
        let mut chars: Vec<char> = text.chars().collect();
        for _ in 0..edits {
            let piece: Vec<char> = pieces[self.below(pieces.len())].chars().collect();
            let at = self.below(chars.len() + 1);
            match self.below(3) {
                0 => {
                    chars.splice(at..at, piece);
                }
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ if at < chars.len() => {
                    chars.splice(at..at + 1, piece);
                }
                _ => {}
            }
        }
        chars.into_iter().collect()
    }

    /// `n` distinct random cards.
    pub fn cards(&mut self, n: usize) -> Vec<allin::Card> {
        let mut deck: Vec<allin::Card> = allin::Card::all().collect();
        for i in 0..n.min(52) {
            let j = i + self.below(52 - i);
            deck.swap(i, j);
        }
        deck.truncate(n.min(52));
        deck
    }
}

#[test]
fn blessing_rewrites_only_the_expected_column() {
    assert_eq!(
        blessed_line("  AKx => error: old", "error: new").as_deref(),
        Some("  AKx => error: new")
    );
    assert_eq!(
        blessed_line("a => b => c\r", "d").as_deref(),
        Some("a => d\r")
    );
    assert_eq!(
        blessed_line("=> 2 stderr: x", "2 stderr: y").as_deref(),
        Some("=> 2 stderr: y")
    );
    assert_eq!(blessed_line("a => b", "two\nlines"), None);
    assert_eq!(split_case("x => y"), Some(("x", "y")));
    assert_eq!(split_case("=> y"), Some(("", "y")));
}

#[test]
fn blessing_a_file_keeps_everything_but_the_expected_columns() {
    let text = "# a comment => not a case\n\na => 1\r\n  b => 2\n=> 3\nc => 4";
    let actuals = [
        (2, "one".to_string()),
        (4, "three".to_string()),
        (5, "four\nlines".to_string()),
        (9, "past the end".to_string()),
    ];
    let (new, blessed) = bless(text, &actuals);
    assert_eq!(
        new,
        "# a comment => not a case\n\na => one\r\n  b => 2\n=> three\nc => 4"
    );
    assert_eq!(blessed, 2);
    assert_eq!(bless("x => y\n", &[]), ("x => y\n".to_string(), 0));
}

#[test]
fn unescape_decodes_escapes() {
    assert_eq!(unescape(r"A\tK\\\u{2660}").unwrap(), "A\tK\\♠");
    assert!(unescape(r"\q").is_err());
    assert!(unescape(r"\u{110000}").is_err());
}

/// Splits a case line's arguments on spaces, with '…' quoting one argument
/// (the syntax of `cli.txt` and `bad_inputs.txt`).
pub fn split_args(s: &str) -> Result<Vec<String>, String> {
    let (mut args, mut cur, mut quoted, mut any) = (Vec::new(), String::new(), false, false);
    for c in s.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    args.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if quoted {
        return Err("unbalanced quote".into());
    }
    if any {
        args.push(cur);
    }
    Ok(args)
}
