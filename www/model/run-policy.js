// Generated from the core's run policy (src/equity/plan.rs, estimate.rs):
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
