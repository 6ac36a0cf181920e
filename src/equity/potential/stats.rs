//! Strength counts against any number of opponents and what they mean:
//! [`StrengthCounts`] (integer, merge by addition) and [`StrengthSummary`]
//! (HS, PPot, NPot, EHS in both forms, one card to come, each with a
//! standard error when the counts come from sampled deals).
//!
//! The ratios are the ones of [`super::PotentialCounts`], computed the same
//! way, so one opponent's counts give the same numbers either way.
//!
//! Standard errors (sampled counts only): every trial lands in exactly one
//! cell of `hp` (and one of `next`), so the cells are a multinomial sample
//! and each statistic a smooth function of the cell shares; its variance is
//! the delta method's `(Σ g_k² p_k − (Σ g_k p_k)²) / n` with `g` the
//! gradient over the shares (taken numerically).

use super::{PotentialCounts, AHEAD, BEHIND, TIED};

/// Counts by joint state against every opponent: ahead = beats every one,
/// tied = ties the best and is beaten by none, behind = someone beats it.
///
/// Exact counts are weights (per mille per opponent, multiplied over the
/// opponents) × runouts; sampled ones are trials. `now` has one entry per
/// deal of the opponents; `hp[now][river]` one per deal × runout (both
/// cards to come on the flop, the river on the turn); `next[now][turn]` one
/// per deal × turn card (on the turn it equals `hp`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StrengthCounts {
    pub now: [u128; 3],
    pub hp: [[u128; 3]; 3],
    pub next: [[u128; 3]; 3],
}

impl StrengthCounts {
    pub fn add(&mut self, other: &StrengthCounts) {
        for s in 0..3 {
            self.now[s] += other.now[s];
            for t in 0..3 {
                self.hp[s][t] += other.hp[s][t];
                self.next[s][t] += other.next[s][t];
            }
        }
    }

    /// Every count, in one fixed order (now, hp by rows, next by rows): 21
    /// numbers, for the binding and for tests.
    pub fn to_array(&self) -> [u128; 21] {
        let mut out = [0; 21];
        out[..3].copy_from_slice(&self.now);
        for s in 0..3 {
            out[3 + 3 * s..6 + 3 * s].copy_from_slice(&self.hp[s]);
            out[12 + 3 * s..15 + 3 * s].copy_from_slice(&self.next[s]);
        }
        out
    }

    /// The inverse of [`StrengthCounts::to_array`].
    pub fn from_array(a: &[u128; 21]) -> StrengthCounts {
        let mut c = StrengthCounts::default();
        c.now.copy_from_slice(&a[..3]);
        for s in 0..3 {
            c.hp[s].copy_from_slice(&a[3 + 3 * s..6 + 3 * s]);
            c.next[s].copy_from_slice(&a[12 + 3 * s..15 + 3 * s]);
        }
        c
    }

    /// What the statistics say; `sampled` adds their standard errors.
    pub fn summary(&self, sampled: bool) -> StrengthSummary {
        let hp = self.hp.map(|r| r.map(|x| x as f64));
        let next = self.next.map(|r| r.map(|x| x as f64));
        let now = self.now.map(|x| x as f64);
        let n = now.iter().sum::<f64>();
        let stat = |f: &dyn Fn(&M) -> f64, m: &M, value: f64| Stat {
            value,
            se: sampled.then(|| standard_error(f, m, n)),
        };
        // HS from `now` (exact: one entry per deal); sampled, `now` is the
        // rows of `hp`, which the error's gradient uses.
        StrengthSummary {
            hs: stat(&hs_of_hp, &hp, hs(&now)),
            ppot: stat(&|m| ppot(m, 2.0), &hp, ppot(&hp, 2.0)),
            npot: stat(&|m| npot(m, 2.0), &hp, npot(&hp, 2.0)),
            ehs: Stat {
                value: ehs(hs(&now), &hp, 2.0),
                se: sampled.then(|| standard_error(&|m| ehs(hs_of_hp(m), m, 2.0), &hp, n)),
            },
            ppot_whole_tie: stat(&|m| ppot(m, 1.0), &hp, ppot(&hp, 1.0)),
            npot_whole_tie: stat(&|m| npot(m, 1.0), &hp, npot(&hp, 1.0)),
            ppot1: stat(&|m| ppot(m, 2.0), &next, ppot(&next, 2.0)),
            npot1: stat(&|m| npot(m, 2.0), &next, npot(&next, 2.0)),
        }
    }
}

impl From<&PotentialCounts> for StrengthCounts {
    fn from(c: &PotentialCounts) -> StrengthCounts {
        StrengthCounts {
            now: c.now.map(u128::from),
            hp: c.hp.map(|r| r.map(u128::from)),
            next: c.next.map(|r| r.map(u128::from)),
        }
    }
}

/// A statistic and, when sampled, its standard error.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stat {
    pub value: f64,
    pub se: Option<f64>,
}

/// The statistics of [`StrengthCounts`] (see [`super::PotentialCounts`] for
/// the formulas).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StrengthSummary {
    pub hs: Stat,
    pub ppot: Stat,
    pub npot: Stat,
    pub ehs: Stat,
    pub ppot_whole_tie: Stat,
    pub npot_whole_tie: Stat,
    /// One card to come (the turn, on the flop; on the turn the same as
    /// `ppot`).
    pub ppot1: Stat,
    pub npot1: Stat,
}

type M = [[f64; 3]; 3];

fn ratio(num: f64, den: f64) -> f64 {
    if den == 0.0 {
        0.0
    } else {
        num / den
    }
}

fn hs(now: &[f64; 3]) -> f64 {
    ratio(now[AHEAD] + now[TIED] / 2.0, now.iter().sum())
}

fn hs_of_hp(m: &M) -> f64 {
    hs(&m.map(|row| row.iter().sum()))
}

fn ppot(m: &M, tie_share: f64) -> f64 {
    let total = m.map(|row| row.iter().sum::<f64>());
    ratio(
        m[BEHIND][AHEAD] + m[BEHIND][TIED] / 2.0 + m[TIED][AHEAD] / 2.0,
        total[BEHIND] + total[TIED] / tie_share,
    )
}

fn npot(m: &M, tie_share: f64) -> f64 {
    let total = m.map(|row| row.iter().sum::<f64>());
    ratio(
        m[AHEAD][BEHIND] + m[TIED][BEHIND] / 2.0 + m[AHEAD][TIED] / 2.0,
        total[AHEAD] + total[TIED] / tie_share,
    )
}

fn ehs(hs: f64, m: &M, tie_share: f64) -> f64 {
    hs * (1.0 - npot(m, tie_share)) + (1.0 - hs) * ppot(m, tie_share)
}

/// The delta method's standard error of `f` over `n` trials spread over
/// the cells of `m` (see the module docs).
fn standard_error(f: &dyn Fn(&M) -> f64, m: &M, n: f64) -> f64 {
    if n <= 0.0 {
        return f64::INFINITY;
    }
    let p = m.map(|row| row.map(|x| x / n));
    let mut mean = 0.0;
    let mut square = 0.0;
    for s in 0..3 {
        for t in 0..3 {
            // f is homogeneous: a step in one share is a step in one count.
            let h = 1e-6;
            let (mut up, mut down) = (p, p);
            up[s][t] += h;
            down[s][t] = (down[s][t] - h).max(0.0);
            let g = (f(&up) - f(&down)) / (up[s][t] - down[s][t]);
            mean += g * p[s][t];
            square += g * g * p[s][t];
        }
    }
    ((square - mean * mean).max(0.0) / n).sqrt()
}
