//! What the job, its groups and its flush corrections share: a combo in
//! the job's form ([`Hole`]), a run's buffers ([`Scratch`]), per-rank bit
//! counts, and the winners of a showdown.

use crate::eval::HandRank;

/// One combo in the job's form.
#[derive(Clone, Copy, Debug)]
pub(super) struct Hole {
    /// Its two ranks, as an index into the job's `shapes`.
    pub(super) shape: u16,
    /// Per suit: its cards' 13-bit rank mask in that suit.
    pub(super) suit_masks: [u16; 4],
    /// Its cards' bits (a [`CardSet`](crate::card::CardSet) mask).
    pub(super) bits: u64,
}

/// Buffers a run reuses from unit to unit.
#[derive(Default)]
pub struct Scratch {
    /// Per shape: its rank-only rank on the unit's ranks.
    pub(super) plain: Vec<HandRank>,
    /// Counts by winner set (wrapping: corrections subtract; every unit's
    /// net is a true count).
    pub(super) counts: Vec<u64>,
}

/// Per-rank counts of a [`CardSet`](crate::card::CardSet) mask: rank `r`'s count in bits
/// `4r..4r+4`.
pub(super) fn per_rank(bits: u64) -> u64 {
    let pairs = bits - ((bits >> 1) & 0x5555_5555_5555_5555);
    (pairs & 0x3333_3333_3333_3333) + ((pairs >> 2) & 0x3333_3333_3333_3333)
}

/// Rank `r`'s count in a per-rank mask.
#[inline(always)]
pub(super) fn count_of(per_rank: u64, r: u8) -> u64 {
    per_rank >> (4 * r) & 0xf
}

/// The 13-bit rank mask of the cards of `suit` in a [`CardSet`](crate::card::CardSet) mask.
pub(super) fn suit_ranks(bits: u64, suit: u8) -> u16 {
    (0..13).fold(0, |m, r| m | ((bits >> (4 * r + suit) & 1) as u16) << r)
}

/// The set of players holding the best of `ranks` (bit `p` for player `p`).
#[inline(always)]
pub(super) fn winners(ranks: &[HandRank]) -> usize {
    let best = ranks.iter().copied().max().unwrap_or(HandRank::MIN);
    ranks
        .iter()
        .enumerate()
        .fold(0usize, |w, (p, &r)| w | (usize::from(r == best) << p))
}
