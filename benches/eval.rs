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
//!   (`eval::evaluate`).
//! - `five_card/enumerate_all_2598960_incremental`.
//!
//! Run: `cargo bench --bench eval` (criterion prints elements/s = hands/s).
//! Figures measured on the project machine are in README.md.

use allin::eval::{census, evaluate};
use allin::Card;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

/// splitmix64: a tiny deterministic generator for dealing test hands.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn random_hands(n: usize, seed: u64) -> Vec<[Card; 7]> {
    let mut state = seed;
    (0..n)
        .map(|_| {
            let mut used = 0u64;
            let mut hand = [Card::new(0, 0); 7];
            for slot in &mut hand {
                loop {
                    let id = (splitmix(&mut state) % 52) as u8;
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
                census::for_each_7_from(first, |r| sum += r.0 as u64);
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
                sum += evaluate(h).0 as u64;
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
            census::for_each_5(|r| sum += r.0 as u64);
            black_box(sum)
        })
    });
    g.finish();
}

criterion_group!(benches, seven_card, five_card);
criterion_main!(benches);
