//! What the commands print and share, a leaf: it uses no command (nor
//! `main`), only the library. The error type and stdout, the help layout,
//! counts with thousands separators, the fewest trials that get an error
//! shown, and the heads-up preflop table built into the binary; JSON
//! numbers (`json`), the progress line (`progress`), and clap's errors in
//! the CLI's voice (`usage`).

pub mod error;
pub mod json;
pub mod progress;
pub mod usage;

pub use error::CliError;

use allin::equity::preflop::PreflopTable;
use std::io::{self, Write};
use std::sync::{Arc, OnceLock};

/// Every command's help: a title line, the usage, the options, then the
/// notes and examples (`after_help`).
pub const TEMPLATE: &str = "{before-help}{usage-heading} {usage}\n\n{all-args}{after-help}";

/// Prints `text` to stdout.
pub fn print(text: &str) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// Fewer trials than this give no meaningful standard error.
pub const MIN_TRIALS_FOR_ERROR: u64 = 100;

/// `1234567` as `1,234,567` (any unsigned count: five three-card
/// opponents' deals pass 2^64).
pub fn grouped(n: impl Into<u128>) -> String {
    let n: u128 = n.into();
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// How a card game's result was computed, its table's second line:
/// `Exact: 1,712,304 boards` or `Monte Carlo: 1,000,000 deals (seed 1); ±
/// is one standard error`. `unit`: what an exact count counts.
pub fn method_line(exact: bool, n: u128, unit: &str, seed: u64) -> String {
    if exact {
        format!(
            "Exact: {} {unit}{}",
            grouped(n),
            if n == 1 { "" } else { "s" }
        )
    } else {
        format!(
            "Monte Carlo: {} deals (seed {seed}); ± is one standard error",
            grouped(n)
        )
    }
}

/// The heads-up preflop table, built into the binary from
/// `www/data/preflop-hu.bin` (the file the page loads).
pub fn preflop_table() -> Result<Arc<PreflopTable>, CliError> {
    static TABLE: OnceLock<Result<Arc<PreflopTable>, String>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            PreflopTable::from_bytes(include_bytes!("../../../www/data/preflop-hu.bin"))
                .map(Arc::new)
                .map_err(|e| e.to_string())
        })
        .clone()
        .map_err(CliError::Failed)
}
