//! One hand of a draw game (2-7, A-5, Badugi) or a stud game (Stud, Stud
//! Hi-Lo, Razz) named, for the JS API's `evaluate`/`rank` and the
//! evaluator page: the core's [`crate::draw::describe`] and
//! [`crate::stud::describe`], the same facts as `allin eval --game …`.
//!
//! ```text
//!   describe_mixed_hand("2-7-draw", "8d7h4c3s2h")
//!     // {game, cards, category: "low", label, name: "8-7 low (8-7-4-3-2)", best, inBest, rank, ordinal: null}
//!   describe_mixed_hand("stud8", "[Ah2h]3h4h5hKsKd")
//!     // {…, category: "StraightFlush", name, best, inBest, rank, ordinal, low: {name, best, inBest} | null}
//!   describe_mixed_hand("razz", "Ah2c8d7s4h3cKd")
//!     // {…, category: "low", name: "8-7 low (8-7-4-3-2)", rank (higher wins), lowRank (the CLI's low_rank: lower wins)}
//! ```

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::card::{format_cards, parse_cards, Card};
use crate::draw::{describe as draw_describe, Lowball};
use crate::game::{Family, Game, Question};
use crate::stud::describe::describe as stud_describe;
use crate::stud::equity::parse_hand;
use crate::stud::Rules;

use super::{args, field_error, to_js};

/// Razz scores (lower wins) are below `6 << 26` (`stud::eval::razz_category`
/// is at most 5): `rank` is this minus the score, so that higher wins in
/// every game.
const RAZZ_TOP: u32 = (6 << 26) - 1;

/// Stud Hi-Lo's low half.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LowHalf {
    /// `"8-5-4-2-A"`.
    name: String,
    best: String,
    in_best: Vec<bool>,
}

/// What [`describe_mixed_hand`] returns to JS.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MixedHand {
    game: &'static str,
    /// The cards as given, canonical (`"8d 7h 4c 3s 2h"`).
    cards: String,
    /// The high hand's category (`"FullHouse"`), or `"low"` for the draw
    /// games and Razz; `label` the same for people.
    category: &'static str,
    label: &'static str,
    name: String,
    /// The cards that play (the best five; Badugi's best subset).
    best: String,
    /// For each card as given, whether it plays.
    in_best: Vec<bool>,
    /// Higher wins, within one game.
    rank: u32,
    /// Stud and Stud Hi-Lo: 1 = the best of the 7,462 high ranks; else `null`.
    ordinal: Option<u32>,
    /// Razz: the low's score as `allin eval --json` prints it (lower wins).
    #[serde(skip_serializing_if = "Option::is_none")]
    low_rank: Option<u32>,
    /// Stud Hi-Lo: the eight-or-better low, or `null` when none qualifies.
    #[serde(skip_serializing_if = "Option::is_none")]
    low: Option<Option<LowHalf>>,
}

fn in_best(cards: &[Card], best: &[Card]) -> Vec<bool> {
    cards.iter().map(|c| best.contains(c)).collect()
}

/// Names one hand of `game` (a draw or stud game): `cards` a draw game's
/// final hand (5 cards, Badugi 4) or 5 to 7 stud cards (down cards may be
/// in brackets). Throws an `Error` with its `field` (`game`, `cards`).
#[wasm_bindgen]
pub fn describe_mixed_hand(game: JsValue, cards: JsValue) -> Result<JsValue, JsValue> {
    let name = args::text(&game, "the game").map_err(|m| field_error("game", m))?;
    let game = Game::parse_among(&name, &mixed_games()).map_err(|e| field_error("game", e))?;
    let text = args::text(&cards, "the cards").map_err(|m| field_error("cards", m))?;
    let wrong = |m: String| field_error("cards", m);
    if let Some(lowball) = Lowball::of(game) {
        let cards = parse_cards(&text).map_err(|e| wrong(e.to_string()))?;
        let size = lowball.hand_cards();
        if cards.len() != size {
            return Err(wrong(format!(
                "expected {size} cards (a final hand of {}), got {}",
                game.label(),
                cards.len()
            )));
        }
        let d = draw_describe(lowball, &cards);
        return to_js(&MixedHand {
            game: game.name(),
            cards: format_cards(&cards),
            category: "low",
            label: "Low",
            in_best: in_best(&cards, &d.best),
            best: format_cards(&d.best),
            name: d.name,
            rank: d.value,
            ordinal: None,
            low_rank: None,
            low: None,
        });
    }
    let rules = Rules::of(game).ok_or_else(|| field_error("game", "not a stud game"))?;
    let (cards, _) = parse_hand(&text).map_err(wrong)?;
    if !(5..=7).contains(&cards.len()) {
        return Err(wrong(format!(
            "expected 5 to 7 cards (a stud hand so far), got {}",
            cards.len()
        )));
    }
    let d = stud_describe(rules, &cards).ok_or_else(|| wrong("a card is given twice".into()))?;
    let hand = match (&d.high, &d.low) {
        (Some(h), low) => MixedHand {
            game: game.name(),
            cards: format_cards(&cards),
            category: h.rank.category().name(),
            label: h.rank.category().label(),
            name: h.text.clone(),
            best: format_cards(&h.best),
            in_best: in_best(&cards, &h.best),
            rank: u32::from(h.rank.value()),
            ordinal: Some(h.rank.ordinal()),
            low_rank: None,
            low: (rules == Rules::HiLo).then(|| {
                low.as_ref().map(|l| LowHalf {
                    name: l.text.clone(),
                    best: format_cards(&l.best),
                    in_best: in_best(&cards, &l.best),
                })
            }),
        },
        (None, Some(l)) => MixedHand {
            game: game.name(),
            cards: format_cards(&cards),
            category: "low",
            label: "Low",
            name: l.text.clone(),
            best: format_cards(&l.best),
            in_best: in_best(&cards, &l.best),
            rank: RAZZ_TOP - l.value,
            ordinal: None,
            low_rank: Some(l.value),
            low: None,
        },
        (None, None) => return Err(wrong("no hand to name".into())),
    };
    to_js(&hand)
}

/// The games this export names: those of the draw and stud families that
/// answer `eval` in the catalogue.
fn mixed_games() -> Vec<Game> {
    Game::answering(Question::Eval)
        .into_iter()
        .filter(|g| matches!(g.family(), Family::Draw | Family::Stud))
        .collect()
}
