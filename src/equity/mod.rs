//! Who wins how often: exact enumeration and Monte Carlo, both chunked.
//!
//! - [`Spec`]: a validated job (players, board, dead cards).
//! - [`Exact`]: every remaining board, split into `total_units()` units;
//!   any range of units is computed independently into a [`Tally`].
//! - [`MonteCarlo`]: random deals, chunked by `(seed, chunk index, trials)`.
//! - [`Tally`]: integer counts by set of winners; tallies merge by addition.
//!
//! [`calculate`] runs a whole job on the calling thread (the CLI's path); the
//! page's workers call `Exact::run` / `MonteCarlo::run` chunk by chunk.

mod estimate;
mod exact;
mod monte_carlo;
pub mod rng;
mod spec;
mod tally;

pub use estimate::{Estimate, PlayerEstimate};
pub use exact::Exact;
pub use monte_carlo::MonteCarlo;
pub use spec::{Combo, Place, Player, Spec, SpecError, MAX_PLAYERS};
pub use tally::{Tally, SHARE};

use crate::eval::Hand;

/// Evaluations above which [`Method::Auto`] samples instead of enumerating.
pub const EXACT_LIMIT: u64 = 2_000_000_000;

/// Trials per Monte Carlo chunk in [`calculate`].
const CHUNK_TRIALS: u64 = 100_000;

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

/// Number of boards an exact enumeration visits (before suit isomorphism).
pub fn boards(spec: &Spec) -> u64 {
    let n = spec.known_cards().complement().len() as u64;
    (0..spec.cards_to_come() as u64).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Upper bound on evaluations of an exact enumeration.
pub fn exact_cost(spec: &Spec) -> u64 {
    boards(spec) * spec.players().len() as u64
}

/// Runs a whole job on this thread.
pub fn calculate(spec: &Spec, method: Method) -> Outcome {
    let exact = match method {
        Method::Exact => true,
        Method::MonteCarlo { .. } => false,
        Method::Auto { .. } => exact_cost(spec) <= EXACT_LIMIT,
    };
    if exact {
        return Outcome {
            exact: true,
            tally: Exact::new(spec).run_all(),
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

/// The set of players (bit mask) holding the best hand on `board`, when no
/// flush is possible: ranks alone decide (suits in `board` are ignored).
#[inline]
fn winners_by_rank(holes: &[Hand], board: Hand) -> usize {
    let mut best = 0u16;
    let mut winners = 0usize;
    for (p, hole) in holes.iter().enumerate() {
        let r = hole.combine(board).evaluate_without_flush().0;
        if r > best {
            best = r;
            winners = 1 << p;
        } else if r == best {
            winners |= 1 << p;
        }
    }
    winners
}

/// The set of players (bit mask) holding the best hand on `board`.
#[inline]
fn winners(holes: &[Hand], board: Hand) -> usize {
    let mut best = 0u16;
    let mut winners = 0usize;
    for (p, hole) in holes.iter().enumerate() {
        let r = hole.combine(board).evaluate().0;
        if r > best {
            best = r;
            winners = 1 << p;
        } else if r == best {
            winners |= 1 << p;
        }
    }
    winners
}
