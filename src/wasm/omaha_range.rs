//! Omaha ranges on the page (the Omaha box's "Explain this range"):
//!
//! ```text
//!   explain_omaha_range("omaha", "AA:$ds, $rd")
//!   // {ok, text, hands, weighted, total, items: [{token, position, text, meaning, hands, weight}], error}
//! ```

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::card::CardSet;
use crate::game::{Family, Game};
use crate::omaha::OmahaRange;

use super::{args, to_js};

#[derive(Serialize)]
struct ItemView {
    token: String,
    position: usize,
    text: String,
    meaning: String,
    hands: f64,
    weight: f64,
}

#[derive(Serialize)]
struct ErrorView {
    message: String,
    position: Option<usize>,
}

#[derive(Serialize)]
struct ExplainView {
    ok: bool,
    /// Canonical text.
    text: String,
    /// Hands of the range, their weighted count, all hands of the game.
    hands: f64,
    weighted: f64,
    total: f64,
    items: Vec<ItemView>,
    error: Option<ErrorView>,
}

fn failed(message: String, position: Option<usize>) -> ExplainView {
    ExplainView {
        ok: false,
        text: String::new(),
        hands: 0.0,
        weighted: 0.0,
        total: 0.0,
        items: Vec::new(),
        error: Some(ErrorView { message, position }),
    }
}

/// Explains an Omaha range of game `game` (`omaha`, `omaha5`, …) item by
/// item, with its hands counted. Never throws: bad arguments are an error
/// in the answer.
#[cfg(feature = "wasm-board")]
#[wasm_bindgen]
pub fn explain_omaha_range(game: JsValue, text: JsValue) -> Result<JsValue, JsValue> {
    let view = match (
        args::text(&game, "the game"),
        args::text(&text, "the range"),
    ) {
        (Err(m), _) | (_, Err(m)) => failed(m, None),
        (Ok(game), Ok(text)) => explain(&game, &text),
    };
    to_js(&view)
}

fn explain(game: &str, text: &str) -> ExplainView {
    let game = match game.parse::<Game>() {
        Ok(g) if g.family() == Family::Omaha => g,
        Ok(g) => return failed(format!("{} has no Omaha ranges", g.name()), None),
        Err(e) => return failed(e.to_string(), None),
    };
    let range = match OmahaRange::parse(text, game.hand_cards()) {
        Ok(r) => r,
        Err(e) => return failed(e.to_string(), e.position()),
    };
    let counts = range.counts(CardSet::EMPTY);
    ExplainView {
        ok: counts.hands > 0,
        text: range.to_string(),
        hands: counts.hands as f64,
        weighted: counts.weight_permille as f64 / 1000.0,
        total: counts.total as f64,
        items: range
            .explain(CardSet::EMPTY)
            .into_iter()
            .map(|i| ItemView {
                token: i.token,
                position: i.position,
                text: i.text,
                meaning: i.meaning,
                hands: i.hands as f64,
                weight: i.weight.as_f64(),
            })
            .collect(),
        error: (counts.hands == 0).then(|| ErrorView {
            message: "the range holds no hand".into(),
            position: None,
        }),
    }
}
