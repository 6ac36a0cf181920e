//! The JavaScript binding: the one module that knows JS exists.
//!
//! Compiled only for wasm32. It turns text from the page into calls on the
//! core and the core's answers into plain JS objects (via serde), so core
//! types are never `#[wasm_bindgen]` and JS never re-derives poker rules:
//! card text, category names and labels all come from here.
//!
//! Errors reach JS as `Error`s whose message is the core's own, verbatim.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::card::{format_cards, parse_between};
use crate::eval::{evaluate, Category};
use crate::three_card;

/// Runs once when the module is instantiated: panics go to the console with
/// their message instead of a bare "unreachable".
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

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
/// parser's message for anything else.
#[wasm_bindgen]
pub fn evaluate_hand(text: &str) -> Result<JsValue, JsError> {
    let cards = parse_between(text, 5..=7).map_err(|err| JsError::new(&err.to_string()))?;
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
#[wasm_bindgen]
pub fn evaluate_three_card(text: &str, rules: &str) -> Result<JsValue, JsError> {
    let hand = text
        .parse::<three_card::Hand>()
        .map_err(|err| JsError::new(&err.to_string()))?;
    let rules = rules
        .parse::<three_card::Rules>()
        .map_err(|err| JsError::new(&err.to_string()))?;
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
pub fn categories() -> JsValue {
    let list: Vec<CategoryInfo> = Category::ALL
        .iter()
        .map(|c| CategoryInfo {
            name: c.name(),
            label: c.label(),
        })
        .collect();
    to_js(&list).unwrap_or_else(|err| wasm_bindgen::throw_val(err.into()))
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    serde_wasm_bindgen::to_value(value).map_err(|err| JsError::new(&err.to_string()))
}
