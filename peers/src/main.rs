//! `cargo xtask bench`: allin against other engines on the same work, side
//! by side, in one run.
//!
//! Every workload runs in every engine that can do it, in process, single
//! thread, interleaved (see `run.rs`). The answers are checked before any
//! time is reported (equities equal to 1e-9, Monte Carlo within 5 standard
//! errors of the exact value, evaluator category counts exactly): a fast
//! wrong answer is not a result. Prints one Markdown table (medians,
//! spreads, allin over the fastest peer) and writes it with a JSON copy to
//! `target/bench/peers.{md,json}`.
//!
//! Peers: the `pokers` crate (crates.io; a Rust port of OMPEval), always.
//! Peers that are not in a registry join when a local checkout is named
//! (never downloaded, never committed; see `build.rs`):
//! `ALLIN_PEER_OMPEVAL=/path/to/OMPEval` (C++, `-O3`) and
//! `ALLIN_PEER_HHE=/path/to/holdem-hand-evaluator`.
//!
//! ```text
//! cargo xtask bench                  # every workload but the slowest
//! cargo xtask bench -- --all         # also the ones taking 20 s a run
//! cargo xtask bench -- --reps 9 --only preflop
//! cargo xtask bench -- --only stud      # the mixed games' rows (games.rs), allin alone
//! ALLIN_PEER_OMPEVAL=~/src/OMPEval ALLIN_PEER_HHE=~/src/holdem-hand-evaluator cargo xtask bench
//! ```

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

mod eval;
mod games;
#[cfg(hhe)]
mod hhe;
#[cfg(ompeval)]
mod ompeval;
mod report;
mod run;
mod target;

use report::Row;
use run::{Answer, Engine};

/// An equity workload: the same players, board and dead cards in both
/// engines' own notation (they read the same range syntax for these).
struct Equity {
    name: &'static str,
    players: &'static [&'static str],
    board: &'static str,
    dead: &'static str,
    /// Seconds a run, roughly: runs only with `--all` above 5.
    seconds: f64,
    /// holdem-hand-evaluator runs heads-up hand v hand (or v every hand:
    /// an empty villain): player 2's hand, when it can run this one.
    #[cfg_attr(not(hhe), allow(dead_code))]
    heads_up: Option<&'static str>,
}

const EQUITY: &[Equity] = &[
    Equity {
        name: "W1: AhKh v QsQd preflop, exact",
        players: &["AhKh", "QsQd"],
        board: "",
        dead: "",
        seconds: 0.02,
        heads_up: Some("QsQd"),
    },
    Equity {
        name: "W3: AhAd v KsKc v QhQd preflop, exact",
        players: &["AhAd", "KsKc", "QhQd"],
        board: "",
        dead: "",
        seconds: 0.02,
        heads_up: None,
    },
    Equity {
        name: "6 players preflop, exact",
        players: &["AhKh", "QsQd", "JcTc", "9s8s", "7d7c", "AdKc"],
        board: "",
        dead: "",
        seconds: 0.05,
        heads_up: None,
    },
    Equity {
        name: "AhKh v QsQd on 2h7hTc, exact (one small job)",
        players: &["AhKh", "QsQd"],
        board: "2h7hTc",
        dead: "",
        seconds: 0.0001,
        heads_up: Some("QsQd"),
    },
    Equity {
        name: "QQ+ v TT+ v 99+ on Kh7d2c, exact",
        players: &["QQ+", "TT+", "99+"],
        board: "Kh7d2c",
        dead: "",
        seconds: 0.05,
        heads_up: None,
    },
    Equity {
        name: "AA,KK v QQ,JJ v AKs,AKo preflop, exact",
        players: &["AA,KK", "QQ,JJ", "AKs,AKo"],
        board: "",
        dead: "",
        seconds: 1.4,
        heads_up: None,
    },
    Equity {
        name: "QQ+ v TT+ preflop, exact, no table",
        players: &["QQ+", "TT+"],
        board: "",
        dead: "",
        seconds: 0.8,
        heads_up: None,
    },
    Equity {
        name: "AhKh v random, dead 2c, exact, no table",
        players: &["AhKh", "random"],
        board: "",
        dead: "2c",
        seconds: 1.5,
        heads_up: Some(""),
    },
    Equity {
        name: "77+,A9s+,KTs+,QTs+,JTs,ATo+,KJo+ (12%) v the same, preflop, exact, no table",
        players: &[
            "77+,A9s+,KTs+,QTs+,JTs,ATo+,KJo+",
            "77+,A9s+,KTs+,QTs+,JTs,ATo+,KJo+",
        ],
        board: "",
        dead: "",
        seconds: 20.0,
        heads_up: None,
    },
];

struct Options {
    reps: usize,
    all: bool,
    only: Option<String>,
    /// `--sample ENGINE --workload NAME`: time one engine on one workload
    /// and print one line of JSON (the browser half's native rounds).
    sample: Option<(String, String)>,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        reps: 5,
        all: false,
        only: None,
        sample: None,
    };
    let (mut engine, mut workload) = (None, None);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--all" => o.all = true,
            "--reps" => {
                let n = args.next().ok_or("--reps needs a number")?;
                o.reps = n
                    .parse()
                    .ok()
                    .filter(|&n| (1..=1000).contains(&n))
                    .ok_or(format!("--reps: {n:?} is not a number from 1 to 1000"))?;
            }
            "--only" => o.only = Some(args.next().ok_or("--only needs words to match")?),
            "--sample" => engine = Some(args.next().ok_or("--sample needs an engine's name")?),
            "--workload" => {
                workload = Some(args.next().ok_or("--workload needs a workload's name")?)
            }
            "--help" | "-h" => {
                println!(
                    "cargo xtask bench [-- --all] [--reps N] [--only WORDS]\n\
                     allin-peers --sample ENGINE --workload NAME   (one timed sample, as JSON)"
                );
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other:?} (see --help)")),
        }
    }
    o.sample = match (engine, workload) {
        (Some(e), Some(w)) => Some((e, w)),
        (None, None) => None,
        _ => return Err("--sample and --workload go together".into()),
    };
    Ok(o)
}

/// The peers not built into this binary, and how to add them.
fn missing_peers() -> Vec<String> {
    let mut notes = Vec::new();
    if !cfg!(ompeval) {
        notes.push(
            "OMPEval: not built in (set ALLIN_PEER_OMPEVAL to a local checkout of \
             github.com/zekyll/OMPEval to include it)."
                .to_string(),
        );
    }
    if !cfg!(hhe) {
        notes.push(
            "holdem-hand-evaluator: not built in (set ALLIN_PEER_HHE to a local checkout of \
             github.com/b-inary/holdem-hand-evaluator to include it)."
                .to_string(),
        );
    }
    notes
}

fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("allin-peers: {e}");
            std::process::exit(2);
        }
    };
    let wanted = |name: &str| {
        o.only
            .as_deref()
            .is_none_or(|w| name.to_lowercase().contains(&w.to_lowercase()))
    };
    let fail = |name: &str, e: String| -> ! {
        eprintln!("allin-peers: {name}: {e}");
        std::process::exit(1);
    };
    if let Some((engine, workload)) = &o.sample {
        match sample(engine, workload) {
            Ok(line) => println!("{line}"),
            Err(e) => fail(workload, e),
        }
        return;
    }
    let mut rows = Vec::new();
    for w in EQUITY.iter().filter(|w| wanted(w.name)) {
        if w.seconds > 5.0 && !o.all {
            eprintln!("skipped (--all runs it): {}", w.name);
            continue;
        }
        eprintln!("{} …", w.name);
        let reps = if w.seconds > 1.0 {
            o.reps.min(3)
        } else {
            o.reps
        };
        match equity_row(w, reps) {
            Ok(row) => rows.push(row),
            Err(e) => fail(w.name, e),
        }
    }
    if wanted(MONTE_CARLO_NAME) {
        eprintln!("{MONTE_CARLO_NAME} …");
        match monte_carlo_row(o.reps) {
            Ok(row) => rows.push(row),
            Err(e) => fail(MONTE_CARLO_NAME, e),
        }
    }
    match target::rows(o.reps, &wanted) {
        Ok(more) => rows.extend(more),
        Err(e) => fail("time to ±0.1", e),
    }
    let mut notes = missing_peers();
    if wanted(target::OMAHA_NAME) {
        match target::omaha_note(3) {
            Ok(note) => notes.push(note),
            Err(e) => fail(target::OMAHA_NAME, e),
        }
    }
    for name in eval::NAMES {
        if wanted(name) {
            eprintln!("{name} …");
            match eval::row(name, o.reps) {
                Ok(row) => rows.push(row),
                Err(e) => fail(name, e),
            }
        }
    }
    let mut table = report::markdown(&rows, &notes);
    match games::table(o.reps, &wanted) {
        Ok(games) => table.push_str(&games),
        Err(e) => fail("the mixed games", e),
    }
    println!("{table}");
    match report::write(&table, &report::json(&rows)) {
        Ok(dir) => eprintln!("written: {}/peers.md, peers.json", dir.display()),
        Err(e) => eprintln!("allin-peers: could not write the report: {e}"),
    }
}

/// The engines' equities must agree with allin's (the first) to `tolerance`
/// per player (scaled by 1/sqrt(hands) for Monte Carlo: 5 standard errors).
fn check(
    results: &[(&'static str, &Answer)],
    reference: &[f64],
    monte_carlo: bool,
) -> Result<(), String> {
    for (name, answer) in results {
        let tolerance = if monte_carlo {
            5.0 * 0.5 / (answer.work as f64).sqrt()
        } else {
            1e-9
        };
        let ok = answer.values.len() == reference.len()
            && answer
                .values
                .iter()
                .zip(reference)
                .all(|(x, y)| (x - y).abs() <= tolerance);
        if !ok {
            return Err(format!(
                "{name} disagrees: {:?} against {:?} (tolerance {tolerance:e})",
                answer.values, reference
            ));
        }
    }
    Ok(())
}

fn row_from(
    name: &str,
    engines: &mut [Engine],
    reps: usize,
    reference: Option<&[f64]>,
    check_text: &str,
) -> Result<Row, String> {
    let monte_carlo = reference.is_some();
    let results = run::interleaved(reps, engines)?;
    let answers: Vec<(&'static str, &Answer)> = engines
        .iter()
        .zip(&results)
        .map(|(e, (_, a))| (e.name, a))
        .collect();
    let reference = reference.unwrap_or(&results[0].1.values);
    check(&answers, reference, monte_carlo)?;
    // Monte Carlo engines stop near, not at, the number of hands asked
    // for: times are per million hands.
    let per = |t: &Vec<std::time::Duration>, a: &Answer| -> Vec<std::time::Duration> {
        if monte_carlo {
            t.iter().map(|d| d.mul_f64(1e6 / a.work as f64)).collect()
        } else {
            t.clone()
        }
    };
    let timed = engines
        .iter()
        .zip(&results)
        .map(|(e, (t, a))| (e.name, per(t, a)))
        .collect();
    Ok(Row::new(name, timed, check_text))
}

fn equity_row(w: &Equity, reps: usize) -> Result<Row, String> {
    equity_engines(w, &mut |engines| {
        row_from(w.name, engines, reps, None, "equities equal to 1e-9")
    })
}

/// Builds the engines of an equity workload and hands them to `then`.
fn equity_engines<T>(
    w: &Equity,
    then: &mut dyn FnMut(&mut [Engine]) -> Result<T, String>,
) -> Result<T, String> {
    let spec = allin::equity::Spec::parse(w.players, w.board, w.dead)
        .map_err(|e| format!("allin cannot read it: {e}"))?;
    let ranges = pokers::HandRange::from_strings(w.players.iter().map(|p| p.to_string()).collect());
    let board = pokers::get_card_mask(w.board);
    let dead = pokers::get_card_mask(w.dead);
    let mut engines = vec![
        Engine::new("allin", || {
            // Opening the job is part of the work (no preflop table: every
            // engine enumerates, but for holdem-hand-evaluator's own table).
            let tally = allin::equity::ExactJob::new(&spec, None).run_all();
            Ok(Answer::exact(
                (0..tally.players()).map(|p| tally.equity(p)).collect(),
            ))
        }),
        Engine::new("pokers", || {
            pokers::exact_equity(
                &ranges,
                board,
                dead,
                1,
                Arc::new(AtomicBool::new(false)),
                |_| {},
            )
            .map(|r| Answer::exact(r.equities))
            .map_err(|e| format!("{e:?}"))
        }),
    ];
    #[cfg(ompeval)]
    engines.push(Engine::new("OMPEval", || {
        ompeval::equity(w.players, w.board, w.dead, 0).map(|(e, _)| Answer::exact(e))
    }));
    #[cfg(hhe)]
    if let Some(villain) = w.heads_up {
        engines.push(Engine::new("holdem-hand-evaluator", move || {
            hhe::heads_up(w.players[0], villain, w.board, w.dead).map(Answer::exact)
        }));
    }
    then(&mut engines)
}

const MONTE_CARLO_NAME: &str = "AhAd v KsKc v QhQd, Monte Carlo, per 1,000,000 trials";
const MONTE_CARLO_PLAYERS: [&str; 3] = ["AhAd", "KsKc", "QhQd"];
const MONTE_CARLO_TRIALS: u64 = 1_000_000;

/// One million random deals of W3 in each engine (pokers stops on its own
/// standard-error target, set to land near a million; times are per
/// million), every answer within 5 standard errors of the exact equities.
fn monte_carlo_row(reps: usize) -> Result<Row, String> {
    let spec =
        allin::equity::Spec::parse(&MONTE_CARLO_PLAYERS, "", "").map_err(|e| e.to_string())?;
    let exact = allin::equity::ExactJob::new(&spec, None).run_all();
    let exact: Vec<f64> = (0..exact.players()).map(|p| exact.equity(p)).collect();
    monte_carlo_engines(&mut |engines| {
        row_from(
            MONTE_CARLO_NAME,
            engines,
            reps,
            Some(&exact),
            "within 5 standard errors of exact",
        )
    })
}

/// Builds the engines of the Monte Carlo workload and hands them to `then`.
fn monte_carlo_engines<T>(
    then: &mut dyn FnMut(&mut [Engine]) -> Result<T, String>,
) -> Result<T, String> {
    let players = MONTE_CARLO_PLAYERS;
    let spec = allin::equity::Spec::parse(&players, "", "").map_err(|e| e.to_string())?;
    let mc = allin::equity::MonteCarlo::new(&spec);
    let mut seed = 0u64;
    let ranges = pokers::HandRange::from_strings(players.iter().map(|p| p.to_string()).collect());
    let mut engines = vec![
        Engine::new("allin", || {
            seed += 1;
            let tally = mc.run(seed, 0, MONTE_CARLO_TRIALS);
            Ok(Answer {
                values: (0..tally.players()).map(|p| tally.equity(p)).collect(),
                work: MONTE_CARLO_TRIALS,
            })
        }),
        Engine::new("pokers", || {
            pokers::approx_equity(
                &ranges,
                0,
                0,
                1,
                4.6e-4,
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
    #[cfg(ompeval)]
    engines.push(Engine::new("OMPEval", || {
        ompeval::equity(&players, "", "", MONTE_CARLO_TRIALS)
            .map(|(values, work)| Answer { values, work })
    }));
    then(&mut engines)
}

/// `--sample ENGINE --workload NAME`: one warm-up call of that engine, then
/// one timed sample (a batch of calls when they are quick, as in the
/// table), as `{"engine": …, "workload": …, "ms": …, "values": […]}`: the
/// time of one call (per million trials for Monte Carlo) and its answer.
/// The browser half runs it once a round, beside Chromium and Node, so
/// that native time is taken side by side with theirs.
fn sample(engine: &str, workload: &str) -> Result<String, String> {
    let pick = |engines: &mut [Engine]| -> Result<(f64, Vec<f64>), String> {
        let e = engines
            .iter_mut()
            .find(|e| e.name == engine)
            .ok_or(format!(
                "no engine {engine:?} for this workload in this build"
            ))?;
        let mut one = [Engine::new(e.name, &mut e.call)];
        let (times, answer) = run::interleaved(1, &mut one)?.remove(0);
        let ms = times[0].as_secs_f64() * 1e3;
        // Monte Carlo engines stop near, not at, the trials asked for.
        let per_million = workload == MONTE_CARLO_NAME;
        let ms = if per_million {
            ms * 1e6 / answer.work as f64
        } else {
            ms
        };
        Ok((ms, answer.values))
    };
    let (ms, values) = if workload == MONTE_CARLO_NAME {
        monte_carlo_engines(&mut |engines| pick(engines))?
    } else if let Some(call) = target::sample_call(engine, workload) {
        let mut engines = [Engine {
            name: "to ±0.1",
            call: call?,
        }];
        let (times, answer) = run::interleaved(1, &mut engines)?.remove(0);
        (times[0].as_secs_f64() * 1e3, answer.values)
    } else if let Some(w) = games::GAMES.iter().find(|w| w.name == workload) {
        let mut engines = [Engine::new("allin", || games::answer(w))];
        pick(&mut engines)?
    } else {
        let w = EQUITY
            .iter()
            .find(|w| w.name == workload)
            .ok_or(format!("no workload named {workload:?}"))?;
        equity_engines(w, &mut |engines| pick(engines))?
    };
    let values: Vec<String> = values.iter().map(|v| format!("{v:.12}")).collect();
    Ok(format!(
        "{{\"engine\": {engine:?}, \"workload\": {workload:?}, \"ms\": {ms:.6}, \"values\": [{}]}}",
        values.join(", ")
    ))
}
