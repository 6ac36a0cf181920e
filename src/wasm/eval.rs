//! Evaluating hands: the 7-card evaluator, the three-card rules, the categories.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::card::{format_cards, parse_between};
use crate::eval::{evaluate, Category};
use crate::three_card;

use super::{args, error, to_js};

/// What [`evaluate_hand`] returns to JS.
#[derive(Serialize)]
struct HandResult {
    /// The cards, canonical: `"As Ks Qs Js Ts"`.
    cards: String,
    /// The category's name: `"StraightFlush"`.
    category: &'static str,
    /// The category for people: `"Straight flush"`.
    label: &'static str,
    /// The rank: higher wins.
    rank: u16,
}

/// What [`evaluate_three_card`] returns to JS.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ThreeCardResult {
    /// The three cards, canonical, in the order given: `"Ah 2c 3d"`.
    cards: String,
    /// The rules applied, canonical: `"casino"`, `"zha-jin-hua,a23=highest"`.
    rules: String,
    /// The category's name: `"Straight"`.
    category: &'static str,
    /// The category for people: `"Straight"`.
    label: &'static str,
    /// The rank under these rules: higher wins, except for the 2-3-5 rule.
    rank: u16,
    /// Whether this is an off-suit 2-3-5 (beats trips where the rules say so).
    off_suit_two_three_five: bool,
}

/// One entry of [`categories`].
#[derive(Serialize)]
struct CategoryInfo {
    name: &'static str,
    label: &'static str,
}

/// Evaluates 5 to 7 cards typed by a person (`"AsKsQsJsTs"`, `"A♠ K♠ 10h"`).
///
/// Returns `{cards, category, label, rank}`; throws an `Error` with the
/// parser's message for anything else (and for a value that is not text).
#[cfg(feature = "wasm-core")]
#[wasm_bindgen]
pub fn evaluate_hand(text: JsValue) -> Result<JsValue, JsValue> {
    evaluate_hand_str(&args::text(&text, "the hand").map_err(error)?)
}

pub(super) fn evaluate_hand_str(text: &str) -> Result<JsValue, JsValue> {
    let cards = parse_between(text, 5..=7).map_err(error)?;
    let rank = evaluate(&cards);
    let category = rank.category();
    to_js(&HandResult {
        cards: format_cards(&cards),
        category: category.name(),
        label: category.label(),
        rank: rank.value(),
    })
}

/// Evaluates a three-card hand (`"Ah 2c 3d"`) under `rules` (`"casino"`,
/// `"teen-patti"`, `"zha-jin-hua"`, optionally followed by options such as
/// `",a23=highest"`).
///
/// Returns `{cards, rules, category, label, rank, offSuitTwoThreeFive}`;
/// throws an `Error` with the core's message for bad cards or rules.
#[cfg(feature = "wasm-extra")]
#[wasm_bindgen]
pub fn evaluate_three_card(text: JsValue, rules: JsValue) -> Result<JsValue, JsValue> {
    let text = args::text(&text, "the hand").map_err(error)?;
    let rules = args::text(&rules, "the rules").map_err(error)?;
    evaluate_three_card_str(&text, &rules)
}

fn evaluate_three_card_str(text: &str, rules: &str) -> Result<JsValue, JsValue> {
    let hand = text.parse::<three_card::Hand>().map_err(error)?;
    let rules = rules.parse::<three_card::Rules>().map_err(error)?;
    let rank = hand.rank(&rules);
    let category = rank.category();
    to_js(&ThreeCardResult {
        cards: hand.to_string(),
        rules: rules.to_string(),
        category: category.name(),
        label: category.label(),
        rank: rank.value(),
        off_suit_two_three_five: hand.is_off_suit_two_three_five(),
    })
}

/// The hand categories, weakest first: `[{name, label}, …]`.
#[wasm_bindgen]
pub fn categories() -> Result<JsValue, JsValue> {
    let list: Vec<CategoryInfo> = Category::ALL
        .iter()
        .map(|c| CategoryInfo {
            name: c.name(),
            label: c.label(),
        })
        .collect();
    to_js(&list)
}
