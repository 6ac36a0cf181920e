//! "Time to ±0.1" rows (issue 40): each engine samples a job until its
//! standard error reaches 0.1 percentage points, single thread, and the
//! time of one whole run is compared.
//!
//! allin stops by its run policy (`equity::Sampling`: chunks of 10,000
//! seeded deals, in order, until the **largest** standard error of any
//! player's equity is at most 0.1 points, `allin equity --error 0.1`).
//! pokers stops when the standard error of **player 1's** equity, from
//! its batches, is below 0.001 (`approx_equity`'s `stdev_target`): a
//! looser stop when another player's error is the largest. Both answers
//! are checked against the truth (exact, or by symmetry) within 5 × 0.1
//! points. 10 random Omaha players: allin alone (pokers plays Hold'em
//! only), as a note under the table.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::report::Row;
use crate::run::{self, Answer, Engine};
use allin::equity::{MonteCarlo, Sampling, Spec, CHUNK_TRIALS, TARGET_CAP_TRIALS};

/// The target: 0.1 percentage points (pokers: 0.001 of a pot).
const TARGET: f64 = 0.1;

struct Job {
    name: &'static str,
    players: &'static [&'static str],
}

const JOBS: &[Job] = &[
    Job {
        name: "time to ±0.1: 3-way hands preflop (AhAd v KsKc v QhQd)",
        players: &["AhAd", "KsKc", "QhQd"],
    },
    Job {
        name: "time to ±0.1: hand vs 3 random (AhKh)",
        players: &["AhKh", "random", "random", "random"],
    },
    Job {
        name: "time to ±0.1: 6 random players",
        players: &["random"; 6],
    },
];

/// The name of the Omaha row (a note: allin alone).
pub const OMAHA_NAME: &str = "time to ±0.1: 10 random Omaha players";

/// The Hold'em rows whose name `wanted` takes.
pub fn rows(reps: usize, wanted: &dyn Fn(&str) -> bool) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    for job in JOBS.iter().filter(|j| wanted(j.name)) {
        eprintln!("{} …", job.name);
        rows.push(row(job, reps)?);
    }
    Ok(rows)
}

fn row(job: &Job, reps: usize) -> Result<Row, String> {
    let spec = Spec::parse(job.players, "", "").map_err(|e| e.to_string())?;
    // The truth: exact for known hands, 1/n for n random players; else
    // allin's own answer at ±0.02 (checks pokers within 5 × 0.1 points).
    let n = job.players.len();
    let truth: Vec<f64> = if job.players.iter().all(|p| *p == "random") {
        vec![1.0 / n as f64; n]
    } else if !spec.has_ranges() {
        let t = allin::equity::ExactJob::new(&spec, None).run_all();
        (0..n).map(|p| t.equity(p)).collect()
    } else {
        let mc = MonteCarlo::new(&spec);
        let t = Sampling {
            cap: TARGET_CAP_TRIALS,
            target: Some(0.02),
        }
        .run(n, CHUNK_TRIALS, |c, k| mc.run(1_000, c, k));
        (0..n).map(|p| t.equity(p)).collect()
    };
    let mc = MonteCarlo::new(&spec);
    let ranges =
        pokers::HandRange::from_strings(job.players.iter().map(|p| p.to_string()).collect());
    let mut seed = 0u64;
    let mut engines = vec![
        Engine::new("allin", || {
            seed += 1;
            let t = Sampling {
                cap: TARGET_CAP_TRIALS,
                target: Some(TARGET),
            }
            .run(n, CHUNK_TRIALS, |c, k| mc.run(seed, c, k));
            Ok(Answer {
                values: (0..n).map(|p| t.equity(p)).collect(),
                work: t.showdowns(),
            })
        }),
        Engine::new("pokers", || {
            pokers::approx_equity(
                &ranges,
                0,
                0,
                1,
                TARGET / 100.0,
                Arc::new(AtomicBool::new(false)),
                |_| {},
            )
            .map(|r| Answer {
                values: r.equities,
                work: r.eval_count,
            })
            .map_err(|e| format!("{e:?}"))
        }),
    ];
    let results = run::interleaved(reps, &mut engines)?;
    // Each engine's last answer: how far from the truth (points).
    let off: Vec<f64> = results
        .iter()
        .map(|(_, a)| {
            100.0
                * a.values
                    .iter()
                    .zip(&truth)
                    .map(|(x, y)| (x - y).abs())
                    .fold(0.0, f64::max)
        })
        .collect();
    if off[0] > 5.0 * TARGET {
        return Err(format!(
            "allin: {:?} is {:.3} points from {truth:?}, over 5 × ±0.1",
            results[0].1.values, off[0]
        ));
    }
    let deals = results[0].1.work;
    let evals = results[1].1.work;
    let timed = engines
        .iter()
        .zip(results)
        .map(|(e, (t, _))| (e.name, t))
        .collect();
    Ok(Row::new(
        job.name,
        timed,
        format!(
            "allin: the largest error ≤ 0.1 points, {deals} deals, {:.3} points off the truth; \
             pokers: player 1's batch error ≤ 0.001, {evals} evaluations, {:.3} points off",
            off[0], off[1]
        ),
    ))
}

/// The Omaha job: allin alone, median of `reps` runs, as a note line.
pub fn omaha_note(reps: usize) -> Result<String, String> {
    use allin::job::{add_counts, target_reached, JobMethod, JobSpec};
    eprintln!("{OMAHA_NAME} …");
    let mut spec = JobSpec::new(&["random"; 10], "", "");
    spec.method = JobMethod::MonteCarlo;
    let job = allin::game::Game::Omaha
        .open(&spec)
        .map_err(|e| e.to_string())?;
    let mut times = Vec::new();
    let mut deals = 0;
    for seed in 1..=reps.max(1) as u64 {
        let start = std::time::Instant::now();
        let mut merged = job.empty();
        let (mut chunk, mut done) = (0, 0);
        while !target_reached(job.counts_kind(), 10, &merged, TARGET) {
            add_counts(&mut merged, &job.run_trials(seed, chunk, CHUNK_TRIALS));
            chunk += 1;
            done += CHUNK_TRIALS;
        }
        times.push(start.elapsed().as_secs_f64());
        deals = done;
    }
    times.sort_by(f64::total_cmp);
    Ok(format!(
        "{OMAHA_NAME}: allin {:.2} s (median of {}, one thread; {deals} deals; no peer plays Omaha).",
        times[times.len() / 2],
        times.len()
    ))
}
