//! Omaha ranges (4, 5 or 6 hole cards) in the syntax Omaha players use
//! (after ProPokerTools' conventions), documented with examples in
//! `docs/omaha-ranges.md`:
//!
//! - a hand pattern lists cards the hand holds, each on a card of its own:
//!   ranks `A K Q J T 9 … 2` (or `10`), `*` for any card; a suit letter
//!   after a rank fixes its suit (`AsKs**`); `x y z w` are suit variables
//!   (one suit each, different letters different suits: `AxKx` is an ace
//!   and a king of one suit); a suit letter on its own is a card of any
//!   rank of that suit (`xxyy`: double-suited). `AA` means "at least two
//!   aces" (a pattern need not list every card);
//! - macros: `$ds` `$ss` `$ts` `$r` (suits), `$np` `$pair` (pairs), `$rd`
//!   `$rd1` `$rd2` (rundowns) — the list with meanings is
//!   [`pattern::MACROS`];
//! - `random` (or `any`): every hand;
//! - `X%` (four-card hands): the top X% by preflop equity against one
//!   random hand (`ranking.rs`, a generated table): `15%:$ds`;
//! - `:` and, `!` but not, read left to right (`AA:$ds!AAA`);
//! - `,` (or `;`, or blanks between complete items) or;
//! - `@50`: the item's weight in percent (to 0.1%). A later item sets the
//!   weight of the hands it matches again (`random@10, AA` is every hand at
//!   10% and those with two aces in full).
//!
//! [`OmahaRange`] holds the parsed items; [`OmahaRange::weight`] gives a
//! hand's weight, [`OmahaRange::counts`] counts every hand.

pub(crate) mod dealer;
mod error;
mod item;
mod parse;
pub(crate) mod pattern;
pub mod ranking;
mod ranking_table;

use crate::card::{Card, CardSet};
use crate::range::Weight;
pub use error::OmahaRangeError;
use item::Item;
use pattern::{Join, Shape};
use std::fmt;

/// An Omaha range: hands of `hole` cards and their weights, as parsed
/// items. Built only by [`OmahaRange::parse`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct OmahaRange {
    hole: u8,
    items: Vec<Item>,
}

/// What [`OmahaRange::counts`] found.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct RangeCounts {
    /// Hands with a weight above 0.
    pub hands: u64,
    /// The sum of their weights, in thousandths.
    pub weight_permille: u64,
    /// Every hand of the game's size not using a dead card.
    pub total: u64,
}

/// One item of a range, explained.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ExplainItem {
    /// The item as typed, and its 1-based position.
    pub token: String,
    pub position: usize,
    /// Its canonical text.
    pub text: String,
    /// What it means, for people.
    pub meaning: String,
    /// Its weight.
    pub weight: Weight,
    /// The hands it matches on its own.
    pub hands: u64,
}

impl OmahaRange {
    /// Parses `text` for hands of `hole` cards (4, 5 or 6).
    pub fn parse(text: &str, hole: usize) -> Result<OmahaRange, OmahaRangeError> {
        if !(4..=6).contains(&hole) {
            return Err(OmahaRangeError::whole(format!(
                "Omaha hands have 4, 5 or 6 cards, not {hole}"
            )));
        }
        Ok(OmahaRange {
            hole: hole as u8,
            items: parse::items(text, hole)?,
        })
    }

    /// Cards per hand.
    pub fn hole(&self) -> usize {
        usize::from(self.hole)
    }

    /// The weight of a hand of [`hole`](Self::hole) distinct cards: that of
    /// the last item it matches, or zero.
    pub fn weight(&self, cards: &[Card]) -> Weight {
        debug_assert_eq!(cards.len(), self.hole());
        let shape = Shape::of(cards);
        self.items
            .iter()
            .rev()
            .find(|item| item.holds(cards, &shape))
            .map_or(Weight::ZERO, |item| item.weight)
    }

    /// Counts every hand that uses no dead card.
    pub fn counts(&self, dead: CardSet) -> RangeCounts {
        let mut c = RangeCounts::default();
        for_each_hand(self.hole(), dead, |cards| {
            c.total += 1;
            let w = u64::from(self.weight(cards).permille());
            c.hands += u64::from(w > 0);
            c.weight_permille += w;
        });
        c
    }

    /// Each item: as typed, canonical, its meaning, and the hands it
    /// matches on its own (dead cards removed).
    pub fn explain(&self, dead: CardSet) -> Vec<ExplainItem> {
        let mut hands = vec![0u64; self.items.len()];
        for_each_hand(self.hole(), dead, |cards| {
            let shape = Shape::of(cards);
            for (n, item) in hands.iter_mut().zip(&self.items) {
                *n += u64::from(item.holds(cards, &shape));
            }
        });
        self.items
            .iter()
            .zip(hands)
            .map(|(item, hands)| ExplainItem {
                token: item.token.clone(),
                position: item.position,
                text: item.to_string(),
                meaning: meaning(item),
                weight: item.weight,
                hands,
            })
            .collect()
    }
}

fn meaning(item: &Item) -> String {
    let mut out = String::new();
    for (k, (join, term)) in item.terms.iter().enumerate() {
        match (k, join) {
            (0, _) => {}
            (_, Join::And) => out.push_str("; and "),
            (_, Join::Not) => out.push_str("; but not "),
        }
        out.push_str(&term.meaning());
    }
    out
}

/// Canonical text: the items, `, ` between them.
impl fmt::Display for OmahaRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, item) in self.items.iter().enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{item}")?;
        }
        Ok(())
    }
}

/// Calls `f` on every hand of `n` cards (ascending ids) without a dead
/// card, in lexicographic order.
pub fn for_each_hand(n: usize, dead: CardSet, mut f: impl FnMut(&[Card])) {
    let live: Vec<Card> = Card::all().filter(|&c| !dead.contains(c)).collect();
    if n == 0 || n > live.len() || n > 8 {
        return;
    }
    let mut idx: Vec<usize> = (0..n).collect();
    let mut hand: Vec<Card> = idx.iter().map(|&i| live[i]).collect();
    loop {
        f(&hand);
        // Next combination.
        let mut k = n;
        while k > 0 && idx[k - 1] == live.len() - n + k - 1 {
            k -= 1;
        }
        if k == 0 {
            return;
        }
        idx[k - 1] += 1;
        for j in k..n {
            idx[j] = idx[j - 1] + 1;
        }
        for j in k - 1..n {
            hand[j] = live[idx[j]];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(text: &str) -> u64 {
        OmahaRange::parse(text, 4)
            .unwrap()
            .counts(CardSet::EMPTY)
            .hands
    }

    #[test]
    fn reference_counts() {
        assert_eq!(count("random"), 270_725);
        assert_eq!(count("AA"), 6_961);
        assert_eq!(count("AA!AAA"), 6_768);
        assert_eq!(count("$ds"), 36_504);
        assert_eq!(count("$r"), 28_561);
    }

    #[test]
    fn canonical_text() {
        let r = OmahaRange::parse("aa : $DS ! aaa, kxky@50 xxyy", 4).unwrap();
        assert_eq!(r.to_string(), "AA:$ds!AAA, KxKy@50, xxyy");
    }
}
