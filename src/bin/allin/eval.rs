//! `allin eval`: rank hands given as arguments or one per line on stdin.

use crate::args::{self, Opt};
use crate::input::Lines;
use crate::{print, CliError};
use allin::card::parse_between;
use allin::eval::{evaluate, evaluate_many, HandRank};
use allin::three_card::{self, Rules};
use allin::Card;
use std::io::{self, BufWriter, Write};

pub const HELP: &str = "\
allin eval: rank poker hands

Usage: allin eval [--game holdem|three-card] [--rules RULES] [--json] HAND...

Each HAND is one argument: 5 to 7 cards for Hold'em (the best five count),
exactly 3 for three-card poker. Cards are written like As Td 10h 2c A♠, with
or without spaces or commas between them. A HAND of '-' reads one hand per
line from stdin (blank lines are skipped).

Options:
  --game GAME    holdem (default) or three-card
  --rules RULES  three-card rules: casino (default), teen-patti, zha-jin-hua,
                 optionally followed by options, e.g. teen-patti,a23=highest
                 (options: flush-over-straight=yes|no,
                 trips-over-straight-flush=yes|no, a23=lowest|second|highest,
                 235-beats-trips=yes|no)
  --json         One JSON object per hand:
                 {\"cards\":\"AsKsQsJsTs\",\"category\":\"StraightFlush\",\"rank\":32777}
  -h, --help     Show this help

Output: the cards, the category and the rank value (higher wins; compare
values only within one game and rule set). Invalid hands are reported on
stderr with their argument or line number; the others are still ranked, and
the exit status is 1.

Examples:
  allin eval AsKsQsJsTs 'Ah Kh 7c 7d 2s 9h Qc'
  allin eval --json - < hands.txt
  allin eval --game three-card --rules zha-jin-hua 2c3d5h AsAdAh
";

const OPTS: [Opt; 3] = [
    Opt {
        name: "--game",
        takes_value: true,
    },
    Opt {
        name: "--rules",
        takes_value: true,
    },
    Opt {
        name: "--json",
        takes_value: false,
    },
];

#[derive(Clone, Copy)]
enum Game {
    Holdem,
    ThreeCard(Rules),
}

/// Parses `--rules` for three-card games (shared with `census`).
pub fn parse_rules(cmd: &'static str, spec: Option<&str>) -> Result<Rules, CliError> {
    match spec {
        None => Ok(Rules::default()),
        Some(spec) => spec
            .parse()
            .map_err(|e| CliError::usage(cmd, format!("--rules: {e}"))),
    }
}

fn parse_game(game: Option<&str>, rules: Option<&str>) -> Result<Game, CliError> {
    const GAMES: [&str; 2] = ["holdem", "three-card"];
    match game.unwrap_or("holdem") {
        "holdem" => match rules {
            None => Ok(Game::Holdem),
            Some(_) => Err(CliError::usage(
                "eval",
                "--rules applies only to --game three-card",
            )),
        },
        "three-card" => Ok(Game::ThreeCard(parse_rules("eval", rules)?)),
        other => Err(CliError::usage(
            "eval",
            format!(
                "unknown game '{other}' (games: holdem, three-card){}",
                args::did_you_mean(other, &GAMES)
            ),
        )),
    }
}

pub fn run(argv: &[String]) -> Result<(), CliError> {
    let p = args::parse("eval", argv, &OPTS)?;
    if p.help {
        return print(HELP);
    }
    let game = parse_game(p.value("--game"), p.value("--rules"))?;
    let json = p.switch("--json");
    if p.positionals.is_empty() {
        return Err(CliError::usage(
            "eval",
            "no hands given (pass hands as arguments, or '-' to read them from stdin)",
        ));
    }
    if p.positionals.iter().filter(|a| *a == "-").count() > 1 {
        return Err(CliError::usage("eval", "stdin ('-') can only be read once"));
    }

    let mut out = BufWriter::with_capacity(64 * 1024, io::stdout().lock());
    let mut invalid = false;
    for (i, arg) in p.positionals.iter().enumerate() {
        if arg == "-" {
            let mut lines = Lines::new(io::stdin().lock(), "stdin");
            let mut queue = HoldemQueue::default();
            while let Some((n, line)) = lines.next_line()? {
                if let Game::Holdem = game {
                    match line {
                        Ok(text) if text.trim().is_empty() => continue,
                        Ok(text) => {
                            queue.push(n, parse_between(text, 5..=7).map_err(|e| e.to_string()))
                        }
                        Err(why) => queue.push(n, Err(why)),
                    }
                    if queue.is_full() {
                        invalid |= queue.write(&mut out, json)?;
                    }
                    continue;
                }
                let outcome = match line {
                    Ok(text) if text.trim().is_empty() => continue,
                    Ok(text) => eval_one(&mut out, game, json, text)?,
                    Err(why) => Err(why),
                };
                if let Err(why) = outcome {
                    invalid = true;
                    report(&mut out, &format!("line {n}: {why}"))?;
                }
            }
            invalid |= queue.write(&mut out, json)?;
        } else if let Err(why) = eval_one(&mut out, game, json, arg)? {
            invalid = true;
            report(&mut out, &format!("argument {} '{arg}': {why}", i + 1))?;
        }
    }
    out.flush()?;
    if invalid {
        Err(CliError::InvalidInput)
    } else {
        Ok(())
    }
}

/// Hold'em hands read from stdin, ranked a block at a time so that the
/// 7-card ones go through [`evaluate_many`] together (the batch evaluator,
/// faster than one call per hand). Output stays in input order.
#[derive(Default)]
struct HoldemQueue {
    /// Each line's cards, or why it is not a hand, with its line number.
    lines: Vec<(usize, Result<Vec<Card>, String>)>,
    sevens: Vec<[Card; 7]>,
    ranks: Vec<HandRank>,
}

impl HoldemQueue {
    const LINES: usize = 4096;

    fn push(&mut self, line: usize, hand: Result<Vec<Card>, String>) {
        self.lines.push((line, hand));
    }

    fn is_full(&self) -> bool {
        self.lines.len() >= HoldemQueue::LINES
    }

    /// Writes every queued line in order (errors to stderr) and empties the
    /// queue; true if any line was invalid.
    fn write(&mut self, out: &mut impl Write, json: bool) -> Result<bool, CliError> {
        self.sevens.clear();
        self.sevens.extend(
            self.lines
                .iter()
                .filter_map(|(_, hand)| <[Card; 7]>::try_from(hand.as_deref().ok()?).ok()),
        );
        self.ranks.clear();
        self.ranks.resize(self.sevens.len(), HandRank::default());
        evaluate_many(&self.sevens, &mut self.ranks);
        let mut sevens = self.ranks.iter();
        let mut invalid = false;
        for (n, hand) in self.lines.drain(..) {
            match hand {
                Ok(cards) => {
                    let rank = match cards.len() {
                        7 => *sevens.next().expect("one rank per 7-card hand"),
                        _ => evaluate(&cards),
                    };
                    let c = rank.category();
                    write_hand(out, json, &cards, c.name(), c.label(), rank.value())?;
                }
                Err(why) => {
                    invalid = true;
                    report(out, &format!("line {n}: {why}"))?;
                }
            }
        }
        Ok(invalid)
    }
}

/// Writes an error to stderr, after what is already on stdout so that a
/// terminal shows them in order.
fn report(out: &mut impl Write, message: &str) -> Result<(), CliError> {
    out.flush()?;
    let _ = writeln!(io::stderr().lock(), "error: {message}");
    Ok(())
}

/// Ranks one hand and writes its line. The outer error is an output failure;
/// the inner one says why the hand is invalid.
fn eval_one(
    out: &mut impl Write,
    game: Game,
    json: bool,
    text: &str,
) -> Result<Result<(), String>, CliError> {
    match game {
        Game::Holdem => {
            let cards = match parse_between(text, 5..=7) {
                Ok(cards) => cards,
                Err(e) => return Ok(Err(e.to_string())),
            };
            let rank = evaluate(&cards);
            let c = rank.category();
            write_hand(out, json, &cards, c.name(), c.label(), rank.value())?;
        }
        Game::ThreeCard(rules) => {
            let hand: three_card::Hand = match text.parse() {
                Ok(hand) => hand,
                Err(e) => return Ok(Err(e.to_string())),
            };
            let rank = hand.rank(&rules);
            let c = rank.category();
            write_hand(out, json, &hand.cards(), c.name(), c.label(), rank.value())?;
        }
    }
    Ok(Ok(()))
}

fn write_hand(
    out: &mut impl Write,
    json: bool,
    cards: &[Card],
    name: &str,
    label: &str,
    rank: u16,
) -> io::Result<()> {
    if json {
        out.write_all(b"{\"cards\":\"")?;
        for c in cards {
            write!(out, "{c}")?;
        }
        writeln!(out, "\",\"category\":\"{name}\",\"rank\":{rank}}}")
    } else {
        for (i, c) in cards.iter().enumerate() {
            if i > 0 {
                out.write_all(b" ")?;
            }
            write!(out, "{c}")?;
        }
        writeln!(out, "  {label}  (rank {rank})")
    }
}
