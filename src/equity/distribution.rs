//! The equity distribution of one player's range: each combo's equity
//! against the other players as the spec has them, with its weight.
//!
//! A combo against the others is an ordinary job: the spec with the player
//! pinned to that one combo (still a range, so the cards in play, the other
//! ranges and their weights are exactly the whole job's). Its [`Tally`]
//! gives the combo's equity, and, when exact, how many weighted deals it
//! stands for. Because the whole job's weighted count is the sum over the
//! player's combos of `weight × the pinned job's count`, the combos' mean
//! equity weighted by `weight × count` (the combo's share of all deals, card
//! removal included) **is** the player's equity, to the last count: that is
//! the x axis of the sorted curve.
//!
//! Exact when the pinned jobs together cost at most [`EXACT_LIMIT`]
//! evaluations (each planned by [`Plan`], the heads-up preflop table
//! included); otherwise each combo is sampled with its own trials and shows
//! its ± (one standard error), and the combo's share of the deals comes
//! from [`weigh`] (the weighted count of the other ranges' compatible
//! assignments, exact).

mod weigh;

use super::cost::EXACT_LIMIT;
use super::exact_job::ExactJob;
use super::monte_carlo::MonteCarlo;
use super::plan::Plan;
use super::preflop::PreflopTable;
use super::spec::{Combo, Player, Spec};
use super::tally::{Tally, SHARE};
use crate::card::format_cards_compact;
use std::fmt;
use std::sync::Arc;

/// The default buckets' lower edges (equity): 0–25, 25–50, 50–75, 75–100 %.
pub const BUCKETS: [f64; 4] = [0.0, 0.25, 0.5, 0.75];

/// Sampled points get at least this many trials each.
pub const MIN_POINT_TRIALS: u64 = 2_000;

/// Why a distribution cannot be drawn.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum DistributionError {
    /// No such player (0-based `player` of `players`).
    NoPlayer { player: usize, players: usize },
    /// The player holds a known hand: one point, nothing to distribute.
    KnownHand { player: usize },
    /// Sampled, the combos' shares of the deals would take too long to
    /// count (many players holding large ranges).
    TooManyRanges { work: u64 },
}

impl fmt::Display for DistributionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DistributionError::NoPlayer { player, players } => write!(
                f,
                "player {} does not exist: the scenario has {players} players",
                player + 1
            ),
            DistributionError::KnownHand { player } => write!(
                f,
                "player {} holds a known hand, not a range: a distribution needs a range",
                player + 1
            ),
            DistributionError::TooManyRanges { work } => write!(
                f,
                "too many players hold large ranges to weigh each combo \
                 (about {work:.1e} steps); give some players hands or smaller ranges"
            ),
        }
    }
}

impl std::error::Error for DistributionError {}

/// One player's distribution, opened: a job per combo.
#[derive(Clone, Debug)]
pub struct DistributionJob {
    player: usize,
    players: usize,
    combos: Vec<Combo>,
    pinned: Vec<Spec>,
    table: Option<Arc<PreflopTable>>,
    exact: bool,
    /// Sampled only: each combo's weighted count of the others' deals.
    deals: Vec<u128>,
    cost: u64,
}

impl DistributionJob {
    /// Opens player `player`'s distribution (0-based); exact when
    /// affordable, unless `sample` asks for sampling.
    pub fn new(
        spec: &Spec,
        player: usize,
        table: Option<Arc<PreflopTable>>,
        sample: bool,
    ) -> Result<DistributionJob, DistributionError> {
        let players = spec.players().len();
        let Some(p) = spec.players().get(player) else {
            return Err(DistributionError::NoPlayer { player, players });
        };
        if !p.is_range() {
            return Err(DistributionError::KnownHand { player });
        }
        let mut combos = Vec::new();
        let mut pinned = Vec::new();
        let mut cost = 0u64;
        let mut feasible = true;
        for &c in &p.combos {
            let mut ps = spec.players().to_vec();
            ps[player] = Player::range(format_cards_compact(&c.cards), vec![c]);
            // A combo no deal of the others leaves room for is never dealt.
            let Ok(s) = Spec::new(ps, spec.board().to_vec(), spec.dead().to_vec()) else {
                continue;
            };
            let plan = Plan::new(&s, table.clone());
            cost = cost.saturating_add(plan.cost());
            feasible &= plan.feasible();
            combos.push(c);
            pinned.push(s);
        }
        let exact = !sample && feasible && cost <= EXACT_LIMIT;
        let deals = if exact {
            Vec::new()
        } else {
            weigh::deals(spec, player, &combos)
                .map_err(|work| DistributionError::TooManyRanges { work })?
        };
        Ok(DistributionJob {
            player,
            players,
            combos,
            pinned,
            table,
            exact,
            deals,
            cost,
        })
    }

    /// The combos drawn (those some deal of the others leaves room for).
    pub fn len(&self) -> usize {
        self.combos.len()
    }

    pub fn is_empty(&self) -> bool {
        self.combos.is_empty()
    }

    pub fn exact(&self) -> bool {
        self.exact
    }

    /// Evaluations of the exact way (all combos), saturating.
    pub fn exact_cost(&self) -> u64 {
        self.cost
    }

    /// Trials per combo when sampled: `total` shared out, at least
    /// [`MIN_POINT_TRIALS`].
    pub fn point_trials(&self, total: u64) -> u64 {
        (total / self.combos.len().max(1) as u64).max(MIN_POINT_TRIALS)
    }

    /// Combo `i`'s tally: every deal when exact, else `trials` random deals
    /// seeded `(seed, i)`.
    pub fn run_point(&self, i: usize, seed: u64, trials: u64) -> Tally {
        let spec = &self.pinned[i];
        if self.exact {
            ExactJob::new(spec, self.table.clone()).run_all()
        } else {
            MonteCarlo::new(spec).run(seed, i as u64, trials)
        }
    }

    /// Every point on this thread.
    pub fn run_all(&self, seed: u64, trials: u64) -> Distribution {
        let tallies = (0..self.len())
            .map(|i| self.run_point(i, seed, trials))
            .collect();
        self.finish(tallies)
    }

    /// The distribution from each combo's tally (in combo order).
    pub fn finish(&self, tallies: Vec<Tally>) -> Distribution {
        assert_eq!(tallies.len(), self.combos.len());
        let p = self.player;
        let mut points: Vec<Point> = self
            .combos
            .iter()
            .zip(tallies)
            .enumerate()
            .map(|(i, (c, t))| {
                let deals = if self.exact {
                    u128::from(t.showdowns())
                } else {
                    self.deals[i]
                };
                Point {
                    cards: c.cards,
                    weight: c.weight,
                    mass: u128::from(c.weight) * deals,
                    shares: t.shares(p),
                    showdowns: t.showdowns(),
                    error: if self.exact { 0.0 } else { t.std_error(p) },
                }
            })
            .filter(|pt| pt.mass > 0 && pt.showdowns > 0)
            .collect();
        // Strongest first; ties by cards, so the order is the same everywhere.
        points.sort_by(|a, b| {
            b.equity()
                .total_cmp(&a.equity())
                .then(b.cards.cmp(&a.cards))
        });
        Distribution {
            player: p,
            players: self.players,
            exact: self.exact,
            points,
        }
    }
}

/// One combo of the distribution.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Point {
    pub cards: [crate::card::Card; 2],
    /// The combo's weight in the range (as validated: thousandths over the
    /// range's common divisor).
    pub weight: u32,
    /// Weight × the weighted deals of the others it meets: its share of
    /// all deals is `mass / Σ mass`.
    pub mass: u128,
    /// The combo's pot shares (units of `1/SHARE`) and showdowns.
    pub shares: u128,
    pub showdowns: u64,
    /// One standard error of the equity; 0 when exact.
    pub error: f64,
}

impl Point {
    pub fn equity(&self) -> f64 {
        self.shares as f64 / (self.showdowns as f64 * SHARE as f64)
    }
}

/// A player's range as points, strongest first.
#[derive(Clone, PartialEq, Debug)]
pub struct Distribution {
    pub player: usize,
    pub players: usize,
    pub exact: bool,
    pub points: Vec<Point>,
}

impl Distribution {
    fn total_mass(&self) -> f64 {
        self.points.iter().map(|p| p.mass as f64).sum()
    }

    /// Each point's share of the deals (sums to 1), in point order.
    pub fn shares(&self) -> Vec<f64> {
        let total = self.total_mass();
        self.points.iter().map(|p| p.mass as f64 / total).collect()
    }

    /// The weighted mean equity. Exact: the player's equity (the same
    /// integer ratio as the whole job's tally, computed in `u128`
    /// where it fits).
    pub fn mean(&self) -> f64 {
        if self.exact {
            // Σ weight × shares over Σ weight × showdowns × SHARE.
            let num: Option<u128> = self.points.iter().try_fold(0u128, |s, p| {
                s.checked_add(u128::from(p.weight).checked_mul(p.shares)?)
            });
            let den: Option<u128> = self.points.iter().try_fold(0u128, |s, p| {
                s.checked_add(p.mass.checked_mul(u128::from(SHARE))?)
            });
            if let (Some(n), Some(d)) = (num, den) {
                return n as f64 / d as f64;
            }
        }
        let total = self.total_mass();
        self.points
            .iter()
            .map(|p| p.mass as f64 / total * p.equity())
            .sum()
    }

    /// One standard error of the mean (0 when exact): the points are
    /// sampled independently.
    pub fn error(&self) -> f64 {
        let total = self.total_mass();
        self.points
            .iter()
            .map(|p| (p.mass as f64 / total * p.error).powi(2))
            .sum::<f64>()
            .sqrt()
    }

    /// The share of the deals (summing to 1) in each bucket whose lower
    /// edges are `edges` (ascending, the first 0).
    pub fn buckets(&self, edges: &[f64]) -> Vec<f64> {
        let mut out = vec![0.0; edges.len()];
        for (p, s) in self.points.iter().zip(self.shares()) {
            let e = p.equity();
            let b = edges.iter().rposition(|&lo| e >= lo).unwrap_or(0);
            out[b] += s;
        }
        out
    }
}

#[cfg(test)]
mod tests;
