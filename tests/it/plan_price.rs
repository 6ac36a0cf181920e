//! Issue 40, "exact whenever exact is cheap": the plan's price of a job
//! (evaluations of the same time, [`Plan::cost`]) against the time its
//! exact enumeration really takes, one thread, on varied jobs: known
//! hands, ranges preflop (by classes grouped by ranks), on a flop or turn
//! (by the ranks to come), and by assignment. The price is trusted as far
//! as nanoseconds per priced evaluation agree across jobs: a job priced
//! over [`EXACT_LIMIT`] is sampled, so it must really take longer than the
//! cheapest such job would.
//!
//! A measurement, not a check: `ALLIN_PLAN_PRICE=1 cargo test --release
//! --test it plan_price -- --ignored --nocapture` (without the variable it
//! returns at once: the `sweeps` step runs every ignored test). Its figures are in
//! docs/performance.md ("Time to ±0.1").

use allin::equity::{Plan, Spec, EXACT_LIMIT};
use std::time::Instant;

/// Players and board of each job (no dead cards, no table).
const JOBS: &[(&[&str], &str)] = &[
    // Known hands.
    (&["AhKh", "QsQd"], ""),
    (&["AhAd", "KsKc", "QhQd"], ""),
    (&["AhKh", "QsQd", "JcTc", "9s8s"], ""),
    (&["AhKh", "QsQd", "JcTc", "9s8s", "7d7c", "AdKc"], ""),
    (&["AhKh", "QsQd"], "2h7hTc"),
    (&["AhKh", "QsQd", "JcJd"], "2h7hTc"),
    (&["AhKh", "QsQd"], "2h7hTc9d"),
    // Ranges preflop, by classes grouped by ranks.
    (&["AhKh", "random"], ""),
    (&["AA,KK", "QQ,JJ", "AKs,AKo"], ""),
    (&["QQ+", "TT+", "99+"], ""),
    (&["QQ+", "TT+", "T9s,98s", "AhKh"], ""),
    (&["22+", "22+", "AK"], ""),
    (&["QQ+,AK", "TT+,AQs+", "22+,A2s+"], ""),
    (&["JJ+,AK", "TT+,AQ", "77+,AT+"], ""),
    (&["AA", "KK", "QQ", "JJ"], ""),
    (&["AK", "AQ", "22+"], ""),
    (&["5%", "10%", "AhKh"], ""),
    (&["AKs", "random", "QQ"], ""),
    // Ranges on a flop or turn, by the ranks to come.
    (&["QQ+", "TT+", "99+"], "Kh7d2c"),
    (&["15%", "15%", "15%"], "Kh9h4d"),
    (&["random", "random"], "Kh9h4h"),
    (&["random", "random"], "Kh9h4d"),
    (&["20%", "20%", "20%"], "Ks9s4s"),
    (&["random", "random", "AhKd"], "7h8h2c"),
    (&["30%", "30%"], "Kh9h4d2c"),
    (&["AhKh", "random"], "2h7hTc"),
    (&["AhKh", "random", "random"], "2h7hTc"),
    (&["10%", "10%", "10%", "10%"], "Kh9h4d"),
    (&["random", "random"], "2c3d4h5s"),
    // By assignment (and the rest).
    (&["QQ+", "AhKh"], "2h7hTc9d5s"),
    (&["random", "random", "random"], "Kh9h4d2c"),
    (&["20%", "20%", "20%", "20%"], "Kh9h4d2s"),
    (&["AK", "QQ+", "random"], "2h7hTc9d"),
    (&["random", "random", "random", "random"], "2h7hTc9d5s"),
];

/// Jobs priced above this many evaluations are not run (minutes each).
const RUN_UP_TO: u64 = 8 * EXACT_LIMIT;

#[test]
#[ignore = "a measurement: prints the price against the time"]
fn plan_price_against_time() {
    if std::env::var_os("ALLIN_PLAN_PRICE").is_none() {
        println!("plan_price: set ALLIN_PLAN_PRICE=1 to measure");
        return;
    }
    println!(
        "| job | price (evaluations) | planned in | exact, one thread | ns per priced evaluation |"
    );
    println!("|---|---|---|---|---|");
    let mut per_eval = Vec::new();
    for (players, board) in JOBS {
        let spec = Spec::parse(players, board, "").unwrap();
        let start = Instant::now();
        let plan = Plan::new(&spec, None);
        let planned = start.elapsed().as_secs_f64();
        let name = format!(
            "{}{}",
            players.join(" v "),
            if board.is_empty() {
                " preflop".to_string()
            } else {
                format!(" on {board}")
            }
        );
        if plan.cost() > RUN_UP_TO || !plan.feasible() {
            println!(
                "| {name} | {:.2e} | {:.1} ms | not run | |",
                plan.cost() as f64,
                planned * 1e3
            );
            continue;
        }
        let job = plan.open(&spec);
        let start = Instant::now();
        std::hint::black_box(job.run_all());
        let secs = start.elapsed().as_secs_f64();
        let ns = secs * 1e9 / plan.cost() as f64;
        per_eval.push(ns);
        println!(
            "| {name} | {:.2e}{} | {:.1} ms | {:.2} ms | {ns:.3} |",
            plan.cost() as f64,
            if plan.affordable() { "" } else { " (sampled)" },
            planned * 1e3,
            secs * 1e3
        );
    }
    per_eval.sort_by(f64::total_cmp);
    let n = per_eval.len();
    println!(
        "\n{n} jobs run: ns per priced evaluation from {:.3} to {:.3}, median {:.3} \
         (the limit, {EXACT_LIMIT} evaluations, is {:.1}–{:.1} s at those)",
        per_eval[0],
        per_eval[n - 1],
        per_eval[n / 2],
        per_eval[0] * EXACT_LIMIT as f64 / 1e9,
        per_eval[n - 1] * EXACT_LIMIT as f64 / 1e9,
    );
}
