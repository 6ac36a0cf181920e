//! The evaluator workloads: every 7-card hand in plain nested loops (one
//! card added per level, as an enumeration does), and a million random
//! 7-card hands. Both engines must count the same number of hands in each
//! category (ranks differ in encoding, categories do not).

use crate::report::Row;
use crate::run::{self, Answer, Engine};

pub const ALL: &str = "evaluator: all 133,784,560 7-card hands, nested loops";
pub const RANDOM: &str = "evaluator: 1,000,000 random 7-card hands";
pub const NAMES: [&str; 2] = [ALL, RANDOM];

/// Category counts, weakest first, as each engine numbers them. Sixteen
/// slots for nine or ten categories: any `rank >> 12` of a 16-bit rank
/// indexes them without a bounds check in the loop (the C++ shim has none).
type Counts = [u64; 16];

/// The categories that occur, weakest first: equal in every engine (ranks
/// differ in encoding, categories do not; the numbering's offset drops out).
fn answer(counts: Counts) -> Result<Answer, String> {
    Ok(Answer::exact(
        counts
            .iter()
            .filter(|&&n| n > 0)
            .map(|&n| n as f64)
            .collect(),
    ))
}

/// One evaluator row, computed and checked.
pub fn row(name: &str, reps: usize) -> Result<Row, String> {
    let hands = if name == RANDOM {
        random_hands(1_000_000, 0x5eed)
    } else {
        Vec::new()
    };
    let all = name == ALL;
    let mut engines = vec![
        Engine::new("allin", || {
            answer(if all { all_ours() } else { random_ours(&hands) })
        }),
        Engine::new("pokers", || {
            answer(if all {
                all_theirs()
            } else {
                random_theirs(&hands)
            })
        }),
    ];
    #[cfg(ompeval)]
    engines.push(Engine::new("OMPEval", || {
        answer(if all {
            crate::ompeval::all7()
        } else {
            crate::ompeval::hands(&hands)
        })
    }));
    #[cfg(hhe)]
    engines.push(Engine::new("holdem-hand-evaluator", || {
        answer(if all {
            crate::hhe::all7()
        } else {
            crate::hhe::hands(&hands)
        })
    }));
    let results = run::interleaved(reps, &mut engines)?;
    let reference = &results[0].1.values;
    for (e, (_, a)) in engines.iter().zip(&results) {
        if &a.values != reference {
            return Err(format!(
                "category counts differ: allin {reference:?}, {} {:?}",
                e.name, a.values
            ));
        }
    }
    let timed = engines
        .iter()
        .zip(results)
        .map(|(e, (t, _))| (e.name, t))
        .collect();
    Ok(Row::new(name, timed, "category counts equal"))
}

// Index loops: the same shape in every engine, as an enumeration writes
// them: each level adds one card, from a table of one-card hands (pokers'
// `CARDS`; ours built with `Hand::from_cards`, added with `combine`: the
// loop lives in `allin-floor`, which also runs it as wasm).
fn all_ours() -> Counts {
    allin_floor::nested_counts()
}

#[allow(clippy::needless_range_loop)]
fn all_theirs() -> Counts {
    use pokers::CARDS;
    let mut counts = [0u64; 16];
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

/// Each engine's own way to rank seven cards from scratch: ours is
/// `eval::evaluate` on the cards (it sums their keys and builds the suit
/// mask only for a flush); pokers, holdem-hand-evaluator and OMPEval fold
/// one-card hands into a hand and evaluate that.
fn random_ours(hands: &[[u8; 7]]) -> Counts {
    use allin::card::Card;
    let cards: Vec<Card> = (0..52).filter_map(Card::from_id).collect();
    let mut counts = [0u64; 16];
    for hand in hands {
        let h = hand.map(|c| cards[usize::from(c)]);
        counts[usize::from(allin::eval::evaluate(&h).value() >> 12)] += 1;
    }
    counts
}

fn random_theirs(hands: &[[u8; 7]]) -> Counts {
    use pokers::CARDS;
    let mut counts = [0u64; 16];
    for hand in hands {
        let h = hand
            .iter()
            .fold(pokers::Hand::default(), |h, &c| h + CARDS[c as usize]);
        counts[(h.evaluate() >> 12) as usize] += 1;
    }
    counts
}
