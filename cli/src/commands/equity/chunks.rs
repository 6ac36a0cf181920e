//! Running an equity job on this thread, chunk by chunk, so that the CLI
//! (which owns the clock; the core has none) can show progress and stop a
//! Monte Carlo job when its time budget is spent. Chunking never changes a
//! result: tallies merge by addition, and Monte Carlo chunks are the same
//! `(seed, chunk, trials)` as the library's `calculate`.

use crate::output::progress::Progress;
use allin::equity::preflop::PreflopTable;
use allin::equity::{ExactJob, MonteCarlo, Outcome, Spec, Tally};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Trials per Monte Carlo chunk: the core's run policy (as
/// `allin::equity::calculate`, the page and the JS API, so a seed gives
/// the same tally everywhere).
use allin::equity::{
    sampling_too_long, trials_needed, Sampling, BUDGET_CHUNK_TRIALS, CHUNK_TRIALS,
};

/// Every board, in about 256 chunks (for the progress line), on `threads`
/// threads: each takes the next chunk not yet taken until none is left,
/// and the tallies add up (in any order, to the same counts). This thread
/// works too, and draws the progress line.
pub fn exact(spec: &Spec, table: Option<Arc<PreflopTable>>, threads: usize) -> Outcome {
    let job = ExactJob::new(spec, table);
    let total = job.total_units();
    let step = (total / 256).max(1);
    let chunks = total.div_ceil(step);
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let players = spec.players().len();
    let work = |mut progress: Option<&mut Progress>| {
        let mut tally = Tally::new(players);
        loop {
            let chunk = next.fetch_add(1, Ordering::Relaxed);
            if chunk >= chunks {
                return tally;
            }
            let start = chunk * step;
            let end = (start + step).min(total);
            tally += &job.run(start, end);
            let units = done.fetch_add(end - start, Ordering::Relaxed) + (end - start);
            if let Some(p) = progress.as_deref_mut() {
                p.update(units, total, "units", None);
            }
        }
    };
    let mut progress = Progress::start("equity (exact)");
    let helpers = (threads.max(1) as u64).min(chunks.max(1)) - 1;
    let tally = std::thread::scope(|s| {
        let workers: Vec<_> = (0..helpers).map(|_| s.spawn(|| work(None))).collect();
        let mut tally = work(Some(&mut progress));
        for w in workers {
            tally += &w.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
        }
        tally
    });
    progress.finish();
    Outcome { exact: true, tally }
}

/// How long a Monte Carlo job is timed before its length is projected.
const MEASURE: Duration = Duration::from_millis(20);

/// A job projected to run longer than allowed: its projected length, and
/// the trials it was timed over.
#[derive(Debug)]
pub struct TooLong {
    /// The trials projected (to a target error: the trials it is expected to take).
    pub trials: u64,
    pub projected: Duration,
    pub measured: u64,
}

/// Random deals: `trials` of them, or as many as fit in `budget` (whichever
/// ends first; at least one chunk); with a target error, stopping at the
/// first chunk (in order) that reaches it, `trials` the cap (the core's
/// [`Sampling`]). Without a budget, the job's length is first projected
/// from sample trials (a few thousand, timed for about [`MEASURE`], their
/// deals apart from the job's so that the result stays a function of
/// `(spec, seed, trials, target)`), and a job projected to run longer
/// than `limit` is not started; to a target error, the projection is
/// remade from the trials it is expected to need as it runs.
pub fn monte_carlo(
    spec: &Spec,
    seed: u64,
    (trials, target): (Option<u64>, Option<f64>),
    budget: Option<Duration>,
    limit: Duration,
) -> Result<Outcome, TooLong> {
    let mc = MonteCarlo::new(spec);
    if let (Some(t), None, None) = (trials, budget, target) {
        project(&mc, seed, t, limit)?;
    }
    let mut tally = Tally::new(spec.players().len());
    let mut progress = Progress::start("equity (Monte Carlo)");
    let mut chunk = 0;
    // Under a time budget alone, smaller chunks stop closer to it; to a
    // target error, the run policy's chunks (the stop is the same everywhere).
    let size = if budget.is_some() && target.is_none() {
        BUDGET_CHUNK_TRIALS
    } else {
        CHUNK_TRIALS
    };
    let sampling = Sampling {
        cap: trials.unwrap_or(u64::MAX),
        target,
    };
    while !sampling.stop(&tally) {
        let done = tally.showdowns();
        let n = sampling.next_trials(done, size);
        if n == 0 || budget.is_some_and(|b| chunk > 0 && progress.elapsed() >= b) {
            break;
        }
        if let (Some(t), None) = (target, budget) {
            let needed = trials_needed(&tally, t, sampling.cap);
            let ms = progress.elapsed().as_secs_f64() * 1e3;
            if let Some(secs) = sampling_too_long(needed, done, ms) {
                if secs > limit.as_secs_f64() {
                    return Err(TooLong {
                        trials: needed,
                        projected: Duration::from_secs_f64(secs.min(1e15)),
                        measured: done,
                    });
                }
            }
        }
        tally += &mc.run(seed, chunk, n);
        chunk += 1;
        let shown = if target.is_some() {
            0
        } else {
            trials.unwrap_or(0)
        };
        progress.update(done + n, shown, "trials", budget);
    }
    progress.finish();
    Ok(Outcome {
        exact: false,
        tally,
    })
}

/// Times sample trials (doubling from 1,000 until [`MEASURE`] has passed or
/// they reach `trials`) and projects the job of `trials` from them.
fn project(mc: &MonteCarlo, seed: u64, trials: u64, limit: Duration) -> Result<(), TooLong> {
    let started = Instant::now();
    let (mut n, mut sampled) = (1_000u64, 0u64);
    // Chunk indices from the top: never one the job itself uses.
    let mut chunk = u64::MAX;
    while sampled < trials && started.elapsed() < MEASURE {
        let _ = mc.run(seed, chunk, n.min(trials - sampled));
        sampled += n.min(trials - sampled);
        n *= 2;
        chunk -= 1;
    }
    if sampled >= trials {
        return Ok(());
    }
    let projected = started.elapsed().as_secs_f64() * trials as f64 / sampled as f64;
    if projected > limit.as_secs_f64() {
        return Err(TooLong {
            trials,
            projected: Duration::from_secs_f64(projected.min(1e15)),
            measured: sampled,
        });
    }
    Ok(())
}
