//! `allin`: the command-line face of the allin engine.
//!
//! Thin by design: it parses arguments, calls the library, and prints. Poker
//! logic lives in the library. No external crates.
//!
//! Exit status: 0 success; 1 some input was invalid (bad hands, invalid
//! lines, unreadable files; everything valid is still processed); 2 usage
//! error (bad command line).

mod args;
mod census;
mod embed;
mod equity;
mod eval;
mod input;
mod range;
mod showdown;
mod table;

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

pub const VERSION: &str = env!("CARGO_PKG_VERSION");

const USAGE: &str = "\
allin: exact poker hand evaluation from the command line

Usage: allin <COMMAND> [OPTIONS] [ARGS]

Commands:
  eval       Rank hands (Hold'em 5 to 7 cards, or three-card poker)
  showdown   Score two-player five-card showdowns from a file (Project Euler 54 format)
  census     Count every possible hand by category
  equity     Win, tie and equity of 2 to 10 hands (exact or Monte Carlo)
  embed      An HTML snippet with the odds baked in (and the live iframe)
  range      What a range holds (PokerStove syntax), canonical text, explain
  table169   The 169 starting hands' equity against 1 to 9 random hands
  table      Generate the precomputed data files (e.g. the heads-up preflop table)
  help       Show help for a command

Options:
  -h, --help     Show help (also after any command: allin eval --help)
  -V, --version  Show the version

Examples:
  allin eval AsKsQsJsTs
  allin eval --json 'Ah Kh 7c 2d 9s 9h Qc' 2c3c4c5c6c
  allin eval --game three-card --rules teen-patti Ah2c3d
  allin showdown poker.txt
  allin census --game holdem7
  allin equity AhKh QsQd --board 2h7hTc
  allin equity 'QQ+,AKs' 'TT+,AQs+' --json
  allin range 10% --explain
";

/// Why a command failed.
#[derive(Debug)]
pub enum CliError {
    /// The command line was wrong; `cmd` names the command for the hint.
    Usage { cmd: &'static str, message: String },
    /// Some input was invalid and was reported on stderr as it was met.
    InvalidInput,
    /// A failure to report (e.g. a file that cannot be read).
    Failed(String),
    /// Writing to stdout failed (a closed pipe is not an error worth noise).
    Output(io::Error),
}

impl CliError {
    pub fn usage(cmd: &'static str, message: impl Into<String>) -> CliError {
        CliError::Usage {
            cmd,
            message: message.into(),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage { cmd, message } => {
                let help = if cmd.is_empty() {
                    "allin --help".to_string()
                } else {
                    format!("allin {cmd} --help")
                };
                write!(f, "{message}\nRun '{help}' for usage.")
            }
            CliError::InvalidInput => write!(f, "some input was invalid (see above)"),
            CliError::Failed(message) => f.write_str(message),
            CliError::Output(e) => write!(f, "cannot write output: {e}"),
        }
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        CliError::Output(e)
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::InvalidInput) => ExitCode::from(1),
        Err(CliError::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e @ CliError::Usage { .. }) => {
            let _ = writeln!(io::stderr(), "error: {e}");
            ExitCode::from(2)
        }
        Err(e) => {
            let _ = writeln!(io::stderr(), "error: {e}");
            ExitCode::from(1)
        }
    }
}

const COMMANDS: [&str; 9] = [
    "eval", "showdown", "census", "equity", "embed", "range", "table169", "table", "help",
];

fn run(args: &[String]) -> Result<(), CliError> {
    let Some(first) = args.first() else {
        let _ = write!(io::stderr(), "{USAGE}");
        return Err(CliError::usage("", "no command given"));
    };
    let rest = &args[1..];
    match first.as_str() {
        "-h" | "--help" => print(USAGE),
        "-V" | "--version" => print(&format!("allin {VERSION}\n")),
        "eval" => eval::run(rest),
        "showdown" => showdown::run(rest),
        "census" => census::run(rest),
        "equity" => equity::run(rest),
        "table" => table::run(rest),
        "range" => range::run(rest),
        "embed" => embed::run(rest),
        "table169" => range::table169(rest),
        "help" => match rest.first().map(String::as_str) {
            None | Some("help") => print(USAGE),
            Some("eval") => print(eval::HELP),
            Some("showdown") => print(showdown::HELP),
            Some("census") => print(census::HELP),
            Some("equity") => print(equity::HELP),
            Some("table") => print(table::HELP),
            Some("range") => print(range::HELP),
            Some("embed") => print(embed::HELP),
            Some("table169") => print(range::TABLE169_HELP),
            Some(other) => Err(CliError::usage(
                "",
                format!(
                    "unknown command '{other}'{}",
                    args::did_you_mean(other, &COMMANDS)
                ),
            )),
        },
        other if other.starts_with('-') => Err(CliError::usage(
            "",
            format!(
                "unknown option '{other}'{}",
                args::did_you_mean(other, &["--help", "--version"])
            ),
        )),
        other => Err(CliError::usage(
            "",
            format!(
                "unknown command '{other}'{}",
                args::did_you_mean(other, &COMMANDS)
            ),
        )),
    }
}

/// Prints `text` to stdout.
pub fn print(text: &str) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}
