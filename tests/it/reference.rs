//! A slow, obviously-correct Hold'em evaluator, written from the rules of
//! poker and independently of `src/eval/` (it shares only the `Card` type).
//! The exhaustive tests hold the fast evaluator to it.
//!
//! 1. [`score5`] scores five cards the way a person would: count the ranks,
//!    find the category, list the tiebreak ranks. It returns a number whose
//!    integer order is poker order.
//! 2. [`Reference::new`] builds one representative hand of every distinct
//!    5-card class (every rank multiset, plus a flush version of every set of
//!    five different ranks), scores them, and sorts the scores. A hand's
//!    `HandRank` value is then `category << 12 | index`, where `index` is the
//!    position of its score among the sorted scores of its category: the
//!    encoding the fast evaluator promises.
//! 3. Six and seven cards: the best of every 5-card subset (6 or 21 of them).
//!
//! For speed, the 5-card result is also memoised in two tables keyed by what
//! `score5` looks at (the sorted ranks, or the rank set of a flush); the
//! exhaustive 5-card test proves the memo equals the direct scoring on every
//! one of the 2,598,960 hands.

use allin::Card;
use std::sync::OnceLock;

/// Category numbers, weakest first (the order the `HandRank` encoding uses).
pub const HIGH_CARD: u32 = 0;
pub const PAIR: u32 = 1;
pub const TWO_PAIR: u32 = 2;
pub const TRIPS: u32 = 3;
pub const STRAIGHT: u32 = 4;
pub const FLUSH: u32 = 5;
pub const FULL_HOUSE: u32 = 6;
pub const QUADS: u32 = 7;
pub const STRAIGHT_FLUSH: u32 = 8;

const ACE: u8 = 12;

/// The naive score of five cards (distinct cards assumed):
/// `category << 20` plus up to five tiebreak ranks, most significant first,
/// four bits each. Within a category every hand has the same number of
/// tiebreak ranks, so comparing scores compares hands.
pub fn score5(cards: [Card; 5]) -> u32 {
    let ranks = cards.map(|c| c.rank());
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());

    let mut count = [0u8; 13];
    for r in ranks {
        count[usize::from(r)] += 1;
    }
    // (how many, rank) for each rank present, most cards first, then highest
    // rank first: exactly the order in which poker breaks ties (quads before
    // kicker, trips before pair, high pair before low pair before kicker…).
    let mut groups = [(0u8, 0u8); 5];
    let mut n = 0;
    for r in (0..13u8).rev() {
        if count[usize::from(r)] > 0 {
            groups[n] = (count[usize::from(r)], r);
            n += 1;
        }
    }
    let groups = &mut groups[..n];
    groups.sort_by(|a, b| b.cmp(a));
    let shape: Vec<u8> = groups.iter().map(|g| g.0).collect();

    // A straight is five different ranks in a row; A-2-3-4-5 (the wheel)
    // counts, with the five as its top card.
    let highest = groups.iter().map(|g| g.1).max().unwrap_or(0);
    let lowest = groups.iter().map(|g| g.1).min().unwrap_or(0);
    let straight_top = if n == 5 && highest - lowest == 4 {
        Some(highest)
    } else if n == 5 && (0..4).all(|r| count[r] == 1) && count[usize::from(ACE)] == 1 {
        Some(3)
    } else {
        None
    };

    let (category, tiebreak): (u32, Vec<u8>) = match (straight_top, flush, shape.as_slice()) {
        (Some(top), true, _) => (STRAIGHT_FLUSH, vec![top]),
        (_, _, [4, 1]) => (QUADS, groups.iter().map(|g| g.1).collect()),
        (_, _, [3, 2]) => (FULL_HOUSE, groups.iter().map(|g| g.1).collect()),
        (None, true, _) => (FLUSH, groups.iter().map(|g| g.1).collect()),
        (Some(top), false, _) => (STRAIGHT, vec![top]),
        (_, _, [3, 1, 1]) => (TRIPS, groups.iter().map(|g| g.1).collect()),
        (_, _, [2, 2, 1]) => (TWO_PAIR, groups.iter().map(|g| g.1).collect()),
        (_, _, [2, 1, 1, 1]) => (PAIR, groups.iter().map(|g| g.1).collect()),
        _ => (HIGH_CARD, groups.iter().map(|g| g.1).collect()),
    };
    let mut score = category << 20;
    for (i, r) in tiebreak.iter().enumerate() {
        score |= u32::from(*r) << (16 - 4 * i);
    }
    score
}

/// Every choice of 5 of `N` positions, each ascending (`M` = C(N, 5) of
/// them): the subsets "best of" ranges over. Built at compile time.
const fn five_of<const N: usize, const M: usize>() -> [[usize; 5]; M] {
    let mut out = [[0; 5]; M];
    let mut found = 0;
    let mut mask = 0u32;
    while mask < 1 << N {
        if mask.count_ones() == 5 {
            let (mut k, mut pos) = (0, 0);
            while pos < N {
                if mask >> pos & 1 == 1 {
                    out[found][k] = pos;
                    k += 1;
                }
                pos += 1;
            }
            found += 1;
        }
        mask += 1;
    }
    assert!(found == M);
    out
}

const SUBSETS_OF_7: [[usize; 5]; 21] = five_of::<7, 21>();
const SUBSETS_OF_6: [[usize; 5]; 6] = five_of::<6, 6>();

/// The reference evaluator's tables (see the module documentation).
pub struct Reference {
    /// Scores of every distinct 5-card class, ascending (7,462 of them).
    pub scores: Vec<u32>,
    /// Index in `scores` of the first score of each category.
    category_start: [usize; 9],
    /// Memo for hands that are not flushes, by `rank_key` of their ranks.
    plain: Vec<u16>,
    /// Memo for flushes, by the bit set of their ranks.
    flush: Vec<u16>,
}

/// Base-13 number of five ranks in ascending order.
fn rank_key(r: [u8; 5]) -> usize {
    r.iter().fold(0, |k, &r| k * 13 + usize::from(r))
}

/// The shared reference tables, built once per test binary.
pub fn reference() -> &'static Reference {
    static REF: OnceLock<Reference> = OnceLock::new();
    REF.get_or_init(Reference::new)
}

impl Reference {
    pub fn new() -> Reference {
        // One representative of every class: ranks a <= b <= c <= d <= e
        // (no rank five times), suits by how many times the rank has been
        // seen so far (so cards are distinct), and a flush twin when all five
        // ranks differ.
        let mut reps: Vec<(bool, [u8; 5], [Card; 5])> = Vec::new();
        for a in 0..13u8 {
            for b in a..13 {
                for c in b..13 {
                    for d in c..13 {
                        for e in d..13 {
                            if a == e {
                                continue;
                            }
                            let ranks = [a, b, c, d, e];
                            let mut seen = [0u8; 13];
                            let mut cards = ranks.map(|r| {
                                let suit = seen[usize::from(r)];
                                seen[usize::from(r)] += 1;
                                Card::new(r, suit)
                            });
                            let distinct = seen.iter().all(|&s| s <= 1);
                            if distinct {
                                // All clubs so far: make it a non-flush…
                                cards[4] = Card::new(e, 1);
                                // …and add the flush twin (all clubs).
                                reps.push((true, ranks, ranks.map(|r| Card::new(r, 0))));
                            }
                            reps.push((false, ranks, cards));
                        }
                    }
                }
            }
        }
        let mut scores: Vec<u32> = reps.iter().map(|(_, _, cards)| score5(*cards)).collect();
        scores.sort_unstable();
        scores.dedup();
        assert_eq!(scores.len(), 7_462, "distinct 5-card classes");

        let mut category_start = [0usize; 9];
        for (cat, start) in category_start.iter_mut().enumerate() {
            *start = scores.partition_point(|&s| s >> 20 < cat as u32);
        }
        let mut r = Reference {
            scores,
            category_start,
            plain: vec![u16::MAX; 13usize.pow(5)],
            flush: vec![u16::MAX; 1 << 13],
        };
        for (is_flush, ranks, cards) in &reps {
            let value = r.value_of_score(score5(*cards));
            if *is_flush {
                let mask: usize = ranks.iter().map(|&r| 1usize << r).sum();
                r.flush[mask] = value;
            } else {
                r.plain[rank_key(*ranks)] = value;
            }
        }
        r
    }

    /// `category << 12 | index within category` of a score that is in
    /// `scores` (every score of real cards is).
    fn value_of_score(&self, score: u32) -> u16 {
        let pos = self
            .scores
            .binary_search(&score)
            .unwrap_or_else(|_| panic!("score {score:#x} is not a known class"));
        let cat = (score >> 20) as usize;
        ((cat as u16) << 12) | (pos - self.category_start[cat]) as u16
    }

    /// The value of five cards by direct scoring (no memo).
    pub fn rank5_naive(&self, cards: [Card; 5]) -> u16 {
        self.value_of_score(score5(cards))
    }

    /// The value of five cards via the memo; cards must be in ascending id
    /// order (so that their ranks are ascending).
    #[inline]
    fn rank5_sorted(&self, c: [Card; 5]) -> u16 {
        let s = c[0].suit();
        if c[1].suit() == s && c[2].suit() == s && c[3].suit() == s && c[4].suit() == s {
            let mask: usize = c.iter().map(|c| 1usize << c.rank()).sum();
            self.flush[mask]
        } else {
            self.plain[rank_key(c.map(|c| c.rank()))]
        }
    }

    /// The value of five cards in any order, via the memo.
    pub fn rank5(&self, mut cards: [Card; 5]) -> u16 {
        cards.sort_unstable();
        self.rank5_sorted(cards)
    }

    /// Best of the 21 five-card subsets of seven cards in ascending id order.
    #[inline]
    pub fn best7_sorted(&self, c: &[Card; 7]) -> u16 {
        SUBSETS_OF_7
            .iter()
            .map(|s| self.rank5_sorted(s.map(|k| c[k])))
            .max()
            .unwrap_or(0)
    }

    /// Best of the 6 five-card subsets of six cards in ascending id order.
    #[inline]
    pub fn best6_sorted(&self, c: &[Card; 6]) -> u16 {
        SUBSETS_OF_6
            .iter()
            .map(|s| self.rank5_sorted(s.map(|k| c[k])))
            .max()
            .unwrap_or(0)
    }

    /// The value of 5, 6 or 7 distinct cards in any order: the best 5-card
    /// subset. `None` for any other count.
    pub fn best(&self, cards: &[Card]) -> Option<u16> {
        let mut sorted = cards.to_vec();
        sorted.sort_unstable();
        match *sorted.as_slice() {
            [a, b, c, d, e] => Some(self.rank5_sorted([a, b, c, d, e])),
            [a, b, c, d, e, f] => Some(self.best6_sorted(&[a, b, c, d, e, f])),
            [a, b, c, d, e, f, g] => Some(self.best7_sorted(&[a, b, c, d, e, f, g])),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use allin::card::parse_cards;

    fn value(s: &str) -> u16 {
        reference().best(&parse_cards(s).unwrap()).unwrap()
    }

    #[test]
    fn classes_per_category() {
        // Distinct classes per category, weakest first: the textbook counts.
        let r = reference();
        let mut sizes = Vec::new();
        for cat in 0..9 {
            let end = r
                .category_start
                .get(cat + 1)
                .copied()
                .unwrap_or(r.scores.len());
            sizes.push(end - r.category_start[cat]);
        }
        assert_eq!(sizes, [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]);
    }

    #[test]
    fn landmarks() {
        // Extremes of each category.
        assert_eq!(value("7c 5d 4h 3s 2c"), 0);
        assert_eq!(value("As Kd Qh Js 9c"), 1276);
        assert_eq!(value("2c 2d 3h 4s 5c"), PAIR as u16 * 4096);
        assert_eq!(value("5c 4d 3h 2s Ac"), STRAIGHT as u16 * 4096);
        assert_eq!(value("As Kd Qh Js Tc"), STRAIGHT as u16 * 4096 + 9);
        assert_eq!(value("5s 4s 3s 2s As"), STRAIGHT_FLUSH as u16 * 4096);
        assert_eq!(value("As Ks Qs Js Ts"), 32777);
        assert_eq!(value("As Ad Ah Ac Ks"), QUADS as u16 * 4096 + 155);
        // The wheel loses to the six-high straight; A-high flush beats K-high.
        assert!(value("5c 4d 3h 2s Ac") < value("6c 5d 4h 3s 2c"));
        assert!(value("Ac 9c 7c 4c 2c") > value("Kc Qc Jc 9c 7c"));
        // Kickers and pairs in the right order.
        assert!(value("Ac Ad 3h 3s 2c") > value("Kc Kd Qh Qs Jc"));
        assert!(value("Ac Ad 3h 3s 4c") > value("Ac Ad 3h 3s 2c"));
        assert!(value("3c 3d 3h 2s 2c") > value("2c 2d 2h As Ac"));
        assert!(value("2c 2d 2h 3s 3c") > value("Ac Kc Qc Jc 9c"));
        // Best of seven: board plays; a straight flush hidden among 7 cards.
        assert_eq!(value("As Ks Qs Js Ts 2c 3d"), 32777);
        assert_eq!(value("2c 3d As Ks Qs Js Ts"), 32777);
        assert_eq!(value("9h 8h 7h 6h 5h 5d 5c"), value("9h 8h 7h 6h 5h"));
        assert_eq!(value("Ah Ad Kh Kd Qh Qd 2c"), value("Ah Ad Kh Kd Qh"));
        assert_eq!(reference().best(&parse_cards("As Ks").unwrap()), None);
    }

    #[test]
    fn subset_tables() {
        let mut seen: Vec<[usize; 5]> = SUBSETS_OF_7.to_vec();
        for s in &seen {
            assert!(s.windows(2).all(|w| w[0] < w[1]) && s[4] < 7);
        }
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 21);
        assert_eq!(SUBSETS_OF_6.len(), 6);
        assert!(SUBSETS_OF_6
            .iter()
            .all(|s| s.windows(2).all(|w| w[0] < w[1]) && s[4] < 6));
    }

    #[test]
    fn memo_matches_naive_on_representatives() {
        // (All 2.6M hands are checked by the exhaustive 5-card test.)
        let r = reference();
        for &score in r.scores.iter().step_by(7) {
            let v = r.value_of_score(score);
            assert_eq!(v >> 12, (score >> 20) as u16);
        }
        let cards = parse_cards("Kd 2c Kh 9s 2d").unwrap();
        let five = [cards[0], cards[1], cards[2], cards[3], cards[4]];
        assert_eq!(r.rank5(five), r.rank5_naive(five));
    }
}
