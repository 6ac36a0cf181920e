//! Exact enumeration of every remaining board, in index-addressable units.
//!
//! **Units.** The cards still to come are split by their ranks: unit `i` is
//! the `i`-th multiset of ranks (highest first) that the remaining deck can
//! supply, e.g. for a preflop job unit 0 is `A A A A K`. All boards are the
//! disjoint union of the units, so `total_units` is known when the job opens
//! and any range `[start, end)` of units is computed independently.
//!
//! **Suits only matter for flushes.** A player holds at most two cards of a
//! suit, so a flush needs three board cards of that suit, and a five-card
//! board has at most one such suit. Within a unit (fixed ranks) the boards
//! therefore fall into a few outcome classes, each counted, not dealt:
//!
//! - *no suit with three board cards*: the outcome depends on ranks only, so
//!   one rank-only showdown stands for all of them;
//! - *suit `s` on three or more board cards, on the dealt ranks `F`*: the
//!   outcome depends only on `s` and `F` (the other cards' suits cannot make
//!   a flush), so one showdown stands for
//!   `prod_{r in F} C(free_r \ s, m_r - 1) * prod_{r not in F} C(free_r \ s, m_r)`
//!   boards, where `free_r` are the suits of rank `r` still in the deck and
//!   `m_r` how many cards of rank `r` the unit deals;
//!
//! and the rank-only class gets whatever the flush classes leave of the
//! unit's `prod_r C(free_r, m_r)` boards. A flush class is only made where
//! someone can hold five of `s`: the board's cards of `s` plus the most any
//! player holds reach five. Elsewhere nobody has a flush and the boards stay
//! rank-only (with AhAd v KsKc v QhQd, a suit counts from four board cards
//! on; a suit no player holds, only on five). Suits that the known cards cannot
//! tell apart (with AhKh vs QsQd: spades and diamonds) give equal flush
//! classes, computed once and weighted by the class size. A test checks that
//! the weights add up to the plain number of boards; a slow independent
//! enumerator in the tests checks the results.
//!
//! **Hot loop** (`run_unit`): per unit, every player's plain (flush-blind)
//! rank is computed once: one `combine` and one hash lookup per player, the
//! board shared by all. Each flush class then only re-ranks the players who
//! hold five of the suit, with one `FLUSH` table lookup each.

use super::MAX_PLAYERS;
use super::{best_and_winners, Spec, Tally};
use crate::card::{Card, CardSet};
use crate::eval::{flush_rank, Hand, HandRank};
use std::sync::OnceLock;

/// An opened exact job: the spec in evaluator form plus its units.
#[derive(Clone, Debug)]
pub struct Exact {
    holes: Vec<Hand>,
    /// Per player and suit: the hole cards' 13-bit rank mask in that suit.
    hole_suits: Vec<[u16; 4]>,
    /// Per suit and board cards of it `o` (3, 4, 5): the players holding
    /// `5 - o` or more of it (bit `p`), who can make a flush there.
    reach: [[u16; 3]; 4],
    board: Hand,
    /// Known board cards per suit: how many, and their 13-bit rank mask.
    board_suits: [u32; 4],
    board_masks: [u16; 4],
    known: CardSet,
    /// Classes of interchangeable suits: (representative suit, class size).
    #[cfg(test)]
    suit_classes: Vec<(u8, u64)>,
    /// The classes whose suit can still give some player a flush, with the
    /// cards of it the board still has to bring for that: (suit, class
    /// size, need). A suit in which no player can reach five cards is
    /// absent: its boards are counted by rank only.
    flush_classes: Vec<(u8, u64, u32)>,
    /// Every rank multiset of this many cards to come ([`all_multisets`]).
    all: &'static Multisets,
    /// The units: those of `all` the deck can supply, by their index there.
    units: Vec<u16>,
}

/// Set bits of a 5-bit mask: a table, because the default x86-64 target
/// has no POPCNT and `count_ones` there is a dozen instructions (wasm and
/// newer targets would not mind; the table costs them nothing).
const POP5: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

#[inline]
fn pop5(mask: u32) -> u32 {
    u32::from(POP5[mask as usize & 31])
}

/// `C(n, k)` for `n <= 4` (0 when `k > n`).
fn choose(n: u32, k: u32) -> u64 {
    const T: [[u64; 5]; 5] = [
        [1, 0, 0, 0, 0],
        [1, 1, 0, 0, 0],
        [1, 2, 1, 0, 0],
        [1, 3, 3, 1, 0],
        [1, 4, 6, 4, 1],
    ];
    if k > 4 {
        0
    } else {
        T[n as usize][k as usize]
    }
}

/// Swaps suits `a` and `b` in a card set.
fn swap_suits(set: CardSet, a: u8, b: u8) -> CardSet {
    set.iter()
        .map(|c| {
            let s = c.suit();
            let s = if s == a {
                b
            } else if s == b {
                a
            } else {
                s
            };
            Card::new(c.rank(), s)
        })
        .collect()
}

/// Classes of suits that every group of cards is symmetric in: suits `a`
/// and `b` belong together when swapping them maps every group to itself
/// (if `(a b)` and `(b c)` do, so does `(a c)`: it is an equivalence).
fn suit_classes(groups: &[CardSet]) -> Vec<(u8, u64)> {
    let mut class_of = [0u8, 1, 2, 3];
    for a in 0..4u8 {
        for b in a + 1..4u8 {
            if class_of[b as usize] == b && groups.iter().all(|&g| swap_suits(g, a, b) == g) {
                class_of[b as usize] = class_of[a as usize];
            }
        }
    }
    (0..4u8)
        .filter(|&s| class_of[s as usize] == s)
        .map(|s| (s, class_of.iter().filter(|&&c| c == s).count() as u64))
        .collect()
}

impl Exact {
    /// Opens a job. Only specs whose players all hold known cards can be
    /// enumerated this way.
    ///
    /// # Panics
    /// If a player holds a range (more than one combo).
    pub fn new(spec: &Spec) -> Exact {
        let hole_cards: Vec<[Card; 2]> = spec
            .players()
            .iter()
            .map(|p| p.known_cards().expect("known hole cards"))
            .collect();
        let known = spec.known_cards();
        let mut groups: Vec<CardSet> = hole_cards
            .iter()
            .map(|h| h.iter().copied().collect())
            .collect();
        groups.push(spec.board().iter().copied().collect());
        groups.push(spec.dead().iter().copied().collect());
        let mut board_suits = [0u32; 4];
        let mut board_masks = [0u16; 4];
        for c in spec.board() {
            board_suits[c.suit() as usize] += 1;
            board_masks[c.suit() as usize] |= 1 << c.rank();
        }
        let hole_suits = hole_cards
            .iter()
            .map(|h| {
                let mut m = [0u16; 4];
                for c in h {
                    m[c.suit() as usize] |= 1 << c.rank();
                }
                m
            })
            .collect();
        let mut reach = [[0u16; 3]; 4];
        for (p, h) in hole_cards.iter().enumerate() {
            for (s, by_board) in reach.iter_mut().enumerate() {
                let held = h.iter().filter(|c| c.suit() as usize == s).count();
                for (o, players) in by_board.iter_mut().enumerate() {
                    // `o + 3` board cards of the suit, `held` in the hand.
                    if o + 3 + held >= 5 {
                        *players |= 1 << p;
                    }
                }
            }
        }
        // Cards left per rank, a nibble each, plus 8 in every nibble: a
        // multiset fits when no nibble borrows (see `Multisets::counts`).
        let mut room = EIGHTS;
        for c in known.complement().iter() {
            room += 1 << (4 * c.rank());
        }
        let all = all_multisets(spec.cards_to_come());
        let units = (0..all.groups.len() as u16)
            .filter(|&i| (room - all.counts[i as usize]) & EIGHTS == EIGHTS)
            .collect();
        Exact {
            holes: hole_cards.iter().map(|h| Hand::from_cards(h)).collect(),
            hole_suits,
            reach,
            board: Hand::from_cards(spec.board()),
            board_suits,
            board_masks,
            known,
            flush_classes: suit_classes(&groups)
                .into_iter()
                .map(|(suit, size)| {
                    // The most cards of the suit any player holds: the board
                    // must bring five less that many for any flush to count.
                    let most = hole_cards
                        .iter()
                        .map(|h| h.iter().filter(|c| c.suit() == suit).count() as u32)
                        .max()
                        .unwrap_or(0);
                    (
                        suit,
                        size,
                        5u32.saturating_sub(board_suits[suit as usize] + most),
                    )
                })
                .filter(|&(_, _, need)| need as usize <= spec.cards_to_come())
                .collect(),
            #[cfg(test)]
            suit_classes: suit_classes(&groups),
            all,
            units,
        }
    }

    /// Number of units; any `[start, end)` within it can be run.
    pub fn total_units(&self) -> u64 {
        self.units.len() as u64
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.holes.len()
    }

    /// The tally of units `[start, end)` (clamped to `total_units`).
    pub fn run(&self, start: u64, end: u64) -> Tally {
        let mut tally = Tally::new(self.holes.len());
        let end = end.min(self.total_units());
        for u in start.min(end)..end {
            self.run_unit(
                &self.all.groups[usize::from(self.units[u as usize])],
                &mut tally,
            );
        }
        tally
    }

    /// The tally of units `first, first + stride, first + 2*stride, …`: chunk
    /// `first` of `stride` strided chunks. Strided chunks taken in random
    /// order make every partial merge an unbiased sample of all units (see
    /// [`super::Estimate`]).
    pub fn run_strided(&self, first: u64, stride: u64) -> Tally {
        let mut tally = Tally::new(self.holes.len());
        let stride = stride.max(1) as usize;
        for &unit in self.units.iter().skip(first as usize).step_by(stride) {
            self.run_unit(&self.all.groups[usize::from(unit)], &mut tally);
        }
        tally
    }

    /// The tally of every board.
    pub fn run_all(&self) -> Tally {
        self.run(0, self.total_units())
    }

    fn run_unit(&self, unit: &[(u8, u8); 5], t: &mut Tally) {
        let groups = &unit[..unit.iter().take_while(|g| g.1 > 0).count()];
        // Suits of each dealt rank still in the deck (4-bit masks).
        let mut free = [0u8; 5];
        for (f, &(rank, _)) in free.iter_mut().zip(groups) {
            *f = !(self.known.bits() >> (4 * rank)) as u8 & 0xf;
        }
        let total: u64 = groups
            .iter()
            .zip(&free)
            .map(|(&(_, m), &f)| choose(pop5(u32::from(f)), m as u32))
            .product();
        // Every player's best hand ignoring flushes: the same for every board
        // of this unit (stand-in suits; see `Hand::evaluate_without_flush`).
        let mut board = self.board;
        for &(rank, m) in groups {
            for _ in 0..m {
                board = board.add(Card::new(rank, 0));
            }
        }
        let mut plain_ranks = [HandRank::MIN; MAX_PLAYERS];
        for (r, hole) in plain_ranks.iter_mut().zip(&self.holes) {
            *r = hole.combine(board).evaluate_without_flush();
        }
        let plain = best_and_winners(plain_ranks[..self.holes.len()].iter().copied());
        let mut flush_boards = 0u64;
        for &(suit, class_size, need) in &self.flush_classes {
            let s = suit as usize;
            // Dealt ranks that can come in this suit.
            let can: u32 = (0..groups.len())
                .filter(|&g| free[g] >> suit & 1 == 1)
                .fold(0, |m, g| m | 1 << g);
            if pop5(can) < need {
                continue;
            }
            // Every subset F of those ranks dealt in `suit`, |F| >= need.
            let mut f = can;
            loop {
                if pop5(f) >= need {
                    let mut weight = class_size;
                    let mut suited = self.board_masks[s];
                    for (g, &(rank, m)) in groups.iter().enumerate() {
                        let others = pop5(u32::from(free[g] & !(1 << suit)));
                        let in_suit = f >> g & 1;
                        weight *= choose(others, m as u32 - in_suit);
                        suited |= (in_suit as u16) << rank;
                    }
                    if weight > 0 {
                        flush_boards += weight;
                        let on_board = self.board_suits[s] + pop5(f);
                        t.record(self.flush_winners(plain, s, suited, on_board), weight);
                    }
                }
                if f == 0 {
                    break;
                }
                f = (f - 1) & can;
            }
        }
        if total > flush_boards {
            t.record(plain.1, total - flush_boards);
        }
    }

    /// Winners when the board holds `suited` (13-bit ranks; `on_board` of
    /// them, 3 to 5) in suit `s`, given the plain hands' best rank and
    /// winners. Only the players holding five of the suit change anything,
    /// each to the better of their flush and their plain hand: a flush
    /// below the plain best changes nothing (that player's plain hand is
    /// already counted), one equal to it joins the winners, one above it
    /// beats them all.
    #[inline]
    fn flush_winners(
        &self,
        plain: (HandRank, usize),
        s: usize,
        suited: u16,
        on_board: u32,
    ) -> usize {
        let (mut best, mut winners) = plain;
        let mut holders = self.reach[s][on_board as usize - 3];
        while holders != 0 {
            let p = holders.trailing_zeros() as usize;
            holders &= holders - 1;
            let r = flush_rank(suited | self.hole_suits[p][s]);
            if r > best {
                best = r;
                winners = 1 << p;
            } else if r == best {
                winners |= 1 << p;
            }
        }
        winners
    }
}

/// A nibble of 8 for each of the 13 ranks.
const EIGHTS: u64 = 0x8_8888_8888_8888;

/// Every multiset of `k` ranks, at most four of a rank, in two forms.
#[derive(Debug)]
struct Multisets {
    /// As `(rank, count)` groups, highest rank first, at most 5 groups
    /// (unused groups have count 0).
    groups: Vec<[(u8, u8); 5]>,
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
    counts: Vec<u64>,
}

/// The multisets of `k <= 5` cards to come (6,188 for five), built once per
/// `k` and shared by every job: a job only keeps the indices of those its
/// deck can supply, so opening one allocates 2 bytes a unit.
fn all_multisets(k: usize) -> &'static Multisets {
    static ALL: [OnceLock<Multisets>; 6] = [const { OnceLock::new() }; 6];
    ALL[k.min(5)].get_or_init(|| {
        let mut groups = Vec::new();
        rank_multisets(k.min(5), &[4; 13], &mut groups);
        let counts = groups
            .iter()
            .map(|g| g.iter().map(|&(r, m)| u64::from(m) << (4 * r)).sum())
            .collect();
        Multisets { groups, counts }
    })
}

/// All multisets of `k` ranks that `available[rank]` cards per rank can
/// supply, as `(rank, count)` groups, highest rank first.
fn rank_multisets(k: usize, available: &[u8; 13], out: &mut Vec<[(u8, u8); 5]>) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn exact(players: &[&str], board: &str) -> Exact {
        Exact::new(&Spec::parse(players, board, "").unwrap())
    }

    #[test]
    fn unit_counts() {
        // 5 cards from 13 ranks, at most 4 of a rank (fewer where cards are known).
        let e = exact(&["AhKh", "QsQd"], "");
        let mut avail = [4u8; 13];
        avail[12] = 3;
        avail[11] = 3;
        avail[10] = 2;
        let mut v = Vec::new();
        rank_multisets(5, &avail, &mut v);
        assert_eq!(e.total_units(), v.len() as u64);
        assert_eq!(exact(&["AhKh", "QsQd"], "2h7hTc").total_units(), 91);
        assert_eq!(exact(&["AhKh", "QsQd"], "2h7hTc9d8d").total_units(), 1);
    }

    #[test]
    fn classes_of_suits() {
        // Spades and diamonds are interchangeable, hearts and clubs stand alone.
        let e = exact(&["AhKh", "QsQd"], "");
        assert_eq!(e.suit_classes, [(0, 1), (1, 2), (2, 1)]);
        // Crossed suits: hearts and spades differ; clubs and diamonds do not.
        let e = exact(&["AhKs", "AsKh"], "");
        assert_eq!(e.suit_classes, [(0, 2), (2, 1), (3, 1)]);
        assert_eq!(exact(&["AhAd", "KsKc"], "").suit_classes, [(0, 2), (1, 2)]);
    }

    #[test]
    fn weights_count_every_board() {
        for (players, board, boards) in [
            (&["AhKh", "QsQd"][..], "", 1_712_304),
            (&["AhAd", "KsKc", "QhQd"][..], "", 1_370_754),
            (&["AhKh", "QsQd"][..], "2h7hTc", 990),
            (&["AhKh", "QsQd"][..], "2h7hTc9d", 44),
        ] {
            assert_eq!(exact(players, board).run_all().showdowns(), boards);
        }
    }

    #[test]
    fn reference_counts() {
        let t = exact(&["AhKh", "QsQd"], "").run_all();
        assert_eq!((t.wins(0), t.wins(1), t.ties(0)), (787_966, 917_606, 6_732));
        let t = exact(&["AhKh", "QsQd"], "2h7hTc").run_all();
        assert_eq!((t.wins(0), t.wins(1), t.ties(0)), (539, 451, 0));
    }

    #[test]
    fn chunks_merge_to_the_whole() {
        let e = exact(&["AhKh", "QsQd"], "");
        let whole = e.run_all();
        let n = e.total_units();
        for split in [1, 7, n / 2, n - 1] {
            let mut t = e.run(split, n);
            t += &e.run(0, split);
            assert_eq!(t, whole);
        }
    }
}
