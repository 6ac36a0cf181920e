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
//! **Hot loop** (`run_unit`, its parts in `hands.rs`): per unit, every
//! player's plain (flush-blind) rank is computed once: one `combine` and one hash lookup per player, the
//! board shared by all. Each flush class then only re-ranks the players who
//! hold five of the suit, with one `FLUSH` table lookup each. Where one
//! player alone can hold five of the suit and the plain best is a straight
//! or less, that player wins every such board: their boards are summed by
//! how many of the suit they deal (polynomial coefficients, packed in one
//! integer), not dealt one subset at a time. The ways a rank's cards can
//! come, in all and with or without each suit, are one table lookup per
//! dealt rank (`hands::WAYS`), read once per unit for every suit.

mod hands;
mod multisets;

pub(crate) use hands::{suit_mask, ways, Dealt, Hands, Suit};
pub(crate) use multisets::{all_multisets, Multisets};

use super::spec::Spec;
use super::tally::Tally;

/// An opened exact job: the spec in evaluator form plus its units.
#[derive(Clone, Debug)]
pub struct Exact {
    /// Boxed: 400-odd bytes, and jobs move around in enums.
    hands: Box<Hands>,
    /// Every rank multiset of this many cards to come ([`all_multisets`]).
    all: &'static Multisets,
    /// The units: those of `all` the deck can supply, by their index there.
    units: Vec<u16>,
}

impl Exact {
    /// Opens a job. Only specs whose players all hold known cards can be
    /// enumerated this way.
    ///
    /// # Panics
    /// If a player holds a range (more than one combo).
    pub fn new(spec: &Spec) -> Exact {
        let hands = Hands::new(spec);
        let all = all_multisets(spec.cards_to_come());
        // Every index written, only those that fit kept: no branch to
        // mispredict (a preflop job checks all 6,175 multisets).
        let mut units = vec![0u16; all.counts.len()];
        let mut kept = 0;
        for (i, &counts) in all.counts.iter().enumerate() {
            units[kept] = i as u16;
            kept += usize::from(hands.fits(counts));
        }
        units.truncate(kept);
        Exact {
            hands: Box::new(hands),
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
        self.hands.players()
    }

    /// The tally of units `[start, end)` (clamped to `total_units`).
    pub fn run(&self, start: u64, end: u64) -> Tally {
        let mut tally = Tally::new(self.players());
        let end = end.min(self.total_units());
        for &unit in &self.units[start.min(end) as usize..end as usize] {
            self.run_unit(usize::from(unit), &mut tally);
        }
        tally
    }

    /// The tally of units `first, first + stride, first + 2*stride, …`: chunk
    /// `first` of `stride` strided chunks. Strided chunks taken in random
    /// order make every partial merge an unbiased sample of all units (see
    /// [`super::Estimate`]).
    pub fn run_strided(&self, first: u64, stride: u64) -> Tally {
        let mut tally = Tally::new(self.players());
        let stride = stride.max(1) as usize;
        for &unit in self.units.iter().skip(first as usize).step_by(stride) {
            self.run_unit(usize::from(unit), &mut tally);
        }
        tally
    }

    /// The tally of every board.
    pub fn run_all(&self) -> Tally {
        self.run(0, self.total_units())
    }

    /// **The hot path**: one unit's boards, counted (see the module docs).
    fn run_unit(&self, unit: usize, t: &mut Tally) {
        let ranks = &self.all.groups[unit];
        let groups = &ranks[..ranks.iter().take_while(|g| g.1 > 0).count()];
        let dealt = self.hands.boards(groups);
        let plain = self.hands.plain(self.all.hands[unit]);
        let flush_boards = self.hands.flushes(&dealt, plain, 1, t);
        let total = dealt.total();
        if total > flush_boards {
            t.record(plain.1, total - flush_boards);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::multisets::rank_multisets;
    use super::*;
    use crate::card::Card;

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

    /// The classes of interchangeable suits of a preflop deal.
    fn suit_classes(players: &[&str]) -> Vec<(u8, u64)> {
        let spec = Spec::parse(players, "", "").unwrap();
        let holes: Vec<[Card; 2]> = spec
            .players()
            .iter()
            .map(|p| p.known_cards().unwrap())
            .collect();
        let (groups, n) = hands::card_groups(&spec, &holes);
        hands::suit_classes(&groups[..n]).collect()
    }

    #[test]
    fn classes_of_suits() {
        // Spades and diamonds are interchangeable, hearts and clubs stand alone.
        assert_eq!(suit_classes(&["AhKh", "QsQd"]), [(0, 1), (1, 2), (2, 1)]);
        // Crossed suits: hearts and spades differ; clubs and diamonds do not.
        assert_eq!(suit_classes(&["AhKs", "AsKh"]), [(0, 2), (2, 1), (3, 1)]);
        assert_eq!(suit_classes(&["AhAd", "KsKc"]), [(0, 2), (1, 2)]);
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
