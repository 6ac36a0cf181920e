//! Equity street by street: a player's equity on each next street (every
//! flop of a preflop scenario, every turn of a flop, every river of a
//! turn), as a histogram.
//!
//! Each next street `S` is an ordinary job: the spec with `S` added to the
//! board (ranges lose the combos it blocks; a street no deal leaves room
//! for is skipped). Its tally's showdowns, times the common divisors its
//! ranges' weights were divided by ([`Spec::new`] normalises each range
//! again), is the weight of the street: each deal and whole board of the
//! scenario is counted once for each way to pick `S` out of its board to
//! come, the same number of times for all, so the mean of the streets'
//! equity by that weight **is** the headline equity, exactly when every
//! street is enumerated.
//!
//! Exact for known hands (a preflop scenario: up to 19,600 flop jobs), and
//! for ranges on a flop or turn, when the streets' jobs together cost at
//! most [`STREETS_LIMIT`] evaluations; ranges preflop, and anything
//! costlier, are sampled: up to [`SAMPLED_STREETS`] streets drawn at random
//! (seeded), each still exact, and the mean carries its standard error (of
//! a ratio estimator). Fewer than [`MIN_STREETS`] affordable: refused.

use super::exact_job::ExactJob;
use super::plan::Plan;
use super::rng::Rng;
use super::spec::{Combo, Spec};
use super::tally::SHARE;
use crate::card::{Card, CardSet};

/// Flops drawn when a preflop scenario with ranges is sampled.
pub const SAMPLED_STREETS: usize = 2_000;

/// Evaluations the streets' jobs may cost together (about a second or
/// two natively); past it the streets are sampled, fewer of them.
pub const STREETS_LIMIT: u64 = 400_000_000;

/// Fewer streets than this are not a histogram: refused instead.
pub const MIN_STREETS: usize = 50;

/// Bins of the histogram: equity in [i/BINS, (i+1)/BINS), the last closed.
pub const BINS: usize = 20;

/// One next street.
#[derive(Clone, Debug, PartialEq)]
pub struct Street {
    pub cards: Vec<Card>,
    /// The player's pot shares (units of `1/SHARE`) and the showdowns.
    pub shares: u128,
    pub showdowns: u64,
    /// The street's weight: showdowns times the ranges' divisors.
    pub mass: u128,
}

impl Street {
    pub fn equity(&self) -> f64 {
        self.shares as f64 / (self.showdowns as f64 * SHARE as f64)
    }
}

/// The player's equity over the next streets.
#[derive(Clone, Debug, PartialEq)]
pub struct Streets {
    pub player: usize,
    /// Cards the next street deals (3, 1 or 1), and the board before it.
    pub cards: usize,
    pub board: usize,
    pub exact: bool,
    /// Every street (exact) or the ones drawn (sampled, with repeats).
    pub streets: Vec<Street>,
}

/// Why there is no histogram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StreetsError {
    NoPlayer {
        player: usize,
        players: usize,
    },
    /// The board is complete: no street to come.
    River,
    /// Each street's job costs too much for enough of them.
    TooCostly {
        each: u64,
    },
}

impl std::fmt::Display for StreetsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StreetsError::NoPlayer { player, players } => write!(
                f,
                "player {} does not exist: the scenario has {players} players",
                player + 1
            ),
            StreetsError::River => f.write_str(
                "the board is complete: equity street by street needs a street to come (0, 3 or 4 board cards)",
            ),
            StreetsError::TooCostly { each } => write!(
                f,
                "each street would take about {:.1e} evaluations: too many for a histogram; \
                 give some players hands or smaller ranges",
                *each as f64
            ),
        }
    }
}

impl std::error::Error for StreetsError {}

/// The sum of the weights of `combos`.
fn weight(combos: &[Combo]) -> u128 {
    combos.iter().map(|c| u128::from(c.weight)).sum()
}

/// Every `k`-card subset of `cards`, in order.
fn subsets(cards: &[Card], k: usize, out: &mut Vec<Vec<Card>>) {
    fn go(cards: &[Card], k: usize, from: usize, cur: &mut Vec<Card>, out: &mut Vec<Vec<Card>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in from..cards.len() {
            cur.push(cards[i]);
            go(cards, k, i + 1, cur, out);
            cur.pop();
        }
    }
    go(cards, k, 0, &mut Vec::with_capacity(k), out);
}

/// Player `player`'s equity on each next street; `seed` draws the flops
/// when a preflop scenario with ranges is sampled.
pub fn streets(spec: &Spec, player: usize, seed: u64) -> Result<Streets, StreetsError> {
    let players = spec.players().len();
    if player >= players {
        return Err(StreetsError::NoPlayer { player, players });
    }
    let k = match spec.board().len() {
        0 => 3,
        3 | 4 => 1,
        _ => return Err(StreetsError::River),
    };
    let left: Vec<Card> = spec.known_cards().complement().iter().collect();
    let mut all = Vec::new();
    subsets(&left, k, &mut all);
    // What one street's job costs (the first one that can be dealt).
    let each = all
        .iter()
        .find_map(|cards| next_spec(spec, cards).map(|s| Plan::new(&s, None).cost()))
        .unwrap_or(1)
        .max(1);
    let exact =
        !(k == 3 && spec.has_ranges()) && each.saturating_mul(all.len() as u64) <= STREETS_LIMIT;
    let picked: Vec<Vec<Card>> = if exact {
        all
    } else {
        let n = (STREETS_LIMIT / each).min(SAMPLED_STREETS as u64);
        if n < MIN_STREETS as u64 {
            return Err(StreetsError::TooCostly { each });
        }
        let mut rng = Rng::new(seed);
        (0..n)
            .map(|_| all[rng.below(all.len() as u32) as usize].clone())
            .collect()
    };
    let streets = picked
        .into_iter()
        .filter_map(|cards| street(spec, player, cards))
        .collect();
    Ok(Streets {
        player,
        cards: k,
        board: spec.board().len(),
        exact,
        streets,
    })
}

/// The scenario with `cards` dealt, or `None` when no deal leaves room.
fn next_spec(spec: &Spec, cards: &[Card]) -> Option<Spec> {
    let mut board = spec.board().to_vec();
    board.extend(cards);
    Spec::new(spec.players().to_vec(), board, spec.dead().to_vec()).ok()
}

/// One street's job, or `None` when no deal leaves room for it.
fn street(spec: &Spec, player: usize, cards: Vec<Card>) -> Option<Street> {
    let next = next_spec(spec, &cards)?;
    // Each range's weights were divided again by their common divisor.
    let blocked: CardSet = cards.iter().copied().collect();
    let mut scale = 1u128;
    for (before, after) in spec.players().iter().zip(next.players()) {
        if before.is_range() {
            let kept: Vec<Combo> = before
                .combos
                .iter()
                .filter(|c| !blocked.contains(c.cards[0]) && !blocked.contains(c.cards[1]))
                .copied()
                .collect();
            scale *= weight(&kept) / weight(&after.combos);
        }
    }
    let tally = ExactJob::new(&next, None).run_all();
    let showdowns = tally.showdowns();
    (showdowns > 0).then(|| Street {
        cards,
        shares: tally.shares(player),
        showdowns,
        mass: u128::from(showdowns) * scale,
    })
}

impl Streets {
    /// The street: "flop", "turn" or "river".
    pub fn name(&self) -> &'static str {
        match self.board {
            0 => "flop",
            3 => "turn",
            _ => "river",
        }
    }

    fn total(&self) -> f64 {
        self.streets.iter().map(|s| s.mass as f64).sum()
    }

    /// The mean equity by weight: the headline equity (exact) or its
    /// estimate.
    pub fn mean(&self) -> f64 {
        if self.exact {
            let scale = |s: &Street| s.mass / u128::from(s.showdowns);
            let num: u128 = self.streets.iter().map(|s| s.shares * scale(s)).sum();
            let den: u128 = self.streets.iter().map(|s| s.mass).sum::<u128>() * u128::from(SHARE);
            return num as f64 / den as f64;
        }
        let total = self.total();
        self.streets
            .iter()
            .map(|s| s.mass as f64 / total * s.equity())
            .sum()
    }

    /// One standard error of the mean (0 when exact): the ratio
    /// estimator's, over the streets drawn.
    pub fn error(&self) -> f64 {
        let n = self.streets.len();
        if self.exact || n < 2 {
            return 0.0;
        }
        let mean = self.mean();
        let m_bar = self.total() / n as f64;
        let ss: f64 = self
            .streets
            .iter()
            .map(|s| (s.mass as f64 * (s.equity() - mean)).powi(2))
            .sum();
        (ss / ((n - 1) as f64 * n as f64)).sqrt() / m_bar
    }

    /// The share of the weight (summing to 1) in each of [`BINS`] bins.
    pub fn bins(&self) -> Vec<f64> {
        let total = self.total();
        let mut out = vec![0.0; BINS];
        for s in &self.streets {
            let b = ((s.equity() * BINS as f64) as usize).min(BINS - 1);
            out[b] += s.mass as f64 / total;
        }
        out
    }

    /// The shares of the weight on which the player is ahead (equity at
    /// least 50%), drawing (above 0, below 50%) and drawing dead (0).
    pub fn ahead_drawing_dead(&self) -> [f64; 3] {
        let total = self.total();
        let mut out = [0.0; 3];
        for s in &self.streets {
            let e = s.equity();
            let i = if s.shares == 0 {
                2
            } else if e >= 0.5 {
                0
            } else {
                1
            };
            out[i] += s.mass as f64 / total;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equity::{calculate, Method};

    #[test]
    fn the_mean_is_the_headline_equity() {
        for (players, board, dead) in [
            (&["AhKh", "QsQd"][..], "2h7hTc", ""),
            (&["AhKh", "QsQd", "7c7d"][..], "2h7hTc9s", "3c"),
            (&["QQ+,AKs:0.5", "TT+"][..], "Kh7d2c", ""),
            (&["AKs:0.5,QQ+", "JJ-99,AQs", "random"][..], "Js8s3d", "2c"),
        ] {
            let spec = Spec::parse(players, board, dead).unwrap();
            let want = calculate(&spec, Method::Exact).tally.equity(0);
            let s = streets(&spec, 0, 1).unwrap();
            assert!(s.exact);
            assert!(
                (s.mean() - want).abs() < 1e-12,
                "{players:?}: {} {want}",
                s.mean()
            );
            assert!((s.bins().iter().sum::<f64>() - 1.0).abs() < 1e-9);
            assert!((s.ahead_drawing_dead().iter().sum::<f64>() - 1.0).abs() < 1e-9);
        }
    }

    #[test]
    fn preflop_ranges_are_sampled_with_their_error() {
        let spec = Spec::parse(&["QQ+", "AKs"], "", "").unwrap();
        let s = streets(&spec, 0, 3).unwrap();
        assert!(!s.exact);
        let want = calculate(&spec, Method::Exact).tally.equity(0);
        assert!(
            (s.mean() - want).abs() < 4.0 * s.error(),
            "{} {want} ± {}",
            s.mean(),
            s.error()
        );
        let river = Spec::parse(&["QQ+", "AKs"], "2c3d4h5s9c", "").unwrap();
        assert_eq!(streets(&river, 0, 1).unwrap_err(), StreetsError::River);
    }
}
