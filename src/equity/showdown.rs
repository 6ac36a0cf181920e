//! Who wins a showdown: the players (a bit mask) holding the best rank.

use crate::eval::{Hand, HandRank};

/// The set of players (bit mask) holding the best hand on `board`.
#[inline]
pub(super) fn winners(holes: &[Hand], board: Hand) -> usize {
    winners_of(holes.iter().map(|hole| hole.combine(board).evaluate()))
}

/// The set of players (bit mask) with the highest rank.
#[inline]
pub(super) fn winners_of(ranks: impl Iterator<Item = HandRank>) -> usize {
    best_and_winners(ranks).1
}

/// The best of `ranks` and who holds it (bit `p` for the `p`-th rank).
#[inline]
pub(super) fn best_and_winners(ranks: impl Iterator<Item = HandRank>) -> (HandRank, usize) {
    let mut best = HandRank::MIN;
    let mut winners = 0usize;
    for (p, r) in ranks.enumerate() {
        if r > best {
            best = r;
            winners = 1 << p;
        } else if r == best {
            winners |= 1 << p;
        }
    }
    (best, winners)
}
