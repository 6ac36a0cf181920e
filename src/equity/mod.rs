//! Who wins how often: exact enumeration and Monte Carlo, both chunked.
//!
//! - [`Spec`]: a validated job (players, board, dead cards).
//! - [`Exact`]: every remaining board, split into `total_units()` units;
//!   any range of units is computed independently into a [`Tally`].
//! - [`MonteCarlo`]: random deals, chunked by `(seed, chunk index, trials)`.
//! - [`Tally`]: integer counts by set of winners; tallies merge by addition.
//! - [`detail`]: what each hand makes and hits (categories by the river,
//!   outs, the equity on each next card), exact or sampled.
//!
//! [`calculate`] runs a whole job on the calling thread (the CLI's path); the
//! page's workers call `Exact::run` / `MonteCarlo::run` chunk by chunk.

pub mod detail;
mod estimate;
mod exact;
mod monte_carlo;
mod plan;
pub mod pot_odds;
pub mod potential;
pub mod preflop;
mod ranged;
pub mod rng;
mod spec;
pub mod strength;
#[rustfmt::skip] // generated; a test regenerates it and diffs
mod strength_table;
mod tally;

pub use estimate::{Counts, Estimate, PlayerEstimate, MIN_CHUNKS, MIN_TRIALS};
pub use exact::Exact;
pub use monte_carlo::MonteCarlo;
pub use plan::{
    table_fits, Plan, BUDGET_CHUNK_TRIALS, CHUNK_TRIALS, DEFAULT_SEED, DEFAULT_TRIALS,
    EXACT_FORCED_LIMIT, MAX_EXACT_COUNT,
};
pub use ranged::RangeExact;
pub use spec::{Combo, Place, Player, Spec, SpecError, MAX_PLAYERS};
pub use tally::{Tally, SHARE};

use crate::eval::{Hand, HandRank};
use preflop::PreflopTable;
use std::sync::Arc;

/// Evaluations above which [`Method::Auto`] samples instead of enumerating.
pub const EXACT_LIMIT: u64 = 2_000_000_000;

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

/// Number of boards an exact enumeration visits per assignment of hands
/// (before suit isomorphism).
pub fn boards(spec: &Spec) -> u64 {
    let n = spec.known_cards().complement().len() as u64;
    // Range players take their two cards from the same pool.
    let n = n - 2 * spec.players().iter().filter(|p| p.is_range()).count() as u64;
    (0..spec.cards_to_come() as u64).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Upper bound on the work of an exact job, in evaluations.
pub fn exact_cost(spec: &Spec) -> u64 {
    exact_cost_with(spec, None)
}

/// [`exact_cost`] when the heads-up preflop table is at hand (a lookup
/// counts as one evaluation).
pub fn exact_cost_with(spec: &Spec, table: Option<&PreflopTable>) -> u64 {
    let assignments = spec
        .players()
        .iter()
        .map(|p| p.combos.len() as u64)
        .fold(1u64, u64::saturating_mul);
    if table.is_some() && table_fits(spec) {
        return assignments;
    }
    assignments
        .saturating_mul(boards(spec))
        .saturating_mul(spec.players().len() as u64)
}

/// An opened exact job of either kind.
#[derive(Clone, Debug)]
pub enum ExactJob {
    /// Every player holds a known hand.
    Hands(Exact),
    /// Some player holds a range.
    Ranges(RangeExact),
}

impl ExactJob {
    /// Opens the right kind of job; `table` serves heads-up preflop ranges.
    pub fn new(spec: &Spec, table: Option<Arc<PreflopTable>>) -> ExactJob {
        if spec.has_ranges() {
            ExactJob::Ranges(RangeExact::new(spec, table))
        } else {
            ExactJob::Hands(Exact::new(spec))
        }
    }

    pub fn total_units(&self) -> u64 {
        match self {
            ExactJob::Hands(j) => j.total_units(),
            ExactJob::Ranges(j) => j.total_units(),
        }
    }

    pub fn run(&self, start: u64, end: u64) -> Tally {
        match self {
            ExactJob::Hands(j) => j.run(start, end),
            ExactJob::Ranges(j) => j.run(start, end),
        }
    }

    pub fn run_strided(&self, first: u64, stride: u64) -> Tally {
        match self {
            ExactJob::Hands(j) => j.run_strided(first, stride),
            ExactJob::Ranges(j) => j.run_strided(first, stride),
        }
    }

    pub fn run_all(&self) -> Tally {
        self.run(0, self.total_units())
    }
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

/// The set of players (bit mask) holding the best hand on `board`.
#[inline]
fn winners(holes: &[Hand], board: Hand) -> usize {
    winners_of(holes.iter().map(|hole| hole.combine(board).evaluate()))
}

/// The set of players (bit mask) with the highest rank.
#[inline]
fn winners_of(ranks: impl Iterator<Item = HandRank>) -> usize {
    best_and_winners(ranks).1
}

/// `a * b`, `None` when it overflows: `u64::checked_mul` without its
/// 128-bit product where both factors are below 2^32 (combo weights and
/// their products usually are). WebAssembly has no high-half multiply, so
/// there `checked_mul` is a call to compiler-rt's `__multi3`: 9% of the
/// three-range flop job (QQ+ v TT+ v 99+ on Kh7d2c) in V8. Natively this
/// is a `mul` and a predictable branch either way.
#[inline(always)]
pub(crate) fn checked_mul(a: u64, b: u64) -> Option<u64> {
    if (a | b) >> 32 == 0 {
        Some(a * b)
    } else {
        a.checked_mul(b)
    }
}

/// The best of `ranks` and who holds it (bit `p` for the `p`-th rank).
#[inline]
fn best_and_winners(ranks: impl Iterator<Item = HandRank>) -> (HandRank, usize) {
    let mut best = HandRank::MIN;
    let mut winners = 0usize;
    for (p, r) in ranks.enumerate() {
        if r > best {
            best = r;
            winners = 1 << p;
        } else if r == best {
            winners |= 1 << p;
        }
    }
    (best, winners)
}

#[cfg(test)]
mod tests {
    /// `checked_mul` is `u64::checked_mul`, on both sides of its fast path.
    #[test]
    fn checked_mul_agrees() {
        let edges = [
            0,
            1,
            2,
            1000,
            (1 << 32) - 1,
            1 << 32,
            (1 << 32) + 1,
            u64::MAX / 3,
            u64::MAX,
        ];
        for &a in &edges {
            for &b in &edges {
                assert_eq!(super::checked_mul(a, b), a.checked_mul(b), "{a} * {b}");
            }
        }
    }
}
