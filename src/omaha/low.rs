//! The low half of Omaha Hi-Lo, eight or better: five distinct ranks from
//! ace (low) to eight, straights and flushes not counting against it, made
//! of exactly two hole cards and three board cards (chosen apart from the
//! high hand).
//!
//! A set of low ranks is a byte: ace = bit 0, deuce = bit 1 … eight = bit
//! 7. Two lows (five bits each) compare by their highest rank first, then
//! the next…: that is the order of the bytes as integers, so **the better
//! low is the smaller number**. For a hole pair of two distinct low ranks
//! `h`, the best low with a board whose low ranks are `m` is `h` plus the
//! three lowest ranks of `m` outside `h` (when three remain); a hand's best
//! low is the least of its pairs' ([`HoleLow::best`]), and for one player
//! over many boards a 256-entry table by the board's low ranks
//! ([`HoleLow::table`]).

use crate::card::Card;
use std::fmt;

/// A qualifying low: five distinct ranks, ace to eight. Smaller is better
/// (`Ord` is the byte's: compare with `<`, the best is the minimum).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Low(u8);

/// "No qualifying low" in a table entry: more than five bits, so above
/// every low.
pub const NO_LOW: u8 = 0xff;

impl Low {
    /// The low of this rank set, if it is one (five bits).
    pub fn from_bits(bits: u8) -> Option<Low> {
        (bits.count_ones() == 5).then_some(Low(bits))
    }

    /// The rank set (ace = bit 0 … eight = bit 7).
    pub fn bits(self) -> u8 {
        self.0
    }

    /// The ranks high to low, 1 = ace … 8: `[8, 6, 4, 2, 1]`.
    pub fn ranks(self) -> [u8; 5] {
        let mut out = [0; 5];
        let mut i = 0;
        for bit in (0..8).rev() {
            if self.0 >> bit & 1 == 1 {
                out[i] = bit + 1;
                i += 1;
            }
        }
        out
    }
}

impl fmt::Display for Low {
    /// `8-6-4-2-A`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self
            .ranks()
            .iter()
            .map(|&r| if r == 1 { "A".into() } else { r.to_string() })
            .collect();
        f.write_str(&names.join("-"))
    }
}

/// The low bit of a card: ace → bit 0, deuce … eight → bits 1 … 7; 0 for
/// nine and above.
#[inline]
pub fn low_bit(card: Card) -> u8 {
    match card.rank() {
        12 => 1,
        r @ 0..=6 => 1 << (r + 1),
        _ => 0,
    }
}

/// The low ranks among these cards.
#[inline]
pub fn low_mask(cards: &[Card]) -> u8 {
    cards.iter().fold(0, |m, &c| m | low_bit(c))
}

/// The best low of a pair `pair` (two bits) with board low ranks `board`,
/// as a byte ([`NO_LOW`] when fewer than three board ranks are left).
#[inline]
fn with_pair(pair: u8, board: u8) -> u8 {
    let mut rest = board & !pair;
    if rest.count_ones() < 3 {
        return NO_LOW;
    }
    let mut three = 0;
    for _ in 0..3 {
        let bit = rest & rest.wrapping_neg();
        three |= bit;
        rest ^= bit;
    }
    pair | three
}

/// A player's hole cards for the low: the distinct pairs of two distinct
/// low ranks.
#[derive(Clone, Debug)]
pub struct HoleLow {
    pairs: [u8; 15],
    len: usize,
}

impl HoleLow {
    pub fn new(cards: &[Card]) -> HoleLow {
        let mut hole = HoleLow {
            pairs: [0; 15],
            len: 0,
        };
        for (i, &a) in cards.iter().enumerate() {
            for &b in &cards[i + 1..] {
                let (x, y) = (low_bit(a), low_bit(b));
                let pair = x | y;
                if x != 0 && y != 0 && x != y && !hole.pairs[..hole.len].contains(&pair) {
                    hole.pairs[hole.len] = pair;
                    hole.len += 1;
                }
            }
        }
        hole
    }

    /// The best low with a board whose low ranks are `board`, as a byte
    /// ([`NO_LOW`] when none qualifies).
    #[inline]
    pub fn best_bits(&self, board: u8) -> u8 {
        self.pairs[..self.len]
            .iter()
            .map(|&p| with_pair(p, board))
            .min()
            .unwrap_or(NO_LOW)
    }

    /// The best low with a board whose low ranks are `board`.
    pub fn best(&self, board: u8) -> Option<Low> {
        Low::from_bits(self.best_bits(board))
    }

    /// [`HoleLow::best_bits`] for every board low mask.
    pub fn table(&self) -> [u8; 256] {
        let mut table = [NO_LOW; 256];
        for (m, entry) in table.iter_mut().enumerate() {
            *entry = self.best_bits(m as u8);
        }
        table
    }
}

/// The best low of `hole` with `board` (3 to 5 cards), if one qualifies.
pub fn best_low(hole: &[Card], board: &[Card]) -> Option<Low> {
    HoleLow::new(hole).best(low_mask(board))
}

/// The best low of `hole` with `board` (3 to 5 cards) with the cards that
/// make it, if one qualifies: the two hole cards first, then the three
/// board cards, each part highest first (the ace last). Of equally good
/// choices (cards of equal rank, pairs giving the same low), the first in
/// the order the cards are given.
pub fn best_low_cards(hole: &[Card], board: &[Card]) -> Option<([Card; 5], Low)> {
    let on_board = low_mask(board);
    let mut best: Option<(u8, Card, Card)> = None;
    for (i, &a) in hole.iter().enumerate() {
        for &b in &hole[i + 1..] {
            let (x, y) = (low_bit(a), low_bit(b));
            if x == 0 || y == 0 || x == y {
                continue;
            }
            let bits = with_pair(x | y, on_board);
            if bits != NO_LOW && best.map_or(true, |(m, _, _)| bits < m) {
                best = Some((bits, a, b));
            }
        }
    }
    let (bits, a, b) = best?;
    let (high, low) = if low_bit(a) > low_bit(b) {
        (a, b)
    } else {
        (b, a)
    };
    let pair = low_bit(a) | low_bit(b);
    let mut five = [high, low, high, high, high];
    let mut k = 2;
    for shift in (0..8).rev() {
        let bit = 1u8 << shift;
        if bits & bit != 0 && pair & bit == 0 {
            // `with_pair` took this rank from the board's low ranks.
            five[k] = *board.iter().find(|&&c| low_bit(c) == bit)?;
            k += 1;
        }
    }
    Some((five, Low(bits)))
}

/// The set of players with the best qualifying low (0 when none has one).
#[inline]
pub fn low_winners(lows: &[u8]) -> usize {
    let best = lows.iter().copied().min().unwrap_or(NO_LOW);
    if best == NO_LOW {
        return 0;
    }
    lows.iter()
        .enumerate()
        .filter(|&(_, &l)| l == best)
        .fold(0, |m, (p, _)| m | 1 << p)
}
