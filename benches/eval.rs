//! Hold'em evaluator throughput, native, single thread.
//!
//! Workloads (the names say what is measured):
//! - `seven_card/enumerate_all_133784560_incremental`: every 7-card hand,
//!   built one card per loop level, the last two as one loop over a table
//!   of the 1,326 pair keys (`census::for_each_7_from`), each one evaluated
//!   by its own lookup; the sum of ranks is kept so nothing is optimised
//!   away.
//! - `seven_card/random_10M_from_scratch`: 10,000,000 random 7-card hands
//!   (pre-dealt with a fixed seed), each evaluated from its 7 cards
//!   (`eval::evaluate`), one call per hand.
//! - `seven_card/random_10M_from_scratch_batch`: the same hands, each
//!   evaluated from its 7 cards by `eval::evaluate_many`, 1,024 hands per
//!   call (AVX2 key sums where the CPU has them; see `src/eval/batch.rs`).
//! - `seven_card/random_10M_prebuilt_hands`: the same hands pre-built as
//!   `Hand` values (key and mask already summed), so only the lookups are
//!   timed: the workload of the "precalculated hand objects" benchmarks
//!   some other evaluators publish.
//! - `five_card/enumerate_all_2598960_incremental`.
//!
//! Run: `cargo bench -p allin-benches --bench eval` (criterion prints elements/s = hands/s).
//! Figures measured on the project machine are in docs/performance.md.

use allin::equity::rng::splitmix64;
use allin::eval::{census, evaluate, evaluate_many, Hand, HandRank};
use allin::Card;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

/// `n` random 7-card hands, dealt with splitmix64 from `seed`.
fn random_hands(n: usize, seed: u64) -> Vec<[Card; 7]> {
    let mut state = seed;
    (0..n)
        .map(|_| {
            let mut used = 0u64;
            let mut hand = [Card::new(0, 0); 7];
            for slot in &mut hand {
                loop {
                    let id = (splitmix64(&mut state) % 52) as u8;
                    if used >> id & 1 == 0 {
                        used |= 1 << id;
                        *slot = Card::from_id(id).unwrap();
                        break;
                    }
                }
            }
            hand
        })
        .collect()
}

fn seven_card(c: &mut Criterion) {
    let mut g = c.benchmark_group("seven_card");
    g.sample_size(10);
    g.throughput(Throughput::Elements(133_784_560));
    g.bench_function("enumerate_all_133784560_incremental", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for first in 0..52 {
                census::for_each_7_from(first, |r| sum += u64::from(r.value()));
            }
            black_box(sum)
        })
    });
    let hands = random_hands(10_000_000, SEED);
    g.throughput(Throughput::Elements(hands.len() as u64));
    g.bench_function("random_10M_from_scratch", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for h in black_box(&hands) {
                sum += u64::from(evaluate(h).value());
            }
            black_box(sum)
        })
    });
    g.bench_function("random_10M_from_scratch_batch", |b| {
        let mut ranks = vec![HandRank::default(); 1024];
        b.iter(|| {
            let mut sum = 0u64;
            for chunk in black_box(&hands).chunks(1024) {
                let ranks = &mut ranks[..chunk.len()];
                evaluate_many(chunk, ranks);
                sum += ranks.iter().map(|r| u64::from(r.value())).sum::<u64>();
            }
            black_box(sum)
        })
    });
    let built: Vec<Hand> = hands.iter().map(|h| Hand::from_cards(h)).collect();
    g.bench_function("random_10M_prebuilt_hands", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for h in black_box(&built) {
                sum += u64::from(h.evaluate().value());
            }
            black_box(sum)
        })
    });
    g.finish();
}

/// Fixed seed for the dealt hands, so every run measures the same work.
const SEED: u64 = 0xA111_0DD5;

fn five_card(c: &mut Criterion) {
    let mut g = c.benchmark_group("five_card");
    g.throughput(Throughput::Elements(2_598_960));
    g.bench_function("enumerate_all_2598960_incremental", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            census::for_each_5(|r| sum += u64::from(r.value()));
            black_box(sum)
        })
    });
    g.finish();
}

criterion_group!(benches, seven_card, five_card);
criterion_main!(benches);
