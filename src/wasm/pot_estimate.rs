//! Omaha's estimate on the page: [`pot_estimate`] (called by
//! `Job::estimate`) reads the counts of an Omaha job's chunks (`PotCounts`
//! in their flat layout, see `omaha::counts::flat_len`) and answers
//! `estimate`'s shape plus Hi-Lo's parts.
//!
//! **Hi-Lo's shares** (fractions of the showdowns, each with its error):
//! the scoop (`win`: the whole pot alone); the high share (the player's
//! expected part of the high half, a tie of `k` players counted `1/k`:
//! the players' high shares add up to 1); the low share (the same for the
//! low half, on the boards with a qualifying low; a board without one has
//! no low half, its whole pot goes to the high, and it counts in
//! `noLowShare`: the low shares and `noLowShare` add up to 1); the equity
//! (the pot share: they add up to 1). Shares come from the core's integer
//! counts (`PotCounts::high_share_units`…); only fractions, errors and
//! counts below 2^53 cross to JS.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::board_game::MAX_PLAYERS;
use crate::equity::{Counts, Estimate, SHARE};
use crate::omaha::{flat_len, PotCounts};

use super::{
    args, error,
    estimate::{splits, Split, MAX_COUNT},
    to_js,
};

/// One player's Omaha result: the shares and the counts they come from.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PotPlayer {
    /// Fractions of showdowns: scooped (the whole pot alone), part of it.
    win: f64,
    tie: f64,
    equity: f64,
    std_error: f64,
    win_error: f64,
    tie_error: f64,
    /// Counts (sums of the counts given, at most 2^53).
    wins: u64,
    ties: u64,
    losses: u64,
    /// Halves (the whole pot without a low) won alone and split.
    high_wins: u64,
    high_ties: u64,
    low_wins: u64,
    low_ties: u64,
    quartered: u64,
    /// Standard errors of the shares of showdowns (each count over
    /// `showdowns`) of the high halves won or split, the high halves split,
    /// the same for low, and the quartered pots (0 when exact; a scoop's is
    /// `winError`).
    high_error: f64,
    high_ties_error: f64,
    low_error: f64,
    low_ties_error: f64,
    quartered_error: f64,
    /// Hi-Lo: the expected part of the high half and of the low half (see
    /// the module docs), fractions with their standard errors.
    high_share: f64,
    high_share_error: f64,
    low_share: f64,
    low_share_error: f64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PotEstimate {
    exact: bool,
    reliable: bool,
    chunks: u64,
    total_chunks: u64,
    showdowns: u64,
    /// Showdowns without a qualifying low (all of them in Omaha high).
    no_low: u64,
    /// `noLow` as a fraction of the showdowns, and its error.
    no_low_share: f64,
    no_low_error: f64,
    players: Vec<PotPlayer>,
    splits: Vec<Split>,
    /// As `estimate`'s: the error of the share of split pots, all together.
    split_error: f64,
}

/// Omaha's estimate from the counts of the chunks done (concatenated, each
/// `flat_len(players)` counts; see the module docs): `estimate`'s answer
/// (`{exact, reliable, chunks, totalChunks, showdowns, players: [{win,
/// tie, equity, stdError, wins, ties, losses}], splits}`, a win being a
/// scoop; `splits`, `splitError`) plus `noLow` and per player `highWins`,
/// `highTies`, `lowWins`, `lowTies`, `quartered` and the standard errors
/// of their shares of the showdowns, `highError` (won or split),
/// `highTiesError`, `lowError`, `lowTiesError`, `quarteredError`; Hi-Lo's
/// shares (module docs) `highShare`, `lowShare` per player and
/// `noLowShare`, each with its error (`highShareError`, `lowShareError`,
/// `noLowError`). Throws
/// for counts that are not whole chunks of whole numbers that fit
/// together, or sums beyond 2^53.
pub(super) fn pot_estimate(
    players: f64,
    counts: JsValue,
    total_chunks: f64,
    exact: bool,
) -> Result<JsValue, JsValue> {
    let players = args::whole(players, "players", 2, MAX_PLAYERS as u32).map_err(error)? as usize;
    let total_chunks = args::whole(total_chunks, "total chunks", 1, u32::MAX).map_err(error)?;
    let Some(array) = counts.dyn_ref::<js_sys::Float64Array>() else {
        return Err(error(format!(
            "the counts: expected a Float64Array, got {}",
            args::kind(&counts)
        )));
    };
    let width = flat_len(players);
    let len = array.length() as usize;
    if len == 0 || len % width != 0 || len > (1 << 20) {
        return Err(error(format!(
            "expected chunks of {width} counts each (at most 2^20 counts), got {len} counts"
        )));
    }
    let flat = array.to_vec();
    if let Some(i) = flat
        .iter()
        .position(|&n| !(n >= 0.0 && n.fract() == 0.0 && n <= MAX_COUNT))
    {
        return Err(error(format!(
            "count {i} is not a whole number from 0 to 2^53"
        )));
    }
    let mut chunks = Vec::with_capacity(len / width);
    for (i, c) in flat.chunks(width).enumerate() {
        let c: Vec<u128> = c.iter().map(|&n| n as u128).collect();
        let counts = PotCounts::from_flat(players, &c)
            .ok_or_else(|| error(format!("chunk {i}'s counts do not fit together")))?;
        chunks.push(counts);
    }
    let mut merged = PotCounts::new(players);
    for c in &chunks {
        merged += c;
    }
    if merged.flat().iter().any(|&n| n as f64 > MAX_COUNT) {
        return Err(error("more showdowns than a count can hold"));
    }
    let est = if exact {
        Estimate::from_chunks(&chunks, u64::from(total_chunks))
            .ok_or_else(|| error("no chunks to estimate from"))?
    } else {
        Estimate::from_trials(&merged)
    };
    let error_of = |count: &dyn Fn(&PotCounts) -> u64| {
        Estimate::share_error(&chunks, &merged, u64::from(total_chunks), exact, count)
    };
    let mean_error = |units: &dyn Fn(&PotCounts) -> u64, squares: &dyn Fn(&PotCounts) -> u128| {
        let total = u64::from(total_chunks);
        Estimate::mean_error(&chunks, &merged, total, exact, SHARE, units, squares)
    };
    let n = merged.showdowns().max(1) as f64;
    let share = |units: u64| units as f64 / (n * SHARE as f64);
    to_js(&PotEstimate {
        exact: est.exact,
        reliable: est.reliable,
        chunks: est.chunks,
        total_chunks: est.total_chunks,
        showdowns: merged.showdowns(),
        no_low: merged.no_low(),
        no_low_share: merged.no_low() as f64 / n,
        no_low_error: error_of(&PotCounts::no_low),
        players: est
            .players
            .iter()
            .enumerate()
            .map(|(p, e)| PotPlayer {
                win: e.win,
                tie: e.tie,
                equity: e.equity,
                std_error: e.std_error,
                win_error: e.win_error,
                tie_error: e.tie_error,
                wins: merged.scoops(p),
                ties: merged.shared(p),
                losses: merged.losses(p),
                high_wins: merged.high_wins(p),
                high_ties: merged.high_ties(p),
                low_wins: merged.low_wins(p),
                low_ties: merged.low_ties(p),
                quartered: merged.quartered(p),
                high_error: error_of(&|c| c.high_wins(p) + c.high_ties(p)),
                high_ties_error: error_of(&|c| c.high_ties(p)),
                low_error: error_of(&|c| c.low_wins(p) + c.low_ties(p)),
                low_ties_error: error_of(&|c| c.low_ties(p)),
                quartered_error: error_of(&|c| c.quartered(p)),
                high_share: share(merged.high_share_units(p)),
                high_share_error: mean_error(&|c| c.high_share_units(p), &|c| {
                    c.high_share_squares(p)
                }),
                low_share: share(merged.low_share_units(p)),
                low_share_error: mean_error(&|c| c.low_share_units(p), &|c| c.low_share_squares(p)),
            })
            .collect(),
        splits: splits(&chunks, &merged, total_chunks, exact),
        split_error: error_of(&PotCounts::split_pots),
    })
}
