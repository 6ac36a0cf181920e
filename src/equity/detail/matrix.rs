//! Who beat whom with what: per player, the winner's final category × the
//! loser's final category, and the ties by category.
//!
//! # Definition (any number of players)
//!
//! Over every deal (weighted as the other detail counts are: combo weights
//! multiplied, each final board once; one per trial under Monte Carlo),
//! for player `p` and **each other player `q`**:
//!
//! - if `p`'s final hand beats `q`'s: `wins[p][cat p][cat q] += w`;
//! - if they tie: `ties[p][cat p] += w` (a tie is between equal ranks, so
//!   of one category: the tie matrix is its diagonal).
//!
//! Heads-up this is exactly "player `p` won with X against the other's Y"
//! (CASE #1 of write-up 000: AsAc v AhAd, p2 wins flush over flush 1,540
//! times). Multiway each *pair* of players is one showdown: a deal where
//! `p` beats two opponents counts twice (once per opponent), and `p` can
//! beat `q` with a hand that loses to a third player (it is the pairwise
//! comparison, not the pot). So `p`'s cells add up to the weight of the
//! (deal, opponent) pairs `p` beats, at most `(players − 1) × deals`.
//!
//! The counts are integers that merge by addition. Under Monte Carlo a
//! cell's count is a sum over trials of a per-trial count `X` between 0
//! and `players − 1`; its standard error is reported as
//! `√(count × (players − 1 − count / trials))`, from Var X ≤
//! E X × (players − 1 − E X) (Bhatia–Davis): exactly the binomial error
//! heads-up, an upper bound multiway.

use crate::eval::{Category, HandRank};

/// Hand categories counted (high card … straight flush).
pub const CATEGORIES: usize = 9;

/// Cells of one player's wins matrix (`[winner category * 9 + loser's]`).
pub const CELLS: usize = CATEGORIES * CATEGORIES;

/// Records the pairwise showdowns of one final board of player `p` with
/// each later player: `ranks` and `cats` (their categories) per player,
/// `wins` and `ties` cut to their length.
#[inline(always)]
pub(super) fn record_row(
    p: usize,
    ranks: &[HandRank],
    cats: &[Category],
    wins: &mut [u64],
    ties: &mut [u64],
    weight: u64,
) {
    let (a, ca) = (ranks[p], cats[p] as usize);
    for q in p + 1..ranks.len() {
        let (b, cb) = (ranks[q], cats[q] as usize);
        if a > b {
            wins[p * CELLS + ca * CATEGORIES + cb] += weight;
        } else if b > a {
            wins[q * CELLS + cb * CATEGORIES + ca] += weight;
        } else {
            ties[p * CATEGORIES + ca] += weight;
            ties[q * CATEGORIES + ca] += weight;
        }
    }
}

/// One cell: this player's category against an opponent's.
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixCell {
    /// This player's final category (the winner's, in the wins matrix).
    pub mine: Category,
    /// The opponent's (the loser's; equal to `mine` for a tie).
    pub theirs: Category,
    /// Weight of the (deal, opponent) pairs (heads-up: of the deals).
    pub count: u64,
    /// Standard error of `count` (0 when exact; see the module doc).
    pub se: f64,
}

/// One player's matrix: only the non-zero cells, strongest of this
/// player's categories first, then strongest of the opponent's.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PlayerMatrix {
    /// This player beat an opponent holding `theirs` with `mine`.
    pub wins: Vec<MatrixCell>,
    /// This player tied an opponent, both holding `mine` (= `theirs`).
    pub ties: Vec<MatrixCell>,
}

impl PlayerMatrix {
    /// The count of `mine` beating `theirs` (0 if not listed).
    pub fn won(&self, mine: Category, theirs: Category) -> u64 {
        self.wins
            .iter()
            .find(|c| c.mine == mine && c.theirs == theirs)
            .map_or(0, |c| c.count)
    }

    /// The count of ties with `category` (0 if not listed).
    pub fn tied(&self, category: Category) -> u64 {
        self.ties
            .iter()
            .find(|c| c.mine == category)
            .map_or(0, |c| c.count)
    }
}
