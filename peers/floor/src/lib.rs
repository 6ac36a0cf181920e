//! What V8 makes of allin's own code: the same Rust loops compiled natively
//! and to wasm32, called without the JS API, wasm-bindgen or any crossing
//! but one call (`peers/js/floor.mjs`, the last table of `cargo xtask
//! bench`). A workload's answer is a checksum, equal in both builds.
//!
//! The first workload is the evaluator in plain nested loops (the native
//! table's row, the same loop as `peers/src/eval.rs`): ~15 instructions a
//! hand natively, nothing but key sums and two table loads, so its ratio is
//! the least a wasm engine adds to this code. The others are the exact
//! jobs of the browser table, opened and run whole.

use allin::card::Card;
use allin::equity::{ExactJob, Spec};
use allin::eval::Hand;

/// The workloads, by index (`floor_run(i)`).
pub const WORKLOADS: [&str; 5] = [
    "evaluator: all 133,784,560 7-card hands, nested loops",
    "W1: AhKh v QsQd preflop, exact",
    "W3: AhAd v KsKc v QhQd preflop, exact",
    "6 players preflop, exact",
    "QQ+ v TT+ v 99+ on Kh7d2c, exact",
];

/// Runs workload `i` once; its answer's checksum (0 for no such workload).
#[no_mangle]
pub extern "C" fn floor_run(i: u32) -> u64 {
    match i {
        0 => nested(),
        1 => job(&["AhKh", "QsQd"], ""),
        2 => job(&["AhAd", "KsKc", "QhQd"], ""),
        3 => job(&["AhKh", "QsQd", "JcTc", "9s8s", "7d7c", "AdKc"], ""),
        4 => job(&["QQ+", "TT+", "99+"], "Kh7d2c"),
        _ => 0,
    }
}

/// An exact job opened and run whole (no preflop table), as the JS API's
/// `equity()` does: the tally's counts, hashed (FNV-1a over the counts).
fn job(players: &[&str], board: &str) -> u64 {
    let Ok(spec) = Spec::parse(players, board, "") else {
        return 0;
    };
    let tally = ExactJob::new(&spec, None).run_all();
    tally
        .by_winners()
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, &n| {
            (h ^ n).wrapping_mul(0x100_0000_01b3)
        })
}

/// Every 7-card hand, one card added per loop level: category counts,
/// hashed as the jobs' counts are.
fn nested() -> u64 {
    nested_counts().iter().fold(0xcbf2_9ce4_8422_2325, |h, &n| {
        (h ^ n).wrapping_mul(0x100_0000_01b3)
    })
}

/// Hands by category (`rank >> 12`) over every 7-card hand, in index loops
/// that add one card a level from a table of one-card hands, as an
/// enumeration writes them: the native table's evaluator row
/// (`peers/src/eval.rs`, where each peer runs the same shape) and this
/// crate's.
#[allow(clippy::needless_range_loop)]
pub fn nested_counts() -> [u64; 16] {
    let cards: Vec<Hand> = (0..52)
        .filter_map(Card::from_id)
        .map(|c| Hand::from_cards(&[c]))
        .collect();
    let mut counts = [0u64; 16];
    let h0 = Hand::new();
    for a in 0..46 {
        let h1 = h0.combine(cards[a]);
        for b in a + 1..47 {
            let h2 = h1.combine(cards[b]);
            for c in b + 1..48 {
                let h3 = h2.combine(cards[c]);
                for d in c + 1..49 {
                    let h4 = h3.combine(cards[d]);
                    for e in d + 1..50 {
                        let h5 = h4.combine(cards[e]);
                        for f in e + 1..51 {
                            let h6 = h5.combine(cards[f]);
                            for &g in &cards[f + 1..] {
                                counts[usize::from(h6.combine(g).evaluate().value() >> 12)] += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every workload answers (a checksum of real counts, not 0), and the
    /// small ones as the engine's reference counts say (W1: 787,966 wins,
    /// 917,606, 6,732 ties, in `src/equity/exact.rs`).
    #[test]
    fn workloads_answer() {
        let spec = Spec::parse(&["AhKh", "QsQd"], "", "").unwrap();
        let t = ExactJob::new(&spec, None).run_all();
        assert_eq!((t.wins(0), t.wins(1), t.ties(0)), (787_966, 917_606, 6_732));
        for i in 1..WORKLOADS.len() as u32 {
            assert_ne!(floor_run(i), 0, "{}", WORKLOADS[i as usize]);
        }
        assert_eq!(floor_run(99), 0);
    }
}
