//! `check`: run one closure per line of a data file in `tests/data/`.
//!
//! Blank lines and lines starting with `#` are skipped. Every other line is a
//! case; the closure returns `Err(why)` for a mismatch (or panics). All cases
//! run; the test then fails once, listing every failure as `file:line`, the
//! line, and why. A file with no cases fails too (a renamed or emptied file
//! must not pass silently).

use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

/// Path of a file in `tests/data/`.
pub fn data_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// Runs `case` on each case line of `tests/data/{file}` (line without its
/// newline or surrounding whitespace). Panics once at the end if any failed.
pub fn check(file: &str, mut case: impl FnMut(&str) -> Result<(), String>) {
    let path = data_path(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut failures = String::new();
    let (mut cases, mut failed) = (0, 0);
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        cases += 1;
        let outcome = catch_unwind(AssertUnwindSafe(|| case(line)))
            .unwrap_or_else(|panic| Err(format!("panicked: {}", panic_message(&panic))));
        if let Err(why) = outcome {
            failed += 1;
            let _ = writeln!(
                failures,
                "tests/data/{file}:{}: {line}\n    {}",
                i + 1,
                why.replace('\n', "\n    ")
            );
        }
    }
    assert!(cases > 0, "tests/data/{file} has no cases");
    if failed > 0 {
        panic!("{failed} of {cases} cases failed in tests/data/{file}:\n{failures}");
    }
}

/// [`check`] for lines of the form `INPUT => EXPECTED`: `run(INPUT)` must
/// equal `EXPECTED` exactly (both trimmed).
pub fn check_io(file: &str, mut run: impl FnMut(&str) -> String) {
    check(file, |line| {
        let (input, expected) = line
            .split_once(" => ")
            .ok_or("malformed case: expected `INPUT => EXPECTED`")?;
        let got = run(input.trim());
        if got == expected.trim() {
            Ok(())
        } else {
            Err(format!("expected: {}\n     got: {got}", expected.trim()))
        }
    });
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
fn unescape_decodes_escapes() {
    assert_eq!(unescape(r"A\tK\\\u{2660}").unwrap(), "A\tK\\♠");
    assert!(unescape(r"\q").is_err());
    assert!(unescape(r"\u{110000}").is_err());
}
