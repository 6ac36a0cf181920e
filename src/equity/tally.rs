//! Integer results that merge by addition.

use std::ops::AddAssign;

/// Pot shares are counted in units of `1/SHARE` of a pot: 2520 is divisible
/// by every split size from 1 to 10, so equity stays an exact integer.
pub const SHARE: u64 = 2520;

/// Counts of showdowns (exact boards, or Monte Carlo trials) by the set of
/// players who won them: `by_winners[mask]`, bit `p` set when player `p`
/// won or shared. Everything else (wins, ties, equity, errors) is derived.
///
/// Tallies merge by addition, so any chunking of the work gives the same total.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Tally {
    players: usize,
    by_winners: Vec<u64>,
}

impl Tally {
    /// An empty tally for `players` players (2..=10).
    pub fn new(players: usize) -> Tally {
        assert!((1..=super::limits::MAX_PLAYERS).contains(&players));
        Tally {
            players,
            by_winners: vec![0; 1 << players],
        }
    }

    /// Rebuilds a tally from its counts (e.g. sent back by a worker).
    /// `None` unless `by_winners.len()` is `2^players` with `players` in 1..=10.
    pub fn from_counts(players: usize, by_winners: Vec<u64>) -> Option<Tally> {
        ((1..=super::limits::MAX_PLAYERS).contains(&players) && by_winners.len() == 1 << players)
            .then_some(Tally {
                players,
                by_winners,
            })
    }

    /// Adds `weight` showdowns won (or split) by the players in `winners`.
    #[inline]
    pub fn record(&mut self, winners: usize, weight: u64) {
        self.by_winners[winners] += weight;
    }

    pub fn players(&self) -> usize {
        self.players
    }

    /// Counts by winner set (index = bit mask of winners).
    pub fn by_winners(&self) -> &[u64] {
        &self.by_winners
    }

    /// Total showdowns counted.
    pub fn showdowns(&self) -> u64 {
        self.by_winners.iter().sum()
    }

    /// Showdowns player `p` won alone.
    pub fn wins(&self, p: usize) -> u64 {
        self.by_winners[1 << p]
    }

    /// Showdowns player `p` split with others.
    pub fn ties(&self, p: usize) -> u64 {
        self.sets_with(p)
            .filter(|&(m, _)| m.count_ones() > 1)
            .map(|(_, n)| n)
            .sum()
    }

    /// Showdowns player `p` lost.
    pub fn losses(&self, p: usize) -> u64 {
        self.showdowns() - self.wins(p) - self.ties(p)
    }

    /// Player `p`'s pot shares in units of `1/SHARE` pot.
    pub fn shares(&self, p: usize) -> u128 {
        self.sets_with(p)
            .map(|(m, n)| n as u128 * (SHARE / m.count_ones() as u64) as u128)
            .sum()
    }

    /// Player `p`'s equity: wins plus each split's share, over all showdowns.
    pub fn equity(&self, p: usize) -> f64 {
        let total = self.showdowns();
        if total == 0 {
            return 0.0;
        }
        self.shares(p) as f64 / (total as f64 * SHARE as f64)
    }

    /// Standard error of `equity(p)` when the showdowns are independent
    /// random trials (Monte Carlo); 0 for fewer than two trials.
    pub fn std_error(&self, p: usize) -> f64 {
        let n = self.showdowns();
        if n < 2 {
            return 0.0;
        }
        // Per-trial share x in pot units: mean and variance from the counts.
        let (mut sum, mut sum_sq) = (0f64, 0f64);
        for (m, count) in self.sets_with(p) {
            let x = 1.0 / m.count_ones() as f64;
            sum += count as f64 * x;
            sum_sq += count as f64 * x * x;
        }
        let n = n as f64;
        let mean = sum / n;
        let var = ((sum_sq / n - mean * mean) * n / (n - 1.0)).max(0.0);
        (var / n).sqrt()
    }

    /// Splits among two or more players: `(winner mask, count)`, non-zero only.
    pub fn splits(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.by_winners
            .iter()
            .enumerate()
            .filter(|&(m, &n)| n > 0 && m.count_ones() > 1)
            .map(|(m, &n)| (m, n))
    }

    fn sets_with(&self, p: usize) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.by_winners
            .iter()
            .enumerate()
            .filter(move |&(m, &n)| n > 0 && m >> p & 1 == 1)
            .map(|(m, &n)| (m, n))
    }
}

impl AddAssign<&Tally> for Tally {
    fn add_assign(&mut self, other: &Tally) {
        assert_eq!(self.players, other.players, "tallies of different jobs");
        for (a, b) in self.by_winners.iter_mut().zip(&other.by_winners) {
            *a += b;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_counts() {
        let mut t = Tally::new(3);
        t.record(0b001, 10);
        t.record(0b010, 5);
        t.record(0b011, 2);
        t.record(0b111, 3);
        assert_eq!(t.showdowns(), 20);
        assert_eq!((t.wins(0), t.ties(0), t.losses(0)), (10, 5, 5));
        assert_eq!((t.wins(2), t.ties(2), t.losses(2)), (0, 3, 17));
        // 10 + 2/2 + 3/3 = 12 pots of 20.
        assert!((t.equity(0) - 0.6).abs() < 1e-12);
        let total: f64 = (0..3).map(|p| t.equity(p)).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert_eq!(t.splits().collect::<Vec<_>>(), [(0b011, 2), (0b111, 3)]);
        let mut u = t.clone();
        u += &t;
        assert_eq!(u.showdowns(), 40);
        assert_eq!(u.equity(0), t.equity(0));
    }

    #[test]
    fn std_error_of_a_coin() {
        let mut t = Tally::new(2);
        t.record(0b01, 500);
        t.record(0b10, 500);
        // sqrt(0.25 / 1000) with the n/(n-1) correction.
        assert!((t.std_error(0) - (0.25f64 * 1000.0 / 999.0 / 1000.0).sqrt()).abs() < 1e-12);
    }
}
