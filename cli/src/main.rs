//! `allin`: the command-line face of the allin engine.
//!
//! Thin by design: it parses arguments (clap), calls the library, and prints
//! (JSON through serde). Poker logic lives in the library, which has no
//! dependencies; the clock (progress, `--time`) and threads live here.
//!
//! Exit status: 0 success; 1 some input was invalid (bad hands, invalid
//! lines, unreadable files, a job too large; everything valid is still
//! processed); 2 usage error (bad command line).

mod args;
mod commands;
mod input;
mod output;

use clap::{CommandFactory, Parser, Subcommand};
use commands::{
    census, deal, distribution, ehs, embed, equity, eval, games, range, showdown, streets, table,
};
use output::{print, usage, CliError, TEMPLATE};
use std::io::{self, Write};
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  allin eval AsKsQsJsTs
  allin eval --json 'Ah Kh 7c 2d 9s 9h Qc' 2c3c4c5c6c
  allin eval --game three-card --rules teen-patti Ah2c3d
  allin eval --game omaha-hilo --board 2c3h4s5d9h AsAhKsKh Ah2dKcQd
  allin showdown poker.txt
  allin census --game holdem7
  allin equity AhKh QsQd --board 2h7hTc
  allin equity 'QQ+,AKs' 'TT+,AQs+' --json
  allin equity --game omaha AsAhKsKh 9c8c7d6d --board 2c3h4s
  allin embed --game shortdeck AsKs QhQd --board 6c7d8h --url https://example.org/allin/
  allin distribution 'QQ+,AKs' 'TT+,AQs+' --board Kh7d2c
  allin ehs AdQc --board 3h4cJh
  allin range 10% --explain
  allin completions bash > ~/.local/share/bash-completion/completions/allin

Repeated options are refused (exit 2), except --dead, whose cards add up.
Errors quote what you typed, shortened and with hidden characters escaped.";

#[derive(Parser)]
#[command(
    name = "allin",
    version,
    before_help = "allin: exact poker hand evaluation from the command line",
    help_template = TEMPLATE,
    after_help = EXAMPLES,
    subcommand_value_name = "COMMAND",
    arg_required_else_help = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The games allin plays: names, cards, board, players, rules, questions
    Games(games::Args),
    /// Rank hands (Hold'em, three-card poker, Omaha and Hi-Lo, Short Deck)
    Eval(eval::Args),
    /// Score two-player five-card showdowns from a file (Project Euler 54 format)
    Showdown(showdown::Args),
    /// Count every possible hand by category
    Census(census::Args),
    /// Deal random hands from a shuffled deck, name them, say who wins
    Deal(deal::Args),
    /// Win, tie and equity of 2 to 10 hands (exact or Monte Carlo)
    Equity(equity::Args),
    /// Each combo of a player's range against the others: the equity distribution
    Distribution(distribution::Args),
    /// A player's equity on each next street (every flop, turn or river), as a histogram
    Streets(streets::Args),
    /// Hand strength and potential (HS, PPot, NPot, EHS) on a flop or a turn
    Ehs(ehs::Args),
    /// An HTML snippet with the odds baked in (and the live iframe)
    Embed(embed::Args),
    /// What a range holds (PokerStove syntax), canonical text, explain
    Range(range::Args),
    /// The 169 starting hands' equity against 1 to 9 random hands
    Table169(range::Table169Args),
    /// Generate the precomputed data files (e.g. the heads-up preflop table)
    Table(table::Args),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell)
    Completions(Completions),
}

/// `allin completions SHELL`.
#[derive(clap::Args)]
#[command(
    before_help = "allin completions: a shell completion script on stdout",
    help_template = TEMPLATE,
    after_help = "Example:\n  allin completions bash > ~/.local/share/bash-completion/completions/allin"
)]
struct Completions {
    /// The shell
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

fn main() -> ExitCode {
    match run() {
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

fn run() -> Result<(), CliError> {
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => return usage::from_clap(e, &args, &Cli::command()),
    };
    match cli.command {
        Command::Games(a) => games::run(a),
        Command::Eval(a) => eval::run(a),
        Command::Showdown(a) => showdown::run(a),
        Command::Census(a) => census::run(a),
        Command::Deal(a) => deal::run(a),
        Command::Equity(a) => equity::run(a),
        Command::Distribution(a) => distribution::run(a),
        Command::Streets(a) => streets::run(a),
        Command::Ehs(a) => ehs::run(a),
        Command::Embed(a) => embed::run(a),
        Command::Range(a) => range::run(a),
        Command::Table169(a) => range::table169(a),
        Command::Table(a) => table::run(a),
        Command::Completions(c) => {
            let mut out = Vec::new();
            clap_complete::generate(c.shell, &mut Cli::command(), "allin", &mut out);
            print(&String::from_utf8_lossy(&out))
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_command_line_is_consistent() {
        use clap::CommandFactory;
        super::Cli::command().debug_assert();
    }
}
