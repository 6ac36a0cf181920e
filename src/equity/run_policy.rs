//! The run policy: how every surface (the CLI, the page, the JS API, the
//! Python package) cuts a job into chunks and how long it lets one run,
//! so the same question gets the same method, the same chunks and the same
//! counts everywhere. The CLI and the Python package read these constants;
//! the page and the JS API read them from `www/model/run-policy.js`,
//! generated from them (`tests/it/catalogue_js.rs`). The core has no clock:
//! the caller measures time and asks [`sampling_too_long`].

/// Monte Carlo trials of a job that samples when the caller names neither
/// a count nor a time budget.
pub const DEFAULT_TRIALS: u64 = 1_000_000;

/// The Monte Carlo seed when the caller names none (the CLI, the page: a
/// link always shows the same sample; the JS API draws one and says which).
pub const DEFAULT_SEED: u64 = 1;

/// Trials per Monte Carlo chunk: chunk `c` of seed `s` deals the same
/// trials on every surface.
pub const CHUNK_TRIALS: u64 = 10_000;

/// Trials per chunk under a time budget (a stop lands closer to it).
pub const BUDGET_CHUNK_TRIALS: u64 = 1_000;

/// Trials of an EHS (hand strength and potential) estimate when none are named.
pub const EHS_TRIALS: u64 = 200_000;

/// Most strided chunks an exact job is cut into: enough for a fine
/// estimate after any prefix of them, few enough to schedule cheaply.
pub const MAX_CHUNKS: u64 = 1_024;

/// Most counts the chunk tallies of one job hold together (each chunk's
/// tally has `2^players` counts).
pub const MAX_CHUNK_COUNTS: u64 = 1 << 18;

/// Strided chunks of an exact job of `units` units and `players` players:
/// as many as possible up to [`MAX_CHUNKS`], while all their tallies stay
/// within [`MAX_CHUNK_COUNTS`]; at least one.
pub fn exact_chunks(units: u64, players: usize) -> u64 {
    let by_memory = MAX_CHUNK_COUNTS.checked_shr(players as u32).unwrap_or(0);
    units.min(MAX_CHUNKS).min(by_memory).max(1)
}

/// Sampling without a time budget projected to take longer than this
/// (seconds) is refused with its estimate.
pub const SAMPLING_LIMIT_SECS: u64 = 3_600;

/// Sampling is timed for at least this long (milliseconds) before its
/// projection is trusted.
pub const PROJECT_AFTER_MS: u64 = 200;

/// Whether sampling `target` trials, of which `done` took `elapsed_ms`, is
/// to be refused: the projected seconds when they pass
/// [`SAMPLING_LIMIT_SECS`], once at least [`PROJECT_AFTER_MS`] have been
/// timed (`None` before, when all is done, or when it fits).
pub fn sampling_too_long(target: u64, done: u64, elapsed_ms: f64) -> Option<f64> {
    let timed = elapsed_ms >= PROJECT_AFTER_MS as f64; // (false for NaN)
    if !timed || done == 0 || done >= target {
        return None;
    }
    let projected = elapsed_ms / 1e3 / done as f64 * target as f64;
    (projected > SAMPLING_LIMIT_SECS as f64).then_some(projected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_stay_within_both_limits() {
        assert_eq!(exact_chunks(0, 2), 1);
        assert_eq!(exact_chunks(10, 2), 10);
        assert_eq!(exact_chunks(1_712_304, 2), 1_024);
        assert_eq!(exact_chunks(1_712_304, 9), 512);
        assert_eq!(exact_chunks(1_712_304, 10), 256);
        assert_eq!(exact_chunks(u64::MAX, 80), 1);
    }

    #[test]
    fn sampling_is_refused_past_the_limit_only() {
        // A thousand trials in 250 ms: 1e9 trials would take 250,000 s.
        assert_eq!(
            sampling_too_long(1_000_000_000, 1_000, 250.0),
            Some(250_000.0)
        );
        // Not timed long enough yet, or all done, or it fits.
        assert_eq!(sampling_too_long(1_000_000_000, 1_000, 100.0), None);
        assert_eq!(sampling_too_long(1_000, 1_000, 250.0), None);
        assert_eq!(sampling_too_long(10_000, 1_000, 250.0), None);
        assert_eq!(sampling_too_long(10, 0, f64::NAN), None);
    }
}
