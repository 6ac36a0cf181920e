//! `allin equity`'s Hold'em job, shared with `allin embed`: the arguments,
//! the plan (exact, or Monte Carlo when exact is too costly or was not
//! asked for), and the run (`chunks`).

use super::chunks;
use crate::output::progress::seconds;
use crate::output::{grouped, preflop_table, CliError};
use allin::equity::preflop::PreflopTable;
use allin::equity::{self, Outcome, Spec};
use std::sync::Arc;
use std::time::Duration;

/// What `equity` and `embed` share: the job.
#[derive(clap::Args)]
pub struct JobArgs {
    /// Two hole cards (AhKh) or a range (QQ+,AKs), one per player
    #[arg(value_name = "HAND")]
    pub hands: Vec<String>,
    /// 0, 3, 4 or 5 board cards (e.g. 2h7hTc)
    #[arg(long, value_name = "CARDS")]
    pub board: Option<String>,
    /// Cards out of play (folded, burnt, seen); may be repeated
    #[arg(long, value_name = "CARDS")]
    pub dead: Vec<String>,
    /// Enumerate every board (the default when affordable)
    #[arg(long, conflicts_with_all = ["trials", "time", "error"])]
    pub exact: bool,
    /// Monte Carlo with N random deals instead (1e6, 1_000_000)
    #[arg(long, value_name = "N", value_parser = crate::args::count, allow_negative_numbers = true)]
    pub trials: Option<u64>,
    /// Monte Carlo for this long (500ms, 2s, 1m; with --trials, whichever ends first)
    #[arg(long, value_name = "DURATION", value_parser = crate::args::duration)]
    pub time: Option<Duration>,
    /// Monte Carlo until the largest ± of any player's equity is at most
    /// this many percentage points (0.1; --trials is then the cap, default 25,000,000)
    #[arg(long, value_name = "PP", value_parser = target_error, allow_negative_numbers = true)]
    pub error: Option<f64>,
    /// Seed for --trials/--time/--error (default 1): the same seed, the same deals
    #[arg(long, value_name = "S", value_parser = crate::args::count, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Threads for an exact job (default: all cores; the counts are the same)
    #[arg(long, value_name = "N", value_parser = crate::args::threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
}

use allin::equity::{DEFAULT_SEED, DEFAULT_TRIALS};

/// `--error`: a target error in percentage points, as the core takes it.
fn target_error(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of percentage points (0.1 for ±0.1)"))?;
    allin::equity::check_target_error(value)
}

/// The longest Monte Carlo job run without `--time` (the run policy's): a
/// longer one is timed over sample trials and refused with the estimate.
const MC_REFUSE: Duration = Duration::from_secs(allin::equity::SAMPLING_LIMIT_SECS);

/// How a job is computed.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Plan {
    Exact,
    MonteCarlo {
        trials: Option<u64>,
        time: Option<Duration>,
        seed: u64,
        /// Stop once the largest standard error of equity is at most this
        /// (percentage points); `trials` is then the cap.
        error: Option<f64>,
        /// Exact was asked for implicitly but would cost this many evaluations.
        fallback: Option<u64>,
    },
}

/// A validated job.
pub struct Job {
    pub spec: Spec,
    pub plan: Plan,
    table: Option<Arc<PreflopTable>>,
    /// Threads for an exact job (`--threads`, default all cores).
    threads: usize,
}

/// What was computed, and how.
pub struct Computed {
    pub outcome: Outcome,
    pub plan: Plan,
}

impl JobArgs {
    /// Checks the arguments and chooses the plan (exact, or Monte Carlo
    /// when exact is too costly or was not asked for).
    pub fn job(&self, cmd: &'static str) -> Result<Job, CliError> {
        if self.trials == Some(0) {
            return Err(CliError::usage(cmd, "--trials must be at least 1"));
        }
        let sampled = self.trials.is_some() || self.time.is_some() || self.error.is_some();
        if self.seed.is_some() && !sampled {
            return Err(CliError::usage(
                cmd,
                "--seed goes with --trials, --time or --error",
            ));
        }
        if self.hands.is_empty() {
            return Err(CliError::usage(cmd, "no hands given"));
        }
        let spec = Spec::parse(
            &self.hands,
            self.board.as_deref().unwrap_or(""),
            &self.dead.join(" "),
        )
        .map_err(|e| CliError::Failed(e.to_string()))?;
        let table = if spec.has_ranges() {
            Some(preflop_table()?)
        } else {
            None
        };
        let seed = self.seed.unwrap_or(DEFAULT_SEED);
        // The engine's policy, as on the page: exact when affordable; asked
        // for by name, exact up to a limit that keeps it under an hour.
        let engine = equity::Plan::new(&spec, table.clone());
        let cost = engine.cost();
        let plan = if sampled {
            Plan::MonteCarlo {
                trials: match (self.trials, self.error, self.time) {
                    (None, Some(_), None) => Some(allin::equity::TARGET_CAP_TRIALS),
                    (t, ..) => t,
                },
                time: self.time,
                seed,
                error: self.error,
                fallback: None,
            }
        } else if self.exact || engine.affordable() {
            if cost > equity::EXACT_FORCED_LIMIT {
                return Err(CliError::Failed(format!(
                    "--exact would take about {cost:.1e} hand evaluations (hours or more); \
                     use --trials N for a Monte Carlo estimate"
                )));
            }
            Plan::Exact
        } else {
            Plan::MonteCarlo {
                trials: Some(DEFAULT_TRIALS),
                time: None,
                seed,
                error: None,
                fallback: Some(cost),
            }
        };
        let threads = self
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        Ok(Job {
            spec,
            plan,
            table,
            threads,
        })
    }
}

impl Job {
    /// Runs the job; a Monte Carlo job projected to take over an hour is
    /// stopped with its estimate.
    pub fn compute(&self) -> Result<Computed, CliError> {
        let outcome = match self.plan {
            Plan::Exact => chunks::exact(&self.spec, self.table.clone(), self.threads),
            Plan::MonteCarlo {
                trials,
                time,
                seed,
                error,
                ..
            } => chunks::monte_carlo(&self.spec, seed, (trials, error), time, MC_REFUSE).map_err(
                |e| {
                    CliError::Failed(format!(
                        "--trials {} would take about {} here (timed over {} sample trials); \
                     use fewer trials, or --time 1m for a time budget",
                        grouped(e.trials),
                        seconds(e.projected.as_secs_f64()),
                        grouped(e.measured)
                    ))
                },
            )?,
        };
        Ok(Computed {
            outcome,
            plan: self.plan,
        })
    }
}
