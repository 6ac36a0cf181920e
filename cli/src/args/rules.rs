//! `--rules`: three-card poker's (a preset and options) and Short Deck's.

use crate::output::CliError;
use allin::three_card::Rules;

/// Three-card `--rules` (the default when absent).
pub fn three_card(cmd: &'static str, spec: Option<&str>) -> Result<Rules, CliError> {
    // (Rules errors quote the offending text themselves.)
    match spec {
        None => Ok(Rules::default()),
        Some(spec) => spec
            .parse()
            .map_err(|e| CliError::usage(cmd, format!("--rules: {e}"))),
    }
}

/// Short Deck's `--rules` (the standard when absent).
pub fn short_deck(
    cmd: &'static str,
    text: Option<&str>,
) -> Result<allin::short_deck::Rules, CliError> {
    text.unwrap_or_default()
        .parse()
        .map_err(|e| CliError::usage(cmd, format!("--rules: {e}")))
}
