//! Cards, the deck and the 169-class grid.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::card::{format_cards_compact, parse_cards, Card, CardSet};
use crate::equity::strength::{self, MAX_OPPONENTS, VS_RANDOM};
use crate::range::{HandClass, HoleCards, Shape};

use super::{args, error, to_js};

/// One entry of [`deck`].
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DeckCard {
    /// Canonical text: `"As"`.
    code: String,
    /// Rank character (`"T"` for ten) and index (0 = deuce … 12 = ace).
    rank: char,
    rank_index: u8,
    /// Suit letter (`c d h s`) and index (0..4 in that order).
    suit: char,
    suit_index: u8,
}

/// The 52 cards in id order (`2c 2d 2h 2s 3c … As`):
/// `[{code, rank, rankIndex, suit, suitIndex}]`.
#[wasm_bindgen]
pub fn deck() -> Result<JsValue, JsValue> {
    let list: Vec<DeckCard> = Card::all()
        .map(|c| {
            let code = c.to_string();
            let mut chars = code.chars();
            DeckCard {
                rank: chars.next().unwrap_or('?'),
                suit: chars.next().unwrap_or('?'),
                code,
                rank_index: c.rank(),
                suit_index: c.suit(),
            }
        })
        .collect();
    to_js(&list)
}

/// One entry of [`hand_classes`].
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ClassInfo {
    /// `"AKs"`, `"AKo"`, `"77"`.
    label: String,
    /// For screen readers: `"Ace King suited"`.
    name: String,
    row: usize,
    col: usize,
    /// `"pair"`, `"suited"` or `"offsuit"`.
    kind: &'static str,
    /// 6, 4 or 12.
    combos: u32,
    /// Exact preflop equity against one random hand, 0..1 (the core's
    /// generated strength table).
    vs_random: f64,
    /// Preflop equity against 1, 2, … 9 random hands, 0..1 (`strength[k -
    /// 1]`; exact against one, seeded Monte Carlo beyond).
    strength: Vec<f64>,
    /// Place in the ranking behind `X%` (0 = best).
    rank: usize,
}

/// The 169 starting-hand classes in grid order (row-major from `AA`):
/// `[{label, name, row, col, kind, combos, vsRandom, strength: [9], rank}]`.
#[wasm_bindgen]
pub fn hand_classes() -> Result<JsValue, JsValue> {
    let mut rank = [0usize; HandClass::COUNT];
    for (i, c) in strength::standard_ranking().order().iter().enumerate() {
        rank[c.index()] = i;
    }
    let list: Vec<ClassInfo> = HandClass::all()
        .map(|c| {
            let (row, col) = c.grid();
            ClassInfo {
                label: c.label(),
                name: c.name(),
                row,
                col,
                kind: match c.shape() {
                    Shape::Pair => "pair",
                    Shape::Suited => "suited",
                    Shape::Offsuit => "offsuit",
                },
                combos: c.combo_count(),
                vs_random: VS_RANDOM[c.index()][0] as f64 / 1e6,
                strength: VS_RANDOM[c.index()]
                    .iter()
                    .map(|&m| m as f64 / 1e6)
                    .collect(),
                rank: rank[c.index()],
            }
        })
        .collect();
    to_js(&list)
}

/// A concrete combo of hand class `class` (`"AKs"`) that uses none of the
/// `used` cards (card codes; unreadable ones are ignored), as compact text
/// (`"AsKs"`): spades first, then hearts, diamonds, clubs. Throws when the
/// label is not a class or every combo is taken.
#[wasm_bindgen]
pub fn pick_combo(class: JsValue, used: JsValue) -> Result<String, JsValue> {
    let class = args::text(&class, "the hand class").map_err(error)?;
    let used = args::texts(&used, "the cards in use", args::MAX_LIST, |i| {
        format!("card in use {}", i + 1)
    })
    .map_err(error)?;
    pick_combo_str(&class, &used)
}

pub(super) fn pick_combo_str(class: &str, used: &[String]) -> Result<String, JsValue> {
    let class = HandClass::from_label(class).ok_or_else(|| {
        error(format!(
            "{} is not a hand class (e.g. AKs, AKo, 77)",
            crate::quote::quote(class)
        ))
    })?;
    let used: CardSet = used
        .iter()
        .filter_map(|code| parse_cards(code).ok())
        .flatten()
        .collect();
    class
        .combos()
        .rev()
        .find(|combo| !combo.card_set().intersects(used))
        .map(|combo| format_cards_compact(&combo.cards()))
        .ok_or_else(|| {
            error(format!(
                "every {} combo uses a card already taken",
                class.label()
            ))
        })
}

/// The class label of two hole cards as typed (`"Kh Ah"` → `"AKs"`), or
/// `undefined` unless the text is exactly two valid cards (or not text).
#[wasm_bindgen]
pub fn class_of(cards: JsValue) -> Option<String> {
    class_of_str(&args::text(&cards, "cards").ok()?)
}

pub(super) fn class_of_str(cards: &str) -> Option<String> {
    match parse_cards(cards).ok()?.as_slice() {
        [a, b] => HoleCards::new(*a, *b).map(|h| h.class().label()),
        _ => None,
    }
}

/// What [`ranking_info`] returns.
#[derive(Serialize)]
struct RankingInfo {
    /// Opponents of the equity that orders the classes (3).
    opponents: usize,
    /// For people: `"equity against 3 random hands"`.
    description: String,
    /// Opponent counts the strength table covers (1 to this).
    max_opponents: usize,
}

/// The ranking behind `X%` ranges: `{opponents, description, max_opponents}`.
/// PokerStove and Equilab rank by equity against three random hands, and so
/// does the engine (`strength::standard_ranking`).
#[wasm_bindgen]
pub fn ranking_info() -> Result<JsValue, JsValue> {
    let opponents = crate::equity::strength::RANKING_OPPONENTS;
    to_js(&RankingInfo {
        opponents,
        description: format!("equity against {opponents} random hands"),
        max_opponents: MAX_OPPONENTS,
    })
}
