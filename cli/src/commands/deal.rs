//! `allin deal`: the "shuffle, deal, classify" exercise (write-up 003): N
//! hands of 5 or 7 cards (Hold'em, best five) or 3 (three-card poker) from
//! one shuffled deck, each hand named, and who wins. The shuffle is the
//! core's (`allin::deal`, the page's Deal); the seed is printed, and
//! `--seed` deals the same hands again.

use std::hash::{BuildHasher, Hasher};

use crate::args::rules;
use crate::output::{print, CliError, TEMPLATE};
use allin::card::{format_cards, format_cards_compact, parse_cards, CardSet};
use allin::deal::{self, holdem_winners, three_card_winners};
use allin::eval::describe::describe;
use allin::game::{Game, Question};
use allin::three_card;

const NOTES: &str = "\
Deals from one deck shuffled by the seed (Fisher-Yates); the same seed and
options deal the same hands, here and on the evaluator page. Without --seed
a fresh one is drawn, and printed.

Examples:
  allin deal --players 4 --cards 5
  allin deal --players 6 --cards 7 --seed 42 --json
  allin deal --game three-card --rules teen-patti --players 5";

#[derive(clap::Args)]
#[command(
    before_help = "allin deal: random hands from a shuffled deck, named, and who wins",
    help_template = TEMPLATE,
    after_help = NOTES
)]
pub struct Args {
    /// Hands to deal: 2 to 10 (fewer when the cards would run out)
    #[arg(long, value_name = "N", default_value_t = 2)]
    players: usize,
    /// Cards a hand: 5 or 7 (holdem, default 5), 3 (three-card)
    #[arg(long, value_name = "N")]
    cards: Option<usize>,
    /// The game (default: Hold'em)
    #[arg(long, value_name = "GAME", value_parser = crate::args::game::answering(Question::Deal))]
    game: Option<Game>,
    /// Three-card rules (see allin eval --help)
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
    /// Cards out of play, never dealt
    #[arg(long, value_name = "CARDS")]
    dead: Option<String>,
    /// The shuffle's seed (a whole number); drawn afresh when omitted
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// One JSON object on stdout
    #[arg(long)]
    json: bool,
}

#[derive(serde::Serialize)]
struct Hand {
    cards: String,
    category: &'static str,
    name: String,
    rank: u16,
}

#[derive(serde::Serialize)]
struct DealJson {
    game: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<String>,
    seed: u64,
    hands: Vec<Hand>,
    /// The winners, 1-based (more than one: they split).
    winners: Vec<usize>,
    /// Three-card: trips, an off-suit 2-3-5 and a third hand beat one
    /// another in a circle; the trips won (see allin::deal).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    cycle: bool,
}

/// A seed from this process's own hash keys: no dependency, no clock.
fn fresh_seed() -> u64 {
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
}

pub fn run(a: Args) -> Result<(), CliError> {
    let game = a.game.unwrap_or(Game::Holdem);
    let three = game == Game::ThreeCard;
    if !three && a.rules.is_some() {
        return Err(CliError::usage(
            "deal",
            "--rules applies only to --game three-card",
        ));
    }
    let cards = a.cards.unwrap_or(if three { 3 } else { 5 });
    let mut out = CardSet::EMPTY;
    if let Some(dead) = a.dead.as_deref() {
        let dead =
            parse_cards(dead).map_err(|e| CliError::usage("deal", format!("--dead: {e}")))?;
        for c in dead {
            out.insert(c);
        }
    }
    let seed = a.seed.unwrap_or_else(fresh_seed);
    let dealt = deal::deal_without(seed, a.players, cards, three, out)
        .map_err(|e| CliError::usage("deal", e.to_string()))?;
    let doc = if three {
        let rules = rules::three_card("deal", a.rules.as_deref())?;
        let hands: Vec<three_card::Hand> = dealt
            .iter()
            .map(|h| three_card::Hand::from_cards(h).map_err(|e| CliError::Failed(e.to_string())))
            .collect::<Result<_, _>>()?;
        let (winners, cycle) = three_card_winners(&hands, &rules);
        DealJson {
            game: game.name(),
            rules: Some(rules.to_string()),
            seed,
            hands: hands
                .iter()
                .zip(&dealt)
                .map(|(h, cards)| Hand {
                    cards: format_cards_compact(cards),
                    category: h.category().name(),
                    name: three_card::describe::describe(h),
                    rank: h.rank(&rules).value(),
                })
                .collect(),
            winners: winners.iter().map(|w| w + 1).collect(),
            cycle,
        }
    } else {
        let described: Vec<_> = dealt
            .iter()
            .map(|h| describe(h).ok_or_else(|| CliError::Failed("not a hand".into())))
            .collect::<Result<_, _>>()?;
        let ranks: Vec<_> = described.iter().map(|d| d.rank).collect();
        DealJson {
            game: game.name(),
            rules: None,
            seed,
            hands: described
                .iter()
                .zip(&dealt)
                .map(|(d, cards)| Hand {
                    cards: format_cards_compact(cards),
                    category: d.rank.category().name(),
                    name: d.text.clone(),
                    rank: d.rank.value(),
                })
                .collect(),
            winners: holdem_winners(&ranks).iter().map(|w| w + 1).collect(),
            cycle: false,
        }
    };
    if a.json {
        let text = serde_json::to_string(&doc).map_err(|e| CliError::Failed(e.to_string()))?;
        return print(&format!("{text}\n"));
    }
    print(&human(&doc, &dealt))
}

/// The deal for people: a line a hand, then who wins.
fn human(doc: &DealJson, dealt: &[Vec<allin::Card>]) -> String {
    let mut s = format!(
        "Seed {} (--seed {} deals these again)\n",
        doc.seed, doc.seed
    );
    for (i, (hand, cards)) in doc.hands.iter().zip(dealt).enumerate() {
        let mark = if doc.winners.contains(&(i + 1)) {
            "*"
        } else {
            " "
        };
        s += &format!(
            "{mark} P{:<2} {}  {}\n",
            i + 1,
            format_cards(cards),
            hand.name
        );
    }
    let names: Vec<String> = doc.winners.iter().map(|w| format!("P{w}")).collect();
    s += &match names.len() {
        1 => format!("Winner: {}", names[0]),
        _ => format!("Split: {}", names.join(", ")),
    };
    if doc.cycle {
        s += " (trips, an off-suit 2-3-5 and another hand beat one another in a circle: the trips win)";
    }
    s.push('\n');
    s
}
