//! Omaha and Short Deck equity, native, single thread, whole jobs.
//!
//! - `omaha/plo4_heads_up_flop`: AsAhKsKh vs 9c8c7d6d on 2c3h4s (820 boards)
//! - `omaha/plo4_heads_up_preflop`: the same hands, 1,086,008 boards
//! - `omaha/plo4_hilo_heads_up_preflop`: Ah2h3s4c vs AsKsQdJd, Hi-Lo
//! - `omaha/plo4_3way_preflop`: AsAhKsKh vs 9c8c7d6d vs QdJdTc9h, exact
//!   (658,008 boards)
//! - `omaha/plo4_3way_preflop_mc_1M`: the same, 1,000,000 Monte Carlo trials
//! - `omaha/plo6_6way_flop`: six six-card hands on a flop
//! - `short_deck/heads_up_preflop`: AsKs vs QhQd (201,376 boards)
//!
//! Run: `cargo bench -p allin-benches --bench board_games`.

use allin::omaha::{Game, OmahaJob};
use allin::short_deck::{Rules, ShortDeckJob};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn omaha(game: &str, players: &[&str], board: &str) -> OmahaJob {
    OmahaJob::parse(Game::from_name(game).unwrap(), players, board, "").expect("valid job")
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("omaha");
    let flop = omaha("omaha", &["AsAhKsKh", "9c8c7d6d"], "2c3h4s");
    g.bench_function("plo4_heads_up_flop", |b| {
        b.iter(|| black_box(&flop).run_all())
    });
    let six = omaha(
        "omaha6",
        &[
            "AsKsQhJhTd9d",
            "8c7c6d5d4h3h",
            "2c2dAcAdKcKd",
            "QsQdJsJd8s8d",
            "7s6s5s4s3s2s",
            "ThTc9h9c8h7h",
        ],
        "4c5c2h",
    );
    g.bench_function("plo6_6way_flop", |b| b.iter(|| black_box(&six).run_all()));
    g.sample_size(10);
    let hu = omaha("omaha", &["AsAhKsKh", "9c8c7d6d"], "");
    g.bench_function("plo4_heads_up_preflop", |b| {
        b.iter(|| black_box(&hu).run_all())
    });
    let hilo = omaha("omaha-hilo", &["Ah2h3s4c", "AsKsQdJd"], "");
    g.bench_function("plo4_hilo_heads_up_preflop", |b| {
        b.iter(|| black_box(&hilo).run_all())
    });
    let three = omaha("omaha", &["AsAhKsKh", "9c8c7d6d", "QdJdTc9h"], "");
    g.bench_function("plo4_3way_preflop", |b| {
        b.iter(|| black_box(&three).run_all())
    });
    g.bench_function("plo4_3way_preflop_mc_1M", |b| {
        b.iter(|| black_box(&three).run_trials(7, 0, 1_000_000))
    });
    g.finish();
    let mut g = c.benchmark_group("short_deck");
    g.sample_size(10);
    let sd = ShortDeckJob::parse(Rules::default(), &["AsKs", "QhQd"], "", "").unwrap();
    g.bench_function("heads_up_preflop", |b| b.iter(|| black_box(&sd).run_all()));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
