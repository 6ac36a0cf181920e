//! The families whose hands are known cards and the rest dealt
//! (three-card, five-card, the draw and the stud games; Omaha and Short
//! Deck, whose board is dealt too) behind
//! [`EquityJob`]: one adapter over what each family's job says of itself
//! ([`DealtJob`], implemented beside each family's opener: `games.rs`,
//! `draw.rs`, `stud.rs`), and one opener ([`open`]) for the method asked.

use std::ops::Range;

use super::{CountsKind, EquityJob, JobMethod, JobSpec, OpenError};
use crate::equity::Tally;
use crate::game::Game;

/// A tally as flat counts.
pub(super) fn flat(t: &Tally) -> Vec<u128> {
    t.by_winners().iter().map(|&n| u128::from(n)).collect()
}

/// A family's job of known cards, the rest dealt: what the adapter reads.
pub trait DealtJob: Send + Sync {
    fn game(&self) -> Game;
    fn players(&self) -> usize;
    fn labels(&self) -> Vec<String>;
    /// Units of the exact enumeration.
    fn units(&self) -> u64;
    /// The exact enumeration's cost (saturating).
    fn cost(&self) -> u64;
    /// Whether some player is dealt from several hands.
    fn ranges(&self) -> bool {
        self.cost() > 1
    }
    /// Units `units` (clamped), flat.
    fn run(&self, units: Range<u64>) -> Vec<u128>;
    fn run_strided(&self, first: u64, stride: u64) -> Vec<u128>;
    fn run_trials(&self, seed: u64, chunk: u64, trials: u64) -> Vec<u128>;
    fn counts_kind(&self) -> CountsKind {
        CountsKind::Tally
    }
    fn hilo(&self) -> bool {
        false
    }
    fn hand_counts(&self) -> Option<Vec<usize>> {
        None
    }
    fn note(&self) -> Option<String> {
        None
    }
    /// Boards an exact enumeration visits per deal of hands (0 without a board).
    fn boards(&self) -> u64 {
        0
    }
}

/// Rules typed for a game without rule options: an error.
pub(super) fn no_rule_options(spec: &JobSpec, game: Game) -> Result<(), OpenError> {
    let rules = spec.rules.trim();
    if rules.is_empty() {
        return Ok(());
    }
    Err(OpenError::Rules(format!(
        "{}: {} has no rule options",
        crate::quote::quote(rules),
        game.label()
    )))
}

/// An opened job of such a family: exact or sampled, and why.
struct Dealt<J> {
    job: J,
    exact: bool,
    why_sampled: Option<String>,
}

/// Opens `job` for `method`: `auto` says whether the family's policy
/// enumerates it (`why` says why not), `check_exact` whether `exact` may
/// be asked for.
pub fn open<J: DealtJob + 'static>(
    job: J,
    method: JobMethod,
    auto: bool,
    why: impl FnOnce(&J) -> Option<String>,
    check_exact: impl FnOnce(&J) -> Result<(), OpenError>,
) -> Result<Box<dyn EquityJob>, OpenError> {
    let (exact, why_sampled) = match method {
        JobMethod::Auto => (auto, if auto { None } else { why(&job) }),
        JobMethod::Exact => {
            check_exact(&job)?;
            (true, None)
        }
        JobMethod::MonteCarlo => (false, None),
    };
    Ok(Box::new(Dealt {
        job,
        exact,
        why_sampled,
    }))
}

impl<J: DealtJob> EquityJob for Dealt<J> {
    fn game(&self) -> Game {
        self.job.game()
    }
    fn players(&self) -> usize {
        self.job.players()
    }
    fn labels(&self) -> Vec<String> {
        self.job.labels()
    }
    fn exact(&self) -> bool {
        self.exact
    }
    fn total_units(&self) -> u64 {
        if self.exact {
            self.job.units()
        } else {
            0
        }
    }
    fn why_sampled(&self) -> Option<String> {
        self.why_sampled.clone()
    }
    fn cost(&self) -> u64 {
        self.job.cost()
    }
    fn ranges(&self) -> bool {
        self.job.ranges()
    }
    fn counts_kind(&self) -> CountsKind {
        self.job.counts_kind()
    }
    fn run_units(&self, units: Range<u64>) -> Vec<u128> {
        self.job.run(units.start..units.end.min(self.total_units()))
    }
    fn run_strided(&self, first: u64, stride: u64) -> Vec<u128> {
        if self.exact {
            self.job.run_strided(first, stride)
        } else {
            self.empty()
        }
    }
    fn run_trials(&self, seed: u64, chunk: u64, trials: u64) -> Vec<u128> {
        self.job.run_trials(seed, chunk, trials)
    }
    fn hilo(&self) -> bool {
        self.job.hilo()
    }
    fn hand_counts(&self) -> Option<Vec<usize>> {
        self.job.hand_counts()
    }
    fn note(&self) -> Option<String> {
        self.job.note()
    }
    fn boards(&self) -> u64 {
        self.job.boards()
    }
}
