//! What a stud hand is worth: the high hand (the Hold'em evaluator's best
//! five of seven), the A-5 low of Razz (ace low, straights and flushes
//! ignored, pairs count against) and the eight-or-better low of Stud Hi-Lo.
//!
//! A hand is built one card at a time ([`Seen`]): the Hold'em [`Hand`]
//! plus four 13-bit rank masks, `at_least[k]` = the ranks held more than
//! `k` times, in **ace-low order** (ace = bit 0, deuce = bit 1 … king =
//! bit 12). Comparing two such masks as integers compares their highest
//! ranks first, then the next…, so **a smaller low is a better low**:
//!
//! - no pair: the lowest five ranks held, as a mask (below 2^13);
//! - otherwise `category << 26 | first << 13 | second`, the category
//!   1 pair … 5 quads (two pair 2, trips 3, full house 4), `first` the
//!   ranks of the biggest group, `second` the rest (kickers, or the
//!   full house's pair); fewer repeats always beat more.
//!
//! The eight-or-better low is the lowest five distinct ranks of ace to
//! eight (the byte of `omaha::low`: ace = bit 0 … eight = bit 7).

use crate::card::Card;
use crate::eval::{Hand, HandRank};

/// A hand being dealt: the high hand and the rank masks.
#[derive(Clone, Copy, Debug, Default)]
pub struct Seen {
    pub hand: Hand,
    /// `at_least[k]`: ace-low ranks held more than `k` times.
    at_least: [u16; 4],
}

/// A card's ace-low rank: ace 0, deuce 1 … king 12.
#[inline]
pub fn low_rank(card: Card) -> u8 {
    (card.rank() + 1) % 13
}

impl Seen {
    pub fn of(cards: &[Card]) -> Seen {
        cards.iter().fold(Seen::default(), |s, &c| s.add(c))
    }

    /// This hand and one more card.
    #[inline]
    #[allow(clippy::should_implement_trait)] // as `Hand::add`
    pub fn add(self, card: Card) -> Seen {
        let bit = 1u16 << low_rank(card);
        let mut at = self.at_least;
        let k = at.iter().position(|m| m & bit == 0).unwrap_or(3);
        at[k] |= bit;
        Seen {
            hand: self.hand.add(card),
            at_least: at,
        }
    }

    /// The best high hand (5 to 7 cards).
    #[inline]
    pub fn high(self) -> HandRank {
        self.hand.evaluate()
    }

    /// The best A-5 low (5 to 7 cards): smaller is better (module docs).
    #[inline]
    pub fn razz(self) -> u32 {
        let [m1, m2, m3, _] = self.at_least;
        let distinct = m1.count_ones();
        if distinct >= 5 {
            return u32::from(lowest(m1, 5));
        }
        let pack = |cat: u32, first: u16, second: u16| {
            cat << 26 | u32::from(first) << 13 | u32::from(second)
        };
        match distinct {
            4 => {
                let pair = lowest(m2, 1);
                pack(1, pair, m1 & !pair)
            }
            3 if m2.count_ones() >= 2 => {
                let pairs = lowest(m2, 2);
                pack(2, pairs, m1 & !pairs)
            }
            3 => pack(3, m3, m1 & !m3),
            _ => {
                // Two ranks (five cards or more): a full house if one is
                // held three times and the other twice, else quads.
                let trips = lowest(m3, 1);
                let other = m1 & !trips;
                if trips != 0 && m2 & other != 0 {
                    pack(4, trips, other)
                } else {
                    let quads = self.at_least[3];
                    pack(5, quads, m1 & !quads)
                }
            }
        }
    }

    /// The eight-or-better low as `omaha::low`'s byte, if there is one.
    #[inline]
    pub fn low8(self) -> Option<u8> {
        let m = self.at_least[0] & 0xff;
        (m.count_ones() >= 5).then(|| lowest(m, 5) as u8)
    }

    /// The ace-low ranks held at least once.
    pub fn ranks(self) -> u16 {
        self.at_least[0]
    }
}

/// The `n` lowest set bits of `mask`.
#[inline]
fn lowest(mut mask: u16, n: u32) -> u16 {
    let mut out = 0;
    for _ in 0..n {
        let bit = mask & mask.wrapping_neg();
        out |= bit;
        mask ^= bit;
    }
    out
}

/// A Razz low's category: 0 no pair, 1 pair, 2 two pair, 3 trips, 4 full
/// house, 5 quads.
pub fn razz_category(score: u32) -> u32 {
    score >> 26
}
