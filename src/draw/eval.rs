//! The draw games' evaluators: each maps a final hand to a `u32` value,
//! **higher wins** (as Hold'em's `HandRank`), so showdowns pick the max.
//!
//! - **2-7 lowball** (five cards): the lowest *high-poker* hand wins. Aces
//!   are high only: A-5-4-3-2 is an ace-high hand (no straight), and
//!   straights and flushes count against. Our own scorer, not the Hold'em
//!   evaluator (whose wheel is a straight).
//! - **A-5 lowball** (five cards): aces low, straights and flushes
//!   ignored, pairs count against: 5-4-3-2-A (the wheel) is the best hand.
//! - **Badugi** (four cards): the largest subset of cards with distinct
//!   ranks *and* distinct suits plays; more cards beat fewer, then the
//!   lowest (highest card first), aces low.
//!
//! A score packs a category above tiebreak ranks, four bits each (groups
//! of equal rank by size, then rank); a low game's value is a constant
//! minus its score, so that higher values win.

use crate::card::Card;

/// The value every five-card low score is subtracted from.
const LOW_TOP: u32 = 1 << 24;

/// A rank with the ace low: A = 0, 2 = 1, …, K = 12.
pub fn ace_low(c: Card) -> u8 {
    (c.rank() + 1) % 13
}

/// Groups of equal ranks as `(count, rank)`, most cards first, then the
/// higher rank; and their tiebreak nibbles (packed into 20 bits).
fn groups(ranks: [u8; 5]) -> ([u8; 5], u32) {
    let mut count = [0u8; 13];
    for r in ranks {
        count[r as usize] += 1;
    }
    let mut shape = [0u8; 5];
    let mut key = 0u32;
    let mut n = 0;
    // Four cards of a rank at most: sizes 4 down to 1, ranks high to low.
    for size in (1..=4u8).rev() {
        for r in (0..13u8).rev() {
            if count[r as usize] == size {
                for _ in 0..size {
                    key = key << 4 | u32::from(r);
                }
                shape[n] = size;
                n += 1;
            }
        }
    }
    (shape, key)
}

/// The high-poker score of five cards with the ace high only (A-5-4-3-2
/// is not a straight): category << 20 | tiebreak. Higher is a better
/// *high* hand, so a worse 2-7 low.
pub fn deuce_seven_score(cards: &[Card; 5]) -> u32 {
    let ranks = cards.map(|c| c.rank());
    let (shape, key) = groups(ranks);
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let top = (key >> 16) as u8;
    let bottom = (key & 15) as u8;
    let straight = shape[0] == 1 && top - bottom == 4;
    let category = match (straight, flush, shape) {
        (true, true, _) => 8,
        (_, _, [4, 1, ..]) => 7,
        (_, _, [3, 2, ..]) => 6,
        (false, true, _) => 5,
        (true, false, _) => 4,
        (_, _, [3, 1, 1, ..]) => 3,
        (_, _, [2, 2, 1, ..]) => 2,
        (_, _, [2, 1, 1, 1, _]) => 1,
        _ => 0,
    };
    category << 20 | key
}

/// The 2-7 lowball value of five cards (higher wins).
pub fn deuce_seven(cards: &[Card; 5]) -> u32 {
    LOW_TOP - deuce_seven_score(cards)
}

/// The A-5 score of five cards: pairs only (no straights, no flushes),
/// aces low; category << 20 | tiebreak, higher is worse.
pub fn ace_five_score(cards: &[Card; 5]) -> u32 {
    let (shape, key) = groups(cards.map(ace_low));
    let category = match shape {
        [4, 1, ..] => 5,
        [3, 2, ..] => 4,
        [3, 1, 1, ..] => 3,
        [2, 2, 1, ..] => 2,
        [2, 1, 1, 1, _] => 1,
        _ => 0,
    };
    category << 20 | key
}

/// The A-5 lowball value of five cards (higher wins).
pub fn ace_five(cards: &[Card; 5]) -> u32 {
    LOW_TOP - ace_five_score(cards)
}

/// The cards of `cards` that play in Badugi, as a bit mask over the four
/// (the largest valid subset, then the lowest; the first found on ties).
pub fn badugi_best(cards: &[Card; 4]) -> u8 {
    let mut best = (0u32, 0u8);
    for mask in 1u8..16 {
        let v = badugi_subset(cards, mask);
        if v > best.0 {
            best = (v, mask);
        }
    }
    best.1
}

/// The value of the cards in `mask` if they form a badugi (distinct ranks
/// and suits), else 0: size << 16 | (0xFFFF − ranks high to low).
fn badugi_subset(cards: &[Card; 4], mask: u8) -> u32 {
    let mut ranks = 0u16;
    let mut suits = 0u8;
    for (i, c) in cards.iter().enumerate() {
        if mask >> i & 1 == 1 {
            ranks |= 1 << ace_low(*c);
            suits |= 1 << c.suit();
        }
    }
    let size = mask.count_ones();
    if ranks.count_ones() != size || suits.count_ones() != size {
        return 0;
    }
    let mut key = 0u32;
    for r in (0..13u32).rev() {
        if ranks >> r & 1 == 1 {
            key = key << 4 | r;
        }
    }
    size << 16 | (0xFFFF - key)
}

/// The Badugi value of four cards (higher wins).
pub fn badugi(cards: &[Card; 4]) -> u32 {
    (1u8..16)
        .map(|m| badugi_subset(cards, m))
        .max()
        .unwrap_or(0)
}
