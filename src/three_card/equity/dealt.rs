//! What a three-card job deals and how it judges, shared by the job
//! (`equity.rs`) and its counter (`counter.rs`): a leaf, so the counter
//! never imports the job back.

use super::super::Hand;
use crate::card::{Card, CardSet};
use std::cmp::Ordering;

/// A hand of some player's holding, ready for the hot loop.
#[derive(Clone, Copy)]
pub(super) struct Dealt {
    pub(super) hand: Hand,
    pub(super) cards: CardSet,
    /// Ladder position and dense rank.
    pub(super) position: u32,
    pub(super) dense: u16,
    /// Compared out of rank order under the 2-3-5 rule (off-suit 2-3-5 or trips).
    pub(super) special: bool,
    /// Under that rule: an off-suit 2-3-5 (it beats trips).
    pub(super) killer: bool,
}

/// What the counter needs of the job that opened it: card removal, the
/// ladder's positions and ranks, and how two hands compare.
pub(super) trait Judge {
    /// Whether the players' cards are taken out of each other's hands.
    fn removal(&self) -> bool;
    /// The ladder position of the hand of these cards, if it is in the deck.
    fn position_of(&self, cards: [Card; 3]) -> Option<usize>;
    /// The dense rank of the hand at a ladder position.
    fn dense(&self, position: usize) -> u16;
    /// How `a` compares with `b`.
    fn versus(&self, a: &Dealt, b: &Dealt) -> Ordering;
    /// The winner set (bit `p` for player `p`) of these hands.
    fn winners(&self, hands: &[Dealt]) -> usize;
}

/// The winner set of `n` hands given their pairwise results and dense
/// ranks: the unbeaten hands; if a 2-3-5 cycle leaves none, the highest
/// ranks ([`crate::deal::three_card_winners`]).
pub(super) fn winners_of(
    n: usize,
    versus: impl Fn(usize, usize) -> Ordering,
    dense: impl Fn(usize) -> u16,
) -> usize {
    let mut mask = 0;
    for i in 0..n {
        if (0..n).all(|j| i == j || versus(i, j) != Ordering::Less) {
            mask |= 1 << i;
        }
    }
    if mask != 0 {
        return mask;
    }
    let best = (0..n).map(&dense).max().unwrap_or(0);
    (0..n)
        .filter(|&i| dense(i) == best)
        .fold(0, |m, i| m | 1 << i)
}
