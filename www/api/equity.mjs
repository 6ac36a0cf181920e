// equity() of the JS API (allin.mjs): a job of the engine (pkg's `Job`),
// run on the calling thread, exact when affordable, else Monte Carlo, and
// always within the caller's time budget. The plan, the counts and the
// statistics are the engine's; this file only chooses what to run next
// and watches the clock (the core has none).
//
// Without a time budget an exact job runs whole, in one call. With one,
// exact jobs run as C strided chunks in a random order (scheduler.js's
// shuffledOrder), so a job cut short by its budget is a simple random
// sample of the enumeration, and the engine's `estimate` gives its
// equity ± a standard error ("partial"). When the first chunk shows that
// fewer than MIN_CHUNKS chunks would fit, the budget goes to Monte Carlo
// instead, saying why.

import { shuffledOrder } from '../engine/scheduler.js';
import {
  BUDGET_CHUNK_TRIALS,
  CHUNK_TRIALS,
  DEFAULT_TRIALS,
  MAX_TARGET_ERROR,
  MIN_CHUNKS,
  MIN_TARGET_ERROR,
  PROJECT_AFTER_MS,
  SAMPLING_LIMIT_MS,
  TARGET_CAP_TRIALS,
} from '../model/run-policy.js';
import { InputError, engineCall } from './errors.mjs';
import { jobModules, loadTable, poisoned, wasm } from './load.mjs';

/**
 * Monte Carlo trials per chunk (a chunk's seed is (seed, index)), and when
 * neither `trials` nor `timeBudgetMs` is given, the trials of a job: the
 * core's run policy (run-policy.js), as the CLI and the page, so a seed
 * gives the same counts on each. Under a time budget, smaller chunks.
 */
export const TRIALS_PER_CHUNK = CHUNK_TRIALS;
export { DEFAULT_TRIALS, MIN_CHUNKS };
/** Most trials one call takes. */
export const MAX_TRIALS = 1e10;
/** A batch of exact chunks or trials aims at this much work between looks at the clock. */
const BATCH_MS = 5;

const METHODS = new Set(['auto', 'exact', 'monte-carlo']);
const now = () => performance.now();

function textOption(value, field, what) {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new InputError(`${what}: expected text, got ${typeof value}`, { field });
  return value;
}

/**
 * Refuses options this function does not take: a misspelt one (`Board`,
 * `metod`) would otherwise be ignored and the answer be for another
 * question. `names`: the ones it takes.
 */
export function checkOptions(options, names) {
  if (typeof options !== 'object' || options === null) {
    throw new InputError(`the options: expected an object like {board: '2h7hTc'}, got ${typeof options}`, {
      field: 'options',
    });
  }
  for (const key of Object.keys(options)) {
    if (!names.includes(key)) {
      const shown = JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key);
      throw new InputError(`unknown option ${shown} (options are ${names.join(', ')})`, { field: 'options' });
    }
  }
}

/** A whole number option from `lo` to `hi`, or undefined when not given. */
export function wholeOption(value, field, lo, hi) {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'bigint') value = Number(value);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < lo || value > hi) {
    throw new InputError(`${field} must be a whole number from ${lo} to ${hi}, got ${String(value)}`, { field });
  }
  return value;
}

/** Without a time budget, sampling projected past this is refused with its estimate (the run policy's). */
export const REFUSE_MS = SAMPLING_LIMIT_MS;

/**
 * Refuses `target` trials when `done` of them took `ms` and all of them
 * would take past the run policy's limit (an hour: 1e10 trials of ten
 * random players would block the thread that long, where the CLI refuses
 * with an estimate). Only for calls without a time budget.
 */
export function refuseLongSampling(target, done, ms) {
  if (ms < PROJECT_AFTER_MS || done <= 0 || done >= target) return;
  const projected = (ms / done) * target;
  if (projected <= REFUSE_MS) return;
  const n = (x) => x.toLocaleString('en-US');
  throw new InputError(
    `trials: ${n(target)} would take about ${(projected / 3_600_000).toFixed(1)} h here ` +
      `(timed over ${n(done)} sample trials); use fewer trials, or timeBudgetMs for a time budget`,
    { field: 'trials' },
  );
}

/** A time budget in milliseconds (> 0, finite), or undefined. */
export function budgetOption(value) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value)) {
    throw new InputError(`timeBudgetMs must be a number of milliseconds above 0, got ${String(value)}`, {
      field: 'timeBudgetMs',
    });
  }
  return value;
}

/** Seeds drawn ahead, 256 at a time (one getRandomValues call costs more than a small job). */
const seeds = { pool: new Uint32Array(256), next: 256 };

/** A random 32-bit seed (the API's only entropy; the engine takes seeds from its caller). */
export function randomSeed() {
  if (seeds.next === seeds.pool.length) {
    crypto.getRandomValues(seeds.pool);
    seeds.next = 0;
  }
  return seeds.pool[seeds.next++];
}

/** Opens the engine's job (`spec` as `new Job` takes it), in the module that has its game. */
function openJob(spec) {
  const tries = jobModules(spec.game);
  for (const [i, glue] of tries.entries()) {
    try {
      return new glue.Job(spec);
    } catch (err) {
      // (A game of the other module: the next one reads the name.)
      if (err?.field === 'game' && i + 1 < tries.length) continue;
      return engineCall(() => {
        throw err;
      }, 'players', poisoned);
    }
  }
  throw new Error('unreachable');
}

/** The options `equity` takes. */
const OPTIONS = ['game', 'rules', 'deck', 'removal', 'board', 'dead', 'method', 'trials', 'seed', 'timeBudgetMs', 'targetError'];

/** A target error in percentage points (the run policy's range), or undefined. */
function targetOption(value) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !(value >= MIN_TARGET_ERROR && value <= MAX_TARGET_ERROR)) {
    throw new InputError(
      `targetError: expected percentage points from ${MIN_TARGET_ERROR} to ${MAX_TARGET_ERROR} (0.1 for ±0.1), ` +
        `got ${typeof value === 'number' ? value : typeof value}`,
      { field: 'targetError' },
    );
  }
  return value;
}

/**
 * The job's spec from the options: the texts checked to be texts, the
 * rest (`removal`, and what each text means) the engine's to judge; keys
 * not given stay out (the engine's defaults).
 */
function jobSpec(players, options, method) {
  const spec = {
    players,
    board: textOption(options.board, 'board', 'the board'),
    dead: textOption(options.dead, 'dead', 'the dead cards'),
    method,
  };
  for (const [key, what] of [['game', 'the game'], ['rules', 'the rules'], ['deck', 'the deck']]) {
    if (options[key] !== undefined && options[key] !== null) spec[key] = textOption(options[key], key, what);
  }
  if (options.removal !== undefined && options.removal !== null) spec.removal = options.removal;
  return spec;
}

/** Whether the job could use the preflop table, which is not loaded yet. */
function wantsTable(job, method) {
  return method !== 'monte-carlo' && job.table_fits && !wasm().preflop_table_loaded();
}

/**
 * Equity of each player (see allin.mjs for the contract).
 * @param {string[]} players
 * @param {{board?: string, dead?: string, method?: 'auto'|'exact'|'monte-carlo',
 *          trials?: number, seed?: number, timeBudgetMs?: number}} [options]
 */
export async function equity(players, options = {}) {
  checkOptions(options, OPTIONS);
  if (!Array.isArray(players)) {
    throw new InputError(`the players: expected a list of hands or ranges, got ${typeof players}`, {
      field: 'players',
    });
  }
  const method = options.method ?? 'auto';
  if (!METHODS.has(method)) {
    throw new InputError(`unknown method ${JSON.stringify(String(method))} (methods are auto, exact, monte-carlo)`, {
      field: 'method',
    });
  }
  const trials = wholeOption(options.trials, 'trials', 1, MAX_TRIALS);
  const seed = wholeOption(options.seed, 'seed', 0, 2 ** 32 - 1) ?? randomSeed();
  const budget = budgetOption(options.timeBudgetMs);
  const targetError = targetOption(options.targetError);
  const spec = jobSpec(players, options, method);
  const t0 = now();
  const deadline = budget === undefined ? Infinity : t0 + budget;
  let job = openJob(spec);
  // Loading the table first when the job could use it (no `await` otherwise).
  if (wantsTable(job, method) && (await loadTable())) {
    job.free();
    job = openJob(spec);
  }
  try {
    const base = {
      game: job.game,
      seed,
      labels: job.labels,
      cost: BigInt(job.cost),
      ranges: job.ranges,
      usesTable: job.uses_table,
    };
    let why = job.why_sampled ?? null;
    if (job.exact) {
      const exact = runExact(job, seed, deadline);
      if (exact.result) return result({ ...base, t0, est: exact.result, method: exact.method, why: exact.why });
      why = exact.why;
      // Sampling instead: a job opened to sample, whose estimate says so.
      job.free();
      job = null;
      job = openJob({ ...spec, method: 'monte-carlo' });
    }
    const target = trials ?? (targetError !== undefined ? TARGET_CAP_TRIALS : budget === undefined ? DEFAULT_TRIALS : MAX_TRIALS);
    const est = runTrials(job, seed, target, deadline, targetError);
    const cut = est.trials < target && budget !== undefined;
    const budgetNote = cut ? `the time budget of ${budget} ms allowed ${est.trials.toLocaleString('en-US')} trials` : null;
    return result({
      ...base,
      t0,
      est: est.result,
      method: 'monte-carlo',
      why: [why, budgetNote].filter(Boolean).join('; ') || null,
      trials: est.trials,
      targetError,
    });
  } finally {
    job?.free();
  }
}

/**
 * The exact job's chunks in a random order until done or the deadline:
 * `{result, method: 'exact' | 'partial', why}`, or `{result: null, why}`
 * when too few chunks would fit and Monte Carlo should have the budget.
 */
function runExact(job, seed, deadline) {
  const players = job.players;
  if (deadline === Infinity) {
    // No budget: order and sampling do not matter. All units as one chunk,
    // one call (a small job's cost was mostly chunk bookkeeping).
    const counts = engineCall(() => job.run_chunks(Uint32Array.of(0), 1), null, poisoned);
    const est = engineCall(() => job.estimate(counts, 1), null, poisoned);
    return { result: est, method: 'exact', why: null };
  }
  const width = job.counts_width;
  const total = job.exact_chunks();
  const order = shuffledOrder(total, seed);
  const tallies = new Float64Array(total * width);
  let done = 0;
  let batch = 1;
  const started = now();
  while (done < total) {
    const firsts = order.subarray(done, Math.min(total, done + batch));
    const t = now();
    const counts = engineCall(() => job.run_chunks(firsts, total), null, poisoned);
    tallies.set(counts, done * width);
    done += firsts.length;
    const msPerChunk = Math.max(1e-3, (now() - t) / firsts.length);
    const left = deadline - now();
    // Out of time: stop, once the sample is large enough for its error to
    // mean something (the first chunk's speed promised MIN_CHUNKS would fit).
    if (done < total && left <= 0 && done >= MIN_CHUNKS) break;
    if (done === 1 && deadline !== Infinity && left / msPerChunk < MIN_CHUNKS - 1 && total - 1 > left / msPerChunk) {
      const projected = Math.round(msPerChunk * total);
      return {
        result: null,
        why: `exact would take about ${projected} ms (${total} chunks of ${msPerChunk.toFixed(2)} ms), ` +
          'more than the time budget: Monte Carlo',
      };
    }
    batch = left <= 0
      ? Math.min(total - done, Math.max(1, MIN_CHUNKS - done))
      : Math.max(1, Math.min(total - done, Math.floor(Math.min(BATCH_MS, left) / msPerChunk)));
  }
  const est = engineCall(() => job.estimate(tallies.subarray(0, done * width), total), null, poisoned);
  if (done === total) return { result: est, method: 'exact', why: null };
  const ms = Math.round(now() - started);
  return {
    result: est,
    method: 'partial',
    why: `the time budget ran out after ${done} of ${total} chunks of the exact enumeration ` +
      `(${ms} ms), drawn at random: an estimate`,
  };
}

/**
 * Monte Carlo chunks until `target` trials or the deadline (at least one
 * chunk); with `targetError`, until the merged chunks, in order, reach it
 * (the core's rule, `job.target_reached`: the same stop as the CLI's
 * `--error` and Python's `target_error`), in the run policy's chunks.
 */
function runTrials(job, seed, target, deadline, targetError) {
  const width = job.counts_width;
  const merged = new Float64Array(width);
  let trials = 0;
  let chunk = 0;
  let batch = 1;
  const started = now();
  while (trials < target) {
    const t = now();
    let reached = false;
    for (let i = 0; i < batch && trials < target && !reached; i++) {
      const size = deadline === Infinity || targetError !== undefined ? CHUNK_TRIALS : BUDGET_CHUNK_TRIALS;
      const n = Math.min(size, target - trials);
      const counts = engineCall(() => job.run_trials(seed, chunk++, n), null, poisoned);
      for (let k = 0; k < width; k++) merged[k] += counts[k];
      trials += n;
      if (targetError !== undefined) reached = engineCall(() => job.target_reached(merged, targetError), null, poisoned);
    }
    if (reached) break;
    const msPerChunk = Math.max(1e-3, (now() - t) / batch);
    // (To a target error the cap bounds the run; the hour's projection is on the cap only without one.)
    if (deadline === Infinity && targetError === undefined) refuseLongSampling(target, trials, now() - started);
    const left = deadline - now();
    if (left <= 0) break;
    batch = Math.max(1, Math.floor(Math.min(BATCH_MS, left) / msPerChunk));
  }
  const result = engineCall(() => job.estimate(merged, 1), null, poisoned);
  return { result, trials };
}

/** Counts among the estimate's fields (the rest are fractions and errors). */
const COUNTS = new Set(['wins', 'ties', 'losses', 'highWins', 'highTies', 'lowWins', 'lowTies', 'quartered', 'noLow']);

/** The fields of `object` not in `known`, counts as BigInt: a game's own (Hi-Lo's shares and halves). */
function extras(object, known) {
  const out = {};
  for (const [key, value] of Object.entries(object)) {
    if (!known.has(key)) out[key] = COUNTS.has(key) ? BigInt(value) : value;
  }
  return out;
}

const KNOWN = new Set(['exact', 'reliable', 'chunks', 'totalChunks', 'showdowns', 'players', 'splits', 'splitError']);
const KNOWN_PLAYER = new Set(['win', 'tie', 'equity', 'stdError', 'winError', 'tieError', 'wins', 'ties', 'losses']);

/** The API's answer: counts as BigInt, never lossy numbers. */
function result({ est, method, why, seed, labels, cost, ranges, usesTable, t0, trials, game, targetError }) {
  // With a target error: the target, and the largest error reached (percentage points).
  const target =
    targetError === undefined ? {} : { targetError, error: Math.max(...est.players.map((p) => p.stdError)) * 100 };
  return {
    game,
    exact: est.exact && method === 'exact',
    method,
    why,
    reliable: est.exact || est.reliable,
    seed,
    elapsedMs: now() - t0,
    showdowns: BigInt(est.showdowns),
    ...(trials === undefined ? { chunks: est.chunks, totalChunks: est.totalChunks } : { trials: BigInt(trials) }),
    cost,
    ranges,
    usesTable,
    players: est.players.map((p, i) => ({
      hand: labels[i],
      win: p.win,
      tie: p.tie,
      equity: p.equity,
      stdError: p.stdError,
      winError: p.winError,
      tieError: p.tieError,
      wins: BigInt(p.wins),
      ties: BigInt(p.ties),
      losses: BigInt(p.losses),
      ...extras(p, KNOWN_PLAYER),
    })),
    splits: est.splits.map((s) => ({ players: s.players, count: BigInt(s.count), stdError: s.stdError })),
    splitError: est.splitError,
    ...target,
    ...extras(est, KNOWN),
  };
}
