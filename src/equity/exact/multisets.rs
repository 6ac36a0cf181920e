//! The units of exact jobs: the multisets of ranks of the cards to come.

use crate::card::{Card, CardSet};
use crate::eval::Hand;
use std::sync::OnceLock;

/// A nibble of 8 for each of the 13 ranks.
pub(crate) const EIGHTS: u64 = 0x8_8888_8888_8888;

/// Every multiset of `k` ranks, at most four of a rank, in two forms.
#[derive(Debug)]
pub(crate) struct Multisets {
    /// As `(rank, count)` groups, highest rank first, at most 5 groups
    /// (unused groups have count 0).
    pub(crate) groups: Vec<[(u8, u8); 5]>,
    /// As counts per rank, a nibble each (rank `r` in bits `4r..4r+4`).
    /// With `room` = the cards left per rank plus 8 in each nibble, a
    /// multiset can be dealt iff `(room - counts) & EIGHTS == EIGHTS`: no
    /// nibble drops below 8, and none borrows from the next.
    ///
    /// ```text
    /// nibble r:  1 0 c c   (room: 8 + cards left, at most 12)
    ///          - 0 c c c   (counts: at most 4)
    ///          = 1 x x x   iff count <= cards left
    /// ```
    pub(crate) counts: Vec<u64>,
    /// As a hand of stand-in cards (every card a club): what a plain,
    /// flush-blind rank needs (`Hand::evaluate_without_flush`).
    pub(crate) hands: Vec<Hand>,
}

/// The multisets of `k <= 5` cards to come (6,175 for five), built once per
/// `k` and shared by every job: a job only keeps the indices of those its
/// deck can supply, so opening one allocates 2 bytes a unit.
pub(crate) fn all_multisets(k: usize) -> &'static Multisets {
    static ALL: [OnceLock<Multisets>; 6] = [const { OnceLock::new() }; 6];
    ALL[k.min(5)].get_or_init(|| {
        let mut groups = Vec::new();
        rank_multisets(k.min(5), &[4; 13], &mut groups);
        let counts = groups
            .iter()
            .map(|g| g.iter().map(|&(r, m)| u64::from(m) << (4 * r)).sum())
            .collect();
        let hands = groups
            .iter()
            .map(|g| {
                g.iter()
                    .flat_map(|&(r, m)| (0..m).map(move |_| Card::new(r, 0)))
                    .fold(Hand::new(), Hand::add)
            })
            .collect();
        Multisets {
            groups,
            counts,
            hands,
        }
    })
}

/// All multisets of `k` ranks that `available[rank]` cards per rank can
/// supply, as `(rank, count)` groups, highest rank first.
pub(crate) fn rank_multisets(k: usize, available: &[u8; 13], out: &mut Vec<[(u8, u8); 5]>) {
    fn go(
        top: i32,
        left: usize,
        available: &[u8; 13],
        cur: &mut Vec<(u8, u8)>,
        out: &mut Vec<[(u8, u8); 5]>,
    ) {
        if left == 0 {
            let mut unit = [(0u8, 0u8); 5];
            unit[..cur.len()].copy_from_slice(cur);
            out.push(unit);
            return;
        }
        for rank in (0..=top).rev() {
            let max = (available[rank as usize] as usize).min(left);
            for count in (1..=max).rev() {
                cur.push((rank as u8, count as u8));
                go(rank - 1, left - count, available, cur, out);
                cur.pop();
            }
        }
    }
    // Room for every multiset of k of 13 ranks: C(12 + k, k) (a few growths
    // of a small vector cost more than the enumeration itself).
    let room = (1..=k).fold(1usize, |n, i| n * (12 + i) / i);
    out.reserve(room);
    go(12, k, available, &mut Vec::with_capacity(5), out);
}

/// The cards `known` leave per rank as a nibble each, plus 8 in every
/// nibble: a multiset with `counts` fits when [`fits`].
pub(crate) fn room(known: CardSet) -> u64 {
    let mut room = EIGHTS;
    for c in known.complement().iter() {
        room += 1 << (4 * c.rank());
    }
    room
}

/// Whether a multiset (`counts`, see [`Multisets::counts`]) can be dealt
/// from the deck that `room` describes.
#[inline]
pub(crate) fn fits(room: u64, counts: u64) -> bool {
    (room - counts) & EIGHTS == EIGHTS
}
