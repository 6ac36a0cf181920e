//! `allin range` (what a range holds) and `allin table169` (the 169 classes'
//! preflop strength).

use crate::args::game::GameArg;
use crate::output::json::Float;
use crate::output::{print, CliError, TEMPLATE};
use allin::card::{format_cards, parse_cards, CardSet};
use allin::equity::strength::{self, MAX_OPPONENTS};
use allin::game::{Family, Game};
use allin::quote::quote;
use allin::range::formats::{self, Format};
use allin::range::{self, HandClass, COMBOS, SHORT_COMBOS};
use allin::short_deck;
use serde::Serialize;
use std::fmt::Write as _;

const NOTES: &str = "\
TEXT uses the PokerStove/Equilab syntax: AA, AKs, AKo, AK, AhKh, QQ+, 22-55,
A2s-A5s, T9s-65s, KTo+, random (or any), 10% (top 10% by equity against
three random hands), weights AKs:0.5 or AK@50; items separated by commas,
semicolons or spaces (and may be split over several arguments).

With --board CARDS (a flop or a turn), what the range makes and draws there
instead: each combo's made hand (straight flush … set, trips, two pair,
overpair, top pair, pocket pair below top, middle pair, weak pair, ace high,
no made hand: one each) and draws (flush draw, open-ended straight draw,
a double gutshot counting as open-ended, gutshot, flush draw + open-ended,
flush draw + gutshot, backdoor flush draw on the flop, overcards: any
number each), in weighted combos and shares of the combos left; combos
using a board or --dead card are removed and counted.
  {\"range\":…,\"board\":\"QhJh2c\",\"combos\":19,\"weighted\":19,\"removed\":3,
   \"rows\":[{\"row\":\"set\",\"kind\":\"made\",\"label\":\"Set\",\"combos\":3,
   \"weighted\":3,\"share\":0.157…},…],\"classes\":[{\"class\":\"QQ\",
   \"weighted\":3,\"rows\":{\"set\":3}},…]}

JSON (--json):
  {\"text\":\"QQ+, AKs\",\"combos\":22,\"weighted\":22,\"classes\":[…]}

TEXT may also be PioSolver's (AKs:0.5,AA,KQo:0.25) or GTO+'s
([50]AKs[/50],AA); --format pio|gtoplus writes it back that way.

Examples:
  allin range 'QQ+,AKs'
  allin range 'QQ+, AK@50' --format gtoplus
  allin range 10% --explain
  allin range 'AK@50, 22-55' --dead 'As 5c' --json
  allin range 'QQ+, AK, JTs' --board QhJh2c
  allin range --game shortdeck 'TT+, AJs+' --format pio   (6 to A: 630 combos)
  allin range --game omaha 'AA:$ds, $rd:$ds' --explain   (docs/omaha-ranges.md)";

#[derive(clap::Args)]
#[command(
    before_help = "allin range: what a range holds, in canonical form",
    help_template = TEMPLATE,
    after_help = NOTES
)]
pub struct Args {
    /// The range
    #[arg(value_name = "TEXT")]
    text: Vec<String>,
    /// Each item: what it expanded to and how many combos
    #[arg(long)]
    explain: bool,
    /// Remove combos that use these cards (board, dead cards); may be repeated
    #[arg(long, value_name = "CARDS")]
    dead: Vec<String>,
    /// What the range makes and draws on this flop or turn (3 or 4 cards)
    #[arg(long, value_name = "CARDS", conflicts_with = "explain")]
    board: Option<String>,
    /// One JSON object (see below)
    #[arg(long)]
    json: bool,
    /// The game: holdem (default), shortdeck (Hold'em's syntax on the 36
    /// cards 6 to A, X% by the short-deck ranking), or an Omaha game (omaha,
    /// omaha5, omaha6, their -hilo), whose range syntax is AA:$ds, AxKx**, $rd, AA!AAA
    #[arg(long, value_name = "GAME")]
    game: Option<GameArg>,
    /// Write the range for another tool: allin (default), pio (PioSolver:
    /// AKs:0.5,AA) or gtoplus (GTO+: [50]AKs[/50],AA)
    #[arg(long, value_name = "FORMAT", value_parser = format, conflicts_with = "board")]
    format: Option<Format>,
}

/// `--format`: allin, pio or gtoplus.
fn format(s: &str) -> Result<Format, String> {
    Format::from_name(s).ok_or_else(|| format!("is one of allin, pio, gtoplus, not {}", quote(s)))
}

#[derive(Serialize)]
struct RangeJson {
    text: String,
    combos: u32,
    weighted: Float,
    classes: Vec<ClassJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    explain: Option<Vec<ItemJson>>,
}

#[derive(Serialize)]
struct ClassJson {
    class: String,
    combos: u32,
}

#[derive(Serialize)]
struct ItemJson {
    token: String,
    position: usize,
    expands_to: String,
    combos: u32,
}

pub fn run(a: Args) -> Result<(), CliError> {
    if a.text.is_empty() {
        return Err(CliError::usage("range", "no range given"));
    }
    // Items may be split over several arguments (`allin range QQ+ AKs`).
    let text = a.text.join(" ");
    match a.game.map(|g| g.0) {
        None | Some(Game::Holdem) => {}
        Some(game) if game.family() == Family::Omaha => {
            if a.format.is_some() {
                return Err(CliError::Failed(
                    "--format writes Hold'em ranges for PioSolver and GTO+".into(),
                ));
            }
            if a.board.is_some() {
                return Err(CliError::Failed(
                    "--board (what a range makes and draws) is for Hold'em ranges".into(),
                ));
            }
            return crate::commands::omaha_range::run(game, &text, &a.dead, a.explain, a.json);
        }
        Some(Game::ShortDeck) => {
            if a.board.is_some() {
                return Err(CliError::Failed(
                    "--board (what a range makes and draws) is for Hold'em ranges".into(),
                ));
            }
            let failed = |e: short_deck::ShortRangeError| CliError::Failed(e.to_string());
            let mut r = short_deck::parse_short(&text).map_err(failed)?;
            let dead = dead_cards(&a.dead)?;
            if let Some(c) = dead.iter().find(|c| short_deck::small_cards().contains(*c)) {
                return Err(CliError::Failed(format!(
                    "--dead: {c} is not in the short deck (6 to A)"
                )));
            }
            r.remove_dead(dead)
                .map_err(|e| CliError::Failed(e.to_string()))?;
            let explained = match a.explain {
                true => Some(short_deck::explain_short(&text).map_err(failed)?),
                false => None,
            };
            return show(&a, &r, dead, explained, SHORT_COMBOS as u32);
        }
        Some(game) => {
            return Err(CliError::Failed(format!(
                "--game {}: ranges are read for holdem, shortdeck and the Omaha games",
                game.name()
            )))
        }
    }
    let ranking = strength::standard_ranking();
    let mut r = range::parse(&text, Some(ranking)).map_err(|e| CliError::Failed(e.to_string()))?;
    if let Some(board) = &a.board {
        return crate::commands::texture::run(&r, board, &a.dead.join(" "), a.json);
    }
    let dead = dead_cards(&a.dead)?;
    r.remove_dead(dead)
        .map_err(|e| CliError::Failed(e.to_string()))?;
    let explained = if a.explain {
        Some(range::explain(&text, Some(ranking)).map_err(|e| CliError::Failed(e.to_string()))?)
    } else {
        None
    };
    show(&a, &r, dead, explained, COMBOS as u32)
}

/// `--dead`'s cards (none when not given).
fn dead_cards(dead: &[String]) -> Result<CardSet, CliError> {
    Ok(match dead.is_empty() {
        false => parse_cards(&dead.join(" "))
            .map_err(|e| CliError::Failed(format!("--dead: {e}")))?
            .into_iter()
            .collect(),
        true => CardSet::EMPTY,
    })
}

/// Prints range `r` (of a deck of `deck_combos` two-card hands), without
/// the `dead` cards, and its items `explained`.
fn show(
    a: &Args,
    r: &range::Range,
    dead: CardSet,
    explained: Option<Vec<range::ExplainItem>>,
    deck_combos: u32,
) -> Result<(), CliError> {
    let written = formats::write(r, a.format.unwrap_or(Format::Allin));
    let classes: Vec<HandClass> = HandClass::all_canonical()
        .filter(|&c| r.class_combo_count(c) > 0)
        .collect();
    let mut out = String::new();
    if a.json {
        out = crate::output::json::line(&RangeJson {
            text: written,
            combos: r.combo_count(),
            weighted: Float(r.weighted_count()),
            classes: classes
                .iter()
                .map(|&c| ClassJson {
                    class: c.label(),
                    combos: r.class_combo_count(c),
                })
                .collect(),
            explain: explained.as_ref().map(|items| {
                items
                    .iter()
                    .map(|item| ItemJson {
                        token: item.token.clone(),
                        position: item.position,
                        expands_to: item.text.clone(),
                        combos: item.combo_count,
                    })
                    .collect()
            }),
        });
    } else {
        let _ = writeln!(out, "{written}");
        let _ = writeln!(
            out,
            "{} combos ({:.1}% of {}{}){}",
            r.combo_count(),
            100.0 * r.weighted_count() / f64::from(deck_combos),
            crate::output::grouped(deck_combos),
            if deck_combos == COMBOS as u32 {
                ""
            } else {
                " short-deck combos"
            },
            if dead.is_empty() {
                String::new()
            } else {
                format!(
                    ", without {}",
                    format_cards(&dead.iter().collect::<Vec<_>>())
                )
            }
        );
        if let Some(items) = &explained {
            out.push('\n');
            for item in items {
                let _ = writeln!(
                    out,
                    "{:<12} -> {}  ({} combos)",
                    item.token, item.text, item.combo_count
                );
            }
        }
    }
    print(&out)
}

const TABLE169_NOTES: &str = "\
Prints the table the page's grid shows and the X% rankings come from
(exact against one opponent, from the heads-up preflop table; seeded Monte
Carlo with 1,000,000 deals against more, 4,000,000 against three). With
--out, computes it afresh (about 1.5 minutes on 2 cores) and writes it as
the Rust source the engine builds in (src/equity/strength_table.rs); FILE
is checked for writing first.

JSON (--json):
  {\"opponents\":[1,…,9],\"classes\":[{\"class\":\"AA\",\"equity\":[0.852037,…]},…]}

Examples:
  allin table169 --sort 3
  allin table169 --out src/equity/strength_table.rs";

#[derive(clap::Args)]
#[command(
    before_help = "allin table169: the 169 starting hands' equity against 1 to 9 random hands",
    help_template = TEMPLATE,
    after_help = TABLE169_NOTES
)]
pub struct Table169Args {
    /// Order by equity against N opponents (default: grid order)
    #[arg(long, value_name = "N", value_parser = opponents)]
    sort: Option<usize>,
    /// One JSON object (see below)
    #[arg(long, conflicts_with = "out")]
    json: bool,
    /// Regenerate the table into FILE
    #[arg(long, value_name = "FILE", conflicts_with = "sort")]
    out: Option<String>,
    /// Worker threads for --out (default: all cores)
    #[arg(long, value_name = "N", value_parser = crate::args::threads, requires = "out")]
    threads: Option<usize>,
}

/// `--sort`: 1 to 9.
fn opponents(s: &str) -> Result<usize, String> {
    s.parse::<usize>()
        .ok()
        .filter(|k| (1..=MAX_OPPONENTS).contains(k))
        .ok_or_else(|| format!("needs an opponent count from 1 to 9, got {}", quote(s)))
}

#[derive(Serialize)]
struct Table169Json {
    opponents: Vec<usize>,
    classes: Vec<Row>,
}

#[derive(Serialize)]
struct Row {
    class: String,
    equity: Vec<Float>,
}

pub fn table169(a: Table169Args) -> Result<(), CliError> {
    if let Some(out) = a.out.as_deref() {
        return crate::commands::table::generate("strength", out, a.threads);
    }
    let classes: Vec<HandClass> = match a.sort {
        None => HandClass::all().collect(),
        Some(k) => strength::ranking(k).order().to_vec(),
    };
    let mut out = String::new();
    if a.json {
        out = crate::output::json::line(&Table169Json {
            opponents: (1..=MAX_OPPONENTS).collect(),
            classes: classes
                .iter()
                .map(|&c| Row {
                    class: c.label(),
                    equity: (1..=MAX_OPPONENTS)
                        .map(|k| Float(f64::from(strength::vs_random(c, k).unwrap_or(0)) / 1e6))
                        .collect(),
                })
                .collect(),
        });
    } else {
        let _ = write!(out, "{:<6}", "hand");
        for k in 1..=MAX_OPPONENTS {
            let _ = write!(out, " {:>6}", format!("vs {k}"));
        }
        out.push('\n');
        for c in &classes {
            let _ = write!(out, "{:<6}", c.label());
            for k in 1..=MAX_OPPONENTS {
                let e = f64::from(strength::vs_random(*c, k).unwrap_or(0)) / 1e4;
                let _ = write!(out, " {e:>6.2}");
            }
            out.push('\n');
        }
    }
    print(&out)
}
