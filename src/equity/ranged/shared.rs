//! Preflop ranges, by the ranks of the board: the classes of assignments
//! equal up to suit relabelling ([`classes`]), grouped by the ranks their
//! players hold, each group's hands ranked once a board.
//!
//! An assignment's boards split as in [`Exact`]: a unit is a multiset of
//! five board ranks, and on its boards every player's hand is its plain
//! (flush-blind) one except on the few boards where someone makes a flush.
//! The plain hands depend on the players' ranks only, and so does the
//! number of the unit's boards each member can be dealt. So per unit and
//! group the plain showdown is run once; each class of the group then only
//! counts its flush boards (its own suits), and the rest of its boards go
//! to the shared plain winners, times its weight.
//!
//! AA,KK v QQ,JJ v AKs,AKo: 1,152 assignments, 60-odd classes in 4 groups;
//! per unit 4 plain showdowns instead of 60-odd.
//!
//! **Units**: every multiset of five ranks (6,175; those a group's deck
//! cannot deal count nothing for it), known without looking at the
//! assignments, so the job opens at once and builds its classes at the
//! first unit run. The counts are those of one [`Exact`] job per
//! assignment, weighted (a test proves it).
//!
//! [`Exact`]: crate::equity::Exact

use super::classes;
use crate::card::Card;
use crate::equity::exact::{all_multisets, Hands, Multisets};
use crate::equity::{Combo, Player, Spec, Tally};

/// Most assignments a job may have to run this way (each class keeps its
/// [`Hands`], ~430 bytes): 20,000 is 8.6 MB at worst. Beyond, exact
/// preflop range jobs are far past any time budget anyway.
pub const MAX_ASSIGNMENTS: u64 = 20_000;

/// The cards to come, always five: the job is preflop.
const TO_COME: usize = 5;

/// A preflop range job's classes, grouped by ranks.
#[derive(Clone, Debug)]
pub struct Shared {
    all: &'static Multisets,
    /// Per group (the same ranks for every player): its classes' hands and
    /// weights (weight product × members).
    groups: Vec<Vec<(Hands, u64)>>,
}

impl Shared {
    /// The units of every such job.
    pub fn total_units() -> u64 {
        all_multisets(TO_COME).groups.len() as u64
    }

    /// Builds the classes and groups; `None` when there are too many
    /// assignments to look at (never within [`MAX_ASSIGNMENTS`]).
    pub fn new(combos: &[Vec<Combo>], dead: &[Card]) -> Option<Shared> {
        let mut classes = Vec::new();
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
            classes.push((ranks, Hands::new(&spec), class.weight));
        }
        classes.sort_by(|a, b| a.0.cmp(&b.0));
        let mut groups: Vec<Vec<(Hands, u64)>> = Vec::new();
        let mut last: Option<Vec<(u8, u8)>> = None;
        for (ranks, hands, weight) in classes {
            if last.as_ref() != Some(&ranks) {
                groups.push(Vec::new());
                last = Some(ranks);
            }
            groups.last_mut().expect("pushed").push((hands, weight));
        }
        Some(Shared {
            all: all_multisets(TO_COME),
            groups,
        })
    }

    /// Number of groups and of classes (for the tests).
    #[cfg(test)]
    pub fn sizes(&self) -> (usize, usize) {
        (self.groups.len(), self.groups.iter().map(Vec::len).sum())
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
            let (first, _) = &group[0];
            if !first.fits(counts) {
                continue;
            }
            // The same for every member: the ranks held are.
            let (_, total) = first.boards(ranks);
            let plain = first.plain(ranks);
            let mut plain_boards = 0u64;
            for (hands, weight) in group {
                let (free, _) = hands.boards(ranks);
                let flush_boards = hands.flushes(ranks, &free, plain, *weight, t);
                plain_boards += (total - flush_boards) * weight;
            }
            if plain_boards > 0 {
                t.record(plain.1, plain_boards);
            }
        }
    }
}
