//! Ranges on a flop or a turn, by the ranks of the cards to come.
//!
//! The per-assignment way (one [`Exact`] job per assignment of combos, see
//! the parent module) ranks every combo again for every assignment it is
//! in. Here the work is shared twice over:
//!
//! - **Ranks, not suits.** Unless a flush is made, a combo's hand depends on
//!   its two ranks and the board's ranks only. Assignments whose players
//!   hold the same ranks (QhQd, Td9c, 9s9h and QsQc, TcTd, 9d9c…) form a
//!   *group*: one showdown of rank-only hands stands for all of them, and
//!   the boards each member leaves are counted, not dealt, from how many
//!   cards of each rank the deck still has once the members' cards are out
//!   (the same for every member). QQ+ v TT+ v 99+ on Kh7d2c: 7,992
//!   assignments in 76 groups.
//! - **Flushes as corrections.** A flush needs five cards of a suit, so on a
//!   board with three or more of a suit only the combos holding enough of it
//!   ([`flushes`]) rank differently: for the assignments holding such a
//!   combo, the rank-only outcome counted for that board is moved to the
//!   real one. Combos that cannot make a flush on any board of the job (an
//!   offsuit hand on a rainbow flop, every pair) are never looked at again.
//!
//! **Units**: the ranks of the cards to come, highest first (on a flop
//! `A A`, `A K`, … `2 2`; on a turn `A` … `2`), those the deck can still
//! deal. Unit `i` adds every assignment's boards of those ranks: the groups'
//! rank-only showdowns, then the corrections for that unit's boards with a
//! flush suit. The same (assignment, board) pairs with the same weights as
//! the per-assignment way, so the counts are identical (a test proves it),
//! and any split of the units adds up to them.
//!
//! **Hot loop**: [`ByBoard::run_unit`]: one rank-only lookup per hole-rank
//! shape, one comparison per group, then [`flushes::correct`].
//!
//! [`Exact`]: super::super::Exact

mod flushes;

use crate::card::{Card, CardSet};
use crate::equity::{Combo, Tally};
use crate::eval::{Hand, HandRank};

/// Most assignments (pairwise disjoint) kept for flush corrections; beyond,
/// the per-assignment way is used.
pub const MAX_ASSIGNMENTS: usize = 200_000;

/// Most assignments looked at (pairwise disjoint or not) when opening.
const MAX_PRODUCT: usize = 4 * MAX_ASSIGNMENTS;

/// One combo in the job's form.
#[derive(Clone, Copy, Debug)]
struct Hole {
    /// Its two ranks, as an index into [`ByBoard::shapes`].
    shape: u16,
    player: u8,
    /// Per suit: how many of its two cards, and their 13-bit rank mask.
    suit_counts: [u8; 4],
    suit_masks: [u16; 4],
    /// Its cards' bits (a [`CardSet`] mask).
    bits: u64,
}

/// A flop or turn job over ranges, ready to run by the ranks of the cards
/// to come.
#[derive(Clone, Debug)]
pub struct ByBoard {
    players: usize,
    /// The board so far, real cards.
    board: Hand,
    /// Per suit: the board's cards of it, and their 13-bit rank mask.
    board_counts: [u8; 4],
    board_masks: [u16; 4],
    /// The cards that can come: not on the board, dead, or in a known hand.
    deck: CardSet,
    /// Cards to come: 2 on a flop, 1 on a turn.
    to_come: usize,
    /// The units: the ranks to come, highest first (`[rank, 0]` on a turn).
    units: Vec<[u8; 2]>,
    /// One stand-in hand per pair of hole ranks held by some combo.
    shapes: Vec<Hand>,
    /// Every player's combos, player after player.
    holes: Vec<Hole>,
    /// Groups: per group its players' shapes (flat, `players` each), the
    /// deck's cards per rank left once a member's cards are out (4 bits a
    /// rank, as in a [`CardSet`] mask: bits `4r..4r+4` hold rank `r`'s
    /// count), and the members' summed weight products.
    group_shapes: Vec<u16>,
    group_free: Vec<u64>,
    group_weights: Vec<u64>,
    /// The assignments holding a combo that can make a flush on some board
    /// of the job: their combos (indices into `holes`, flat, `players`
    /// each), cards' bits and weight products.
    picks: Vec<u32>,
    used: Vec<u64>,
    weights: Vec<u64>,
    /// Per combo `c`, the kept assignments holding it:
    /// `holding[holding_start[c]..holding_start[c + 1]]`.
    holding_start: Vec<u32>,
    holding: Vec<u32>,
    /// Per suit, the combos holding cards of it: those with two first, then
    /// those with one (`two_of[suit]` of them hold two).
    of_suit: [Vec<u32>; 4],
    two_of: [usize; 4],
}

/// Buffers a run reuses from unit to unit.
#[derive(Default)]
pub struct Scratch {
    /// Per shape: its rank-only rank on the unit's ranks.
    plain: Vec<HandRank>,
    /// Per combo: its rank on the board at hand (its rank-only rank but
    /// while a flush correction raises it).
    rank: Vec<HandRank>,
    /// The combos making a flush on the board at hand.
    flushing: Vec<u32>,
    /// Counts by winner set (wrapping: corrections subtract; every unit's
    /// net is a true count).
    counts: Vec<u64>,
}

/// Per-rank counts of a [`CardSet`] mask: rank `r`'s count in bits
/// `4r..4r+4`.
fn per_rank(bits: u64) -> u64 {
    let pairs = bits - ((bits >> 1) & 0x5555_5555_5555_5555);
    (pairs & 0x3333_3333_3333_3333) + ((pairs >> 2) & 0x3333_3333_3333_3333)
}

/// Rank `r`'s count in a per-rank mask.
#[inline(always)]
fn count_of(per_rank: u64, r: u8) -> u64 {
    per_rank >> (4 * r) & 0xf
}

impl ByBoard {
    /// The job for these players' `combos` on a three- or four-card `board`
    /// with `dead` cards out, or `None` when it does not suit (no flop or
    /// turn, or too many assignments).
    pub fn new(combos: &[Vec<Combo>], board: &[Card], dead: &[Card]) -> Option<ByBoard> {
        if !(3..=4).contains(&board.len()) || combos.iter().any(|c| c.is_empty()) {
            return None;
        }
        let to_come = 5 - board.len();
        let product = combos
            .iter()
            .try_fold(1usize, |n, c| n.checked_mul(c.len()))?;
        if product > MAX_PRODUCT {
            return None;
        }
        let players = combos.len();
        let mut board_counts = [0u8; 4];
        let mut board_masks = [0u16; 4];
        for c in board {
            board_counts[c.suit() as usize] += 1;
            board_masks[c.suit() as usize] |= 1 << c.rank();
        }
        // Shapes: index by the two ranks (high, low).
        let mut shape_of = [u16::MAX; 13 * 13];
        let mut shapes = Vec::new();
        let mut holes = Vec::new();
        for (p, cs) in combos.iter().enumerate() {
            for c in cs {
                let [a, b] = c.cards;
                let (hi, lo) = (a.rank().max(b.rank()), a.rank().min(b.rank()));
                let slot = &mut shape_of[usize::from(hi) * 13 + usize::from(lo)];
                if *slot == u16::MAX {
                    *slot = shapes.len() as u16;
                    // Stand-in suits: only the ranks are ever read.
                    shapes.push(Hand::new() + Card::new(hi, 0) + Card::new(lo, 1));
                }
                let mut hole = Hole {
                    shape: *slot,
                    player: p as u8,
                    suit_counts: [0; 4],
                    suit_masks: [0; 4],
                    bits: CardSet::EMPTY.with(a).with(b).bits(),
                };
                for card in [a, b] {
                    hole.suit_counts[card.suit() as usize] += 1;
                    hole.suit_masks[card.suit() as usize] |= 1 << card.rank();
                }
                holes.push(hole);
            }
        }
        // Whether a combo can make a flush on some board of the job.
        let capable = |h: &Hole| {
            (0..4).any(|s| usize::from(board_counts[s] + h.suit_counts[s]) + to_come >= 5)
        };
        let starts: Vec<usize> = combos
            .iter()
            .scan(0, |at, c| {
                let start = *at;
                *at += c.len();
                Some(start)
            })
            .collect();
        // Cards every assignment holds (known hands) never come.
        let always = (0..players)
            .filter(|&p| combos[p].len() == 1)
            .fold(0u64, |acc, p| acc | holes[starts[p]].bits);
        let mut out = CardSet::from_bits(always).unwrap_or(CardSet::EMPTY);
        for &c in board.iter().chain(dead) {
            out.insert(c);
        }
        let deck = out.complement();
        let deck_per_rank = per_rank(deck.bits());

        // Groups are numbered densely by their shapes: per player, its
        // shapes get local numbers, and a group's number is theirs in mixed
        // radix (at most the number of assignments looked at).
        let mut local = vec![0usize; holes.len()];
        let mut radix = vec![0usize; players];
        for p in 0..players {
            let mut seen = vec![usize::MAX; shapes.len()];
            for i in starts[p]..starts[p] + combos[p].len() {
                let slot = &mut seen[holes[i].shape as usize];
                if *slot == usize::MAX {
                    *slot = radix[p];
                    radix[p] += 1;
                }
                local[i] = *slot;
            }
        }
        let mut group_of = vec![u32::MAX; radix.iter().product()];
        let (mut group_shapes, mut group_free, mut group_weights) = (vec![], vec![], vec![]);
        let (mut picks, mut used, mut weights) = (vec![], vec![], vec![]);
        // Depth first, player 0's combo slowest (as the parent's units): a
        // combo that clashes with those before it cuts off all that follow.
        #[derive(Clone, Copy, Default)]
        struct Prefix {
            cards: u64,
            weight: u64,
            group: usize,
            flushes: bool,
        }
        let mut prefix = vec![Prefix::default(); players + 1];
        prefix[0].weight = 1;
        let mut index = vec![0usize; players];
        let mut p = 0;
        loop {
            if index[p] == combos[p].len() {
                if p == 0 {
                    break;
                }
                index[p] = 0;
                p -= 1;
                index[p] += 1;
                continue;
            }
            let i = starts[p] + index[p];
            let before = prefix[p];
            if before.cards & holes[i].bits != 0 {
                index[p] += 1;
                continue;
            }
            let here = Prefix {
                cards: before.cards | holes[i].bits,
                weight: before.weight * u64::from(combos[p][index[p]].weight),
                group: before.group * radix[p] + local[i],
                flushes: before.flushes || capable(&holes[i]),
            };
            if p + 1 < players {
                prefix[p + 1] = here;
                p += 1;
                continue;
            }
            let slot = &mut group_of[here.group];
            if *slot == u32::MAX {
                *slot = group_weights.len() as u32;
                group_shapes.extend((0..players).map(|q| holes[starts[q] + index[q]].shape));
                // Held cards are in the deck: no rank's count goes below 0.
                group_free.push(deck_per_rank - per_rank(here.cards & !always));
                group_weights.push(0);
            }
            group_weights[*slot as usize] += here.weight;
            if here.flushes {
                if used.len() == MAX_ASSIGNMENTS {
                    return None;
                }
                picks.extend((0..players).map(|q| (starts[q] + index[q]) as u32));
                used.push(here.cards);
                weights.push(here.weight);
            }
            index[p] += 1;
        }
        // Per combo, the kept assignments holding it (counting sort).
        let mut holding_start = vec![0u32; holes.len() + 1];
        for &c in &picks {
            holding_start[c as usize + 1] += 1;
        }
        for c in 0..holes.len() {
            holding_start[c + 1] += holding_start[c];
        }
        let mut holding = vec![0u32; picks.len()];
        let mut next = holding_start.clone();
        for (i, &c) in picks.iter().enumerate() {
            holding[next[c as usize] as usize] = (i / players) as u32;
            next[c as usize] += 1;
        }
        let mut of_suit: [Vec<u32>; 4] = Default::default();
        let mut two_of = [0usize; 4];
        for (s, list) in of_suit.iter_mut().enumerate() {
            for n in [2, 1] {
                list.extend(
                    (0..holes.len() as u32).filter(|&c| holes[c as usize].suit_counts[s] == n),
                );
            }
            two_of[s] = holes.iter().filter(|h| h.suit_counts[s] == 2).count();
        }
        let mut units = Vec::new();
        for hi in (0..13u8).rev() {
            if to_come == 1 {
                if count_of(deck_per_rank, hi) > 0 {
                    units.push([hi, 0]);
                }
                continue;
            }
            for lo in (0..=hi).rev() {
                let need = if lo == hi { 2 } else { 1 };
                if count_of(deck_per_rank, hi) >= need && count_of(deck_per_rank, lo) >= 1 {
                    units.push([hi, lo]);
                }
            }
        }
        Some(ByBoard {
            players,
            board: Hand::from_cards(board),
            board_counts,
            board_masks,
            deck,
            to_come,
            units,
            shapes,
            holes,
            group_shapes,
            group_free,
            group_weights,
            picks,
            used,
            weights,
            holding_start,
            holding,
            of_suit,
            two_of,
        })
    }

    pub fn total_units(&self) -> u64 {
        self.units.len() as u64
    }

    /// Number of groups (for the tests).
    #[cfg(test)]
    pub fn groups(&self) -> usize {
        self.group_weights.len()
    }

    /// Number of assignments kept for flush corrections (for the tests).
    #[cfg(test)]
    pub fn kept(&self) -> usize {
        self.used.len()
    }

    /// Unit `unit` (see the module docs): every shape's rank-only rank on
    /// the unit's ranks, every group's showdown counted once per board its
    /// members leave of those ranks, then the flush corrections.
    pub fn run_unit(&self, unit: u64, s: &mut Scratch, t: &mut Tally) {
        let ranks = self.units[unit as usize];
        let ranks = &ranks[..self.to_come];
        // Stand-in suits again: the rank-only lookup reads ranks only.
        let board = ranks.iter().fold(self.board, |b, &r| b + Card::new(r, 0));
        s.plain.clear();
        s.plain.extend(
            self.shapes
                .iter()
                .map(|h| h.combine(board).evaluate_without_flush()),
        );
        s.counts.clear();
        s.counts.resize(1 << self.players, 0);
        // The loops unrolled for the common table sizes.
        match self.players {
            2 => self.by_groups::<2>(ranks, s),
            3 => self.by_groups::<3>(ranks, s),
            4 => self.by_groups::<4>(ranks, s),
            _ => self.by_groups_any(ranks, s),
        }
        if !self.picks.is_empty() {
            flushes::correct(self, ranks, s);
        }
        for (winners, &n) in s.counts.iter().enumerate() {
            if n > 0 {
                t.record(winners, n);
            }
        }
    }

    /// Boards of the unit's `ranks` among the cards `free` (per rank).
    #[inline(always)]
    fn boards(ranks: &[u8], free: u64) -> u64 {
        match *ranks {
            [r] => count_of(free, r),
            [hi, lo] if hi == lo => {
                let n = count_of(free, hi);
                n * n.saturating_sub(1) / 2
            }
            [hi, lo] => count_of(free, hi) * count_of(free, lo),
            _ => 0,
        }
    }

    /// Each group's rank-only showdown, `N` players, times its boards.
    #[inline(always)]
    fn by_groups<const N: usize>(&self, ranks: &[u8], s: &mut Scratch) {
        let groups = self
            .group_shapes
            .chunks_exact(N)
            .zip(&self.group_free)
            .zip(&self.group_weights);
        for ((shapes, &free), &weight) in groups {
            let boards = Self::boards(ranks, free);
            let r: [HandRank; N] = std::array::from_fn(|p| s.plain[shapes[p] as usize]);
            let w = &mut s.counts[winners(&r)];
            *w = w.wrapping_add(weight * boards);
        }
    }

    /// [`ByBoard::by_groups`] for any number of players.
    fn by_groups_any(&self, ranks: &[u8], s: &mut Scratch) {
        let groups = self
            .group_shapes
            .chunks_exact(self.players)
            .zip(&self.group_free)
            .zip(&self.group_weights);
        for ((shapes, &free), &weight) in groups {
            let boards = Self::boards(ranks, free);
            let r = shapes.iter().map(|&i| s.plain[i as usize]);
            let w = &mut s.counts[super::super::winners_of(r)];
            *w = w.wrapping_add(weight * boards);
        }
    }
}

/// The set of players holding the best of `ranks` (bit `p` for player `p`).
#[inline(always)]
fn winners(ranks: &[HandRank]) -> usize {
    let best = ranks.iter().copied().max().unwrap_or(HandRank::MIN);
    ranks
        .iter()
        .enumerate()
        .fold(0usize, |w, (p, &r)| w | (usize::from(r == best) << p))
}
