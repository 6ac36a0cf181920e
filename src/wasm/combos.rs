//! A range's combos one by one, with their weights (the JS API's
//! `parseRange`; the page's grid reads `parse_range`'s per-class view).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::range::parse_with_ranking;
use super::{args, to_js};
use crate::range::COMBOS;

/// One combo of a range.
#[derive(Serialize)]
struct ComboView {
    /// `"AhKh"`: the two cards, higher rank first.
    cards: String,
    /// The weight, 0 < w ≤ 1, in thousandths exact (`permille`).
    weight: f64,
    permille: u16,
}

/// An error in range text, with the 1-based character it points at.
#[derive(Serialize)]
struct ErrorView {
    message: String,
    position: Option<usize>,
}

/// What [`range_combos`] returns.
#[derive(Serialize)]
struct CombosView {
    ok: bool,
    /// Canonical text (`""` on an error).
    text: String,
    /// Every combo with a weight above zero, in the engine's combo order.
    combos: Vec<ComboView>,
    /// Combos with a weight above zero, and their weights' sum.
    count: u32,
    weighted: f64,
    /// `weighted` as a percentage of all 1,326 combos.
    percent: f64,
    error: Option<ErrorView>,
}

impl CombosView {
    fn error(message: String, position: Option<usize>) -> CombosView {
        CombosView {
            ok: false,
            text: String::new(),
            combos: Vec::new(),
            count: 0,
            weighted: 0.0,
            percent: 0.0,
            error: Some(ErrorView { message, position }),
        }
    }
}

/// Reads range text (`QQ+, AKs`, `AK@50`, `10%`, `AhKh`) into its combos:
/// `{ok, text, combos: [{cards, weight, permille}], count, weighted,
/// percent, error: {message, position} | null}`. Never throws: a value
/// that is not text, or text that is not a range (or an empty one), is an
/// error in the answer.
#[wasm_bindgen]
pub fn range_combos(text: JsValue) -> Result<JsValue, JsValue> {
    let text = match args::text(&text, "the range") {
        Ok(text) => text,
        Err(message) => return to_js(&CombosView::error(message, None)),
    };
    let range = match parse_with_ranking(&text) {
        Ok(range) if range.is_empty() => {
            return to_js(&CombosView::error(
                crate::range::RangeError::Empty.to_string(),
                None,
            ))
        }
        Ok(range) => range,
        Err(err) => return to_js(&CombosView::error(err.to_string(), err.position())),
    };
    let weighted = range.weighted_count();
    to_js(&CombosView {
        ok: true,
        text: range.to_string(),
        combos: range
            .combos()
            .map(|(cards, w)| ComboView {
                cards: cards.to_string(),
                weight: w.as_f64(),
                permille: w.permille(),
            })
            .collect(),
        count: range.combo_count(),
        weighted,
        percent: weighted / COMBOS as f64 * 100.0,
        error: None,
    })
}
