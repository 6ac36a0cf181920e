//! Usage errors in one voice: clap's parse errors rewritten in the CLI's
//! own words (what was wrong, the input quoted short and escaped, a "did you
//! mean" hint, where the help is), and the value parsers the commands share
//! (counts like `1e6` or `1,000,000`, durations like `2s`).

use crate::{print, CliError};
use allin::quote::quote;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use std::io::{self, Write};
use std::time::Duration;

/// Turns a clap error into the CLI's result: help and version are printed
/// (status 0), anything else is a usage error (status 2).
pub fn from_clap(e: clap::Error, args: &[String]) -> Result<(), CliError> {
    let cmd = subcommand(args);
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            return print(&e.render().to_string())
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = write!(io::stderr(), "{}", crate::command().render_help());
            return Err(CliError::usage(cmd, "no command given"));
        }
        _ => {}
    }
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(v)) => v.first().cloned(),
        _ => None,
    };
    // "--trials <N>" → "--trials"
    let name = |kind| text(kind).map(|s| s.split(' ').next().unwrap_or_default().to_string());
    let hint = match text(ContextKind::SuggestedArg).or(text(ContextKind::SuggestedSubcommand)) {
        Some(s) => format!(" (did you mean '{s}'?)"),
        None => String::new(),
    };
    let invalid = text(ContextKind::InvalidArg).unwrap_or_default();
    let message = match e.kind() {
        ErrorKind::InvalidSubcommand => {
            let got = text(ContextKind::InvalidSubcommand).unwrap_or_default();
            let root = crate::command();
            let names: Vec<&str> = root.get_subcommands().map(|c| c.get_name()).collect();
            format!(
                "unknown command {}{}",
                quote(&got),
                did_you_mean(&got, &names)
            )
        }
        ErrorKind::UnknownArgument => {
            if let Some((opt, _)) = invalid.split_once('=').filter(|(o, _)| known(args, o)) {
                format!("option '{opt}' does not take a value")
            } else if invalid.starts_with('-') {
                // clap names one letter of `-55`: echo the whole argument.
                let whole = args
                    .iter()
                    .skip(1)
                    .find(|a| !a.starts_with("--") && a.starts_with(invalid.as_str()))
                    .unwrap_or(&invalid);
                format!("unknown option {}{hint}", quote(whole))
            } else {
                format!("unexpected argument {}{hint}", quote(&invalid))
            }
        }
        ErrorKind::TooManyValues => match text(ContextKind::InvalidValue) {
            Some(v) if invalid.starts_with('-') => {
                format!(
                    "option '{}' does not take a value, got {}",
                    first(&invalid),
                    quote(&v)
                )
            }
            Some(v) => format!("unexpected argument {}", quote(&v)),
            None => e.kind().to_string(),
        },
        ErrorKind::ArgumentConflict => {
            let this = first(&invalid);
            match name(ContextKind::PriorArg) {
                Some(prior) if prior != this => {
                    // In the order given.
                    let at = |o: &str| args.iter().position(|a| a.split('=').next() == Some(o));
                    let (a, b) = if at(&prior) <= at(this) {
                        (prior.as_str(), this)
                    } else {
                        (this, prior.as_str())
                    };
                    format!("{a} and {b} exclude each other")
                }
                _ => format!("{this} was given more than once; give it once"),
            }
        }
        ErrorKind::InvalidValue | ErrorKind::NoEquals | ErrorKind::WrongNumberOfValues => {
            match text(ContextKind::InvalidValue).filter(|v| !v.is_empty()) {
                None => format!("option '{}' needs a value", first(&invalid)),
                Some(v) => {
                    let what = first(&invalid).trim_matches(['<', '>']).to_lowercase();
                    match e.get(ContextKind::ValidValue) {
                        Some(ContextValue::Strings(valid)) => format!(
                            "unknown {what} {} (one of: {}){hint}",
                            quote(&v),
                            valid.join(", ")
                        ),
                        _ => format!("{what}: invalid value {}{hint}", quote(&v)),
                    }
                }
            }
        }
        ErrorKind::ValueValidation => {
            let why = std::error::Error::source(&e)
                .map(|s| s.to_string())
                .unwrap_or_default();
            format!("{} {why}", first(&invalid))
        }
        ErrorKind::MissingRequiredArgument => format!("missing {}", first(&invalid)),
        ErrorKind::MissingSubcommand => "no command given".to_string(),
        _ => {
            // Anything else: clap's own first line, without its "error: ".
            let rendered = e.render().to_string();
            let line = rendered.lines().next().unwrap_or_default();
            line.strip_prefix("error: ").unwrap_or(line).to_string()
        }
    };
    Err(CliError::usage(cmd, message))
}

/// The first word of clap's argument display (`--trials <N>` → `--trials`).
fn first(s: &str) -> &str {
    s.split(' ').next().unwrap_or_default()
}

/// The subcommand `args` name, for the "Run 'allin CMD --help'" hint.
fn subcommand(args: &[String]) -> &'static str {
    let root = crate::command();
    for a in args.iter().skip(1) {
        if a.starts_with('-') {
            continue;
        }
        if let Some(sub) = root.find_subcommand(a) {
            return leak(sub.get_name());
        }
        break;
    }
    ""
}

/// Whether `opt` (e.g. `--json`) is an option of the command `args` name.
fn known(args: &[String], opt: &str) -> bool {
    let root = crate::command();
    let sub = args.iter().skip(1).find_map(|a| root.find_subcommand(a));
    let found = sub.unwrap_or(&root).get_arguments().any(|a| {
        a.get_long()
            .is_some_and(|l| opt.strip_prefix("--") == Some(l))
    });
    found
}

/// Command names live as long as the program: the few bytes are not freed.
fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

/// The largest count (`--trials`, `--seed`) accepted: 2^63, far beyond any
/// job that finishes.
const MAX_COUNT: u64 = 1 << 63;

/// A whole number: `1000000`, `1_000_000`, `1,000,000`, `1e6` or `2.5e6`.
pub fn count(s: &str) -> Result<u64, String> {
    let bad = || {
        format!(
            "needs a whole number (like 1000000, 1_000_000 or 1e6), got {}",
            quote(s)
        )
    };
    // Commas group thousands: `1,000,000`, never `1,0,0` (review finding:
    // read as 100), and never after the point or in the exponent.
    let mut parts = s.split(['.', 'e', 'E']);
    let int_part = parts.next().unwrap_or_default();
    let mut groups = int_part.split(',');
    let head = groups.next().unwrap_or_default();
    let grouped =
        !int_part.contains(',') || ((1..=3).contains(&head.len()) && groups.all(|g| g.len() == 3));
    if !grouped || parts.any(|part| part.contains(',')) {
        return Err(bad());
    }
    let plain: String = s.chars().filter(|c| !matches!(c, '_' | ',')).collect();
    if plain.is_empty() || plain.starts_with(['+', '-']) {
        return Err(bad());
    }
    let n = if let Some((mantissa, exp)) = plain.split_once(['e', 'E']) {
        let exp: u32 = exp.parse().map_err(|_| bad())?;
        let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        if int.is_empty() && frac.is_empty()
            || !int.chars().chain(frac.chars()).all(|c| c.is_ascii_digit())
        {
            return Err(bad());
        }
        let frac = frac.trim_end_matches('0');
        let shift = exp
            .checked_sub(frac.len() as u32)
            .ok_or_else(|| format!("needs a whole number, got {} (not whole)", quote(s)))?;
        let digits = format!("{int}{frac}");
        let base: u128 = if digits.is_empty() {
            0
        } else {
            digits.parse().map_err(|_| too_large(s))?
        };
        10u128
            .checked_pow(shift)
            .and_then(|p| base.checked_mul(p))
            .ok_or_else(|| too_large(s))?
    } else {
        if !plain.chars().all(|c| c.is_ascii_digit()) {
            return Err(bad());
        }
        plain.parse::<u128>().map_err(|_| too_large(s))?
    };
    u64::try_from(n)
        .ok()
        .filter(|&n| n <= MAX_COUNT)
        .ok_or_else(|| too_large(s))
}

fn too_large(s: &str) -> String {
    format!("is too large: {} (at most 2^63)", quote(s))
}

/// A duration: `2s`, `500ms`, `1.5s`, `1m`, `1h`.
pub fn duration(s: &str) -> Result<Duration, String> {
    let bad = || format!("needs a duration like 500ms, 2s or 1m, got {}", quote(s));
    let split = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .ok_or_else(bad)?;
    let (num, unit) = s.split_at(split);
    let scale = match unit {
        "ms" => 0.001,
        "s" => 1.0,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        _ => return Err(bad()),
    };
    let value: f64 = num.parse().map_err(|_| bad())?;
    let secs = value * scale;
    if secs.is_nan() || secs <= 0.0 {
        return Err(format!("must be more than zero, got {}", quote(s)));
    }
    if secs > MAX_TIME.as_secs_f64() {
        return Err(format!("is at most 1h, got {}", quote(s)));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// The longest `--time` budget (longer jobs are refused with an estimate).
pub const MAX_TIME: Duration = Duration::from_secs(3600);

/// `" (did you mean 'x'?)"` if one of `candidates` is close to `got`, else `""`.
pub fn did_you_mean(got: &str, candidates: &[&str]) -> String {
    allin::game::nearest(got, candidates)
        .map(|c| format!(" (did you mean '{c}'?)"))
        .unwrap_or_default()
}

/// A `--game` among the catalogue's games that answer `question` (the
/// catalogue's message when it is none of them).
pub fn game_among(
    cmd: &'static str,
    name: Option<&str>,
    question: allin::game::Question,
) -> Result<allin::game::Game, CliError> {
    let games = allin::game::Game::answering(question);
    allin::game::Game::parse_among(name.unwrap_or("holdem"), &games)
        .map_err(|e| CliError::usage(cmd, e.to_string()))
}

/// A `--game` value as people type it: any case (`OMAHA`, `Three-Card`),
/// read in lower case, as the page reads `#game=`.
pub fn game_name(text: &str) -> Result<String, std::convert::Infallible> {
    Ok(text.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        for (s, n) in [
            ("1000000", 1_000_000),
            ("1_000_000", 1_000_000),
            ("1,000,000", 1_000_000),
            ("1e6", 1_000_000),
            ("2.5e6", 2_500_000),
            ("1E12", 1_000_000_000_000),
            ("0", 0),
        ] {
            assert_eq!(count(s), Ok(n), "{s}");
        }
        for s in [
            "",
            "lots",
            "-5",
            "1.5",
            "1.5e0",
            "e6",
            "1e",
            "1e99",
            "18446744073709551615",
        ] {
            assert!(count(s).is_err(), "{s}");
        }
        assert_eq!(count("9223372036854775808"), Ok(1 << 63));
    }

    #[test]
    fn durations() {
        assert_eq!(duration("2s"), Ok(Duration::from_secs(2)));
        assert_eq!(duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(duration("1m"), Ok(Duration::from_secs(60)));
        assert_eq!(duration("1.5s"), Ok(Duration::from_millis(1500)));
        for s in ["2", "s", "0s", "2 s", "-1s", "2d", "2h"] {
            assert!(duration(s).is_err(), "{s}");
        }
    }

    #[test]
    fn suggestions() {
        assert_eq!(
            did_you_mean("three-crd", &["holdem", "three-card"]),
            " (did you mean 'three-card'?)"
        );
        assert_eq!(did_you_mean("zzzzzz", &["eval", "census"]), "");
    }
}
