//! The Omaha ranking behind `X%` ("top 15%", `15%:$ds`): the 16,432
//! classes of four-card hands up to suit isomorphism (hands that differ
//! only by renaming suits), ordered by their preflop equity against one
//! random hand in Omaha high, best first; ties by class number.
//!
//! Class numbers: the hands enumerated in card-id order (`for_each_hand`'s),
//! each class numbered when its first hand appears. A class's equity is
//! [`TRIALS`] seeded Monte Carlo deals of our own engine (`OmahaJob`, that
//! first hand against `random`, seed [`class_seed`]; standard error about
//! 0.7%), kept in basis points in the generated `ranking_table.rs`
//! (16,432 × 2 bytes, in the extra wasm module with the rest of Omaha, so
//! never in Hold'em's first load). `tests/it/omaha_ranking.rs`
//! recomputes some classes in every run and all of them in the sweeps.
//!
//! `X%` takes classes in order while the hands taken so far are below
//! X% of the 270,725. Five- and six-card Omaha have no ranking.

use crate::card::Card;
use crate::range::Percent;

pub use super::ranking_table::EQUITY;

/// Hands of four cards.
pub const HANDS: u64 = 270_725;

/// Classes of four-card hands up to suit isomorphism.
pub const CLASSES: usize = 16_432;

/// Monte Carlo deals per class.
pub const TRIALS: u64 = 5_000;

/// The seed of class `class`'s deals.
pub fn class_seed(class: usize) -> u64 {
    0x0A4A_0000_0000 ^ class as u64
}

/// A hand's class key: its four suits' rank sets, sorted (renaming suits
/// permutes them).
fn key(cards: &[Card]) -> u64 {
    let mut masks = [0u16; 4];
    for c in cards {
        masks[usize::from(c.suit())] |= 1 << c.rank();
    }
    masks.sort_unstable();
    masks.iter().fold(0u64, |k, &m| k << 16 | u64::from(m))
}

/// Calls `f` on every four-card hand in card-id order (as
/// `range::for_each_hand` does without dead cards).
fn each_hand(mut f: impl FnMut(&[Card])) {
    let deck: Vec<Card> = Card::all().collect();
    for a in 0..deck.len() {
        for b in a + 1..deck.len() {
            for c in b + 1..deck.len() {
                for d in c + 1..deck.len() {
                    f(&[deck[a], deck[b], deck[c], deck[d]]);
                }
            }
        }
    }
}

/// The classes, built once on first use (some milliseconds).
#[derive(Debug)]
pub struct OmahaRanking {
    /// Class keys sorted, and each one's class number.
    keys: Vec<(u64, u16)>,
    /// Per class: its first hand, its hands, its place in the order.
    first: Vec<[Card; 4]>,
    sizes: Vec<u32>,
    place: Vec<u16>,
    /// Class numbers, best first.
    order: Vec<u16>,
}

impl OmahaRanking {
    fn build() -> OmahaRanking {
        let mut keys: Vec<(u64, u16)> = Vec::with_capacity(CLASSES);
        let mut first = Vec::with_capacity(CLASSES);
        let mut sizes: Vec<u32> = Vec::with_capacity(CLASSES);
        // Keys seen so far, sorted, for the first-appearance numbering.
        each_hand(|cards| {
            let k = key(cards);
            match keys.binary_search_by_key(&k, |e| e.0) {
                Ok(i) => sizes[usize::from(keys[i].1)] += 1,
                Err(i) => {
                    keys.insert(i, (k, first.len() as u16));
                    first.push([cards[0], cards[1], cards[2], cards[3]]);
                    sizes.push(1);
                }
            }
        });
        let mut order: Vec<u16> = (0..first.len() as u16).collect();
        order.sort_unstable_by_key(|&c| (std::cmp::Reverse(EQUITY[usize::from(c)]), c));
        let mut place = vec![0u16; first.len()];
        for (p, &c) in order.iter().enumerate() {
            place[usize::from(c)] = p as u16;
        }
        OmahaRanking {
            keys,
            first,
            sizes,
            place,
            order,
        }
    }

    /// The class number of a four-card hand.
    pub fn class_of(&self, cards: &[Card]) -> usize {
        let k = key(cards);
        let i = self
            .keys
            .binary_search_by_key(&k, |e| e.0)
            .expect("every hand has a class");
        usize::from(self.keys[i].1)
    }

    /// The first hand (card-id order) of class `class`.
    pub fn first_hand(&self, class: usize) -> [Card; 4] {
        self.first[class]
    }

    /// Hands in class `class`.
    pub fn size(&self, class: usize) -> u32 {
        self.sizes[class]
    }

    /// Classes counted.
    pub fn classes(&self) -> usize {
        self.first.len()
    }

    /// How many of the best classes `X%` takes: classes in order while the
    /// hands so far are below `percent` of the 270,725.
    pub fn cutoff(&self, percent: Percent) -> usize {
        let target = u64::from(percent.hundredths()) * HANDS;
        let (mut hands, mut n) = (0u64, 0);
        while n < self.order.len() && hands * 10_000 < target {
            hands += u64::from(self.sizes[usize::from(self.order[n])]);
            n += 1;
        }
        n
    }

    /// Whether a four-card hand is among the best `cutoff` classes.
    pub fn within(&self, cards: &[Card], cutoff: usize) -> bool {
        usize::from(self.place[self.class_of(cards)]) < cutoff
    }
}

/// The ranking (built on first use).
pub fn omaha_ranking() -> &'static OmahaRanking {
    static RANKING: std::sync::OnceLock<OmahaRanking> = std::sync::OnceLock::new();
    RANKING.get_or_init(OmahaRanking::build)
}

/// Source text of `ranking_table.rs` from the classes' equities in basis
/// points (class order).
pub fn generate_source(equities: &[u16]) -> String {
    let mut out = String::from(
        "//! @generated by `tests/it/omaha_ranking.rs` (`ALLIN_BLESS=1`) from\n\
         //! `src/omaha/range/ranking.rs`. Do not edit: a test regenerates it\n\
         //! and fails on any difference.\n\n\
         /// Equity in basis points of each class of four-card Omaha hands (class\n\
         /// order: first appearance in card-id order) against one random hand.\n\
         #[rustfmt::skip]\n",
    );
    out.push_str(&format!(
        "pub static EQUITY: [u16; {}] = [\n",
        equities.len()
    ));
    for line in equities.chunks(16) {
        let cells: Vec<String> = line.iter().map(|e| e.to_string()).collect();
        out.push_str(&format!("{},\n", cells.join(",")));
    }
    out.push_str("];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes() {
        let r = omaha_ranking();
        assert_eq!(r.classes(), CLASSES);
        assert_eq!(r.sizes.iter().map(|&s| u64::from(s)).sum::<u64>(), HANDS);
        let p = |h| Percent::from_hundredths(h).unwrap();
        assert_eq!(r.cutoff(p(10_000)), CLASSES);
        // 0.01% is 27.07 hands: the fewest best classes holding as many.
        let n = r.cutoff(p(1));
        let hands = |k: usize| -> u64 {
            r.order[..k]
                .iter()
                .map(|&c| u64::from(r.sizes[usize::from(c)]))
                .sum()
        };
        assert!(hands(n - 1) * 10_000 < HANDS && hands(n) * 10_000 >= HANDS);
    }
}
