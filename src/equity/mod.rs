//! Who wins how often: exact enumeration and Monte Carlo, both chunked.
//!
//! - [`Spec`]: a validated job (players, board, dead cards).
//! - [`Exact`]: every remaining board, split into `total_units()` units;
//!   any range of units is computed independently into a [`Tally`].
//! - [`MonteCarlo`]: random deals, chunked by `(seed, chunk index, trials)`.
//! - [`Tally`]: integer counts by set of winners; tallies merge by addition.
//! - [`distribution`]: each combo of a player's range against the others
//!   (the equity distribution graph).
//! - [`streets`]: a player's equity on each next street (the histogram).
//! - [`detail`]: what each hand makes and hits (categories by the river,
//!   outs, the equity on each next card), exact or sampled.
//!
//! [`calculate`] runs a whole job on the calling thread (the CLI's path); the
//! page's workers call `Exact::run` / `MonteCarlo::run` chunk by chunk.

mod checked;
mod cost;
pub mod detail;
pub mod distribution;
mod estimate;
mod exact;
mod exact_job;
mod limits;
mod monte_carlo;
mod plan;
pub mod pot_odds;
pub mod potential;
pub mod preflop;
mod ranged;
pub mod rng;
mod run_policy;
mod showdown;
mod spec;
pub mod streets;
pub mod strength;
#[rustfmt::skip] // generated; a test regenerates it and diffs
mod strength_table;
mod tally;
mod target;

pub use cost::{boards, exact_cost, exact_cost_with, table_fits, EXACT_LIMIT};
pub use estimate::{Counts, Estimate, PlayerEstimate, MIN_CHUNKS, MIN_TRIALS};
pub use exact::Exact;
pub use exact_job::ExactJob;
pub use monte_carlo::MonteCarlo;
pub use plan::{Plan, EXACT_FORCED_LIMIT, MAX_EXACT_COUNT};
pub use ranged::RangeExact;
pub use run_policy::{
    exact_chunks, sampling_too_long, BUDGET_CHUNK_TRIALS, CHUNK_TRIALS, DEFAULT_SEED,
    DEFAULT_TRIALS, EHS_TRIALS, MAX_CHUNKS, MAX_CHUNK_COUNTS, PROJECT_AFTER_MS,
    SAMPLING_LIMIT_SECS,
};
pub use spec::{Combo, Place, Player, Spec, SpecError, MAX_PLAYERS};
pub use tally::{Tally, SHARE};
pub use target::{
    check_target_error, target_reached, trials_needed, worst_error, Sampling, DEFAULT_TARGET_ERROR,
    MAX_TARGET_ERROR, MIN_TARGET_ERROR, TARGET_CAP_TRIALS, TARGET_ERRORS,
};

use preflop::PreflopTable;
use std::sync::Arc;

/// How to compute a job.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Method {
    /// Exact when it costs at most [`EXACT_LIMIT`] evaluations, else
    /// Monte Carlo with the given trials and seed.
    Auto {
        trials: u64,
        seed: u64,
    },
    Exact,
    MonteCarlo {
        trials: u64,
        seed: u64,
    },
}

/// The result of [`calculate`].
#[derive(Clone, PartialEq, Debug)]
pub struct Outcome {
    pub exact: bool,
    pub tally: Tally,
}

/// Runs a whole job on this thread.
pub fn calculate(spec: &Spec, method: Method) -> Outcome {
    calculate_with(spec, method, None)
}

/// Runs a whole job on this thread, with the heads-up preflop table if the
/// caller has one.
pub fn calculate_with(spec: &Spec, method: Method, table: Option<Arc<PreflopTable>>) -> Outcome {
    let exact = match method {
        Method::Exact => true,
        Method::MonteCarlo { .. } => false,
        Method::Auto { .. } => Plan::new(spec, table.clone()).affordable(),
    };
    if exact {
        return Outcome {
            exact: true,
            tally: ExactJob::new(spec, table).run_all(),
        };
    }
    let (Method::Auto { trials, seed } | Method::MonteCarlo { trials, seed }) = method else {
        unreachable!("exact handled above")
    };
    let mc = MonteCarlo::new(spec);
    let mut tally = Tally::new(spec.players().len());
    let mut chunk = 0;
    let mut left = trials;
    while left > 0 {
        let n = left.min(CHUNK_TRIALS);
        tally += &mc.run(seed, chunk, n);
        left -= n;
        chunk += 1;
    }
    Outcome {
        exact: false,
        tally,
    }
}
