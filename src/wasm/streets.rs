//! Equity street by street (`equity::streets`) for the page's histogram
//! (`www/ui/distribution-view.js`): one call on the calling thread (extra
//! module; self-contained).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::equity::streets::{streets, BINS};
use crate::equity::{Spec, DEFAULT_SEED};

use super::check::{scenario_args, FieldError};
use super::{args, field_error, to_js};

#[derive(Serialize)]
struct StreetsView {
    player: usize,
    /// "flop", "turn" or "river"; how many of them were counted.
    street: &'static str,
    streets: usize,
    exact: bool,
    mean: f64,
    stderr: f64,
    ahead: f64,
    drawing: f64,
    dead: f64,
    /// Shares (summing to 1) of 20 bins of 5% equity.
    bins: Vec<f64>,
}

/// Player `player`'s (0-based) equity on each next street of the
/// scenario: `{player, street, streets, exact, mean, stderr, ahead,
/// drawing, dead, bins[20]}`. Throws an `Error` with a `field` for a bad
/// scenario, a complete board (`board`) or a bad player number.
#[wasm_bindgen]
pub fn equity_streets(
    players: JsValue,
    board: JsValue,
    dead: JsValue,
    player: f64,
) -> Result<JsValue, JsValue> {
    let (players, board, dead) = scenario_args(&players, &board, &dead)?;
    let spec = Spec::parse(&players, &board, &dead).map_err(|err| FieldError::from(&err))?;
    let n = spec.players().len() as u32;
    let player =
        args::whole(player, "the player", 0, n - 1).map_err(|m| field_error("player", m))? as usize;
    let s =
        streets(&spec, player, DEFAULT_SEED).map_err(|e| field_error("board", e.to_string()))?;
    let [ahead, drawing, dead] = s.ahead_drawing_dead();
    debug_assert_eq!(s.bins().len(), BINS);
    to_js(&StreetsView {
        player,
        street: s.name(),
        streets: s.streets.len(),
        exact: s.exact,
        mean: s.mean(),
        stderr: s.error(),
        ahead,
        drawing,
        dead,
        bins: s.bins(),
    })
}
