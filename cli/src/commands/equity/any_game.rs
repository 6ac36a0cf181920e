//! Every game but Hold'em, run one way: opened by the core's `Game::open`
//! (the game's rules, its plan and the method asked), its exact units on
//! threads or its seeded trials in chunks of [`CHUNK`] (to `--error` when
//! asked), the counts read as the job's `CountsKind` says: a [`Counts`].
//! `card_games`, `board_games`, `draw_games` and `stud` check their own
//! options and print; `allin embed` runs the same.

use crate::output::CliError;
use allin::equity::{Tally, DEFAULT_TRIALS, TARGET_CAP_TRIALS};
use allin::game::Game;
use allin::job::{add_counts, CountsKind, EquityJob, JobMethod, JobSpec};
use allin::omaha::PotCounts;

/// Trials per chunk (a chunk is its own seeded stream).
pub const CHUNK: u64 = 10_000;

/// What was asked: the scenario (`spec`, its method set here) and how to run it.
pub struct Ask {
    pub game: Game,
    pub spec: JobSpec,
    pub exact: bool,
    /// Threads for an exact job (the counts are the same).
    pub threads: Option<usize>,
    pub trials: Option<u64>,
    /// `--error`: sample until the largest ± is at most this (percentage points).
    pub error: Option<f64>,
    pub seed: Option<u64>,
}

/// Exact or sampled, and with what.
pub struct How {
    pub exact: bool,
    /// Why `auto` sampled, when it did.
    pub fallback: Option<String>,
    pub seed: u64,
    pub trials: u64,
    /// The target error (`--error`), with `trials` its cap.
    pub error: Option<f64>,
}

/// An opened job, run.
pub struct Ran {
    pub job: Box<dyn EquityJob>,
    /// The scenario as asked.
    pub spec: JobSpec,
    pub counts: Counts,
    pub how: How,
}

/// Opens the job (its errors as usage errors of `cmd`) and runs it.
pub fn run(mut ask: Ask, cmd: &'static str) -> Result<Ran, CliError> {
    let sampled = ask.trials.is_some() || ask.error.is_some();
    ask.spec.method = if sampled {
        JobMethod::MonteCarlo
    } else if ask.exact {
        JobMethod::Exact
    } else {
        JobMethod::Auto
    };
    let job = ask
        .game
        .open(&ask.spec)
        .map_err(|e| CliError::usage(cmd, e.to_string()))?;
    let how = How {
        exact: job.exact(),
        fallback: job.why_sampled(),
        seed: ask.seed.unwrap_or(1),
        trials: ask.trials.unwrap_or(if ask.error.is_some() {
            TARGET_CAP_TRIALS
        } else {
            DEFAULT_TRIALS
        }),
        error: ask.error,
    };
    let threads = ask
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let counts = if how.exact {
        Counts::read(&*job, threaded(&*job, threads))
    } else {
        let sampling = allin::equity::Sampling {
            cap: how.trials,
            target: how.error,
        };
        let players = job.players();
        let trials = |c, n| job.run_trials(how.seed, c, n);
        match job.counts_kind() {
            CountsKind::Tally => {
                Counts::Tally(sampling.run(players, CHUNK, |c, n| tally(players, trials(c, n))))
            }
            CountsKind::Pot => {
                Counts::Pot(sampling.run(players, CHUNK, |c, n| pot(players, &trials(c, n))))
            }
        }
    };
    Ok(Ran {
        job,
        spec: ask.spec,
        counts,
        how,
    })
}

/// Every exact unit on `threads` threads, each a contiguous range, summed
/// (counts add up, so any split gives the same answer).
fn threaded(job: &dyn EquityJob, threads: usize) -> Vec<u128> {
    let units = job.total_units();
    let threads = (threads as u64).clamp(1, units.max(1));
    let cut = |i: u64| units * i / threads;
    std::thread::scope(|s| {
        let parts: Vec<_> = (1..threads)
            .map(|i| s.spawn(move || job.run_units(cut(i)..cut(i + 1))))
            .collect();
        let mut total = job.run_units(0..cut(1));
        for part in parts {
            add_counts(&mut total, &part.join().expect("an exact worker thread"));
        }
        total
    })
}

fn tally(players: usize, flat: Vec<u128>) -> Tally {
    let by_winners = flat.into_iter().map(|n| n as u64).collect();
    Tally::from_counts(players, by_winners).expect("a job's tally")
}

fn pot(players: usize, flat: &[u128]) -> PotCounts {
    PotCounts::from_flat(players, flat).expect("a job's pot counts")
}

/// The results of either kind.
pub enum Counts {
    Tally(Tally),
    Pot(PotCounts),
}

impl Counts {
    /// A job's flat counts, as its `counts_kind` reads them.
    fn read(job: &dyn EquityJob, flat: Vec<u128>) -> Counts {
        match job.counts_kind() {
            CountsKind::Tally => Counts::Tally(tally(job.players(), flat)),
            CountsKind::Pot => Counts::Pot(pot(job.players(), &flat)),
        }
    }
    pub fn players(&self) -> usize {
        match self {
            Counts::Tally(t) => t.players(),
            Counts::Pot(c) => c.players(),
        }
    }
    pub fn showdowns(&self) -> u64 {
        match self {
            Counts::Tally(t) => t.showdowns(),
            Counts::Pot(c) => c.showdowns(),
        }
    }
    /// (win, tie, lose, equity, standard error) of player `p`.
    pub fn player(&self, p: usize) -> (u64, u64, u64, f64, f64) {
        match self {
            Counts::Tally(t) => (
                t.wins(p),
                t.ties(p),
                t.losses(p),
                t.equity(p),
                t.std_error(p),
            ),
            Counts::Pot(c) => (
                c.scoops(p),
                c.shared(p),
                c.losses(p),
                c.equity(p),
                c.std_error(p),
            ),
        }
    }
    pub fn splits(&self) -> Vec<(usize, u64)> {
        match self {
            Counts::Tally(t) => t.splits().collect(),
            Counts::Pot(c) => c.splits().collect(),
        }
    }
    /// The largest standard error of any player's equity (percentage points).
    pub fn worst_error(&self) -> f64 {
        match self {
            Counts::Tally(c) => allin::equity::worst_error(c),
            Counts::Pot(c) => allin::equity::worst_error(c),
        }
    }
}
