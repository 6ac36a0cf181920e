//! `allin eval`: rank hands given as arguments or one per line on stdin.

use crate::input::Lines;
use crate::usage::did_you_mean;
use crate::{CliError, TEMPLATE};
use allin::card::{format_cards, parse_between};
use allin::eval::describe::describe;
use allin::eval::{evaluate, evaluate_many, HandRank};
use allin::quote::quote;
use allin::three_card::{self, Rules};
use allin::Card;
use serde::Serialize;
use std::io::{self, BufWriter, Write};

const NOTES: &str = "\
Each HAND is one argument: 5 to 7 cards for Hold'em (the best five count),
exactly 3 for three-card poker. Cards are written like As Td 10h 2c A♠, with
or without spaces or commas between them. A HAND of '-' reads one hand per
line from stdin (blank lines are skipped; a line over 4096 bytes stops the
read).

RULES for three-card poker: casino (default), teen-patti, zha-jin-hua,
optionally followed by options, e.g. teen-patti,a23=highest (options:
flush-over-straight=yes|no, trips-over-straight-flush=yes|no,
a23=lowest|second|highest, 235-beats-trips=yes|no)

JSON (--json), one object per hand (\"best\": the best five of 6 or 7 cards):
  {\"cards\":\"AsKsQsJsTs\",\"category\":\"StraightFlush\",\"name\":\"Royal flush\",\"rank\":32777}

Output: the cards, the hand's full name (\"Pair of queens, ace-king-ten
kickers\"), the best five of 6 or 7 cards and the rank value (higher wins;
compare values only within one game and rule set). Invalid hands are
reported on stderr with their argument or line number; the others are still
ranked, and the exit status is 1.

Examples:
  allin eval AsKsQsJsTs 'Ah Kh 7c 7d 2s 9h Qc'
  allin eval --json - < hands.txt
  allin eval --game three-card --rules zha-jin-hua 2c3d5h AsAdAh";

#[derive(clap::Args)]
#[command(
    before_help = "allin eval: rank poker hands",
    help_template = TEMPLATE,
    after_help = NOTES
)]
pub struct Args {
    /// holdem (default) or three-card
    #[arg(long, value_name = "GAME")]
    game: Option<String>,
    /// Three-card rules (see below)
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
    /// One JSON object per hand
    #[arg(long)]
    json: bool,
    /// 5 to 7 cards (Hold'em) or 3 (three-card); '-' reads stdin
    #[arg(value_name = "HAND")]
    hands: Vec<String>,
}

#[derive(Clone, Copy)]
enum Game {
    Holdem,
    ThreeCard(Rules),
}

/// Parses `--rules` for three-card games (shared with `census`).
pub fn parse_rules(cmd: &'static str, spec: Option<&str>) -> Result<Rules, CliError> {
    // (Rules errors quote the offending text themselves.)
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
                "unknown game {} (games: holdem, three-card){}",
                quote(other),
                did_you_mean(other, &GAMES)
            ),
        )),
    }
}

pub fn run(a: Args) -> Result<(), CliError> {
    let game = parse_game(a.game.as_deref(), a.rules.as_deref())?;
    let json = a.json;
    if a.hands.is_empty() {
        return Err(CliError::usage(
            "eval",
            "no hands given (pass hands as arguments, or '-' to read them from stdin)",
        ));
    }
    if a.hands.iter().filter(|a| *a == "-").count() > 1 {
        return Err(CliError::usage("eval", "stdin ('-') can only be read once"));
    }

    let mut out = BufWriter::with_capacity(64 * 1024, io::stdout().lock());
    let mut invalid = false;
    for (i, arg) in a.hands.iter().enumerate() {
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
            report(
                &mut out,
                &format!("argument {} {}: {why}", i + 1, quote(arg)),
            )?;
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
                    write_holdem(out, json, &cards, rank)?;
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
            write_holdem(out, json, &cards, evaluate(&cards))?;
        }
        Game::ThreeCard(rules) => {
            let hand: three_card::Hand = match text.parse() {
                Ok(hand) => hand,
                Err(e) => return Ok(Err(e.to_string())),
            };
            let rank = hand.rank(&rules);
            let shown = Shown {
                category: rank.category().name(),
                name: three_card::describe::describe(&hand),
                best: None,
                rank: rank.value(),
            };
            write_hand(out, json, &hand.cards(), &shown)?;
        }
    }
    Ok(Ok(()))
}

/// What a hand's line shows besides its cards.
struct Shown {
    /// The category's identifier (JSON).
    category: &'static str,
    /// The full name: `"Pair of sevens, ace-king-queen kickers"`.
    name: String,
    /// The best five of a 6- or 7-card hand, in reading order.
    best: Option<[Card; 5]>,
    rank: u16,
}

/// Names a Hold'em hand (already ranked: `rank`) and writes its line.
fn write_holdem(
    out: &mut impl Write,
    json: bool,
    cards: &[Card],
    rank: HandRank,
) -> io::Result<()> {
    let described = describe(cards);
    let (name, best) = match described {
        Some(d) => (d.text, (cards.len() > 5).then_some(d.best)),
        None => (rank.category().label().to_string(), None),
    };
    let shown = Shown {
        category: rank.category().name(),
        name,
        best,
        rank: rank.value(),
    };
    write_hand(out, json, cards, &shown)
}

fn write_hand(out: &mut impl Write, json: bool, cards: &[Card], shown: &Shown) -> io::Result<()> {
    let compact = |cards: &[Card]| cards.iter().map(|c| c.to_string()).collect::<String>();
    if json {
        #[derive(Serialize)]
        struct HandJson<'a> {
            cards: String,
            category: &'a str,
            name: &'a str,
            #[serde(skip_serializing_if = "Option::is_none")]
            best: Option<String>,
            rank: u16,
        }
        let doc = HandJson {
            cards: compact(cards),
            category: shown.category,
            name: &shown.name,
            best: shown.best.map(|b| compact(&b)),
            rank: shown.rank,
        };
        serde_json::to_writer(&mut *out, &doc)?;
        out.write_all(b"\n")
    } else {
        write!(out, "{}  {}", format_cards(cards), shown.name)?;
        if let Some(best) = shown.best {
            write!(out, "  (best {}; rank {})", format_cards(&best), shown.rank)?;
            return out.write_all(b"\n");
        }
        writeln!(out, "  (rank {})", shown.rank)
    }
}
