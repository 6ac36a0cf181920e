//! Equity jobs.

use serde::Serialize;
use std::cell::OnceCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::equity::{
    table_fits, Counts, Estimate, Exact, ExactJob, MonteCarlo, Plan, Spec, Tally, MAX_EXACT_COUNT,
    MAX_PLAYERS,
};

use super::{
    args,
    check::{boards_per_deal, scenario_args, FieldError},
    error, field_error,
    table::preflop_table,
    to_js,
};

/// An opened equity job: the scenario parsed once, then computed chunk by
/// chunk (each worker opens its own copy). See the module docs.
#[cfg(feature = "wasm-core")]
#[wasm_bindgen]
pub struct Job {
    players: usize,
    labels: Vec<String>,
    /// `Some` when the job is enumerated exactly.
    exact: Option<ExactJob>,
    /// Units of the exact job (0 for Monte Carlo).
    units: u32,
    /// The Monte Carlo dealer, built the first time trials are asked for:
    /// for ranges it costs more than opening the exact job (0.25–0.45 ms
    /// natively for three ranges), and most jobs never sample.
    monte_carlo: OnceCell<MonteCarlo>,
    spec: Spec,
    boards: u32,
    /// Evaluations of an exact enumeration (saturating: may exceed 2^53).
    cost: u64,
    why_sampled: Option<String>,
    ranges: bool,
    table_fits: bool,
    uses_table: bool,
}

/// The methods a job can be asked for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum JobMethod {
    Auto,
    Exact,
    MonteCarlo,
}

impl JobMethod {
    pub(super) fn parse(text: &str) -> Result<JobMethod, JsValue> {
        match text {
            "auto" => Ok(JobMethod::Auto),
            "exact" => Ok(JobMethod::Exact),
            "monte-carlo" => Ok(JobMethod::MonteCarlo),
            _ => Err(field_error(
                "method",
                format!(
                    "unknown method {} (methods are auto, exact, monte-carlo)",
                    crate::quote::quote(text)
                ),
            )),
        }
    }
}

#[cfg(feature = "wasm-core")]
#[wasm_bindgen]
impl Job {
    /// Opens a job from text as typed: each player two cards or a range.
    /// `method` is `"auto"` (exact unless it costs more than the engine's
    /// limit; then Monte Carlo, and `why_sampled` says why), `"exact"`
    /// (exact up to a far higher limit, about an hour; Monte Carlo beyond,
    /// saying why) or `"monte-carlo"`. `table` says whether to answer heads-up preflop
    /// ranges from the preflop table: `undefined` when it is loaded, `true`
    /// requires it (the job's units then match a planner that had it),
    /// `false` never.
    ///
    /// Throws an `Error` with the core's message and a `field` property
    /// (`"p2"`, `"board"`, `"dead"`, `"players"`, `"method"` or `"table"`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        players: JsValue,
        board: JsValue,
        dead: JsValue,
        method: JsValue,
        table: Option<bool>,
    ) -> Result<Job, JsValue> {
        let (players, board, dead) = scenario_args(&players, &board, &dead)?;
        let method = args::text(&method, "the method").map_err(|m| field_error("method", m))?;
        Job::open(&players, &board, &dead, &method, table)
    }
}

#[cfg(feature = "wasm-core")]
impl Job {
    /// [`Job::new`] for texts.
    pub(super) fn open(
        players: &[String],
        board: &str,
        dead: &str,
        method: &str,
        table: Option<bool>,
    ) -> Result<Job, JsValue> {
        let method = JobMethod::parse(method)?;
        let spec = Spec::parse(players, board, dead).map_err(|err| FieldError::from(&err))?;
        let fits = table_fits(&spec);
        let table =
            match (table, fits) {
                (Some(false), _) | (_, false) => None,
                (None, true) => preflop_table(),
                (Some(true), true) => Some(preflop_table().ok_or_else(|| {
                    field_error("table", "the heads-up preflop table is not loaded")
                })?),
            };
        let plan = Plan::new(&spec, table);
        // Exact when asked for, unless it would not end (or not fit): then
        // Monte Carlo, saying why, as under "auto".
        let (exact, why_sampled) = match method {
            JobMethod::Auto => (plan.affordable(), plan.why_sampled()),
            JobMethod::Exact => (plan.can_force(), plan.why_not_forcible()),
            JobMethod::MonteCarlo => (false, None),
        };
        let exact = exact.then(|| plan.open(&spec));
        let uses_table = matches!(&exact, Some(ExactJob::Ranges(r)) if r.uses_table());
        Ok(Job {
            players: spec.players().len(),
            labels: (0..spec.players().len())
                .map(|i| spec.player_label(i))
                .collect(),
            // `feasible` bounds the units by u32::MAX.
            units: exact
                .as_ref()
                .map_or(0, |e| e.total_units().min(u64::from(u32::MAX)) as u32),
            why_sampled,
            exact,
            monte_carlo: OnceCell::new(),
            boards: boards_per_deal(&spec),
            cost: plan.cost(),
            ranges: spec.has_ranges(),
            table_fits: fits,
            uses_table,
            spec,
        })
    }
}

#[cfg(feature = "wasm-core")]
#[wasm_bindgen]
impl Job {
    /// Whether some player holds a range.
    #[wasm_bindgen(getter)]
    pub fn ranges(&self) -> bool {
        self.ranges
    }

    /// Whether the preflop table would answer this job (ranges, heads-up,
    /// no board, no dead cards), loaded or not.
    #[wasm_bindgen(getter)]
    pub fn table_fits(&self) -> bool {
        self.table_fits
    }

    /// Whether this job's exact units are answered from the preflop table
    /// (then a unit is one of player 1's combos).
    #[wasm_bindgen(getter)]
    pub fn uses_table(&self) -> bool {
        self.uses_table
    }

    /// Number of players (a tally has `2^players` counts).
    #[wasm_bindgen(getter)]
    pub fn players(&self) -> usize {
        self.players
    }

    /// Whether the job is enumerated exactly (else: Monte Carlo).
    #[wasm_bindgen(getter)]
    pub fn exact(&self) -> bool {
        self.exact.is_some()
    }

    /// Each player's hole cards, canonical and compact: `["AhKh", "QsQd"]`.
    #[wasm_bindgen(getter)]
    pub fn labels(&self) -> Vec<String> {
        self.labels.clone()
    }

    /// Boards an exact enumeration visits per deal of hands.
    #[wasm_bindgen(getter)]
    pub fn boards(&self) -> u32 {
        self.boards
    }

    /// Evaluations an exact enumeration costs (at most), as decimal text:
    /// it can exceed 2^53.
    #[wasm_bindgen(getter)]
    pub fn cost(&self) -> String {
        self.cost.to_string()
    }

    /// Whether an exact enumeration costs at most `limit` evaluations
    /// (false for a `limit` that is not a number).
    pub fn cost_at_most(&self, limit: f64) -> bool {
        limit >= 0.0 && self.cost as f64 <= limit
    }

    /// Why `"auto"` chose Monte Carlo, for people: `"too many boards for
    /// exact (≈9.6e15 evaluations): Monte Carlo"`; `undefined` when the job
    /// is exact or Monte Carlo was asked for.
    #[wasm_bindgen(getter)]
    pub fn why_sampled(&self) -> Option<String> {
        self.why_sampled.clone()
    }

    /// Units of an exact job (0 for Monte Carlo): chunks are strided over
    /// them.
    pub fn total_units(&self) -> u32 {
        self.units
    }

    /// Chunk `first` of `stride` strided chunks (units `first`, `first +
    /// stride`, …) as a tally. Throws unless the job is exact and
    /// `first < stride`.
    pub fn run_strided(&self, first: u32, stride: u32) -> Result<Vec<f64>, JsValue> {
        self.run_chunks(&[first], stride)
    }

    /// Several strided chunks of `stride`, their tallies concatenated in
    /// the order asked.
    pub fn run_chunks(&self, firsts: &[u32], stride: u32) -> Result<Vec<f64>, JsValue> {
        let exact = self
            .exact
            .as_ref()
            .ok_or_else(|| error("this job is Monte Carlo: run trials, not chunks"))?;
        if let Some(bad) = firsts.iter().find(|&&c| c >= stride) {
            return Err(error(format!(
                "chunk {bad} is not one of the {stride} chunks"
            )));
        }
        let mut out = Vec::with_capacity(firsts.len() << self.players);
        for &first in firsts {
            let tally = exact.run_strided(first as u64, stride as u64);
            out.extend(tally.by_winners().iter().map(|&n| n as f64));
        }
        Ok(out)
    }

    /// `trials` random deals for Monte Carlo chunk `chunk` of a job seeded
    /// `seed`, as a tally. Reproducible: the same arguments give the same
    /// counts on any worker.
    pub fn run_trials(&self, seed: u32, chunk: u32, trials: u32) -> Vec<f64> {
        self.run_trial_chunks(seed, &[chunk], trials)
    }

    /// Several Monte Carlo chunks of `trials` each, tallies concatenated.
    pub fn run_trial_chunks(&self, seed: u32, chunks: &[u32], trials: u32) -> Vec<f64> {
        let mut out = Vec::with_capacity(chunks.len() << self.players);
        for &chunk in chunks {
            let tally = self
                .monte_carlo
                .get_or_init(|| MonteCarlo::new(&self.spec))
                .run(seed as u64, chunk as u64, trials as u64);
            out.extend(tally.by_winners().iter().map(|&n| n as f64));
        }
        out
    }
}

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
#[cfg(feature = "wasm-core")]
#[wasm_bindgen]
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

/// A small job (a few milliseconds: AhKh vs QsQd on a flop, then preflop)
/// that runs the evaluator and the exact engine's hot loops, so that a
/// fresh instance's first real chunk does not pay for the first calls and
/// the engine's code is hot enough to be optimised. Returns the showdowns
/// counted (1,713,294).
#[cfg(feature = "wasm-core")]
#[wasm_bindgen]
pub fn warm_up() -> f64 {
    ["2h7hTc", ""]
        .iter()
        .filter_map(|board| Spec::parse(&["AhKh", "QsQd"], board, "").ok())
        .map(|spec| Exact::new(&spec).run_all().showdowns() as f64)
        .sum()
}
