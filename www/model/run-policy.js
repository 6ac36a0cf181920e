// Generated from the core's run policy (src/equity/run_policy.rs, estimate.rs,
// target.rs):
// do not edit. `ALLIN_BLESS=1 cargo test --test it catalogue` rewrites it.
// The CLI reads the same constants, so a question gets the same default
// trials in the same chunks on every surface.

/** Monte Carlo trials when neither a count nor a time budget is given. */
export const DEFAULT_TRIALS = 1000000;
/** The Monte Carlo seed when none is given (the page: a link shows the same sample). */
export const DEFAULT_SEED = 1;
/** Trials per Monte Carlo chunk (chunk c of seed s: the same trials everywhere). */
export const CHUNK_TRIALS = 10000;
/** Trials per chunk under a time budget. */
export const BUDGET_CHUNK_TRIALS = 1000;
/** Fewest chunks of an exact job whose sample the engine trusts. */
export const MIN_CHUNKS = 64;
/** Fewest trials whose error the engine shows. */
export const MIN_TRIALS = 1000;
/** Trials of a sampled hand strength (EHS) when none are named. */
export const EHS_TRIALS = 200000;
/** Most strided chunks an exact job is cut into. */
export const MAX_CHUNKS = 1024;
/** Most counts the chunk tallies of one job hold together. */
export const MAX_CHUNK_COUNTS = 262144;
/** Sampling without a time budget projected past this is refused with its estimate. */
export const SAMPLING_LIMIT_MS = 3600000;
/** Sampling is timed at least this long before its projection is trusted. */
export const PROJECT_AFTER_MS = 200;
/** Most trials sampled to a target error when no count is given. */
export const TARGET_CAP_TRIALS = 25000000;
/** The page's target error (percentage points, one standard error) when none is set. */
export const DEFAULT_TARGET_ERROR = 0.1;
/** The page's choices of target error. */
export const TARGET_ERRORS = Object.freeze([1, 0.1, 0.01]);
/** Target errors taken (percentage points). */
export const MIN_TARGET_ERROR = 0.001;
export const MAX_TARGET_ERROR = 50;
