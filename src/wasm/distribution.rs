//! The equity distribution of a player's range (`equity::distribution`),
//! for the page's chart (`www/ui/distribution-view.js`): one call on the
//! calling thread, exact when affordable, else every combo sampled with
//! its ± (extra module; self-contained).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::card::format_cards_compact;
use crate::equity::distribution::{DistributionJob, BUCKETS};
use crate::equity::{Spec, DEFAULT_SEED};

use super::check::{scenario_args, FieldError};
use super::{args, field_error, to_js};

#[derive(Serialize)]
struct PointView {
    combo: String,
    /// Relative to the range's heaviest combo (1).
    weight: f64,
    /// The combo's share of the deals (the shares sum to 1).
    share: f64,
    equity: f64,
    /// One standard error (0 when exact).
    stderr: f64,
}

#[derive(Serialize)]
struct DistributionView {
    /// 0-based, as asked; the range's text (canonical).
    player: usize,
    range: String,
    exact: bool,
    /// Trials per combo when sampled (0 when exact).
    trials: f64,
    mean: f64,
    stderr: f64,
    /// Lower edges, and the shares (summing to 1) in each bucket.
    edges: Vec<f64>,
    buckets: Vec<f64>,
    /// Strongest first.
    points: Vec<PointView>,
}

/// Player `player`'s (0-based) range, each combo against the others as
/// the scenario's texts give them: `{player, range, exact, trials, mean,
/// stderr, edges, buckets, points: [{combo, weight, share, equity, stderr}]}`,
/// points strongest first. `trials` (at least 1) is shared out over the
/// combos when they are sampled (exact when all of them together cost at
/// most the exact limit). Throws an `Error` with a `field` for a bad
/// scenario, a player who does not hold a range (`p1`…), or bad numbers.
#[wasm_bindgen]
pub fn equity_distribution(
    players: JsValue,
    board: JsValue,
    dead: JsValue,
    player: f64,
    trials: f64,
) -> Result<JsValue, JsValue> {
    let (players, board, dead) = scenario_args(&players, &board, &dead)?;
    let spec = Spec::parse(&players, &board, &dead).map_err(|err| FieldError::from(&err))?;
    let n = spec.players().len() as u32;
    let player =
        args::whole(player, "the player", 0, n - 1).map_err(|m| field_error("player", m))? as usize;
    let trials =
        args::whole(trials, "the trials", 1, u32::MAX).map_err(|m| field_error("trials", m))?;
    let table = super::table::preflop_table();
    let job = DistributionJob::new(&spec, player, table, false)
        .map_err(|e| field_error(&format!("p{}", player + 1), e.to_string()))?;
    let per_point = job.point_trials(u64::from(trials));
    let d = job.run_all(DEFAULT_SEED, per_point);
    let heaviest = f64::from(d.points.iter().map(|p| p.weight).max().unwrap_or(1).max(1));
    let view = DistributionView {
        player,
        range: spec.player_label(player),
        exact: d.exact,
        trials: if d.exact { 0.0 } else { per_point as f64 },
        mean: d.mean(),
        stderr: d.error(),
        edges: BUCKETS.to_vec(),
        buckets: d.buckets(&BUCKETS),
        points: d
            .points
            .iter()
            .zip(d.shares())
            .map(|(p, share)| PointView {
                combo: format_cards_compact(&p.cards),
                weight: f64::from(p.weight) / heaviest,
                share,
                equity: p.equity(),
                stderr: p.error,
            })
            .collect(),
    };
    to_js(&view)
}
