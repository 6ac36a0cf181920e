//! Category counts over every possible hand: a user-runnable proof of the
//! evaluator (`allin census`), and the benchmark workload.
//!
//! The enumerations build hands incrementally, one card per loop level, the
//! way the equity engine does.

use super::{Hand, HandRank};
use crate::card::Card;

/// Hands per category, indexed by `Category as usize`.
pub type Counts = [u64; 9];

/// Calls `f` with the rank of every 5-card hand (2,598,960 of them).
pub fn for_each_5(mut f: impl FnMut(HandRank)) {
    let card = |i: u8| Card::from_id(i).expect("id < 52");
    for a in 0..52 {
        let ha = Hand::new().add(card(a));
        for b in a + 1..52 {
            let hb = ha.add(card(b));
            for c in b + 1..52 {
                let hc = hb.add(card(c));
                for d in c + 1..52 {
                    let hd = hc.add(card(d));
                    for e in d + 1..52 {
                        f(hd.add(card(e)).evaluate());
                    }
                }
            }
        }
    }
}

/// Calls `f` with the rank of every 7-card hand whose lowest card id is
/// `first` (sum over `first in 0..52` = all 133,784,560 hands). Split by
/// first card so callers can spread the work.
pub fn for_each_7_from(first: u8, mut f: impl FnMut(HandRank)) {
    let card = |i: u8| Card::from_id(i).expect("id < 52");
    let ha = Hand::new().add(card(first));
    for b in first + 1..52 {
        let hb = ha.add(card(b));
        for c in b + 1..52 {
            let hc = hb.add(card(c));
            for d in c + 1..52 {
                let hd = hc.add(card(d));
                for e in d + 1..52 {
                    hd.add(card(e)).for_each_plus_two(e + 1, &mut f);
                }
            }
        }
    }
}

fn tally(counts: &mut Counts, r: HandRank) {
    counts[(r.0 >> 12) as usize] += 1;
}

/// Category counts over all 2,598,960 five-card hands.
pub fn holdem5() -> Counts {
    let mut counts = [0; 9];
    for_each_5(|r| tally(&mut counts, r));
    counts
}

/// Category counts over all 133,784,560 seven-card hands (single thread).
pub fn holdem7() -> Counts {
    let mut counts = [0; 9];
    for first in 0..52 {
        for_each_7_from(first, |r| tally(&mut counts, r));
    }
    counts
}

/// Number of distinct ranks among all 5-card hands (7,462).
pub fn distinct5() -> usize {
    let mut seen = vec![false; 1 << 16];
    for_each_5(|r| seen[r.0 as usize] = true);
    seen.iter().filter(|&&s| s).count()
}

#[cfg(test)]
mod tests {
    #[test]
    fn five_card_counts() {
        assert_eq!(
            super::holdem5(),
            [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
        );
        assert_eq!(super::distinct5(), 7462);
    }
}
