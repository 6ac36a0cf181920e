//! Ranges on a flop or a turn, by the ranks of the cards to come.
//!
//! The per-assignment way (one [`Exact`] job per assignment of combos, see
//! the parent module) ranks every combo again for every assignment it is
//! in, on every board. Here assignments that must end alike are grouped,
//! and boards that must end alike are counted, not dealt:
//!
//! - **Ranks, not suits.** Unless a flush is made, a combo's hand depends on
//!   its two ranks and the board's ranks only. Assignments whose players
//!   hold the same ranks (QhQd, Td9c, 9s9h and QsQc, TcTd, 9d9c…) form a
//!   *group*: one showdown of rank-only hands stands for all of them on
//!   every board of some ranks, and the boards each member leaves are
//!   counted from how many cards of each rank the deck still has once the
//!   members' cards are out (the same for every member). QQ+ v TT+ v 99+ on
//!   Kh7d2c: 7,992 assignments in 76 groups.
//! - **Flushes as corrections** ([`flushes`]). A five-card board has at most
//!   one suit with three or more cards, and only then can anyone's hand
//!   differ from its rank-only one. For each such suit, assignments are
//!   grouped finer (the same ranks, and per player the same cards of that
//!   suit), and the boards of some ranks with that suit on some of them
//!   counted as in [`Exact`]; each group's weight moves from its rank-only
//!   winners to its real ones on those boards. Only groups holding a combo
//!   that can reach five cards of the suit are kept (none for pairs on a
//!   rainbow flop).
//!
//! **Units**: the ranks of the cards to come, highest first (on a flop
//! `A A`, `A K`, … `2 2`; on a turn `A` … `2`), those the deck can still
//! deal. Unit `i` adds every assignment's boards of those ranks: the same
//! (assignment, board) pairs with the same weights as the per-assignment
//! way, so the counts are identical (a test proves it), and any split of
//! the units adds up to them.
//!
//! **Hot loop**: [`ByBoard::run_unit`]: one rank-only lookup per pair of
//! hole ranks, one comparison per group, then, per flush suit and class of
//! boards, one comparison per finer group ([`flushes::FlushGroups::correct`]).
//!
//! [`Exact`]: super::super::Exact

mod flushes;
mod groups;
mod parts;

pub use parts::Scratch;

use crate::card::{Card, CardSet};
use crate::equity::spec::Combo;
use crate::equity::tally::Tally;
use crate::eval::{Hand, HandRank};
use parts::{count_of, per_rank, winners, Hole};

/// Most assignments (pairwise disjoint or not) looked at when opening;
/// beyond, the job is run another way.
pub const MAX_ASSIGNMENTS: usize = 16_000_000;

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
    /// Cards to come: 2 on a flop, 1 on a turn.
    to_come: usize,
    /// The units: the ranks to come, highest first (`[rank, 0]` on a turn).
    units: Vec<[u8; 2]>,
    /// One stand-in hand per pair of hole ranks held by some combo.
    shapes: Vec<Hand>,
    /// The groups (same ranks; see the module docs).
    groups: groups::Groups,
    /// Per suit that can reach three board cards, the finer groups.
    flushes: Vec<flushes::FlushGroups>,
}

/// What suits a job to this way, shared by the opening and the estimate:
/// a flop or a turn, every player with a combo, at most
/// [`MAX_ASSIGNMENTS`] assignments (their number is returned).
fn suits(combos: &[Vec<Combo>], board: &[Card]) -> Option<usize> {
    if !(3..=4).contains(&board.len()) || combos.iter().any(|c| c.is_empty()) {
        return None;
    }
    let product = combos
        .iter()
        .try_fold(1usize, |n, c| n.checked_mul(c.len()))?;
    (product <= MAX_ASSIGNMENTS).then_some(product)
}

/// A job's combos in its form, and what follows from them and the board.
struct Prepared {
    to_come: usize,
    board_counts: [u8; 4],
    board_masks: [u16; 4],
    /// One stand-in hand per pair of hole ranks held by some combo.
    shapes: Vec<Hand>,
    /// Every player's combos, player after player.
    holes: Vec<Hole>,
    /// Cards of the known hands.
    always: u64,
    /// The cards that can come.
    deck: CardSet,
    /// The suits some combo can make a flush in.
    flush_suits: Vec<u8>,
}

impl Prepared {
    fn new(combos: &[Vec<Combo>], board: &[Card], dead: &[Card]) -> Prepared {
        let to_come = 5 - board.len();
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
        for c in combos.iter().flatten() {
            let [a, b] = c.cards;
            let (hi, lo) = (a.rank().max(b.rank()), a.rank().min(b.rank()));
            let slot = &mut shape_of[usize::from(hi) * 13 + usize::from(lo)];
            if *slot == u16::MAX {
                *slot = shapes.len() as u16;
                // Stand-in suits: only the ranks are ever read.
                shapes.push(Hand::new() + Card::new(hi, 0) + Card::new(lo, 1));
            }
            let mut suit_masks = [0u16; 4];
            for card in [a, b] {
                suit_masks[card.suit() as usize] |= 1 << card.rank();
            }
            holes.push(Hole {
                shape: *slot,
                suit_masks,
                bits: CardSet::EMPTY.with(a).with(b).bits(),
            });
        }
        // Cards every assignment holds (known hands) never come.
        let mut start = 0;
        let mut out = CardSet::EMPTY;
        for cs in combos {
            if cs.len() == 1 {
                out = CardSet::from_bits(out.bits() | holes[start].bits).unwrap_or(out);
            }
            start += cs.len();
        }
        let always = out.bits();
        for &c in board.iter().chain(dead) {
            out.insert(c);
        }
        let mut prepared = Prepared {
            to_come,
            board_counts,
            board_masks,
            shapes,
            holes,
            always,
            deck: out.complement(),
            flush_suits: Vec::new(),
        };
        prepared.flush_suits = (0..4u8)
            .filter(|&s| prepared.holes.iter().any(|h| prepared.capable(h, s)))
            .collect();
        prepared
    }

    /// A combo can make a flush in `suit` on some board of the job.
    fn capable(&self, h: &Hole, suit: u8) -> bool {
        let s = usize::from(suit);
        usize::from(self.board_counts[s]) + self.to_come + h.suit_masks[s].count_ones() as usize
            >= 5
    }

    /// The units: the ranks to come the deck can still deal, highest first.
    fn units(&self) -> Vec<[u8; 2]> {
        let deck_per_rank = per_rank(self.deck.bits());
        let mut units = Vec::new();
        for hi in (0..13u8).rev() {
            if self.to_come == 1 {
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
        units
    }
}

/// The work of running a job this way, counted before opening it (see
/// [`ByBoard::work`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Work {
    /// Assignments the opening's pass looks at (at most).
    pub assignments: u64,
    /// Units, and shapes ranked per unit.
    pub units: u64,
    pub shapes: u64,
    /// Groups compared per unit (at most).
    pub groups: u64,
    /// Finer groups compared per unit, summed over the flush suits and
    /// their classes of boards (at most).
    pub finer: u64,
}

impl ByBoard {
    /// The job for these players' `combos` on a three- or four-card `board`
    /// with `dead` cards out, or `None` when it does not suit (no flop or
    /// turn, or too many assignments).
    pub fn new(combos: &[Vec<Combo>], board: &[Card], dead: &[Card]) -> Option<ByBoard> {
        suits(combos, board)?;
        let p = Prepared::new(combos, board, dead);
        let weights: Vec<Vec<u64>> = combos
            .iter()
            .map(|cs| cs.iter().map(|c| u64::from(c.weight)).collect())
            .collect();
        let (groups, flushes) = groups::build(&groups::Build {
            holes: &p.holes,
            weights: &weights,
            always: p.always,
            deck: p.deck.bits(),
            flush_suits: &p.flush_suits,
            capable: &|h: &Hole, s: u8| p.capable(h, s),
        })?;
        Some(ByBoard {
            players: combos.len(),
            board: Hand::from_cards(board),
            board_counts: p.board_counts,
            board_masks: p.board_masks,
            to_come: p.to_come,
            units: p.units(),
            shapes: p.shapes,
            groups,
            flushes,
        })
    }

    /// The work of the job [`ByBoard::new`] would open, or `None` when it
    /// would not open one or might not (bounds on the groups beyond
    /// [`groups::MAX_GROUPS`]); cheap: one look at each combo, no pass over
    /// the assignments. The counts of groups are bounds: per kind, the
    /// assignments, and the product of the players' distinct names (for a
    /// flush suit, less those where no one can make the flush). A group's
    /// weight cannot overflow when the weighted counts fit 2^53 (the
    /// plan's `feasible`), so that is not looked at here.
    pub fn work(combos: &[Vec<Combo>], board: &[Card], dead: &[Card]) -> Option<Work> {
        let assignments = suits(combos, board)? as u64;
        let p = Prepared::new(combos, board, dead);
        // Distinct keys per player, and among the combos `keep` holds.
        let distinct = |key: &dyn Fn(&Hole) -> u32, keep: &dyn Fn(&Hole) -> bool| -> u64 {
            let mut start = 0;
            let mut product = 1u64;
            for cs in combos {
                let mut keys: Vec<u32> = p.holes[start..start + cs.len()]
                    .iter()
                    .filter(|h| keep(h))
                    .map(key)
                    .collect();
                keys.sort_unstable();
                keys.dedup();
                product = product.saturating_mul(keys.len() as u64);
                start += cs.len();
            }
            product
        };
        let groups = assignments.min(distinct(&|h| u32::from(h.shape), &|_| true));
        let (mut made, mut finer) = (groups, 0u64);
        for &suit in &p.flush_suits {
            let key = |h: &Hole| u32::from(h.shape) << 16 | u32::from(h.suit_masks[suit as usize]);
            let names = distinct(&key, &|_| true) - distinct(&key, &|h| !p.capable(h, suit));
            let n = assignments.min(names);
            made = made.saturating_add(n);
            // Classes of boards per unit: the dealt cards of the suit
            // bringing the board to three or more.
            let on_board = u32::from(p.board_counts[usize::from(suit)]);
            let classes = (0..1u32 << p.to_come)
                .filter(|f| on_board + f.count_ones() >= 3)
                .count() as u64;
            finer = finer.saturating_add(n.saturating_mul(classes));
        }
        (made <= groups::MAX_GROUPS as u64).then(|| Work {
            assignments,
            units: p.units().len() as u64,
            shapes: p.shapes.len() as u64,
            groups,
            finer,
        })
    }

    /// The units (the job's count comes from [`ByBoard::work`]; the tests compare).
    #[cfg(test)]
    pub fn total_units(&self) -> u64 {
        self.units.len() as u64
    }

    /// Number of groups, and of finer groups for flushes (for the tests).
    #[cfg(test)]
    pub fn groups(&self) -> (usize, usize) {
        let finer = self.flushes.iter().map(|f| f.len()).sum();
        (self.groups.weights.len(), finer)
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
        for f in &self.flushes {
            f.correct(
                self.players,
                &self.board_counts,
                &self.board_masks,
                ranks,
                s,
            );
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
        let g = &self.groups;
        for ((shapes, &free), &weight) in g.shapes.chunks_exact(N).zip(&g.free).zip(&g.weights) {
            let boards = Self::boards(ranks, free);
            let r: [HandRank; N] = std::array::from_fn(|p| s.plain[shapes[p] as usize]);
            let w = &mut s.counts[winners(&r)];
            *w = w.wrapping_add(weight * boards);
        }
    }

    /// [`ByBoard::by_groups`] for any number of players.
    fn by_groups_any(&self, ranks: &[u8], s: &mut Scratch) {
        let g = &self.groups;
        let n = self.players;
        for ((shapes, &free), &weight) in g.shapes.chunks_exact(n).zip(&g.free).zip(&g.weights) {
            let boards = Self::boards(ranks, free);
            let w = &mut s.counts
                [crate::equity::showdown::winners_of(shapes.iter().map(|&i| s.plain[i as usize]))];
            *w = w.wrapping_add(weight * boards);
        }
    }
}
