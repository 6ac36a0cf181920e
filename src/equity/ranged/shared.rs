//! Preflop ranges, by the ranks of the board: the classes of assignments
//! equal up to suit relabelling ([`classes`]), grouped by the ranks their
//! players hold, each group's hands ranked once a board.
//!
//! An assignment's boards split as in [`Exact`]: a unit is a multiset of
//! five board ranks, and on its boards every player's hand is its plain
//! (flush-blind) one except on the boards where someone makes a flush.
//!
//! - **Ranks.** The plain hands depend on the players' ranks only, and so
//!   does the number of the unit's boards each member can be dealt. So per
//!   unit and *group* (the assignments holding the same ranks) one plain
//!   showdown stands for every member, times the members' weights.
//! - **Flushes, by finer groups.** A flush in suit `s` depends only on
//!   which ranks of `s` each player holds and which cards of `s` are out of
//!   the deck (held or dead); the other suits only count, and each rank
//!   leaves as many cards in them for every member. So the (member, suit)
//!   pairs alike in that are one *finer group*, written in one suit
//!   ([`SUIT`]): its flush boards are counted once, times their weights,
//!   and taken from the plain showdown's boards.
//!
//! AA,KK v QQ,JJ v AKs,AKo: 1,152 assignments, 56 classes, 4 groups and 48
//! finer groups; per unit 4 plain showdowns and 48 flush counts, where one
//! job per class needed 56 and about 170.
//!
//! **Units**: every multiset of five ranks (6,175; those a group's deck
//! cannot deal count nothing for it), known without looking at the
//! assignments, so the job opens at once and builds its groups at the
//! first unit run. The counts are those of one [`Exact`] job per
//! assignment, weighted (a test proves it).
//!
//! [`Exact`]: crate::equity::Exact

use super::classes;
use crate::card::Card;
use crate::equity::exact::{all_multisets, suit_mask, ways, Dealt, Hands, Multisets, Suit};
use crate::equity::limits::MAX_PLAYERS;
use crate::equity::spec::{Combo, Player, Spec};
use crate::equity::tally::Tally;

/// Most assignments a job may have to run this way: those the classes are
/// found among ([`classes::MAX_ASSIGNMENTS`]).
pub const MAX_ASSIGNMENTS: u64 = classes::MAX_ASSIGNMENTS as u64;

/// The cards to come, always five: the job is preflop.
const TO_COME: usize = 5;

/// Whether a job runs this way (the ranged job's other conditions aside:
/// no table, not by the ranks to come): preflop, within [`MAX_ASSIGNMENTS`].
pub fn fits(combos: &[Vec<Combo>], board: &[Card]) -> bool {
    board.is_empty()
        && combos
            .iter()
            .try_fold(1u64, |n, c| n.checked_mul(c.len() as u64))
            .is_some_and(|n| n <= MAX_ASSIGNMENTS)
}

/// A job's work this way, bounded without looking at its assignments (for
/// the plan's price; a test checks the bounds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Work {
    /// Assignments: the pass that finds the classes.
    pub assignments: u64,
    /// The units: multisets of five board ranks.
    pub units: u64,
    /// Groups, at most: the product of each player's pairs of ranks.
    pub groups: u64,
    /// Finer groups, at most: four suits per assignment, and per group the
    /// product of each player's ways to hold cards of one suit (a pair: none
    /// or one; two ranks: none, either or both).
    pub finer: u64,
}

/// The work of a job that [`fits`].
pub fn work(combos: &[Vec<Combo>]) -> Work {
    let mut assignments = 1u64;
    let mut groups = 1u64;
    let mut ways = 1u64;
    for cs in combos {
        // The pairs of ranks held, as bits `13 * high + low`.
        let mut held = [0u64; 3];
        let mut pairs_only = true;
        for c in cs {
            let (a, b) = (c.cards[0].rank(), c.cards[1].rank());
            let bit = 13 * usize::from(a.max(b)) + usize::from(a.min(b));
            held[bit / 64] |= 1 << (bit % 64);
            pairs_only &= a == b;
        }
        let pairs: u32 = held.iter().map(|h| h.count_ones()).sum();
        assignments = assignments.saturating_mul(cs.len() as u64);
        groups = groups.saturating_mul(u64::from(pairs));
        ways = ways.saturating_mul(if pairs_only { 2 } else { 4 });
    }
    let groups = groups.min(assignments);
    Work {
        assignments,
        units: all_multisets(TO_COME).groups.len() as u64,
        groups,
        finer: groups
            .saturating_mul(ways)
            .min(assignments.saturating_mul(4)),
    }
}

/// A job's work this way as it will really be done: the groups and finer
/// groups found (building them is the pass over the assignments the job
/// itself makes first), not bounded. `None` beyond [`MAX_ASSIGNMENTS`].
pub fn counted_work(combos: &[Vec<Combo>], dead: &[Card]) -> Option<Work> {
    let bound = work(combos);
    let (groups, finer) = Shared::new(combos, dead)?.sizes();
    Some(Work {
        groups: groups as u64,
        finer: finer as u64,
        ..bound
    })
}

/// The suit the finer groups are written in (any would do: preflop, with
/// no board, suits differ only by who holds which cards of them).
const SUIT: u8 = 3;

/// A preflop range job's classes, grouped by ranks.
#[derive(Clone, Debug)]
pub struct Shared {
    all: &'static Multisets,
    groups: Vec<Group>,
}

/// The assignments whose players hold the same ranks.
#[derive(Clone, Debug)]
struct Group {
    /// One member's hands: the group's plain showdown and board counts.
    first: Hands,
    /// What every board of a unit counts for: the members' weights added
    /// (each class's weight product × its members).
    weight: u64,
    /// The finer groups: a suit as some members hold it (per player the
    /// ranks of it held, written in [`SUIT`]), the ranks whose card of it
    /// is out of the deck (held or dead), and the weight of the (member,
    /// suit) pairs alike in that. Their flush boards are the same.
    flushes: Vec<(Suit, u16, u64)>,
}

impl Shared {
    /// The units of every such job.
    pub fn total_units() -> u64 {
        all_multisets(TO_COME).groups.len() as u64
    }

    /// Builds the classes and groups; `None` when there are too many
    /// assignments to look at (never within [`MAX_ASSIGNMENTS`]).
    pub fn new(combos: &[Vec<Combo>], dead: &[Card]) -> Option<Shared> {
        let mut groups: Vec<Group> = Vec::new();
        // The current group's ranks (the classes come ordered by ranks),
        // and its finer groups' keys: per player 2 bits (its higher and
        // lower rank held in the suit: within a group that says which
        // cards), then the suit's ranks out of the deck (13 bits).
        let mut last: Option<Vec<(u8, u8)>> = None;
        let mut keys: Vec<u64> = Vec::new();
        for class in classes::every_class(combos, &[], dead)? {
            let ranks: Vec<(u8, u8)> = class
                .hands
                .iter()
                .map(|h| (h[0].rank().max(h[1].rank()), h[0].rank().min(h[1].rank())))
                .collect();
            let players = class.hands.iter().map(|&h| Player::known(h)).collect();
            // Classes hold no card twice (those were never counted).
            let Ok(spec) = Spec::new(players, vec![], dead.to_vec()) else {
                continue;
            };
            if last.as_ref() != Some(&ranks) {
                groups.push(Group {
                    first: Hands::new(&spec),
                    weight: 0,
                    flushes: Vec::new(),
                });
                keys.clear();
            }
            let group = groups.last_mut().expect("pushed");
            group.weight += class.weight;
            for suit in 0..4u8 {
                let mask = |cards: &[Card]| suit_mask(cards, suit);
                let mut holes = [0u16; MAX_PLAYERS];
                let mut key = 0u64;
                for (p, (h, &(hi, lo))) in class.hands.iter().zip(&ranks).enumerate() {
                    holes[p] = mask(h);
                    key |= u64::from(holes[p] >> hi & 1 | (holes[p] >> lo & 1) << 1) << (2 * p);
                }
                let out = holes.iter().fold(mask(dead), |m, h| m | h);
                key |= u64::from(out) << (2 * MAX_PLAYERS);
                // Few finer groups a group: a look along them.
                match keys.iter().position(|&k| k == key) {
                    Some(i) => group.flushes[i].2 += class.weight,
                    None => {
                        keys.push(key);
                        let suit = Suit::from_masks(SUIT, &holes[..class.hands.len()], 0);
                        group.flushes.push((suit, out, class.weight));
                    }
                }
            }
            last = Some(ranks);
        }
        Some(Shared {
            all: all_multisets(TO_COME),
            groups,
        })
    }

    /// Number of groups and of finer groups (the plan's price of a job
    /// whose bounds in [`Work`] are loose: [`counted_work`]).
    pub fn sizes(&self) -> (usize, usize) {
        (
            self.groups.len(),
            self.groups.iter().map(|g| g.flushes.len()).sum(),
        )
    }

    /// **The hot path**: unit `unit`'s boards for every class (see the
    /// module docs).
    pub fn run_unit(&self, unit: u64, t: &mut Tally) {
        let Some(unit_groups) = self.all.groups.get(unit as usize) else {
            return;
        };
        let counts = self.all.counts[unit as usize];
        let ranks = &unit_groups[..unit_groups.iter().take_while(|g| g.1 > 0).count()];
        for group in &self.groups {
            if !group.first.fits(counts) {
                continue;
            }
            // The same for every member: the ranks held are.
            let total = group.first.boards(ranks).total();
            let plain = group.first.plain(self.all.hands[unit as usize]);
            let mut flush_boards = 0u64;
            for (suit, out, weight) in &group.flushes {
                // The deck as this finer group leaves it, in `SUIT` and
                // (as many cards) in the suits below it.
                let deck = Dealt::new(ranks, |rank, m| {
                    let f = group.first.free(rank);
                    let in_suit = !(out >> rank) as u8 & 1;
                    ways(
                        ((1u8 << (f.count_ones() as u8 - in_suit)) - 1) | in_suit << SUIT,
                        m,
                    )
                });
                flush_boards += suit.flushes(&deck, plain, 1, *weight, t) * weight;
            }
            let plain_boards = total * group.weight - flush_boards;
            if plain_boards > 0 {
                t.record(plain.1, plain_boards);
            }
        }
    }
}
