//! Equity as a view of counts: [`estimate`] (a Hold'em-shaped tally's
//! win, tie and equity with their errors, split pots) and its helpers,
//! shared with Omaha's `pot_estimate.rs` and `Job::estimate`.

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::equity::{Counts, Estimate, Tally, MAX_EXACT_COUNT, MAX_PLAYERS};

use super::{args, error, to_js};

/// Largest count accepted from JS (2^53: beyond it `f64` loses integers).
pub(super) const MAX_COUNT: f64 = MAX_EXACT_COUNT as f64;

/// One player's numbers in [`estimate`]'s answer.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PlayerResult {
    /// Fractions 0..1 of all showdowns: won alone, split, and pot share.
    win: f64,
    tie: f64,
    equity: f64,
    /// Standard error of `equity` (0 when exact).
    std_error: f64,
    /// Standard errors of `win` and `tie` (0 when exact).
    win_error: f64,
    tie_error: f64,
    /// Counts over the showdowns merged so far.
    wins: u64,
    ties: u64,
    losses: u64,
}

/// A split pot in [`estimate`]'s answer (and `pot_estimate`'s).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Split {
    /// Who shared it, 1-based: `[1, 3]`.
    players: Vec<usize>,
    count: u64,
    /// Standard error of its share of the showdowns (`count / showdowns`),
    /// as the equities' (0 when exact).
    std_error: f64,
}

/// What [`estimate`] returns.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
///
/// Its counts (`showdowns`, `wins`, `ties`, `losses`, a split's `count`) are
/// sums of the counts given, which [`estimate`] checks add up to at most
/// 2^53: they are exact JS numbers by construction.
struct EstimateResult {
    exact: bool,
    /// The standard errors mean something (enough chunks or trials in; see
    /// `equity::estimate`): a partial that is neither exact nor reliable
    /// must not be shown as numbers.
    reliable: bool,
    chunks: u64,
    total_chunks: u64,
    showdowns: u64,
    players: Vec<PlayerResult>,
    splits: Vec<Split>,
    /// Standard error of the share of showdowns that were split pots, all
    /// splits together (0 when exact).
    split_error: f64,
}

/// Equity so far from the tallies of the chunks done (concatenated, each
/// `2^players` counts).
///
/// For an exact job (`exact = true`) the tallies are strided chunks of
/// `total_chunks`, done in random order: the result is the engine's ratio
/// estimate with standard errors, and exact once every chunk is in. For
/// Monte Carlo they are merged and the per-trial standard error is used.
///
/// Returns `{exact, reliable, chunks, totalChunks, showdowns, players:
/// [{win, tie, equity, stdError, winError, tieError, wins, ties, losses}],
/// splits: [{players, count, stdError}], splitError}`: show the numbers
/// only when `exact || reliable`. Throws for
/// counts that are not a whole number of tallies of integers, `players` not
/// 2 to 10, `total_chunks` not a whole number from 1.
#[cfg_attr(feature = "wasm-core", wasm_bindgen)]
pub fn estimate(
    players: f64,
    tallies: JsValue,
    total_chunks: f64,
    exact: bool,
) -> Result<JsValue, JsValue> {
    let players = args::whole(players, "players", 2, MAX_PLAYERS as u32).map_err(error)? as usize;
    let total_chunks = args::whole(total_chunks, "total chunks", 1, u32::MAX).map_err(error)?;
    let counts = if let Some(array) = tallies.dyn_ref::<js_sys::Float64Array>() {
        if array.length() > MAX_TALLY_COUNTS {
            return Err(error(format!(
                "{} counts; at most {MAX_TALLY_COUNTS}",
                array.length()
            )));
        }
        array.to_vec()
    } else if js_sys::Array::is_array(&tallies) {
        let array: &js_sys::Array = tallies.unchecked_ref();
        if array.length() > MAX_TALLY_COUNTS {
            return Err(error(format!(
                "{} counts; at most {MAX_TALLY_COUNTS}",
                array.length()
            )));
        }
        (0..array.length())
            .map(|i| array.get(i).as_f64().unwrap_or(f64::NAN))
            .collect()
    } else {
        return Err(error(format!(
            "the tallies: expected a Float64Array of counts, got {}",
            args::kind(&tallies)
        )));
    };
    estimate_counts(players, &counts, total_chunks, exact)
}

/// Most counts [`estimate`] takes at once (the page sends at most 2^18).
pub(super) const MAX_TALLY_COUNTS: u32 = 1 << 20;

pub(super) fn estimate_counts(
    players: usize,
    tallies: &[f64],
    total_chunks: u32,
    exact: bool,
) -> Result<JsValue, JsValue> {
    if !(2..=MAX_PLAYERS).contains(&players) {
        return Err(error(format!(
            "a tally is for 2 to {MAX_PLAYERS} players, got {players}"
        )));
    }
    let width = 1usize << players;
    if tallies.is_empty() || tallies.len() % width != 0 {
        return Err(error(format!(
            "expected tallies of {width} counts each, got {} counts",
            tallies.len()
        )));
    }
    let mut sum = 0f64;
    for (i, &n) in tallies.iter().enumerate() {
        if !(n >= 0.0 && n.fract() == 0.0 && n <= MAX_COUNT) {
            return Err(error(format!(
                "count {i} is not a whole number from 0 to 2^53"
            )));
        }
        sum += n;
    }
    if sum > MAX_COUNT {
        return Err(error("more showdowns than a count can hold"));
    }
    let chunks: Vec<Tally> = tallies
        .chunks(width)
        .filter_map(|c| Tally::from_counts(players, c.iter().map(|&n| n as u64).collect()))
        .collect();
    let mut merged = Tally::new(players);
    for c in &chunks {
        merged += c;
    }
    let est = if exact {
        Estimate::from_chunks(&chunks, total_chunks as u64)
            .ok_or_else(|| error("no chunks to estimate from"))?
    } else {
        Estimate::from_trials(&merged)
    };
    to_js(&EstimateResult {
        exact: est.exact,
        reliable: est.reliable,
        chunks: est.chunks,
        total_chunks: est.total_chunks,
        showdowns: merged.showdowns(),
        players: est
            .players
            .iter()
            .enumerate()
            .map(|(p, e)| PlayerResult {
                win: e.win,
                tie: e.tie,
                equity: e.equity,
                std_error: e.std_error,
                win_error: e.win_error,
                tie_error: e.tie_error,
                wins: merged.wins(p),
                ties: merged.ties(p),
                losses: merged.losses(p),
            })
            .collect(),
        splits: splits(&chunks, &merged, total_chunks, exact),
        split_error: Estimate::share_error(
            &chunks,
            &merged,
            total_chunks as u64,
            exact,
            Counts::split_pots,
        ),
    })
}

/// The split pots of `merged` (the sum of `chunks`), each with the
/// standard error of its share (see [`Estimate::share_error`]); also
/// Omaha's (`pot_estimate`).
pub(super) fn splits<C: Counts>(
    chunks: &[C],
    merged: &C,
    total_chunks: u32,
    exact: bool,
) -> Vec<Split> {
    let players = merged.players();
    (0..1usize << players)
        .filter(|&mask| mask.count_ones() > 1)
        .filter_map(|mask| {
            let count = merged.split_count(mask);
            (count > 0).then(|| Split {
                players: (0..players)
                    .filter(|p| mask >> p & 1 == 1)
                    .map(|p| p + 1)
                    .collect(),
                count,
                std_error: Estimate::share_error(
                    chunks,
                    merged,
                    u64::from(total_chunks),
                    exact,
                    |c| c.split_count(mask),
                ),
            })
        })
        .collect()
}
