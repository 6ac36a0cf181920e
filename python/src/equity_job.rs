//! What `equity()`'s families share (`families.rs` dispatches over them,
//! `holdem.rs` is Hold'em's): the ask and the answer, exact or sampled by
//! the engine's policy and the method asked, Monte Carlo within a time
//! budget.

use crate::errors::Fail;
use crate::run::{exact_units, sampled, Clock};
use allin::equity::{Counts, Estimate, Tally, DEFAULT_SEED, DEFAULT_TRIALS};
use allin::game::Game;
use allin::omaha::PotCounts;

/// What the caller asked.
pub struct Ask {
    pub players: Vec<String>,
    pub board: String,
    pub dead: String,
    pub game: Game,
    pub rules: Option<String>,
    /// Three-card: `full` (default) or `short` (24 cards, 9 to A).
    pub deck: Option<String>,
    pub method: Method,
    pub trials: Option<u64>,
    pub seed: Option<u64>,
    pub budget: Option<f64>,
    /// Sample until the largest standard error is at most this many
    /// percentage points (`trials` then the cap).
    pub target_error: Option<f64>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Auto,
    Exact,
    MonteCarlo,
}

impl Method {
    pub fn parse(text: &str) -> Result<Method, Fail> {
        match text {
            "auto" => Ok(Method::Auto),
            "exact" => Ok(Method::Exact),
            "monte-carlo" => Ok(Method::MonteCarlo),
            _ => Err(Fail::new(
                "method",
                format!(
                    "unknown method {} (methods are auto, exact, monte-carlo)",
                    allin::quote::quote(text)
                ),
            )),
        }
    }
}

/// One player's numbers.
pub struct PlayerOut {
    pub hand: String,
    pub wins: u64,
    pub ties: u64,
    pub losses: u64,
    pub win: f64,
    pub tie: f64,
    pub equity: f64,
    pub std_error: f64,
    /// Hi-Lo: scoops, high wins/ties, low wins/ties, quartered.
    pub hilo: Option<[u64; 6]>,
}

/// The answer, before Python sees it.
pub struct Answer {
    pub game: &'static str,
    pub exact: bool,
    /// `exact`, `partial` (an exact job cut short by the budget) or `monte-carlo`.
    pub method: &'static str,
    pub why: Option<String>,
    pub seed: u64,
    pub trials: Option<u64>,
    /// With a target error: it, and the largest error reached (percentage points).
    pub target_error: Option<(f64, f64)>,
    pub showdowns: u64,
    pub players: Vec<PlayerOut>,
    pub splits: Vec<(Vec<usize>, u64)>,
    pub no_low: Option<u64>,
    pub elapsed: f64,
}

/// What the families' counts give beyond [`Counts`].
pub(crate) trait Outcome: Counts + Send {
    fn losses(&self, p: usize) -> u64;
    fn split_list(&self) -> Vec<(usize, u64)>;
    fn hilo(&self, _p: usize) -> Option<[u64; 6]> {
        None
    }
    fn no_low(&self) -> Option<u64> {
        None
    }
}

impl Outcome for Tally {
    fn losses(&self, p: usize) -> u64 {
        Tally::losses(self, p)
    }
    fn split_list(&self) -> Vec<(usize, u64)> {
        self.splits().collect()
    }
}

impl Outcome for PotCounts {
    fn losses(&self, p: usize) -> u64 {
        PotCounts::losses(self, p)
    }
    fn split_list(&self) -> Vec<(usize, u64)> {
        self.splits().collect()
    }
    fn hilo(&self, p: usize) -> Option<[u64; 6]> {
        Some([
            self.scoops(p),
            self.high_wins(p),
            self.high_ties(p),
            self.low_wins(p),
            self.low_ties(p),
            self.quartered(p),
        ])
    }
    fn no_low(&self) -> Option<u64> {
        Some(PotCounts::no_low(self))
    }
}

/// How a job was run: its counts, the estimate, and what to say.
pub(crate) struct Ran<C> {
    pub counts: C,
    pub est: Estimate,
    pub method: &'static str,
    pub why: Option<String>,
    pub trials: Option<u64>,
    /// The target error it sampled to (percentage points).
    pub target: Option<f64>,
}

pub(crate) fn answer<C: Outcome>(
    game: Game,
    labels: Vec<String>,
    ran: Ran<C>,
    seed: u64,
    hilo: bool,
    clock: &Clock,
) -> Answer {
    let c = &ran.counts;
    Answer {
        game: game.name(),
        exact: ran.method == "exact",
        method: ran.method,
        why: ran.why,
        seed,
        trials: ran.trials,
        target_error: ran.target.map(|t| (t, allin::equity::worst_error(c))),
        showdowns: c.showdowns(),
        players: (0..c.players())
            .map(|p| PlayerOut {
                hand: labels[p].clone(),
                wins: c.wins(p),
                ties: c.ties(p),
                losses: c.losses(p),
                win: ran.est.players[p].win,
                tie: ran.est.players[p].tie,
                equity: ran.est.players[p].equity,
                std_error: ran.est.players[p].std_error,
                hilo: if hilo { c.hilo(p) } else { None },
            })
            .collect(),
        splits: c
            .split_list()
            .into_iter()
            .map(|(mask, n)| ((0..c.players()).filter(|p| mask >> p & 1 == 1).collect(), n))
            .collect(),
        no_low: if hilo { c.no_low() } else { None },
        elapsed: clock.elapsed(),
    }
}

/// Trials to sample: as asked, else the run policy's default, or (under
/// a budget) as many as fit.
pub(crate) fn target(ask: &Ask, clock: &Clock) -> u64 {
    ask.trials.unwrap_or(if ask.target_error.is_some() {
        allin::equity::TARGET_CAP_TRIALS
    } else if clock.budgeted() {
        u64::MAX
    } else {
        DEFAULT_TRIALS
    })
}

/// Monte Carlo with the reason it was chosen (and what the budget allowed).
pub(crate) fn monte_carlo<C: Outcome>(
    players: usize,
    ask: &Ask,
    clock: &Clock,
    why: Option<String>,
    run: impl Fn(u64, u64, u64) -> C,
) -> Result<Ran<C>, Fail> {
    let seed = ask.seed.unwrap_or(DEFAULT_SEED);
    let want = target(ask, clock);
    let (counts, trials) = sampled(players, (want, ask.target_error), clock, |chunk, n| {
        run(seed, chunk, n)
    })
    .map_err(|m| Fail::new("trials", m))?;
    let budget_note = (trials < want && clock.budgeted()).then(|| {
        format!(
            "the time budget of {} s allowed {trials} trials",
            ask.budget.unwrap_or(0.0)
        )
    });
    let why = [why, budget_note]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join("; ");
    Ok(Ran {
        target: ask.target_error,
        est: Estimate::from_trials(&counts),
        counts,
        method: "monte-carlo",
        why: (!why.is_empty()).then_some(why),
        trials: Some(trials),
    })
}

/// A family's job other than Hold'em: exact units when the policy (and
/// the budget) allow, else Monte Carlo.
pub(crate) fn units_or_sampled<C: Outcome>(
    players: usize,
    ask: &Ask,
    clock: &Clock,
    exact: (bool, Option<String>),
    units: u64,
    run: impl Fn(std::ops::Range<u64>) -> C + Sync,
    trials: impl Fn(u64, u64, u64) -> C,
) -> Result<Ran<C>, Fail> {
    let (exact, mut why) = exact;
    if exact {
        match exact_units(players, units, clock, run) {
            Ok(counts) => {
                let est =
                    Estimate::from_chunks(std::slice::from_ref(&counts), 1).expect("one chunk");
                return Ok(Ran {
                    target: None,
                    counts,
                    est,
                    method: "exact",
                    why: None,
                    trials: None,
                });
            }
            Err(w) => why = Some(w),
        }
    }
    monte_carlo(players, ask, clock, why, trials)
}

/// Exact or not, by the method asked and the job's own policy: (exact,
/// why not). `auto`: the policy; `exact`: whatever can be forced (else a
/// sample, saying why); `monte-carlo`: never.
pub(crate) fn decide(
    method: Method,
    auto: (bool, Option<String>),
    forced: (bool, Option<String>),
) -> (bool, Option<String>) {
    match method {
        Method::Auto => auto,
        Method::Exact => forced,
        Method::MonteCarlo => (false, None),
    }
}
