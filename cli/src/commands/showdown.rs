//! `allin showdown`: score two-player five-card showdowns, one per line.

use crate::input::{self, Lines};
use crate::output::{print, CliError, TEMPLATE};
use allin::card::parse_cards;
use allin::eval::evaluate;
use serde::Serialize;
use std::cmp::Ordering;
use std::io::{self, Write};

const NOTES: &str = "\
FILE ('-' for stdin) holds one showdown per line: ten cards, player 1's five
first, then player 2's, as in Project Euler problem 54:

  8C TS KC 9H 4S 7D 2S 5D 3S AC

Prints {\"p1\":N,\"p2\":N,\"ties\":N,\"invalid\":N}: how many showdowns each
player won, how many tied, and how many lines were invalid (a bad card, a
repeated card, or not ten cards). Invalid lines are reported on stderr with
their line number and never scored; the exit status is then 1. Blank lines
are skipped, and so is a byte-order mark at the start. A line over 4096
bytes (not a text file of hands) stops the read with an error.

Example:
  allin showdown tests/data/euler54_poker.txt";

#[derive(clap::Args)]
#[command(
    before_help = "allin showdown: score two-player five-card showdowns",
    help_template = TEMPLATE,
    after_help = NOTES
)]
pub struct Args {
    /// The file of showdowns ('-' for stdin)
    #[arg(value_name = "FILE")]
    file: Option<String>,
}

#[derive(Default, Serialize)]
struct Tally {
    p1: u64,
    p2: u64,
    ties: u64,
    invalid: u64,
}

pub fn run(a: Args) -> Result<(), CliError> {
    let Some(path) = a.file.as_deref() else {
        return Err(CliError::usage(
            "showdown",
            "no FILE given (use '-' to read stdin)",
        ));
    };
    let name = input::display_name(path);
    let mut lines = Lines::new(input::open(path)?, &name);
    let mut tally = Tally::default();
    let mut stderr = io::stderr().lock();
    while let Some((n, line)) = lines.next_line()? {
        let verdict = match line {
            Ok(text) if text.trim().is_empty() => continue,
            Ok(text) => score(text),
            Err(why) => Err(why),
        };
        match verdict {
            Ok(Ordering::Greater) => tally.p1 += 1,
            Ok(Ordering::Less) => tally.p2 += 1,
            Ok(Ordering::Equal) => tally.ties += 1,
            Err(why) => {
                tally.invalid += 1;
                let _ = writeln!(stderr, "error: {name}: line {n}: {why}");
            }
        }
    }
    print(&crate::output::json::line(&tally))?;
    if tally.invalid > 0 {
        Err(CliError::InvalidInput)
    } else {
        Ok(())
    }
}

/// Player 1's result: `Greater` if player 1 wins.
fn score(line: &str) -> Result<Ordering, String> {
    let cards = parse_cards(line).map_err(|e| e.to_string())?;
    if cards.len() != 10 {
        return Err(format!(
            "expected 10 cards (two five-card hands), got {}",
            cards.len()
        ));
    }
    let (p1, p2) = cards.split_at(5);
    Ok(evaluate(p1).cmp(&evaluate(p2)))
}
