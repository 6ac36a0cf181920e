//! Exact equity when players hold ranges: every assignment of combos to the
//! players (weights multiplied), each enumerated over every board.
//!
//! **Units.** Two ways to split the work, both index-addressable:
//!
//! - *Heads-up preflop with the table* (two players, no board, no dead
//!   cards, a [`PreflopTable`] given): unit `i` is player 1's `i`-th combo,
//!   summed against all of player 2's combos by table lookup. Top-10% vs
//!   top-10% is ~18,000 lookups instead of ~30 billion evaluations.
//! - *On a flop or a turn* (up to [`boards::MAX_ASSIGNMENTS`] assignments):
//!   unit `i` is the `i`-th multiset of ranks to come; assignments holding
//!   the same ranks share one rank-only showdown, their boards counted, not
//!   dealt, and flushes are corrected by finer groups ([`boards`]).
//! - *Preflop* (none of the above, up to [`shared::MAX_ASSIGNMENTS`]
//!   assignments): unit `i` is the `i`-th multiset of five board ranks;
//!   the classes of assignments equal up to suit relabelling, grouped by
//!   the ranks their players hold, one rank-only showdown per group and
//!   unit, each class adding its own flush boards ([`shared`]).
//! - *Up to suit symmetry* (none of the above, up to [`classes::MAX_ASSIGNMENTS`]
//!   assignments, a relabelling of the suits keeps the board and dead
//!   cards): unit `i` is the `i`-th class of assignments equal up to suit
//!   relabelling, one [`Exact`] job for the class ([`classes`]).
//! - *Otherwise*: unit `i` is the `i`-th assignment in the mixed-radix
//!   product of the players' combo lists (known hands count as one combo);
//!   assignments whose combos share a card are empty units. Each unit is a
//!   whole [`Exact`] job, its tally scaled by the product of the weights.
//!
//! Tallies count weighted showdowns: `weight product × boards`.

mod boards;
mod classes;
mod shared;

use super::exact::Exact;
use super::preflop::PreflopTable;
use super::spec::{Combo, Player, Spec};
use super::tally::Tally;
use crate::card::{Card, CardSet};
use std::sync::{Arc, OnceLock};

pub use boards::Work;
pub use shared::Work as SharedWork;

/// Buffers a run reuses from unit to unit.
#[derive(Default)]
struct Scratch {
    boards: boards::Scratch,
}

/// An opened exact job over ranges.
#[derive(Clone, Debug)]
pub struct RangeExact {
    combos: Vec<Vec<Combo>>,
    board: Vec<Card>,
    dead: Vec<Card>,
    table: Option<Arc<PreflopTable>>,
    /// The job runs by the ranks to come: its units. Decided at the
    /// opening from [`boards::ByBoard::work`] (no pass over the
    /// assignments); the groups themselves are built at the first unit
    /// run ([`RangeExact::by_board`]): the page opens every job on its
    /// main thread to read the plan, and that pass can take a good part of
    /// a second.
    grouped: Option<u64>,
    by_board: OnceLock<Option<Box<boards::ByBoard>>>,
    /// The job runs preflop by classes grouped by ranks; built, like
    /// `by_board`, at the first unit run.
    shared: Option<OnceLock<Option<shared::Shared>>>,
    classes: Option<Vec<classes::Class>>,
}

impl RangeExact {
    /// Opens a job; `table` is used when the job is heads-up preflop with no
    /// dead cards.
    pub fn new(spec: &Spec, table: Option<Arc<PreflopTable>>) -> RangeExact {
        let table_fits = super::cost::table_fits(spec);
        let combos: Vec<Vec<Combo>> = spec.players().iter().map(|p| p.combos.clone()).collect();
        let table = table.filter(|_| table_fits);
        let grouped = if table.is_none() {
            boards::ByBoard::work(&combos, spec.board(), spec.dead()).map(|w| w.units)
        } else {
            None
        };
        let shared = (table.is_none() && grouped.is_none() && shared::fits(&combos, spec.board()))
            .then(OnceLock::new);
        let classes = if table.is_none() && grouped.is_none() && shared.is_none() {
            classes::classes(&combos, spec.board(), spec.dead())
        } else {
            None
        };
        RangeExact {
            combos,
            board: spec.board().to_vec(),
            dead: spec.dead().to_vec(),
            table,
            grouped,
            by_board: OnceLock::new(),
            shared,
            classes,
        }
    }

    /// The classes of a preflop job grouped by ranks, built the first time
    /// they are asked for. Within [`shared::MAX_ASSIGNMENTS`] the build
    /// succeeds; if it ever did not, the units would mean nothing else: a
    /// stop, never a wrong count.
    fn shared(&self) -> Option<&shared::Shared> {
        let cell = self.shared.as_ref()?;
        let built = cell.get_or_init(|| shared::Shared::new(&self.combos, &self.dead));
        Some(
            built
                .as_ref()
                .expect("within MAX_ASSIGNMENTS, the classes are found"),
        )
    }

    /// The groups of a job that runs by the ranks to come, built the first
    /// time they are asked for. [`boards::ByBoard::work`] answers only for
    /// jobs that open that way (`assert_work_bounds` checks it), so the
    /// build succeeds; if it ever did not, the units would mean nothing
    /// else: a stop, never a wrong count.
    fn by_board(&self) -> Option<&boards::ByBoard> {
        self.grouped?;
        let built = self.by_board.get_or_init(|| {
            boards::ByBoard::new(&self.combos, &self.board, &self.dead).map(Box::new)
        });
        Some(
            built
                .as_deref()
                .expect("ByBoard::work promised a job by the ranks to come"),
        )
    }

    /// The work of the job when it would run by the ranks to come (on a
    /// flop or a turn, within that way's limits), counted without opening
    /// it; `None` when it would run another way (see [`boards::ByBoard::work`]).
    pub fn by_board_work(spec: &Spec) -> Option<Work> {
        let combos: Vec<Vec<Combo>> = spec.players().iter().map(|p| p.combos.clone()).collect();
        boards::ByBoard::work(&combos, spec.board(), spec.dead())
    }

    /// The work of the job when it would run preflop by classes grouped by
    /// ranks, bounded without opening it; `None` when it would run another
    /// way. For the plan: `table` says whether the preflop table answers
    /// the job, as [`RangeExact::new`] would be given it.
    pub fn shared_work(spec: &Spec, table: bool) -> Option<SharedWork> {
        let combos: Vec<Vec<Combo>> = spec.players().iter().map(|p| p.combos.clone()).collect();
        let by_board = boards::ByBoard::work(&combos, spec.board(), spec.dead()).is_some();
        (!table && !by_board && shared::fits(&combos, spec.board())).then(|| shared::work(&combos))
    }

    /// [`RangeExact::shared_work`] counted rather than bounded: the groups
    /// the job will really run (its classes built once here, a pass over
    /// the assignments); `None` when it would run another way.
    pub fn shared_work_counted(spec: &Spec) -> Option<SharedWork> {
        Self::shared_work(spec, false)?;
        let combos: Vec<Vec<Combo>> = spec.players().iter().map(|p| p.combos.clone()).collect();
        shared::counted_work(&combos, spec.dead())
    }

    /// The same job split by assignment even on a flop or turn (the tests compare both ways).
    #[cfg(test)]
    fn by_assignment(mut self) -> RangeExact {
        self.grouped = None;
        self.by_board = OnceLock::new();
        self.shared = None;
        self.classes = None;
        self
    }

    /// The same job by the ranks to come whenever that way can open it,
    /// even where the plan's bounds are not sure of it (the tests compare
    /// that way on every job it can run).
    #[cfg(test)]
    fn by_board_anyway(spec: &Spec) -> RangeExact {
        let mut job = RangeExact::new(spec, None);
        if let Some(b) = boards::ByBoard::new(&job.combos, &job.board, &job.dead) {
            job.grouped = Some(b.total_units());
            job.by_board = OnceLock::from(Some(Box::new(b)));
            job.shared = None;
            job.classes = None;
        }
        job
    }

    /// True when units are answered from the heads-up preflop table.
    pub fn uses_table(&self) -> bool {
        self.table.is_some()
    }

    /// Number of units (see the module docs).
    pub fn total_units(&self) -> u64 {
        if self.uses_table() {
            self.combos[0].len() as u64
        } else if let Some(units) = self.grouped {
            units
        } else if self.shared.is_some() {
            shared::Shared::total_units()
        } else if let Some(c) = &self.classes {
            c.len() as u64
        } else {
            self.combos.iter().map(|c| c.len() as u64).product()
        }
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.combos.len()
    }

    /// The tally of units `[start, end)` (clamped to `total_units`).
    pub fn run(&self, start: u64, end: u64) -> Tally {
        let mut t = Tally::new(self.players());
        let mut scratch = Scratch::default();
        let end = end.min(self.total_units());
        for u in start.min(end)..end {
            self.run_unit(u, &mut t, &mut scratch);
        }
        t
    }

    /// The tally of units `first, first + stride, …` (see [`Exact::run_strided`]).
    pub fn run_strided(&self, first: u64, stride: u64) -> Tally {
        let mut t = Tally::new(self.players());
        let mut scratch = Scratch::default();
        let stride = stride.max(1);
        let mut u = first;
        while u < self.total_units() {
            self.run_unit(u, &mut t, &mut scratch);
            u += stride;
        }
        t
    }

    /// The tally of everything.
    pub fn run_all(&self) -> Tally {
        self.run(0, self.total_units())
    }

    /// Unit `unit` (see the module docs).
    fn run_unit(&self, unit: u64, t: &mut Tally, scratch: &mut Scratch) {
        if let Some(b) = self.by_board().filter(|_| self.table.is_none()) {
            b.run_unit(unit, &mut scratch.boards, t);
            return;
        }
        if let Some(s) = self.shared().filter(|_| self.table.is_none()) {
            s.run_unit(unit, t);
            return;
        }
        if let Some(classes) = self.classes.as_ref().filter(|_| self.table.is_none()) {
            let class = &classes[unit as usize];
            let players = class.hands.iter().map(|&h| Player::known(h)).collect();
            let Ok(spec) = Spec::new(players, self.board.clone(), self.dead.clone()) else {
                return;
            };
            let sub = Exact::new(&spec).run_all();
            for (mask, &n) in sub.by_winners().iter().enumerate() {
                if n > 0 {
                    t.record(mask, n * class.weight);
                }
            }
            return;
        }
        if let Some(table) = &self.table {
            let c0 = self.combos[0][unit as usize];
            for c1 in &self.combos[1] {
                let w = c0.weight as u64 * c1.weight as u64;
                table.add_to(c0.cards, c1.cards, w, t);
            }
            return;
        }
        // Mixed radix: player 0's combo varies slowest.
        let mut rest = unit;
        let mut picks = vec![
            Combo {
                cards: [Card::new(0, 0); 2],
                weight: 0,
            };
            self.players()
        ];
        for (p, combos) in self.combos.iter().enumerate().rev() {
            let n = combos.len() as u64;
            picks[p] = combos[(rest % n) as usize];
            rest /= n;
        }
        let mut used = CardSet::EMPTY;
        let mut weight = 1u64;
        for c in &picks {
            if used.contains(c.cards[0]) || used.contains(c.cards[1]) {
                return;
            }
            used.insert(c.cards[0]);
            used.insert(c.cards[1]);
            weight *= c.weight as u64;
        }
        let players = picks.iter().map(|c| Player::known(c.cards)).collect();
        // The fixed cards were validated and removed from the ranges, so
        // only combos clashing with each other can fail, and those returned.
        let Ok(spec) = Spec::new(players, self.board.clone(), self.dead.clone()) else {
            return;
        };
        let sub = Exact::new(&spec).run_all();
        for (mask, &n) in sub.by_winners().iter().enumerate() {
            if n > 0 {
                t.record(mask, n * weight);
            }
        }
    }
}

#[cfg(test)]
mod tests;
