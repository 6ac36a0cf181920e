//! `cargo xtask bench`: allin against other engines on the same work, side
//! by side, in one run.
//!
//! Every workload runs in both engines in process, single thread,
//! interleaved (allin, peer, peer, allin, …: the machine is shared and
//! noisy, so both see the same weather), after one warm-up each. The
//! answers are checked equal (equities to 1e-9; evaluator category counts
//! exactly) before any time is reported: a fast wrong answer is not a
//! result. Prints one Markdown table (medians, spreads, ratios) and writes
//! it with a JSON copy to `target/bench/peers.{md,json}`.
//!
//! Peers: the `pokers` crate (crates.io; a Rust port of OMPEval). Peers
//! that are not in a registry (OMPEval itself, holdem-hand-evaluator) are
//! not built here.
//!
//! ```text
//! cargo xtask bench                  # every workload but the slowest
//! cargo xtask bench -- --all         # also the ones taking 20 s a run
//! cargo xtask bench -- --reps 9 --only preflop
//! ```

use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

mod eval;
mod report;

use report::Row;

/// An equity workload: the same players, board and dead cards in both
/// engines' own notation (they read the same range syntax for these).
struct Equity {
    name: &'static str,
    players: &'static [&'static str],
    board: &'static str,
    dead: &'static str,
    /// Seconds a run, roughly: runs only with `--all` above 5.
    seconds: f64,
}

const EQUITY: &[Equity] = &[
    Equity {
        name: "W1: AhKh v QsQd preflop, exact",
        players: &["AhKh", "QsQd"],
        board: "",
        dead: "",
        seconds: 0.02,
    },
    Equity {
        name: "W3: AhAd v KsKc v QhQd preflop, exact",
        players: &["AhAd", "KsKc", "QhQd"],
        board: "",
        dead: "",
        seconds: 0.02,
    },
    Equity {
        name: "6 players preflop, exact",
        players: &["AhKh", "QsQd", "JcTc", "9s8s", "7d7c", "AdKc"],
        board: "",
        dead: "",
        seconds: 0.05,
    },
    Equity {
        name: "AhKh v QsQd on 2h7hTc, exact (one small job)",
        players: &["AhKh", "QsQd"],
        board: "2h7hTc",
        dead: "",
        seconds: 0.0001,
    },
    Equity {
        name: "QQ+ v TT+ v 99+ on Kh7d2c, exact",
        players: &["QQ+", "TT+", "99+"],
        board: "Kh7d2c",
        dead: "",
        seconds: 0.05,
    },
    Equity {
        name: "AA,KK v QQ,JJ v AKs,AKo preflop, exact",
        players: &["AA,KK", "QQ,JJ", "AKs,AKo"],
        board: "",
        dead: "",
        seconds: 1.4,
    },
    Equity {
        name: "QQ+ v TT+ preflop, exact, no table",
        players: &["QQ+", "TT+"],
        board: "",
        dead: "",
        seconds: 0.8,
    },
    Equity {
        name: "AhKh v random, dead 2c, exact, no table",
        players: &["AhKh", "random"],
        board: "",
        dead: "2c",
        seconds: 1.5,
    },
];

struct Options {
    reps: usize,
    all: bool,
    only: Option<String>,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        reps: 5,
        all: false,
        only: None,
    };
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
            "--help" | "-h" => {
                println!("cargo xtask bench [-- --all] [--reps N] [--only WORDS]");
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other:?} (see --help)")),
        }
    }
    Ok(o)
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
            Err(e) => {
                eprintln!("allin-peers: {}: {e}", w.name);
                std::process::exit(1);
            }
        }
    }
    for (name, row) in eval::rows(o.reps.min(3)) {
        if wanted(name) {
            match row {
                Ok(row) => rows.push(row),
                Err(e) => {
                    eprintln!("allin-peers: {name}: {e}");
                    std::process::exit(1);
                }
            }
        }
    }
    let table = report::markdown(&rows);
    println!("{table}");
    match report::write(&table, &report::json(&rows)) {
        Ok(dir) => eprintln!("written: {}/peers.md, peers.json", dir.display()),
        Err(e) => eprintln!("allin-peers: could not write the report: {e}"),
    }
}

/// Shortest sample: a job faster than this is timed in batches of calls
/// (a microsecond job timed alone measures the clock).
const MIN_SAMPLE: Duration = Duration::from_millis(20);

/// Times `a` and `b` alternately, `reps` samples each after one warm-up,
/// starting with the other one every time (each sample a batch of calls
/// lasting at least [`MIN_SAMPLE`]); returns the time of one call per sample
/// and their last answers.
pub fn interleaved<A, B, RA, RB>(
    reps: usize,
    mut a: A,
    mut b: B,
) -> (Vec<Duration>, Vec<Duration>, RA, RB)
where
    A: FnMut() -> RA,
    B: FnMut() -> RB,
{
    let batch = |took: Duration| {
        (MIN_SAMPLE.as_nanos() / took.as_nanos().max(1)).clamp(1, 1_000_000) as u32
    };
    let start = Instant::now();
    let mut ra = a();
    let na = batch(start.elapsed());
    let start = Instant::now();
    let mut rb = b();
    let nb = batch(start.elapsed());
    let (mut ta, mut tb) = (Vec::new(), Vec::new());
    for rep in 0..reps {
        for first in [rep % 2 == 0, rep % 2 != 0] {
            let start = Instant::now();
            if first {
                for _ in 0..na {
                    ra = std::hint::black_box(a());
                }
                ta.push(start.elapsed() / na);
            } else {
                for _ in 0..nb {
                    rb = std::hint::black_box(b());
                }
                tb.push(start.elapsed() / nb);
            }
        }
    }
    (ta, tb, ra, rb)
}

fn equity_row(w: &Equity, reps: usize) -> Result<Row, String> {
    let spec = allin::equity::Spec::parse(w.players, w.board, w.dead)
        .map_err(|e| format!("allin cannot read it: {e}"))?;
    let ranges = pokers::HandRange::from_strings(w.players.iter().map(|p| p.to_string()).collect());
    let board = pokers::get_card_mask(w.board);
    let dead = pokers::get_card_mask(w.dead);
    let ours = || {
        // Opening the job is part of the work (no preflop table: both
        // engines enumerate).
        let tally = allin::equity::ExactJob::new(&spec, None).run_all();
        (0..tally.players())
            .map(|p| tally.equity(p))
            .collect::<Vec<f64>>()
    };
    let theirs = || {
        pokers::exact_equity(
            &ranges,
            board,
            dead,
            1,
            Arc::new(AtomicBool::new(false)),
            |_| {},
        )
        .map(|r| r.equities)
        .map_err(|e| format!("{e:?}"))
    };
    let (ta, tb, ra, rb) = interleaved(reps, ours, theirs);
    let rb = rb.map_err(|e| format!("pokers failed: {e}"))?;
    let agree = ra.len() == rb.len() && ra.iter().zip(&rb).all(|(x, y)| (x - y).abs() < 1e-9);
    if !agree {
        let mut msg = String::from("the engines disagree:");
        for (i, (x, y)) in ra.iter().zip(&rb).enumerate() {
            let _ = write!(msg, " P{}: allin {x:.12} pokers {y:.12};", i + 1);
        }
        return Err(msg);
    }
    Ok(Row::new(w.name, "pokers", ta, tb, "equities equal to 1e-9"))
}
