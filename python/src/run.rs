//! How a job runs under Python: every unit at once on all cores, or within a
//! time budget (the clock is the binding's; the core has none), and Monte
//! Carlo in the core's seeded chunks (`equity::plan`'s run policy, so a
//! seed gives the counts the CLI and the JS API give).

use allin::equity::{Counts, BUDGET_CHUNK_TRIALS, CHUNK_TRIALS};
use std::ops::Range;
use std::time::{Duration, Instant};

/// When a call started and when it must stop (`None`: no budget).
pub struct Clock {
    pub started: Instant,
    pub deadline: Option<Instant>,
}

impl Clock {
    pub fn new(budget: Option<f64>) -> Clock {
        let started = Instant::now();
        Clock {
            started,
            deadline: budget.map(|s| started + Duration::from_secs_f64(s)),
        }
    }

    /// Time left (`None`: no budget; zero once past it).
    pub fn left(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    pub fn over(&self) -> bool {
        self.left().is_some_and(|l| l.is_zero())
    }

    pub fn budgeted(&self) -> bool {
        self.deadline.is_some()
    }

    pub fn elapsed(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }
}

/// Threads for exact jobs: every core (the counts are the same on any
/// number). Asked once: `available_parallelism` reads the cgroup files on
/// Linux, tens of microseconds, more than a small job takes.
pub fn threads() -> u64 {
    static THREADS: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *THREADS.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get() as u64))
}

/// Units `range` on every core, each thread a contiguous part, summed
/// (counts add up, so any split gives the same answer).
pub fn threaded<C: Counts + Send>(
    players: usize,
    range: Range<u64>,
    run: impl Fn(Range<u64>) -> C + Sync,
) -> C {
    let units = range.end - range.start;
    if units == 0 {
        return C::empty(players);
    }
    let n = threads().clamp(1, units);
    let cut = |i: u64| range.start + units * i / n;
    std::thread::scope(|s| {
        let parts: Vec<_> = (1..n)
            .map(|i| {
                let run = &run;
                s.spawn(move || run(cut(i)..cut(i + 1)))
            })
            .collect();
        let mut total = run(cut(0)..cut(1));
        for part in parts {
            total += &part.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
        }
        total
    })
}

/// Every unit of an exact job. Under a budget the first unit is timed
/// alone; when all of them would not fit in the time left, `Err` says so
/// (the caller samples instead, as the JS API does when too few chunks
/// would fit).
pub fn exact_units<C: Counts + Send>(
    players: usize,
    units: u64,
    clock: &Clock,
    run: impl Fn(Range<u64>) -> C + Sync,
) -> Result<C, String> {
    let Some(left) = clock.left() else {
        return Ok(threaded(players, 0..units, run));
    };
    if units == 0 {
        return Ok(C::empty(players));
    }
    let t = Instant::now();
    let mut total = run(0..1);
    let per_unit = t.elapsed().as_secs_f64().max(1e-9);
    let projected = per_unit * (units - 1) as f64 / threads() as f64;
    if projected > left.saturating_sub(t.elapsed()).as_secs_f64() {
        return Err(format!(
            "exact would take about {:.0} ms ({units} units of {:.3} ms), more than the time \
             budget: Monte Carlo",
            1e3 * per_unit * units as f64 / threads() as f64,
            1e3 * per_unit
        ));
    }
    total += &threaded(players, 1..units, run);
    Ok(total)
}

/// Monte Carlo: `target` trials in the core's seeded chunks, or as many
/// as the budget allows (at least one chunk; smaller chunks under a
/// budget, as the CLI's `--time` and the JS API's `timeBudgetMs`). The
/// counts and the trials done; without a budget, `Err` (the message) when
/// the trials would take over an hour. With a target error (percentage
/// points), the core's stopping rule (`equity::Sampling`): the first chunk,
/// in order, whose merged counts reach it, `target` trials the cap, in the
/// run policy's chunks.
pub fn sampled<C: Counts>(
    players: usize,
    (target, error): (u64, Option<f64>),
    clock: &Clock,
    run: impl Fn(u64, u64) -> C,
) -> Result<(C, u64), String> {
    let sampling = allin::equity::Sampling {
        cap: target,
        target: error,
    };
    let size = if clock.budgeted() && error.is_none() {
        BUDGET_CHUNK_TRIALS
    } else {
        CHUNK_TRIALS
    };
    let mut total = C::empty(players);
    let (mut chunk, mut done) = (0u64, 0u64);
    while !sampling.stop(&total) {
        if chunk > 0 && clock.over() {
            break;
        }
        let n = sampling.next_trials(done, size);
        total += &run(chunk, n);
        done += n;
        chunk += 1;
        let spent = clock.elapsed();
        // Without a budget, sampling projected past the run policy's limit
        // (an hour) is refused with its estimate, as on every surface.
        if clock.budgeted() {
            continue;
        }
        let projected_trials = match error {
            Some(e) => allin::equity::trials_needed(&total, e, target),
            None => target,
        };
        if let Some(projected) =
            allin::equity::sampling_too_long(projected_trials, done, spent * 1e3)
        {
            return Err(format!(
                "trials: {projected_trials} would take about {:.1} h here (timed over {done} sample \
                 trials); use fewer trials, or time_budget for a time budget",
                projected / 3600.0
            ));
        }
    }
    Ok((total, done))
}
