//! Sampling to a target error: the run policy's stopping rule, the same on
//! every surface (the CLI's `--error`, the JS API's `targetError`,
//! Python's `target_error`, the page's ±1 / ±0.1 / ±0.01 setting).
//!
//! Monte Carlo runs in the run policy's seeded chunks of
//! [`CHUNK_TRIALS`](super::CHUNK_TRIALS) (chunk `c` of seed `s` deals the
//! same trials everywhere). With a target error `e` (percentage points),
//! the chunks are merged **in chunk order** and the run stops after the
//! first chunk whose merged prefix has at least [`MIN_TRIALS`] trials and
//! a largest per-player standard error of equity ([`worst_error`]) of at
//! most `e`; or when the cap (the trial count) is reached. The answer is a
//! function of `(spec, seed, target, cap)` alone: a surface that runs
//! chunks in parallel, or receives them out of order, decides on in-order
//! prefixes and drops what it computed beyond the stopping chunk.
//!
//! Stopping on an estimated error can bias the estimate (a run stops
//! earlier when its error happens to look small). The coverage test
//! (`tests/it/target_error.rs`) measures it.

use super::estimate::{Counts, Estimate, MIN_TRIALS};

/// The page's target error when none is set (percentage points).
pub const DEFAULT_TARGET_ERROR: f64 = 0.1;

/// The page's choices of target error (percentage points).
pub const TARGET_ERRORS: [f64; 3] = [1.0, 0.1, 0.01];

/// Most trials sampled to a target error when no trial count is named:
/// enough for ±0.01 on any job (a share's error is at most
/// `0.5 / sqrt(n)`: 2.5e7 trials give 0.01 points).
pub const TARGET_CAP_TRIALS: u64 = 25_000_000;

/// Smallest and largest target errors taken (percentage points).
pub const MIN_TARGET_ERROR: f64 = 0.001;
pub const MAX_TARGET_ERROR: f64 = 50.0;

/// The largest standard error of any player's equity, in percentage
/// points, as [`Estimate::from_trials`] gives it (at least `1 / trials`).
pub fn worst_error<C: Counts>(merged: &C) -> f64 {
    Estimate::from_trials(merged)
        .players
        .iter()
        .map(|p| p.std_error * 100.0)
        .fold(0.0, f64::max)
}

/// Whether Monte Carlo counts merged over an in-order prefix of chunks
/// have reached `target` (percentage points): at least [`MIN_TRIALS`]
/// trials and [`worst_error`] at most `target`.
pub fn target_reached<C: Counts>(merged: &C, target: f64) -> bool {
    merged.showdowns() >= MIN_TRIALS && worst_error(merged) <= target
}

/// Checks a target error as typed: a number of percentage points from
/// [`MIN_TARGET_ERROR`] to [`MAX_TARGET_ERROR`]. The message says why not.
pub fn check_target_error(target: f64) -> Result<f64, String> {
    if !target.is_finite() || !(MIN_TARGET_ERROR..=MAX_TARGET_ERROR).contains(&target) {
        return Err(format!(
            "{target} is not a target error: give percentage points from {MIN_TARGET_ERROR} \
             to {MAX_TARGET_ERROR} (0.1 for ±0.1)"
        ));
    }
    Ok(target)
}

/// Trials a run to `target` is expected to take in all, from the counts
/// of the `done` trials so far (errors shrink as `1 / sqrt(trials)`), at
/// most `cap`: what the hour's limit is projected on.
pub fn trials_needed<C: Counts>(merged: &C, target: f64, cap: u64) -> u64 {
    let done = merged.showdowns();
    if done == 0 {
        return cap;
    }
    let ratio = worst_error(merged) / target;
    let needed = done as f64 * ratio * ratio;
    if needed >= cap as f64 {
        cap
    } else {
        (needed.ceil() as u64).max(done)
    }
}

/// A sampling run's stopping rule: at most `cap` trials, and with a
/// `target`, no more than needed to reach it (see the module docs).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Sampling {
    pub cap: u64,
    pub target: Option<f64>,
}

impl Sampling {
    /// Trials of the next chunk after `done` (chunks of `size`; 0 at the cap).
    pub fn next_trials(&self, done: u64, size: u64) -> u64 {
        self.cap.saturating_sub(done).min(size)
    }

    /// Whether to stop with these counts, merged over the chunks done in
    /// order: the cap reached, or the target.
    pub fn stop<C: Counts>(&self, merged: &C) -> bool {
        merged.showdowns() >= self.cap || self.target.is_some_and(|t| target_reached(merged, t))
    }

    /// Runs chunks `0, 1, …` of `size` trials (the last one cut at the cap)
    /// in order until [`Self::stop`]: the counts. `run(chunk, trials)`.
    pub fn run<C: Counts>(
        &self,
        players: usize,
        size: u64,
        mut run: impl FnMut(u64, u64) -> C,
    ) -> C {
        let mut merged = C::empty(players);
        let mut chunk = 0;
        while !self.stop(&merged) {
            let n = self.next_trials(merged.showdowns(), size);
            if n == 0 {
                break;
            }
            merged += &run(chunk, n);
            chunk += 1;
        }
        merged
    }
}

#[cfg(test)]
mod tests {
    use super::super::monte_carlo::MonteCarlo;
    use super::super::spec::Spec;
    use super::super::tally::Tally;
    use super::*;

    #[test]
    fn stops_at_the_first_chunk_that_reaches_the_target() {
        let spec = Spec::parse(&["AhAd", "KsKc", "QhQd"], "", "").unwrap();
        let mc = MonteCarlo::new(&spec);
        let run = |t: f64| {
            Sampling {
                cap: TARGET_CAP_TRIALS,
                target: Some(t),
            }
            .run(3, 10_000, |c, n| mc.run(1, c, n))
        };
        let loose = run(1.0);
        assert_eq!(loose.showdowns(), 10_000);
        let tight = run(0.2);
        let n = tight.showdowns();
        assert!(n % 10_000 == 0 && n > 10_000, "{n}");
        assert!(worst_error(&tight) <= 0.2, "{}", worst_error(&tight));
        // One chunk fewer had not reached it.
        let mut less = Tally::new(3);
        for c in 0..n / 10_000 - 1 {
            less += &mc.run(1, c, 10_000);
        }
        assert!(!target_reached(&less, 0.2));
        // Reproducible; the cap wins when smaller.
        assert_eq!(run(0.2), tight);
        let capped = Sampling {
            cap: 25_000,
            target: Some(0.01),
        }
        .run(3, 10_000, |c, n| mc.run(1, c, n));
        assert_eq!(capped.showdowns(), 25_000);
        // Too few trials never reach a target.
        assert!(!target_reached(&Tally::new(3), 50.0));
        // The expected total is about where it stopped.
        let guess = trials_needed(&less, 0.2, TARGET_CAP_TRIALS);
        assert!(guess > n - 10_000 && guess < n + 20_000, "{guess} {n}");
    }

    #[test]
    fn target_errors_are_checked() {
        assert_eq!(check_target_error(0.1), Ok(0.1));
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY, 51.0, 0.0001] {
            assert!(check_target_error(bad).is_err(), "{bad}");
        }
    }
}
