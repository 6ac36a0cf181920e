//! Hold'em equity under Python: exact on every core, or within a time
//! budget as the page and the JS API run it (strided chunks in a random
//! order, an honest partial estimate), else Monte Carlo.

use crate::equity_job::{answer, decide, monte_carlo, Answer, Ask, Method, Ran};
use crate::errors::Fail;
use crate::run::{threaded, Clock};
use allin::equity::rng::Rng;
use allin::equity::{self, Estimate, MonteCarlo, Spec, Tally, DEFAULT_SEED, MIN_CHUNKS};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Hold'em: the page's and the JS API's way. Without a budget an exact job
/// runs whole on every core; with one, as strided chunks in a random order
/// (so a job cut short is a simple random sample of the enumeration,
/// "partial", with the engine's estimate), or Monte Carlo from the start
/// when the first chunk shows that fewer than `MIN_CHUNKS` would fit.
pub(crate) fn holdem(ask: &Ask, clock: &Clock) -> Result<Answer, Fail> {
    let spec = Spec::parse(&ask.players, &ask.board, &ask.dead).map_err(|e| Fail::spec(&e))?;
    let table = if spec.has_ranges() && ask.method != Method::MonteCarlo {
        Some(crate::inputs::preflop_table()?)
    } else {
        None
    };
    let plan = equity::Plan::new(&spec, table);
    let (exact, why) = decide(
        ask.method,
        (plan.affordable(), plan.why_sampled()),
        (plan.can_force(), plan.why_not_forcible()),
    );
    let players = spec.players().len();
    let labels: Vec<String> = (0..players).map(|i| spec.player_label(i)).collect();
    let seed = ask.seed.unwrap_or(DEFAULT_SEED);
    let mut why = why;
    if exact {
        let job = plan.open(&spec);
        match holdem_exact(&job, players, seed, clock) {
            Ok(ran) => return Ok(answer(ask.game, labels, ran, seed, false, clock)),
            Err(w) => why = Some(w),
        }
    }
    let mc = MonteCarlo::new(&spec);
    let ran = monte_carlo(players, ask, clock, why, |s, c, n| mc.run(s, c, n))?;
    Ok(answer(ask.game, labels, ran, seed, false, clock))
}

/// Strided chunks: the run policy's, as every surface cuts them.
fn chunks_for(units: u64, players: usize) -> u64 {
    allin::equity::exact_chunks(units, players)
}

fn holdem_exact(
    job: &equity::ExactJob,
    players: usize,
    seed: u64,
    clock: &Clock,
) -> Result<Ran<Tally>, String> {
    let units = job.total_units();
    if !clock.budgeted() {
        let counts = threaded(players, 0..units, |r| job.run(r.start, r.end));
        let est = Estimate::from_chunks(std::slice::from_ref(&counts), 1).expect("one chunk");
        return Ok(Ran {
            target: None,
            counts,
            est,
            method: "exact",
            why: None,
            trials: None,
        });
    }
    let total = chunks_for(units, players);
    let mut order: Vec<u64> = (0..total).collect();
    let mut rng = Rng::new(seed);
    for i in (1..order.len()).rev() {
        let j = rng.below_u64(i as u64 + 1) as usize;
        order.swap(i, j);
    }
    let started = Instant::now();
    let mut tallies: Vec<Tally> = Vec::with_capacity(total as usize);
    let t = Instant::now();
    tallies.push(job.run_strided(order[0], total));
    let per_chunk = t.elapsed().as_secs_f64().max(1e-9);
    let left = clock.left().unwrap_or_default().as_secs_f64();
    if total > 1
        && left / per_chunk < (MIN_CHUNKS - 1) as f64
        && (total - 1) as f64 > left / per_chunk
    {
        return Err(format!(
            "exact would take about {:.0} ms ({total} chunks of {:.2} ms), more than the time \
             budget: Monte Carlo",
            1e3 * per_chunk * total as f64,
            1e3 * per_chunk
        ));
    }
    // The rest on every core, each thread taking the next chunk of the
    // order until none is left or time is up (never before MIN_CHUNKS:
    // the first chunk promised they would fit). Indices are taken in
    // order and a chunk taken after the deadline is not run, so the chunks
    // done are always a prefix of the random order.
    let next = AtomicUsize::new(1);
    let done_chunks: Mutex<Vec<(usize, Tally)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..crate::run::threads() {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= total as usize || (i as u64 >= MIN_CHUNKS && clock.over()) {
                    return;
                }
                let t = job.run_strided(order[i], total);
                done_chunks.lock().expect("no worker panicked").push((i, t));
            });
        }
    });
    let mut more = done_chunks.into_inner().expect("no worker panicked");
    more.sort_by_key(|(i, _)| *i);
    tallies.extend(more.into_iter().map(|(_, t)| t));
    let done = tallies.len();
    let est = Estimate::from_chunks(&tallies, total).expect("at least one chunk");
    let mut counts = Tally::new(players);
    for t in &tallies {
        counts += t;
    }
    if done as u64 == total {
        return Ok(Ran {
            target: None,
            counts,
            est,
            method: "exact",
            why: None,
            trials: None,
        });
    }
    Ok(Ran {
        target: None,
        counts,
        est,
        method: "partial",
        why: Some(format!(
            "the time budget ran out after {done} of {total} chunks of the exact enumeration \
             ({:.0} ms), drawn at random: an estimate",
            1e3 * started.elapsed().as_secs_f64()
        )),
        trials: None,
    })
}
