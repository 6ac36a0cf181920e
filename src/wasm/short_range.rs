//! Short Deck ranges on the page's grid (issue 37), in the board module:
//! the 81 classes of the 36-card deck and the range box's calls, each the
//! short-deck twin of a core export (`grid.rs`, `range.rs`,
//! `range_formats.rs`), read by `src/short_deck/range_text.rs`:
//!
//! ```text
//!   short_hand_classes()                  // [{label, name, row, col, kind, combos, vsRandom, strength: [1], rank}] × 81
//!   parse_short_range("QQ+, A2s")         // as parse_range, fill/counts: [81], percent of 630; A2s: an error
//!   edit_short_range("QQ+", ["AKs"], 500) // as edit_range
//!   short_range_top(1000)                 // the top 10% of the 630 by the short-deck ranking
//!   explain_short_range("10%")            // as explain_range
//!   write_short_range("10%", "pio")       // as write_range
//!   short_range_from_holdem("22+, AKs")   // {text: "66+, AKs", dropped: ["55", "44", "33", "22"], droppedCombos: 24, range: true}
//!   short_range_from_holdem("Ah 5c")      // {text: "", dropped: ["5c"], droppedCombos: 0, range: false}
//!   holdem_range_from_short("10%")        // "TT+, AJs+, KQs, AQo+": the same hands in Hold'em's text
//! ```

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::range::formats::{self, Format};
use crate::range::{is_short, HandClass, Percent, Range, Shape, Weight, SHORT_COMBOS};
use crate::short_deck::ranking::{committed_equity, short_ranking};
use crate::short_deck::{explain_short, parse_short, small_cards, ShortRangeError};

use super::range::{explain_to_js, parse_with_ranking, RangeErrorView, RangeView};
use super::{args, error, to_js};

/// The 81 classes in grid order (rows A→6).
fn classes() -> impl Iterator<Item = HandClass> {
    HandClass::all().filter(|&c| is_short(c))
}

fn view(range: &Range) -> RangeView {
    RangeView::over(range, classes(), SHORT_COMBOS as u32)
}

fn error_view(e: &ShortRangeError) -> RangeView {
    RangeView::error_over(e.to_string(), e.position(), classes())
}

/// One entry of [`short_hand_classes`] (the fields of `hand_classes`').
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ClassInfo {
    label: String,
    name: String,
    row: usize,
    col: usize,
    kind: &'static str,
    combos: u32,
    /// Equity against one random short-deck hand, 0..1 (seeded Monte
    /// Carlo, `src/short_deck/ranking.rs`), and as `strength` (one
    /// opponent only).
    vs_random: f64,
    strength: Vec<f64>,
    /// Place in the short-deck ranking behind `X%` (0 = best).
    rank: usize,
}

/// The 81 short-deck classes in grid order (row-major from `AA`, rows and
/// columns A→6): `[{label, name, row, col, kind, combos, vsRandom,
/// strength: [1], rank}]`.
#[wasm_bindgen]
pub fn short_hand_classes() -> Result<JsValue, JsValue> {
    let order = short_ranking().order();
    let list: Vec<ClassInfo> = classes()
        .map(|c| {
            let (row, col) = c.grid();
            let equity = f64::from(committed_equity(c).unwrap_or(0)) / 1e6;
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
                vs_random: equity,
                strength: vec![equity],
                rank: order.iter().position(|&o| o == c).unwrap_or(0),
            }
        })
        .collect();
    to_js(&list)
}

/// What [`short_ranking_info`] returns (`ranking_info`'s fields).
#[derive(Serialize)]
struct RankingInfo {
    opponents: usize,
    description: String,
    max_opponents: usize,
}

/// The ranking behind Short Deck's `X%`: `{opponents: 1, description,
/// max_opponents: 1}`.
#[wasm_bindgen]
pub fn short_ranking_info() -> Result<JsValue, JsValue> {
    to_js(&RankingInfo {
        opponents: 1,
        description: "equity against one random short-deck hand".into(),
        max_opponents: 1,
    })
}

/// Reads Short Deck range text as `parse_range` does, on the 81 classes
/// (`fill`, `counts`: [81]; `percent` of the 630 combos). Never throws.
#[wasm_bindgen]
pub fn parse_short_range(text: JsValue) -> Result<JsValue, JsValue> {
    match args::text(&text, "the range") {
        Ok(text) => parse_short_range_str(&text),
        Err(message) => to_js(&RangeView::error_over(message, None, classes())),
    }
}

pub(super) fn parse_short_range_str(text: &str) -> Result<JsValue, JsValue> {
    match parse_short(text) {
        Ok(range) => to_js(&view(&range)),
        Err(e) => to_js(&error_view(&e)),
    }
}

/// The Short Deck range of `text` (empty if it does not parse) with the
/// classes `labels` set to `permille / 1000`, as [`parse_short_range`]
/// returns it. Throws for a label that is no short-deck class or a weight
/// that is not a whole number from 0 to 1000.
#[wasm_bindgen]
pub fn edit_short_range(text: JsValue, labels: JsValue, permille: f64) -> Result<JsValue, JsValue> {
    let text = args::text(&text, "the range").map_err(error)?;
    let labels = args::texts(&labels, "the hand classes", args::MAX_LIST, |i| {
        format!("hand class {}", i + 1)
    })
    .map_err(error)?;
    let permille = args::whole(permille, "the weight in per mille", 0, 1000).map_err(error)?;
    edit_short_range_str(&text, &labels, permille)
}

pub(super) fn edit_short_range_str(
    text: &str,
    labels: &[String],
    permille: u32,
) -> Result<JsValue, JsValue> {
    let weight = u16::try_from(permille)
        .ok()
        .and_then(Weight::from_permille)
        .ok_or_else(|| error(format!("weight {permille} is not 0 to 1000 per mille")))?;
    let mut range = parse_short(text).unwrap_or_default();
    for label in labels {
        let class = HandClass::from_label(label)
            .filter(|&c| is_short(c))
            .ok_or_else(|| {
                error(format!(
                    "{} is not a short-deck hand class (e.g. AKs, AKo, 77; ranks 6 to A)",
                    crate::quote::quote(label)
                ))
            })?;
        range.set_class(class, weight);
    }
    to_js(&view(&range))
}

/// The top `hundredths / 100` percent of the 630 combos by the short-deck
/// ranking, as [`parse_short_range`] returns it. 0 gives the empty range;
/// above 10000, or anything but a whole number, throws.
#[wasm_bindgen]
pub fn short_range_top(hundredths: f64) -> Result<JsValue, JsValue> {
    let hundredths =
        args::whole(hundredths, "the top hundredths of a percent", 0, 10_000).map_err(error)?;
    short_range_top_u32(hundredths)
}

pub(super) fn short_range_top_u32(hundredths: u32) -> Result<JsValue, JsValue> {
    let range = match u16::try_from(hundredths)
        .ok()
        .and_then(Percent::from_hundredths)
    {
        Some(p) => Range::from_classes(short_ranking().top(p).iter().copied()),
        None if hundredths == 0 => Range::new(),
        None => {
            return Err(error(format!(
                "{hundredths} hundredths is not a percentage from 0 to 100"
            )))
        }
    };
    to_js(&view(&range))
}

/// Short Deck range text explained item by item, as `explain_range`
/// answers. Never throws.
#[wasm_bindgen]
pub fn explain_short_range(text: JsValue) -> Result<JsValue, JsValue> {
    match args::text(&text, "the range") {
        Ok(text) => explain_short_range_str(&text),
        Err(message) => explain_to_js(Err(RangeErrorView::new(message, None))),
    }
}

pub(super) fn explain_short_range_str(text: &str) -> Result<JsValue, JsValue> {
    explain_to_js(explain_short(text).map_err(|e| RangeErrorView::new(e.to_string(), e.position())))
}

/// Short Deck range text written in `format` (`allin`, `pio`, `gtoplus`),
/// as `write_range`. Throws for text that is no Short Deck range or an
/// unknown format.
#[wasm_bindgen]
pub fn write_short_range(text: JsValue, format: JsValue) -> Result<String, JsValue> {
    let text = args::text(&text, "the range").map_err(error)?;
    let name = args::text(&format, "the format").map_err(error)?;
    write_short_range_str(&text, &name)
}

pub(super) fn write_short_range_str(text: &str, name: &str) -> Result<String, JsValue> {
    let format = Format::from_name(name).ok_or_else(|| {
        error(format!(
            "unknown format {} (formats: allin, pio, gtoplus)",
            crate::quote::quote(name)
        ))
    })?;
    let range = parse_short(text).map_err(error)?;
    Ok(formats::write(&range, format))
}

/// What [`short_range_from_holdem`] returns.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Kept {
    /// The range's text for Short Deck (`""`: nothing is left).
    text: String,
    /// The classes (or classes of the single combos) dropped, canonical order.
    dropped: Vec<String>,
    /// How many combos were dropped.
    dropped_combos: u32,
    /// Whether the text was a Hold'em range at all (else it is kept as typed).
    range: bool,
}

/// A player's, the board's or the dead cards' text taken from Hold'em to
/// Short Deck (the game switch): a range keeps its hands of six to ace
/// (`X%` resolved by Hold'em's ranking) and names the classes it drops;
/// cards are kept if all are six or higher, else dropped (`text` empty,
/// the cards below six named); `random` and text that is no range stay
/// as they are. Never throws.
#[wasm_bindgen]
pub fn short_range_from_holdem(text: JsValue) -> Result<JsValue, JsValue> {
    let text = args::text(&text, "the range").unwrap_or_default();
    short_range_from_holdem_str(&text)
}

pub(super) fn short_range_from_holdem_str(text: &str) -> Result<JsValue, JsValue> {
    let kept = |text: &str, range| Kept {
        text: text.to_string(),
        dropped: Vec::new(),
        dropped_combos: 0,
        range,
    };
    let t = text.trim();
    let kept = if let Ok(cards) = crate::card::parse_cards(t) {
        // Cards: kept if the short deck holds them all, else dropped (named).
        let small: Vec<String> = cards
            .iter()
            .filter(|c| small_cards().contains(**c))
            .map(|c| c.to_string())
            .collect();
        match small.is_empty() {
            true => kept(text, false),
            false => Kept {
                dropped: small,
                ..kept("", false)
            },
        }
    } else if is_random(t) {
        kept(text, false)
    } else {
        match parse_with_ranking(t) {
            Err(_) => kept(text, false),
            Ok(mut range) => {
                let before = range.combo_count();
                let dropped = HandClass::all_canonical()
                    .filter(|&c| !is_short(c) && range.class_combo_count(c) > 0)
                    .map(|c| c.label())
                    .collect();
                let text = match range.remove_dead(small_cards()) {
                    Ok(()) => range.to_string(),
                    Err(_) => String::new(),
                };
                Kept {
                    dropped_combos: before
                        - if text.is_empty() {
                            0
                        } else {
                            range.combo_count()
                        },
                    text,
                    dropped,
                    range: true,
                }
            }
        }
    };
    to_js(&kept)
}

/// `random` (or `?`): a random hand of whichever deck is played.
fn is_random(text: &str) -> bool {
    text == "?" || text.eq_ignore_ascii_case("random")
}

/// A Short Deck range's text taken to Hold'em (the game switch): the same
/// hands, with `X%` written out (it means other hands in Hold'em). Cards,
/// `random` (a random hand of the deck played) and text that is no Short
/// Deck range are returned as they are. Never throws.
#[wasm_bindgen]
pub fn holdem_range_from_short(text: JsValue) -> String {
    let text = args::text(&text, "the range").unwrap_or_default();
    holdem_range_from_short_str(&text)
}

pub(super) fn holdem_range_from_short_str(text: &str) -> String {
    let t = text.trim();
    if is_random(t) || crate::card::parse_cards(t).is_ok() {
        return text.to_string();
    }
    match parse_short(t) {
        Ok(range) => range.to_string(),
        Err(_) => text.to_string(),
    }
}
