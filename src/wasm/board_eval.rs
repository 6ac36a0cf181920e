//! One hand of Omaha (4/5/6, Hi or Hi-Lo) or Short Deck named, for the JS
//! API's `evaluate`/`rank`: the core's [`crate::board_game::hand`], the same
//! facts as `allin eval --game omaha… | shortdeck`.
//!
//! ```text
//!   describe_board_hand("omaha-hilo", "AhKh2c3d", "4s5h6dKc9c", undefined)
//!     // {game, cards, board, category, label, name, best, bestHole, bestBoard,
//!     //  rank, ordinal, rules, low: {name, best, bestHole, bestBoard} | null}
//! ```

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::board_game::hand::{describe, Made};
use crate::card::{format_cards, Card};
use crate::game::{Game, Question};

use super::{args, field_error, to_js};

/// The low half of [`BoardHandResult`].
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LowResult {
    /// `"8-5-4-2-A"`.
    name: String,
    best: String,
    best_hole: String,
    best_board: String,
}

/// What [`describe_board_hand`] returns to JS.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BoardHandResult {
    game: &'static str,
    /// The hand's cards as given, canonical (`"Ah Kh 2c 3d"`).
    cards: String,
    /// The board (`""` for a Short Deck hand of 5 to 7 cards).
    board: String,
    category: &'static str,
    label: &'static str,
    name: String,
    /// The best five in reading order; `bestHole`, `bestBoard`: which of
    /// them are the hand's own cards and the board's (Omaha: two and three).
    best: String,
    best_hole: String,
    best_board: String,
    /// Higher wins (within one game and rule set).
    rank: u16,
    /// Omaha: 1 = the best of Hold'em's 7,462; Short Deck: `null`.
    ordinal: Option<u32>,
    /// Short Deck's rules, canonical; `null` for Omaha.
    rules: Option<String>,
    /// Hi-Lo: the best eight-or-better low, or `null` when none qualifies.
    #[serde(skip_serializing_if = "Option::is_none")]
    low: Option<Option<LowResult>>,
}

fn text_of(cards: &[Card]) -> String {
    format_cards(cards)
}

fn split(made: &Made) -> (String, String, String) {
    (
        text_of(&made.best),
        text_of(&made.hole),
        text_of(&made.board),
    )
}

/// Names one hand of `game` (an Omaha game or `"shortdeck"`): `cards` the
/// hole cards (Short Deck: 5 to 7 cards without a board), `board` 3 to 5
/// cards (`""` or `undefined` for none), `rules` Short Deck's
/// (`undefined`/`null`: standard). Throws an `Error` with the core's
/// message and its `field` (`game`, `cards`, `board`, `rules`).
#[wasm_bindgen]
pub fn describe_board_hand(
    game: JsValue,
    cards: JsValue,
    board: JsValue,
    rules: JsValue,
) -> Result<JsValue, JsValue> {
    let name = args::text(&game, "the game").map_err(|m| field_error("game", m))?;
    let game = Game::parse_among(&name, &board_games()).map_err(|e| field_error("game", e))?;
    let cards = args::text(&cards, "the cards").map_err(|m| field_error("cards", m))?;
    let board = if board.is_undefined() || board.is_null() {
        String::new()
    } else {
        args::text(&board, "the board").map_err(|m| field_error("board", m))?
    };
    let rules = if rules.is_undefined() || rules.is_null() {
        None
    } else {
        Some(args::text(&rules, "the rules").map_err(|m| field_error("rules", m))?)
    };
    let hand = describe(game, rules.as_deref(), &cards, &board)
        .map_err(|e| field_error(e.field, e.message))?;
    let (best, best_hole, best_board) = split(&hand.high);
    let short_rules = (game == Game::ShortDeck).then(|| {
        rules
            .as_deref()
            .unwrap_or_default()
            .parse::<crate::short_deck::Rules>()
            .map(|r| r.to_string())
            .unwrap_or_default()
    });
    to_js(&BoardHandResult {
        game: game.name(),
        cards: text_of(&hand.cards),
        board: text_of(&hand.board),
        category: hand.category.name(),
        label: hand.category.label(),
        name: hand.name,
        best,
        best_hole,
        best_board,
        rank: hand.rank,
        ordinal: hand.ordinal,
        rules: short_rules,
        low: hand.low.map(|low| {
            low.map(|l| {
                let (best, best_hole, best_board) = split(&l.made);
                LowResult {
                    name: l.name,
                    best,
                    best_hole,
                    best_board,
                }
            })
        }),
    })
}

/// The games this export names: those of the Omaha and Short Deck
/// families that answer `eval` in the catalogue.
fn board_games() -> Vec<Game> {
    use crate::game::Family;
    Game::answering(Question::Eval)
        .into_iter()
        .filter(|g| matches!(g.family(), Family::Omaha | Family::ShortDeck))
        .collect()
}
