//! Omaha's results: integer counts that merge by addition, for the high
//! game and Hi-Lo alike (the high game simply never has a low).
//!
//! Per showdown the pot goes to the high winners, or, when some hand has a
//! qualifying low, half to the high winners and half to the low winners,
//! each half split evenly. Counted:
//!
//! - `high[set]`, `low[set]`: showdowns by the set of high (low) winners;
//!   `low[0]` = showdowns without a qualifying low;
//! - `takers[set]`: showdowns by the set of players taking any part of the
//!   pot (the Hold'em-shaped win/tie/lose and splits: a win is a scoop);
//! - per player the pot won in units of `1 / POT` (every split of a half
//!   among 1–10 players is a whole number of them), its sum of squares (for
//!   the Monte Carlo standard error) and the showdowns where the player got
//!   exactly a quarter of the pot (quartered).

use crate::equity::SHARE;
use std::ops::AddAssign;

/// A pot in units: each half splits evenly among 1 to 10 players.
pub const POT: u64 = 2 * SHARE;

/// Counts of Omaha showdowns (exact boards or Monte Carlo trials).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PotCounts {
    players: usize,
    high: Vec<u64>,
    low: Vec<u64>,
    takers: Vec<u64>,
    pot: Vec<u64>,
    pot_squares: Vec<u128>,
    quartered: Vec<u64>,
}

impl PotCounts {
    /// Empty counts for `players` (2..=10).
    pub fn new(players: usize) -> PotCounts {
        assert!((2..=crate::board_game::MAX_PLAYERS).contains(&players));
        PotCounts {
            players,
            high: vec![0; 1 << players],
            low: vec![0; 1 << players],
            takers: vec![0; 1 << players],
            pot: vec![0; players],
            pot_squares: vec![0; players],
            quartered: vec![0; players],
        }
    }

    /// One showdown: `high` the set of high winners (non-empty), `low` the
    /// set of low winners (0: no qualifying low).
    #[inline]
    pub fn record(&mut self, high: usize, low: usize) {
        self.record_weighted(high, low, 1);
    }

    /// [`record`](Self::record) counted `n` times (a weighted showdown of
    /// exact range equity: the product of the hands' weights).
    #[inline]
    pub fn record_weighted(&mut self, high: usize, low: usize, n: u64) {
        self.high[high] += n;
        self.low[low] += n;
        self.takers[high | low] += n;
        let (h, l) = (high.count_ones() as u64, low.count_ones() as u64);
        let mut takers = high | low;
        while takers != 0 {
            let p = takers.trailing_zeros() as usize;
            takers &= takers - 1;
            let mut won = 0;
            if low == 0 {
                won = POT / h;
            } else {
                if high >> p & 1 == 1 {
                    won += SHARE / h;
                }
                if low >> p & 1 == 1 {
                    won += SHARE / l;
                }
            }
            self.pot[p] += won * n;
            self.pot_squares[p] += u128::from(won) * u128::from(won) * u128::from(n);
            if won * 4 == POT {
                self.quartered[p] += n;
            }
        }
    }

    pub fn players(&self) -> usize {
        self.players
    }

    /// Showdowns counted.
    pub fn showdowns(&self) -> u64 {
        self.high.iter().sum()
    }

    /// Showdowns by the set of high winners.
    pub fn by_high(&self) -> &[u64] {
        &self.high
    }

    /// Showdowns by the set of low winners (`[0]`: no low).
    pub fn by_low(&self) -> &[u64] {
        &self.low
    }

    /// Showdowns by the set of players taking part of the pot.
    pub fn by_takers(&self) -> &[u64] {
        &self.takers
    }

    /// Showdowns without a qualifying low.
    pub fn no_low(&self) -> u64 {
        self.low[0]
    }

    /// Showdowns where player `p` took the whole pot alone.
    pub fn scoops(&self, p: usize) -> u64 {
        self.takers[1 << p]
    }

    /// Showdowns where `p` took part of the pot but not all of it alone.
    pub fn shared(&self, p: usize) -> u64 {
        with(&self.takers, p)
            .filter(|&(m, _)| m != 1 << p)
            .map(|(_, n)| n)
            .sum()
    }

    /// Showdowns where `p` took nothing.
    pub fn losses(&self, p: usize) -> u64 {
        self.showdowns() - self.scoops(p) - self.shared(p)
    }

    /// High halves (or pots) `p` won alone.
    pub fn high_wins(&self, p: usize) -> u64 {
        self.high[1 << p]
    }

    /// High halves `p` split.
    pub fn high_ties(&self, p: usize) -> u64 {
        with(&self.high, p)
            .filter(|&(m, _)| m != 1 << p)
            .map(|(_, n)| n)
            .sum()
    }

    /// Low halves `p` won alone.
    pub fn low_wins(&self, p: usize) -> u64 {
        self.low[1 << p]
    }

    /// Low halves `p` split.
    pub fn low_ties(&self, p: usize) -> u64 {
        with(&self.low, p)
            .filter(|&(m, _)| m != 1 << p)
            .map(|(_, n)| n)
            .sum()
    }

    /// Player `p`'s share of the high halves, summed over the showdowns in
    /// units of `1 / SHARE` of a half: a high won alone counts `SHARE`, one
    /// tied by `k` players `SHARE / k`. The players' sum is
    /// `showdowns · SHARE` (every showdown has a high).
    pub fn high_share_units(&self, p: usize) -> u64 {
        share_units(&self.high, p)
    }

    /// The sum of the squares of `p`'s per-showdown high-half units (for
    /// the Monte Carlo standard error of its high share).
    pub fn high_share_squares(&self, p: usize) -> u128 {
        share_squares(&self.high, p)
    }

    /// Player `p`'s share of the low halves, as [`Self::high_share_units`]:
    /// a showdown without a qualifying low has no low half and counts for
    /// nobody here, so the players' sum plus `no_low() · SHARE` is
    /// `showdowns · SHARE`. (That showdown's whole pot goes to the high.)
    pub fn low_share_units(&self, p: usize) -> u64 {
        share_units(&self.low, p)
    }

    /// The sum of the squares of `p`'s per-showdown low-half units.
    pub fn low_share_squares(&self, p: usize) -> u128 {
        share_squares(&self.low, p)
    }

    /// Showdowns where `p` got exactly a quarter of the pot.
    pub fn quartered(&self, p: usize) -> u64 {
        self.quartered[p]
    }

    /// Player `p`'s pot won, in units of `1 / POT`.
    pub fn pot_units(&self, p: usize) -> u64 {
        self.pot[p]
    }

    /// Player `p`'s equity: the share of the pots won.
    pub fn equity(&self, p: usize) -> f64 {
        let n = self.showdowns();
        if n == 0 {
            return 0.0;
        }
        self.pot[p] as f64 / (n as f64 * POT as f64)
    }

    /// Standard error of `equity(p)` when the showdowns are independent
    /// random trials; 0 under two.
    pub fn std_error(&self, p: usize) -> f64 {
        let n = self.showdowns();
        if n < 2 {
            return 0.0;
        }
        let n = n as f64;
        let mean = self.pot[p] as f64 / POT as f64 / n;
        let mean_sq = self.pot_squares[p] as f64 / (POT as f64 * POT as f64) / n;
        let var = ((mean_sq - mean * mean) * n / (n - 1.0)).max(0.0);
        (var / n).sqrt()
    }

    /// Pots shared by two or more players: `(set, count)`, non-zero only.
    pub fn splits(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.takers
            .iter()
            .enumerate()
            .filter(|&(m, &n)| n > 0 && m.count_ones() > 1)
            .map(|(m, &n)| (m, n))
    }
}

/// Counts per job chunk as a flat list ([`PotCounts::flat`]): the takers,
/// high and low counts by set, then per player the pot units, their
/// squares and the quartered showdowns. The takers come first, so a flat
/// list's first `2^players` entries sum to its showdowns.
pub fn flat_len(players: usize) -> usize {
    3 * (1 << players) + 3 * players
}

impl PotCounts {
    /// The counts as one flat list of [`flat_len`] numbers (see there).
    pub fn flat(&self) -> Vec<u128> {
        let mut out = Vec::with_capacity(flat_len(self.players));
        for part in [&self.takers, &self.high, &self.low] {
            out.extend(part.iter().map(|&n| u128::from(n)));
        }
        out.extend(self.pot.iter().map(|&n| u128::from(n)));
        out.extend(self.pot_squares.iter().copied());
        out.extend(self.quartered.iter().map(|&n| u128::from(n)));
        out
    }

    /// Counts back from [`PotCounts::flat`]'s list, or `None` when it is
    /// not one: the wrong length, a count beyond `u64`, the takers, high
    /// and low counts of different showdowns, an empty high set counted,
    /// or more pot, squares or quarters than the showdowns allow.
    pub fn from_flat(players: usize, flat: &[u128]) -> Option<PotCounts> {
        if !(2..=crate::board_game::MAX_PLAYERS).contains(&players)
            || flat.len() != flat_len(players)
        {
            return None;
        }
        let sets = 1 << players;
        let small = |part: &[u128]| -> Option<Vec<u64>> {
            part.iter().map(|&n| u64::try_from(n).ok()).collect()
        };
        let takers = small(&flat[..sets])?;
        let high = small(&flat[sets..2 * sets])?;
        let low = small(&flat[2 * sets..3 * sets])?;
        let rest = &flat[3 * sets..];
        let pot = small(&rest[..players])?;
        let pot_squares = rest[players..2 * players].to_vec();
        let quartered = small(&rest[2 * players..])?;
        let showdowns: u128 = high.iter().map(|&n| u128::from(n)).sum();
        let sum = |v: &[u64]| v.iter().map(|&n| u128::from(n)).sum::<u128>();
        let fits = sum(&takers) == showdowns
            && sum(&low) == showdowns
            && high[0] == 0
            && takers[0] == 0
            && pot
                .iter()
                .all(|&u| u128::from(u) <= showdowns * u128::from(POT))
            && pot_squares
                .iter()
                .all(|&q| q <= showdowns * u128::from(POT) * u128::from(POT))
            && quartered.iter().all(|&q| u128::from(q) <= showdowns);
        fits.then_some(PotCounts {
            players,
            high,
            low,
            takers,
            pot,
            pot_squares,
            quartered,
        })
    }
}

impl crate::equity::Counts for PotCounts {
    fn empty(players: usize) -> PotCounts {
        PotCounts::new(players)
    }
    fn players(&self) -> usize {
        self.players
    }
    fn showdowns(&self) -> u64 {
        PotCounts::showdowns(self)
    }
    fn wins(&self, p: usize) -> u64 {
        self.scoops(p)
    }
    fn ties(&self, p: usize) -> u64 {
        self.shared(p)
    }
    fn pots(&self, p: usize) -> f64 {
        self.pot[p] as f64 / POT as f64
    }
    fn equity(&self, p: usize) -> f64 {
        PotCounts::equity(self, p)
    }
    fn std_error(&self, p: usize) -> f64 {
        PotCounts::std_error(self, p)
    }
    fn split_count(&self, mask: usize) -> u64 {
        self.takers.get(mask).copied().unwrap_or(0)
    }
}

/// `p`'s units of a half over showdowns counted by set of winners: `SHARE
/// / |set|` per showdown of a set holding `p`.
fn share_units(by_set: &[u64], p: usize) -> u64 {
    with(by_set, p)
        .map(|(m, n)| n * (SHARE / u64::from(m.count_ones())))
        .sum()
}

/// The squares of [`share_units`]' per-showdown units, summed.
fn share_squares(by_set: &[u64], p: usize) -> u128 {
    with(by_set, p)
        .map(|(m, n)| {
            let u = u128::from(SHARE / u64::from(m.count_ones()));
            u128::from(n) * u * u
        })
        .sum()
}

/// `(set, count)` of the non-zero sets holding player `p`.
fn with(counts: &[u64], p: usize) -> impl Iterator<Item = (usize, u64)> + '_ {
    counts
        .iter()
        .enumerate()
        .filter(move |&(m, &n)| n > 0 && m >> p & 1 == 1)
        .map(|(m, &n)| (m, n))
}

impl AddAssign<&PotCounts> for PotCounts {
    fn add_assign(&mut self, other: &PotCounts) {
        assert_eq!(self.players, other.players, "counts of different jobs");
        let add = |a: &mut [u64], b: &[u64]| a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        add(&mut self.high, &other.high);
        add(&mut self.low, &other.low);
        add(&mut self.takers, &other.takers);
        add(&mut self.pot, &other.pot);
        add(&mut self.quartered, &other.quartered);
        for (x, y) in self.pot_squares.iter_mut().zip(&other.pot_squares) {
            *x += y;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_and_quarters() {
        let mut c = PotCounts::new(3);
        c.record(0b001, 0); // player 0 scoops, no low
        c.record(0b001, 0b010); // high to 0, low to 1
        c.record(0b001, 0b011); // 0: 3/4, 1: quartered
        c.record(0b011, 0b100); // 0 and 1 quartered, 2 half
        assert_eq!(c.showdowns(), 4);
        assert_eq!(c.scoops(0), 1);
        assert_eq!(c.pot_units(0), POT + POT / 2 + 3 * POT / 4 + POT / 4);
        assert_eq!(c.pot_units(1), POT / 2 + POT / 4 + POT / 4);
        assert_eq!(c.pot_units(2), POT / 2);
        assert_eq!(c.quartered(0), 1);
        assert_eq!(c.quartered(1), 2);
        assert_eq!(c.no_low(), 1);
        assert_eq!((c.low_wins(1), c.low_ties(1)), (1, 1));
        assert_eq!((c.high_wins(0), c.high_ties(0)), (3, 1));
        assert_eq!(c.shared(0), 3);
        // Shares of the halves: the high tied once by two, the low won
        // alone once, tied once, none once.
        assert_eq!(c.high_share_units(0), 3 * SHARE + SHARE / 2);
        assert_eq!(c.high_share_units(1), SHARE / 2);
        assert_eq!(c.high_share_units(2), 0);
        assert_eq!(
            c.high_share_squares(0),
            3 * u128::from(SHARE * SHARE) + u128::from(SHARE * SHARE / 4)
        );
        assert_eq!(c.low_share_units(0), SHARE / 2);
        assert_eq!(c.low_share_units(1), SHARE + SHARE / 2);
        assert_eq!(c.low_share_units(2), SHARE);
        let high: u64 = (0..3).map(|p| c.high_share_units(p)).sum();
        let low: u64 = (0..3).map(|p| c.low_share_units(p)).sum();
        assert_eq!(high, 4 * SHARE);
        assert_eq!(low + c.no_low() * SHARE, 4 * SHARE);
        assert_eq!(c.losses(2), 3);
        let total: u64 = (0..3).map(|p| c.pot_units(p)).sum();
        assert_eq!(total, 4 * POT);
        assert_eq!(PotCounts::from_flat(3, &c.flat()), Some(c.clone()));
        assert_eq!(c.flat().len(), flat_len(3));
        let mut bad = c.flat();
        bad[0] += 1; // a taker set more than the showdowns
        assert_eq!(PotCounts::from_flat(3, &bad), None);
        assert_eq!(PotCounts::from_flat(2, &c.flat()), None);
        let mut twice = c.clone();
        twice += &c;
        assert_eq!(twice.pot_units(1), 2 * c.pot_units(1));
    }
}
