//! Usage errors in one voice: clap's parse errors rewritten in the CLI's
//! own words (what was wrong, the input quoted short and escaped, a "did you
//! mean" hint, where the help is). An unknown `--game` says the catalogue's
//! message ([`UnknownGame`]), as the wasm binding and the JS API do.

use super::{print, CliError};
use allin::game::UnknownGame;
use allin::quote::quote;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use std::io::{self, Write};

/// Turns a clap error into the CLI's result: help and version are printed
/// (status 0), anything else is a usage error (status 2).
///
/// `root` is the command line's definition (for the help, the command
/// names and their options).
pub fn from_clap(e: clap::Error, args: &[String], root: &clap::Command) -> Result<(), CliError> {
    let cmd = subcommand(root, args);
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            return print(&e.render().to_string())
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = write!(io::stderr(), "{}", root.clone().render_help());
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
            let names: Vec<&str> = root.get_subcommands().map(|c| c.get_name()).collect();
            let hint = allin::game::nearest(&got, &names)
                .map(|c| format!(" (did you mean '{c}'?)"))
                .unwrap_or_default();
            format!("unknown command {}{hint}", quote(&got))
        }
        ErrorKind::UnknownArgument => {
            if let Some((opt, _)) = invalid
                .split_once('=')
                .filter(|(o, _)| known(root, args, o))
            {
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
            let source = std::error::Error::source(&e);
            match source.and_then(|s| s.downcast_ref::<UnknownGame>()) {
                // The catalogue's message, word for word.
                Some(unknown) => unknown.to_string(),
                None => {
                    let why = source.map(|s| s.to_string()).unwrap_or_default();
                    format!("{} {why}", first(&invalid))
                }
            }
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
fn subcommand(root: &clap::Command, args: &[String]) -> &'static str {
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
fn known(root: &clap::Command, args: &[String], opt: &str) -> bool {
    let sub = args.iter().skip(1).find_map(|a| root.find_subcommand(a));
    let found = sub.unwrap_or(root).get_arguments().any(|a| {
        a.get_long()
            .is_some_and(|l| opt.strip_prefix("--") == Some(l))
    });
    found
}

/// Command names live as long as the program: the few bytes are not freed.
fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}
