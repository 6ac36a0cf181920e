//! `allin eval`: rank hands given as arguments or one per line on stdin.

use crate::input::Lines;
use crate::output::{CliError, TEMPLATE};
use allin::card::{format_cards, parse_between, parse_cards};
use allin::eval::describe::describe;
use allin::eval::{evaluate, evaluate_many, HandRank};
use allin::game::Question;
use allin::quote::quote;
use allin::three_card::{self, Rules};
use allin::Card;
use serde::Serialize;
use std::io::{self, BufWriter, Write};

mod draw;
mod stud;

const NOTES: &str = "\
Each HAND is one argument: 5 to 7 cards for Hold'em (the best five count),
exactly 3 for three-card poker. Cards are written like As Td 10h 2c A♠,
with or without spaces or commas between them. A HAND of '-' reads one hand
per line from stdin (blank lines are skipped; a line over 4096 bytes stops
the read).

Omaha (each --game omaha…, Hi-Lo or not): HAND is the 4, 5 or 6 hole
cards and --board the 3 to 5 board cards, shared by every
HAND; the hand is exactly two hole cards and three board cards, shown as
'best <two hole cards> + <three board cards>'. Hi-Lo adds the best
eight-or-better low (five different ranks from ace to eight, again two hole
cards and three board cards, chosen apart from the high), or 'no low'.

Draw games (--game 2-7-draw, a-5-draw, badugi): HAND is a final hand, 5
cards (Badugi 4), named as the low it makes ('8-7 low (8-7-4-3-2)',
'wheel (5-4-3-2-A)', 'three-card badugi, 7 high') with the cards that play;
a higher rank wins.

Stud (--game stud, stud8, razz): HAND is 5 to 7 cards (down cards may be
in brackets: [AhKd]7c5s2d); the best five count. Razz names the A-5 low
(ace low, straights and flushes ignored, pairs count against): '8-7 low
(8-7-4-3-2)', 'wheel (5-4-3-2-A)'; JSON gives its low_rank (lower wins).
Stud Hi-Lo adds the eight-or-better low, or 'no low'.

Short Deck (--game shortdeck, 36 cards, six to ace): HAND is 5 to 7 cards,
or its 2 hole cards with --board (3 to 5 cards); the best five count.
A-6-7-8-9 is the lowest straight, a flush beats a full house, and with
--rules trips-beat-straight three of a kind beats a straight.

RULES for three-card poker: casino (default), teen-patti, zha-jin-hua
(write-up 004: no 2-3-5 rule), zha-jin-hua-235 (2-3-5 beats trips),
optionally followed by options, e.g. teen-patti,a23=highest (options:
flush-over-straight=yes|no, trips-over-straight-flush=yes|no,
a23=lowest|second|highest, 235-beats-trips=yes|no)

JSON (--json), one object per hand (\"best\": the best five of 6 or 7 cards):
  {\"cards\":\"AsKsQsJsTs\",\"category\":\"StraightFlush\",\"name\":\"Royal flush\",\"rank\":32777}
  Omaha adds \"board\", \"best_hole\" and \"best_board\" (the best five's
  two hole and three board cards); Hi-Lo adds \"low\": null (no low) or
  {\"name\":\"8-5-4-2-A\",\"best\":…,\"best_hole\":…,\"best_board\":…}.

Output: the cards, the hand's full name (\"Pair of queens, ace-king-ten
kickers\"), the best five of 6 or 7 cards and the rank value (higher wins;
compare values only within one game and rule set). Invalid hands are
reported on stderr with their argument or line number; the others are still
ranked, and the exit status is 1.

Examples:
  allin eval AsKsQsJsTs 'Ah Kh 7c 7d 2s 9h Qc'
  allin eval --json - < hands.txt
  allin eval --game three-card --rules zha-jin-hua 2c3d5h AsAdAh
  allin eval --game omaha --board 2c3h4s5d9h AsAhKsKh 7c8c6d6h
  allin eval --game omaha-hilo --board 4s5hKdQc9c AhKh2c3d
  allin eval --game shortdeck As9d --board 6c7h8s
  allin eval --game shortdeck --rules trips-beat-straight 6c6d6h7s8c9dTh
  allin eval --game 2-7-draw 8d7h4c3s2h
  allin eval --game badugi 7h3s2cAs
  allin eval --game razz '[Ah2c]8d7s4h3c Kd'
  allin eval --game stud8 'Ah2h3h4h5hKsKd'";

#[derive(clap::Args)]
#[command(
    before_help = "allin eval: rank poker hands",
    help_template = TEMPLATE,
    after_help = NOTES
)]
pub struct Args {
    /// The game (default: Hold'em; 'allin games' lists what each takes)
    #[arg(long, value_name = "GAME", value_parser = crate::args::game::answering(Question::Eval))]
    game: Option<allin::game::Game>,
    /// Three-card rules (see below), or Short Deck's: standard,
    /// trips-beat-straight
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
    /// The board, 3 to 5 cards, shared by every HAND (then its hole cards):
    /// Omaha (required) and Short Deck
    #[arg(long, value_name = "CARDS")]
    board: Option<String>,
    /// One JSON object per hand
    #[arg(long)]
    json: bool,
    /// 5 to 7 cards (Hold'em, Short Deck), 3 (three-card) or the hole
    /// cards (Omaha, Short Deck with --board); '-' reads stdin
    #[arg(value_name = "HAND")]
    hands: Vec<String>,
}

#[derive(Clone, Copy)]
enum Game {
    Holdem,
    ThreeCard(Rules),
    Omaha(allin::omaha::Game),
    ShortDeck(allin::short_deck::Rules),
    /// A draw game's final hand (`eval/draw.rs`).
    Draw(allin::draw::Lowball),
    Stud(allin::stud::Rules),
}

fn parse_game(game: Option<allin::game::Game>, rules: Option<&str>) -> Result<Game, CliError> {
    use allin::game::Family;
    let game = game.unwrap_or(allin::game::Game::Holdem);
    let no_rules = || match rules {
        None => Ok(()),
        Some(_) => Err(CliError::usage(
            "eval",
            format!(
                "--rules applies only to --game {}",
                crate::args::game::with_rules()
            ),
        )),
    };
    Ok(match game.family() {
        Family::Holdem => no_rules().map(|()| Game::Holdem)?,
        Family::ThreeCard => Game::ThreeCard(crate::args::rules::three_card("eval", rules)?),
        Family::ShortDeck => Game::ShortDeck(crate::args::rules::short_deck("eval", rules)?),
        Family::Draw => {
            no_rules().map(|()| Game::Draw(allin::draw::Lowball::of(game).expect("a draw game")))?
        }
        Family::Stud => {
            no_rules().map(|()| Game::Stud(allin::stud::Rules::of(game).expect("a stud game")))?
        }
        Family::Omaha | Family::FiveCard => {
            no_rules()?;
            Game::Omaha(allin::omaha::Game::of(game).ok_or_else(|| {
                CliError::usage(
                    "eval",
                    format!("{}: no single-hand evaluator", game.label()),
                )
            })?)
        }
    })
}

/// `--board`: 3 to 5 cards, required by Omaha, optional for Short Deck,
/// refused elsewhere.
fn parse_board(game: Game, board: Option<&str>) -> Result<Vec<Card>, CliError> {
    let usage = |m: String| CliError::usage("eval", m);
    match (game, board) {
        (Game::Omaha(_), None) => Err(usage(
            "Omaha needs --board (3 to 5 cards); each HAND is the hole cards".into(),
        )),
        (Game::Omaha(_), Some(text)) => {
            parse_between(text, 3..=5).map_err(|e| usage(format!("--board: {e}")))
        }
        (Game::ShortDeck(_), Some(text)) => {
            let cards = parse_between(text, 3..=5).map_err(|e| usage(format!("--board: {e}")))?;
            match cards.iter().find(|c| c.rank() < 4) {
                Some(c) => Err(usage(format!(
                    "--board: {c} is not in the short deck (6 to A)"
                ))),
                None => Ok(cards),
            }
        }
        (_, None) => Ok(Vec::new()),
        (_, Some(_)) => Err(usage(
            "--board applies only to --game omaha… and shortdeck".into(),
        )),
    }
}

pub fn run(a: Args) -> Result<(), CliError> {
    let game = parse_game(a.game, a.rules.as_deref())?;
    let board = parse_board(game, a.board.as_deref())?;
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
                    Ok(text) => eval_one(&mut out, game, &board, json, text)?,
                    Err(why) => Err(why),
                };
                if let Err(why) = outcome {
                    invalid = true;
                    report(&mut out, &format!("line {n}: {why}"))?;
                }
            }
            invalid |= queue.write(&mut out, json)?;
        } else if let Err(why) = eval_one(&mut out, game, &board, json, arg)? {
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

/// A card both in the hand and on the board, said with both places.
fn overlap(hand: &[Card], board: &[Card]) -> Option<String> {
    hand.iter().enumerate().find_map(|(i, c)| {
        let j = board.iter().position(|b| b == c)?;
        Some(format!(
            "{c} is card {} of the hand and card {} of the board",
            i + 1,
            j + 1
        ))
    })
}

/// An Omaha hand made of exactly two hole cards and three board cards:
/// the five in reading order and which of them come from where.
struct Made {
    best: [Card; 5],
    /// The two hole cards, in the order of `best`.
    hole: Vec<Card>,
    /// The three board cards, in the order of `best`.
    board: Vec<Card>,
}

impl Made {
    /// `best` (reading order) split by whether a card is in `hole`.
    fn split(best: [Card; 5], hole: &[Card]) -> Made {
        let (from_hole, from_board) = best.iter().partition(|c| hole.contains(c));
        Made {
            best,
            hole: from_hole,
            board: from_board,
        }
    }
}

/// Ranks one hand and writes its line. The outer error is an output failure;
/// the inner one says why the hand is invalid.
fn eval_one(
    out: &mut impl Write,
    game: Game,
    board: &[Card],
    json: bool,
    text: &str,
) -> Result<Result<(), String>, CliError> {
    match game {
        Game::Draw(lowball) => return Ok(draw::eval_one(out, lowball, json, text)?),
        Game::Stud(rules) => return Ok(stud::eval_one(out, rules, json, text)?),
        Game::Omaha(omaha) => {
            let hole = match parse_cards(text) {
                Ok(cards) => cards,
                Err(e) => return Ok(Err(e.to_string())),
            };
            if hole.len() != omaha.hole() {
                return Ok(Err(omaha.dealing().wrong_size(hole.len())));
            }
            if let Some(why) = overlap(&hole, board) {
                return Ok(Err(why));
            }
            let (five, rank) = allin::omaha::eval::best_five(&hole, board);
            let described = describe(&five).expect("five distinct cards");
            let high = Made::split(described.best, &five[..2]);
            let low = omaha.hilo().then(|| {
                allin::omaha::low::best_low_cards(&hole, board).map(|(five, low)| {
                    let mut best = five;
                    best.sort_by_key(|&c| std::cmp::Reverse(allin::omaha::low::low_bit(c)));
                    (low.to_string(), Made::split(best, &five[..2]))
                })
            });
            let shown = Shown {
                category: rank.category().name(),
                name: described.text,
                best: Some(described.best),
                rank: rank.value(),
            };
            write_board_hand(out, json, &hole, board, &shown, &high, low)?;
        }
        Game::ShortDeck(rules) => {
            let mut cards = match parse_cards(text) {
                Ok(cards) => cards,
                Err(e) => return Ok(Err(e.to_string())),
            };
            if let Some(c) = cards.iter().find(|c| c.rank() < 4) {
                return Ok(Err(format!("{c} is not in the short deck (6 to A)")));
            }
            if !board.is_empty() && cards.len() != 2 {
                let why = allin::short_deck::equity::DEALING.wrong_size(cards.len());
                return Ok(Err(format!("{why} (with --board, HAND is the hole cards)")));
            }
            if board.is_empty() && !(5..=7).contains(&cards.len()) {
                return Ok(Err(format!(
                    "expected 5 to 7 cards, got {} (or 2 hole cards with --board)",
                    cards.len()
                )));
            }
            if let Some(why) = overlap(&cards, board) {
                return Ok(Err(why));
            }
            cards.extend_from_slice(board);
            let (five, rank) = allin::short_deck::best_five_short(&cards, rules);
            let best = allin::eval::describe::best_five(&five).expect("five distinct cards");
            let shown = Shown {
                category: rank.category().name(),
                name: allin::short_deck::describe_short(&five, rules),
                best: (cards.len() > 5).then_some(best),
                rank: rank.value(),
            };
            write_hand(out, json, &cards, &shown)?;
        }
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

/// An Omaha hand's line: hole cards, board, the high hand (its best five
/// as two hole cards + three board cards), and for Hi-Lo the low
/// (`Some(None)`: no qualifying low) with its cards.
fn write_board_hand(
    out: &mut impl Write,
    json: bool,
    hole: &[Card],
    board: &[Card],
    shown: &Shown,
    high: &Made,
    low: Option<Option<(String, Made)>>,
) -> io::Result<()> {
    let compact = |cards: &[Card]| cards.iter().map(|c| c.to_string()).collect::<String>();
    if json {
        #[derive(Serialize)]
        struct LowJson<'a> {
            name: &'a str,
            best: String,
            best_hole: String,
            best_board: String,
        }
        #[derive(Serialize)]
        struct HandJson<'a> {
            cards: String,
            board: String,
            category: &'a str,
            name: &'a str,
            best: String,
            best_hole: String,
            best_board: String,
            rank: u16,
            #[serde(skip_serializing_if = "Option::is_none")]
            low: Option<Option<LowJson<'a>>>,
        }
        let doc = HandJson {
            cards: compact(hole),
            board: compact(board),
            category: shown.category,
            name: &shown.name,
            best: compact(&high.best),
            best_hole: compact(&high.hole),
            best_board: compact(&high.board),
            rank: shown.rank,
            low: low.as_ref().map(|low| {
                low.as_ref().map(|(name, made)| LowJson {
                    name,
                    best: compact(&made.best),
                    best_hole: compact(&made.hole),
                    best_board: compact(&made.board),
                })
            }),
        };
        serde_json::to_writer(&mut *out, &doc)?;
        return out.write_all(b"\n");
    }
    write!(
        out,
        "{} | {}  {}  (best {} + {}; rank {})",
        format_cards(hole),
        format_cards(board),
        shown.name,
        format_cards(&high.hole),
        format_cards(&high.board),
        shown.rank
    )?;
    match low {
        Some(Some((name, made))) => writeln!(
            out,
            "  low {name} ({} + {})",
            format_cards(&made.hole),
            format_cards(&made.board)
        ),
        Some(None) => writeln!(out, "  no low"),
        None => writeln!(out),
    }
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
