//! Ranges: text, the grid, explain.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::card::format_cards_compact;
use crate::equity::strength;
use crate::range::{self, HandClass, Percent, Range, RangeError, Weight, COMBOS};

use super::{args, error, to_js};

/// An error in range text, with the 1-based character it points at.
#[derive(Serialize)]
pub(super) struct RangeErrorView {
    message: String,
    position: Option<usize>,
}

impl RangeErrorView {
    pub(super) fn new(message: String, position: Option<usize>) -> RangeErrorView {
        RangeErrorView { message, position }
    }
}

impl From<&RangeError> for RangeErrorView {
    fn from(err: &RangeError) -> RangeErrorView {
        RangeErrorView {
            message: err.to_string(),
            position: err.position(),
        }
    }
}

/// A range as the page shows it (see [`parse_range`]).
#[derive(Serialize)]
pub(super) struct RangeView {
    ok: bool,
    /// Canonical text (`""` for the empty range or an error).
    text: String,
    /// Combos with a weight above zero.
    combos: u32,
    /// Combos counted by weight.
    weighted: f64,
    /// `weighted` as a percentage of all 1,326 combos (630 short).
    percent: f64,
    /// Per class, in grid order: the mean weight of its combos, 0..1.
    fill: Vec<f64>,
    /// Per class, in grid order: how many of its combos are in the range.
    counts: Vec<u32>,
    error: Option<RangeErrorView>,
}

impl RangeView {
    pub(super) fn of(range: &Range) -> RangeView {
        RangeView::over(range, HandClass::all(), COMBOS as u32)
    }

    /// The view of `range` on a grid of `classes` (in grid order), its
    /// percent a share of `deck_combos` (the short deck's grid: its 81
    /// classes of 630 combos).
    pub(super) fn over(
        range: &Range,
        classes: impl Iterator<Item = HandClass>,
        deck_combos: u32,
    ) -> RangeView {
        let mut fill = Vec::with_capacity(HandClass::COUNT);
        let mut counts = Vec::with_capacity(HandClass::COUNT);
        for class in classes {
            let sum: u32 = class
                .combos()
                .map(|c| u32::from(range.weight(c).permille()))
                .sum();
            fill.push(f64::from(sum) / f64::from(class.combo_count() * 1000));
            counts.push(range.class_combo_count(class));
        }
        let weighted = range.weighted_count();
        RangeView {
            ok: !range.is_empty(),
            text: range.to_string(),
            combos: range.combo_count(),
            weighted,
            percent: weighted / f64::from(deck_combos) * 100.0,
            fill,
            counts,
            error: range.is_empty().then(|| (&RangeError::Empty).into()),
        }
    }

    pub(super) fn error(err: &RangeError) -> RangeView {
        RangeView {
            error: Some(err.into()),
            ..RangeView::of(&Range::new())
        }
    }

    /// An error of `message` pointing at `position`, on a grid of `classes`.
    pub(super) fn error_over(
        message: String,
        position: Option<usize>,
        classes: impl Iterator<Item = HandClass>,
    ) -> RangeView {
        RangeView {
            error: Some(RangeErrorView { message, position }),
            ..RangeView::over(&Range::new(), classes, COMBOS as u32)
        }
    }

    /// An error that is not about the text's content (no position).
    pub(super) fn message(message: String) -> RangeView {
        RangeView {
            error: Some(RangeErrorView {
                message,
                position: None,
            }),
            ..RangeView::of(&Range::new())
        }
    }
}

pub(super) fn parse_with_ranking(text: &str) -> Result<Range, RangeError> {
    range::parse(text, Some(strength::standard_ranking()))
}

/// Reads range text (`QQ+, AKs`, `AK@50`, `10%`, `AhKh`): `{ok, text
/// (canonical), combos, weighted, percent, fill: [169], counts: [169],
/// error: {message, position} | null}`; `fill` and `counts` are in grid
/// order. `X%` takes the top of the standard ranking ([`ranking_info`]).
/// Never throws: a value that is not text is an error in the answer.
#[cfg(feature = "wasm-core")]
#[wasm_bindgen]
pub fn parse_range(text: JsValue) -> Result<JsValue, JsValue> {
    match args::text(&text, "the range") {
        Ok(text) => parse_range_str(&text),
        Err(message) => to_js(&RangeView::message(message)),
    }
}

pub(super) fn parse_range_str(text: &str) -> Result<JsValue, JsValue> {
    match parse_with_ranking(text) {
        Ok(range) => to_js(&RangeView::of(&range)),
        Err(err) => to_js(&RangeView::error(&err)),
    }
}

/// The range of `text` (empty if it does not parse) with every combo of the
/// classes `labels` (`["AKs", "QQ"]`) set to `permille / 1000` (0 removes
/// them); returns it as [`parse_range`] does, with canonical text. Throws
/// for a label that is not a class or a weight that is not a whole number
/// from 0 to 1000.
#[cfg(feature = "wasm-core")]
#[wasm_bindgen]
pub fn edit_range(text: JsValue, labels: JsValue, permille: f64) -> Result<JsValue, JsValue> {
    let text = args::text(&text, "the range").map_err(error)?;
    let labels = args::texts(&labels, "the hand classes", args::MAX_LIST, |i| {
        format!("hand class {}", i + 1)
    })
    .map_err(error)?;
    let permille = args::whole(permille, "the weight in per mille", 0, 1000).map_err(error)?;
    edit_range_str(&text, &labels, permille)
}

pub(super) fn edit_range_str(
    text: &str,
    labels: &[String],
    permille: u32,
) -> Result<JsValue, JsValue> {
    let weight = u16::try_from(permille)
        .ok()
        .and_then(Weight::from_permille)
        .ok_or_else(|| error(format!("weight {permille} is not 0 to 1000 per mille")))?;
    let mut range = parse_with_ranking(text).unwrap_or_default();
    for label in labels {
        let class = HandClass::from_label(label).ok_or_else(|| {
            error(format!(
                "{} is not a hand class (e.g. AKs, AKo, 77)",
                crate::quote::quote(label)
            ))
        })?;
        range.set_class(class, weight);
    }
    to_js(&RangeView::of(&range))
}

/// The top `hundredths / 100` percent of hands by the standard ranking
/// (what `X%` means), as [`parse_range`] returns it: `range_top(1000)` is
/// `77+, A9s+, KTs+, QTs+, AJo+, KQo`. 0 gives the empty range; above
/// 10000 (100%), or anything but a whole number, throws.
#[cfg(feature = "wasm-core")]
#[wasm_bindgen]
pub fn range_top(hundredths: f64) -> Result<JsValue, JsValue> {
    let hundredths =
        args::whole(hundredths, "the top hundredths of a percent", 0, 10_000).map_err(error)?;
    range_top_u32(hundredths)
}

pub(super) fn range_top_u32(hundredths: u32) -> Result<JsValue, JsValue> {
    if hundredths == 0 {
        return to_js(&RangeView::of(&Range::new()));
    }
    let percent = u16::try_from(hundredths)
        .ok()
        .and_then(Percent::from_hundredths)
        .ok_or_else(|| {
            error(format!(
                "{hundredths} hundredths is not a percentage from 0 to 100"
            ))
        })?;
    let ranking = strength::standard_ranking();
    let range = Range::from_classes(ranking.top(percent).iter().copied());
    to_js(&RangeView::of(&range))
}

/// One item of [`explain_range`] (and of Short Deck's, in the board module).
#[cfg(any(feature = "wasm-extra", feature = "wasm-board"))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ExplainItemView {
    /// The item as typed, and its 1-based character position.
    token: String,
    position: usize,
    /// Canonical text of what it covers, at full weight.
    text: String,
    /// What it stands for, in other words than its text (`AKs` → its four
    /// combos, `QQ+` → `AA, KK, QQ`).
    stands_for: String,
    /// Whole classes covered (labels), then single combos (`"AhKh"`).
    classes: Vec<String>,
    combos: Vec<String>,
    combo_count: u32,
    /// The weight it gives them: 0..1, and as range text writes it.
    weight: f64,
    weight_text: String,
}

/// What [`explain_range`] returns.
#[cfg(any(feature = "wasm-extra", feature = "wasm-board"))]
#[derive(Serialize)]
struct ExplainView {
    ok: bool,
    items: Vec<ExplainItemView>,
    error: Option<RangeErrorView>,
}

/// Explains range text item by item: `{ok, items: [{token, position, text,
/// standsFor, classes, combos, comboCount, weight, weightText}], error}`. Never throws:
/// a value that is not text is an error in the answer. In the extra
/// module: the range editor's "Explain" loads it when opened, and the
/// first number need not wait for it.
#[cfg(feature = "wasm-extra")]
#[wasm_bindgen]
pub fn explain_range(text: JsValue) -> Result<JsValue, JsValue> {
    match args::text(&text, "the range") {
        Ok(text) => explain_range_str(&text),
        Err(message) => to_js(&ExplainView {
            ok: false,
            items: Vec::new(),
            error: Some(RangeErrorView {
                message,
                position: None,
            }),
        }),
    }
}

#[cfg(feature = "wasm-extra")]
pub(super) fn explain_range_str(text: &str) -> Result<JsValue, JsValue> {
    explain_to_js(range::explain(text, Some(strength::standard_ranking())).map_err(|e| (&e).into()))
}

/// [`explain_range`]'s answer for `items` (or the error).
#[cfg(any(feature = "wasm-extra", feature = "wasm-board"))]
pub(super) fn explain_to_js(
    items: Result<Vec<range::ExplainItem>, RangeErrorView>,
) -> Result<JsValue, JsValue> {
    let view = match items {
        Ok(items) => ExplainView {
            ok: true,
            items: items
                .into_iter()
                .map(|item| ExplainItemView {
                    token: item.token,
                    position: item.position,
                    text: item.text,
                    stands_for: item.stands_for,
                    classes: item.classes.iter().map(|c| c.label()).collect(),
                    combos: item
                        .combos
                        .iter()
                        .map(|c| format_cards_compact(&c.cards()))
                        .collect(),
                    combo_count: item.combo_count,
                    weight: item.weight.as_f64(),
                    weight_text: item.weight.to_string(),
                })
                .collect(),
            error: None,
        },
        Err(err) => ExplainView {
            ok: false,
            items: Vec::new(),
            error: Some(err),
        },
    };
    to_js(&view)
}
