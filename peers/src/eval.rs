//! The evaluator workloads: every 7-card hand in plain nested loops (one
//! card added per level, as an enumeration does), and a million random
//! 7-card hands. Both engines must count the same number of hands in each
//! category (ranks differ in encoding, categories do not).

use crate::interleaved;
use crate::report::Row;

/// Categories weakest first, as counts (index: the engine's own category, in order).
type Counts = [u64; 10];

/// The rows, each computed and checked.
pub fn rows(reps: usize) -> Vec<(&'static str, Result<Row, String>)> {
    let all = "evaluator: all 133,784,560 7-card hands, nested loops";
    let random = "evaluator: 1,000,000 random 7-card hands";
    vec![
        (all, row(all, reps, all_ours, all_theirs)),
        (random, {
            let hands = random_hands(1_000_000, 0x5eed);
            row(
                random,
                reps,
                || random_ours(&hands),
                || random_theirs(&hands),
            )
        }),
    ]
}

fn row(
    name: &'static str,
    reps: usize,
    ours: impl FnMut() -> Counts,
    theirs: impl FnMut() -> Counts,
) -> Result<Row, String> {
    let (ta, tb, ra, rb) = interleaved(reps, ours, theirs);
    // Both list categories weakest first; pokers numbers them from 1.
    let a: Vec<u64> = ra.iter().copied().filter(|&n| n > 0).collect();
    let b: Vec<u64> = rb.iter().copied().filter(|&n| n > 0).collect();
    if a != b {
        return Err(format!("category counts differ: allin {a:?}, pokers {b:?}"));
    }
    Ok(Row::new(name, "pokers", ta, tb, "category counts equal"))
}

// Index loops: the same shape in both engines, as an enumeration writes them.
#[allow(clippy::needless_range_loop)]
fn all_ours() -> Counts {
    use allin::card::Card;
    use allin::eval::Hand;
    let cards: Vec<Card> = (0..52).filter_map(Card::from_id).collect();
    let mut counts = [0u64; 10];
    let h0 = Hand::new();
    for a in 0..46 {
        let h1 = h0 + cards[a];
        for b in a + 1..47 {
            let h2 = h1 + cards[b];
            for c in b + 1..48 {
                let h3 = h2 + cards[c];
                for d in c + 1..49 {
                    let h4 = h3 + cards[d];
                    for e in d + 1..50 {
                        let h5 = h4 + cards[e];
                        for f in e + 1..51 {
                            let h6 = h5 + cards[f];
                            for &g in &cards[f + 1..] {
                                counts[usize::from((h6 + g).evaluate().value() >> 12)] += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    counts
}

#[allow(clippy::needless_range_loop)]
fn all_theirs() -> Counts {
    use pokers::CARDS;
    let mut counts = [0u64; 10];
    let h0 = pokers::Hand::default();
    for a in 0..46 {
        let h1 = h0 + CARDS[a];
        for b in a + 1..47 {
            let h2 = h1 + CARDS[b];
            for c in b + 1..48 {
                let h3 = h2 + CARDS[c];
                for d in c + 1..49 {
                    let h4 = h3 + CARDS[d];
                    for e in d + 1..50 {
                        let h5 = h4 + CARDS[e];
                        for f in e + 1..51 {
                            let h6 = h5 + CARDS[f];
                            for &g in &CARDS[f + 1..] {
                                counts[((h6 + g).evaluate() >> 12) as usize] += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    counts
}

/// `n` hands of 7 distinct card ids (0..52), from a seeded xorshift.
fn random_hands(n: usize, seed: u64) -> Vec<[u8; 7]> {
    let mut s = seed;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    (0..n)
        .map(|_| {
            let mut hand = [0u8; 7];
            let mut used = 0u64;
            let mut i = 0;
            while i < 7 {
                let c = (next() % 52) as u8;
                if used & (1 << c) == 0 {
                    used |= 1 << c;
                    hand[i] = c;
                    i += 1;
                }
            }
            hand
        })
        .collect()
}

fn random_ours(hands: &[[u8; 7]]) -> Counts {
    use allin::card::Card;
    use allin::eval::Hand;
    let cards: Vec<Card> = (0..52).filter_map(Card::from_id).collect();
    let mut counts = [0u64; 10];
    for hand in hands {
        let h = hand.iter().fold(Hand::new(), |h, &c| h + cards[c as usize]);
        counts[usize::from(h.evaluate().value() >> 12)] += 1;
    }
    counts
}

fn random_theirs(hands: &[[u8; 7]]) -> Counts {
    use pokers::CARDS;
    let mut counts = [0u64; 10];
    for hand in hands {
        let h = hand
            .iter()
            .fold(pokers::Hand::default(), |h, &c| h + CARDS[c as usize]);
        counts[(h.evaluate() >> 12) as usize] += 1;
    }
    counts
}
