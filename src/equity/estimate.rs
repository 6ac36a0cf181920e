//! Honest partial results: an estimate with standard errors from a random
//! sample of chunks, exact once every chunk is in.
//!
//! The page runs an exact job as `C` strided chunks in random order. After
//! `n` chunks, equity is estimated by the ratio of pot shares to showdowns
//! over those chunks (a cluster sample of the units), with the usual
//! ratio-estimator variance and finite-population correction `1 - n/C`, so
//! the error shrinks to exactly zero when `n = C`. Monte Carlo partials use
//! the per-trial standard error instead ([`Tally::std_error`]).

use super::{Tally, SHARE};

/// Per-player estimate.
#[derive(Clone, PartialEq, Debug)]
pub struct PlayerEstimate {
    /// Fraction of showdowns won alone, tied, and equity (pot share).
    pub win: f64,
    pub tie: f64,
    pub equity: f64,
    /// Standard error of `equity` (0 when exact).
    pub std_error: f64,
}

/// An estimate of a whole job from some of its chunks.
#[derive(Clone, PartialEq, Debug)]
pub struct Estimate {
    pub players: Vec<PlayerEstimate>,
    /// Chunks merged so far, out of `total_chunks`.
    pub chunks: u64,
    pub total_chunks: u64,
    /// True when every chunk is in: the numbers are the exact answer.
    pub exact: bool,
}

impl Estimate {
    /// Estimates an exact job of `total_chunks` strided chunks from the
    /// tallies of the (randomly chosen) chunks done so far.
    pub fn from_chunks(chunks: &[Tally], total_chunks: u64) -> Option<Estimate> {
        let first = chunks.first()?;
        let players = first.players();
        let mut merged = Tally::new(players);
        for c in chunks {
            merged += c;
        }
        let n = chunks.len() as f64;
        let big_n = total_chunks.max(chunks.len() as u64) as f64;
        let exact = chunks.len() as u64 >= total_chunks;
        let total = merged.showdowns() as f64;
        let est = (0..players)
            .map(|p| {
                let equity = merged.equity(p);
                let std_error = if exact || chunks.len() < 2 || total == 0.0 {
                    0.0
                } else {
                    // Ratio estimator R = sum(y) / sum(x) over clusters.
                    let xbar = total / n;
                    let ss: f64 = chunks
                        .iter()
                        .map(|c| {
                            let y = c.shares(p) as f64 / SHARE as f64;
                            let x = c.showdowns() as f64;
                            (y - equity * x).powi(2)
                        })
                        .sum();
                    ((1.0 - n / big_n) * ss / (n - 1.0) / (n * xbar * xbar)).sqrt()
                };
                PlayerEstimate {
                    win: ratio(merged.wins(p), merged.showdowns()),
                    tie: ratio(merged.ties(p), merged.showdowns()),
                    equity,
                    std_error,
                }
            })
            .collect();
        Some(Estimate {
            players: est,
            chunks: chunks.len() as u64,
            total_chunks,
            exact,
        })
    }

    /// A Monte Carlo tally (never exact).
    pub fn from_trials(tally: &Tally) -> Estimate {
        Estimate {
            players: (0..tally.players())
                .map(|p| PlayerEstimate {
                    win: ratio(tally.wins(p), tally.showdowns()),
                    tie: ratio(tally.ties(p), tally.showdowns()),
                    equity: tally.equity(p),
                    std_error: tally.std_error(p),
                })
                .collect(),
            chunks: 1,
            total_chunks: 1,
            exact: false,
        }
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Exact, Spec};
    use super::*;

    #[test]
    fn partials_are_close_and_the_whole_is_exact() {
        let spec = Spec::parse(&["AhKh", "QsQd"], "", "").unwrap();
        let job = Exact::new(&spec);
        let c = 64;
        let chunks: Vec<Tally> = (0..c).map(|i| job.run_strided(i, c)).collect();
        let whole = job.run_all();
        let all = Estimate::from_chunks(&chunks, c).unwrap();
        assert!(all.exact);
        assert_eq!(all.players[0].equity, whole.equity(0));
        assert_eq!(all.players[0].std_error, 0.0);
        // A quarter of the chunks (in a scrambled order): within 4 SE.
        let some: Vec<Tally> = (0..16).map(|i| chunks[(i * 37 + 5) % 64].clone()).collect();
        let part = Estimate::from_chunks(&some, c).unwrap();
        assert!(!part.exact);
        let (e, se) = (part.players[0].equity, part.players[0].std_error);
        assert!(se > 0.0 && se < 0.01, "se {se}");
        assert!(
            (e - whole.equity(0)).abs() < 4.0 * se,
            "{e} vs {}",
            whole.equity(0)
        );
    }
}
