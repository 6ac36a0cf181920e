//! Equity engine throughput, native, single thread.
//!
//! Workloads (each is a whole job, exact unless it says Monte Carlo):
//! - `exact/AhKh_vs_QsQd_preflop` (1,712,304 boards)
//! - `exact/AhAd_vs_KsKc_vs_QhQd_preflop` (1,370,754 boards)
//! - `exact/AhKh_vs_QsQd_flop_2h7hTc` (990 boards)
//! - `exact/6_players_preflop` (AhKh QsQd JcTc 9s8s 7d7c AdKc, 658,008 boards)
//! - `monte_carlo/AhKh_vs_QsQd_preflop_1M_trials`
//! - `potential/AdQc_on_3h4cJh_vs_random` (HS, PPot, NPot: 1,081 holdings ×
//!   990 runouts) and the same on the turn 2s
//! - `detail/…`: what each hand makes and hits (categories by the river;
//!   on the flop outs and each turn card's equity), exact: heads-up
//!   preflop, a flop, AhKh vs random on a flop
//!   990 runouts) and the same on the turn 2s; against 2 random hands on
//!   the flop and 3 on the turn, exact
//!
//! Run: `cargo bench -p allin-benches --bench equity`. Figures measured on the project
//! machine are in docs/performance.md.

use allin::equity::{Exact, MonteCarlo, Spec};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn spec(players: &[&str], board: &str) -> Spec {
    Spec::parse(players, board, "").expect("valid spec")
}

fn exact(c: &mut Criterion) {
    let mut g = c.benchmark_group("exact");
    for (name, players, board) in [
        ("AhKh_vs_QsQd_preflop", &["AhKh", "QsQd"][..], ""),
        (
            "AhAd_vs_KsKc_vs_QhQd_preflop",
            &["AhAd", "KsKc", "QhQd"][..],
            "",
        ),
        ("AhKh_vs_QsQd_flop_2h7hTc", &["AhKh", "QsQd"][..], "2h7hTc"),
        (
            "6_players_preflop",
            &["AhKh", "QsQd", "JcTc", "9s8s", "7d7c", "AdKc"][..],
            "",
        ),
    ] {
        let s = spec(players, board);
        // Opening the job (parsing, units) is part of the work.
        g.bench_function(name, |b| b.iter(|| Exact::new(black_box(&s)).run_all()));
    }
    g.finish();
}

fn monte_carlo(c: &mut Criterion) {
    let mut g = c.benchmark_group("monte_carlo");
    g.sample_size(10);
    let s = spec(&["AhKh", "QsQd"], "");
    let mc = MonteCarlo::new(&s);
    g.bench_function("AhKh_vs_QsQd_preflop_1M_trials", |b| {
        b.iter(|| mc.run(black_box(42), 0, 1_000_000))
    });
    g.finish();
}

/// Hand strength and potential (issue 14's published example): one
/// opponent, every holding × every runout, opened and run.
fn potential(c: &mut Criterion) {
    use allin::card::{parse_cards, CardSet};
    use allin::equity::potential::PotentialJob;
    use allin::range::{HoleCards, Range};
    let mut g = c.benchmark_group("potential");
    for (name, hero, board) in [
        ("AdQc_on_3h4cJh_vs_random", "AdQc", "3h4cJh"),
        ("AdQc_on_3h4cJh2s_vs_random", "AdQc", "3h4cJh2s"),
    ] {
        let h = parse_cards(hero).unwrap();
        let hero = HoleCards::new(h[0], h[1]).unwrap();
        let board = parse_cards(board).unwrap();
        let vs = Range::random();
        g.bench_function(name, |b| {
            b.iter(|| {
                PotentialJob::open(hero, black_box(&board), CardSet::EMPTY, &vs)
                    .unwrap()
                    .run_all()
            })
        });
    }
    // Several random opponents, exact (see potential/multi.rs).
    for (name, board, n) in [
        ("AdQc_on_3h4cJh_vs_2_random", "3h4cJh", 2),
        ("AdQc_on_3h4cJh2s_vs_3_random", "3h4cJh2s", 3),
    ] {
        use allin::equity::potential::multi::StrengthJob;
        let h = parse_cards("AdQc").unwrap();
        let hero = HoleCards::new(h[0], h[1]).unwrap();
        let board = parse_cards(board).unwrap();
        let vs = Range::random();
        let ranges = vec![&vs; n];
        g.sample_size(10);
        g.bench_function(name, |b| {
            b.iter(|| {
                StrengthJob::open(hero, black_box(&board), CardSet::EMPTY, &ranges)
                    .unwrap()
                    .run_all()
            })
        });
    }
    g.finish();
}

/// What each hand makes and hits (`equity::detail`), whole exact jobs.
fn detail(c: &mut Criterion) {
    use allin::equity::detail::DetailJob;
    let mut g = c.benchmark_group("detail");
    g.sample_size(10);
    for (name, players, board) in [
        ("AsKs_vs_8d8c_preflop", &["AsKs", "8d8c"][..], ""),
        ("AhKh_vs_QsQd_flop_2h7hTc", &["AhKh", "QsQd"][..], "2h7hTc"),
        (
            "AhKh_vs_random_flop_2h7hTc",
            &["AhKh", "random"][..],
            "2h7hTc",
        ),
    ] {
        let s = spec(players, board);
        g.bench_function(name, |b| b.iter(|| DetailJob::new(black_box(&s)).run_all()));
    }
    g.finish();
}

criterion_group!(benches, exact, monte_carlo, potential, detail);
criterion_main!(benches);
