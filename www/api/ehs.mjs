// ehs() of the JS API (allin.mjs): hand strength and potential
// (Billings–Papp HS, PPot, NPot, EHS) of one hand on a flop or a turn
// against one or more opponents, by the engine's StrengthJob, on the
// calling thread, within the caller's time budget. The counts and the
// statistics (and their standard errors) are the engine's; this file
// chooses exact or sampled and watches the clock.
//
// Exact runs all of a job's units (its counts are only an answer once all
// are in). With a time budget, the first chunk's time projects the whole:
// if it would not fit, the budget goes to sampling instead (a second job,
// opened under "monte-carlo"), and `why` says so.

import { InputError, engineCall } from './errors.mjs';
import { budgetOption, checkOptions, randomSeed, refuseLongSampling, wholeOption } from './equity.mjs';
import { poisoned, wasm } from './load.mjs';
import { CHUNK_TRIALS, EHS_TRIALS } from '../model/run-policy.js';

/** Sampled trials per chunk, and when neither `trials` nor a budget is given: the run policy's, as `allin ehs`. */
const TRIALS_PER_CHUNK = CHUNK_TRIALS;
const DEFAULT_TRIALS = EHS_TRIALS;
const MAX_TRIALS = 1e10;
/** Chunks merged into one 21-count block this often (memory stays small). */
const MERGE_EVERY = 256;
/** With a time budget: the smallest sampled chunk, and the work between looks at the clock. */
const MIN_CHUNK_TRIALS = 100;
const BATCH_MS = 5;
/** Exact units run as at most this many strided chunks. */
const EXACT_CHUNKS = 64;
const METHODS = new Set(['auto', 'exact', 'monte-carlo']);
const now = () => performance.now();

/** The opponents' texts from `vs` (one text for all, or one each) and `opponents`. */
function opponentTexts(vs, opponents) {
  if (Array.isArray(vs)) {
    if (opponents !== undefined && opponents !== vs.length) {
      throw new InputError(`opponents is ${opponents} but vs lists ${vs.length} ranges`, { field: 'opponents' });
    }
    return vs;
  }
  if (vs !== undefined && vs !== null && typeof vs !== 'string') {
    throw new InputError(`vs: expected range text or a list of them, got ${typeof vs}`, { field: 'vs' });
  }
  return new Array(opponents ?? 1).fill(vs || 'random');
}

/** Field names of the engine's seats (p2 = opponent 1) back in the caller's terms. */
function fieldOf(field) {
  if (field === 'p1') return 'hand';
  const seat = /^p(\d+)$/.exec(field ?? '');
  return seat ? 'vs' : field;
}

/**
 * Hand strength and potential of `hand` (two cards) on `board` (a flop or
 * a turn) against `opponents` (1 to 9, default 1 or vs.length) each
 * holding `vs` (range text, default 'random'; or a list, one each).
 * @param {string} hand
 * @param {{board?: string, vs?: string | string[], opponents?: number, dead?: string,
 *          method?: 'auto'|'exact'|'monte-carlo', trials?: number, seed?: number,
 *          timeBudgetMs?: number}} options
 */
export async function ehs(hand, options = {}) {
  checkOptions(options, ['board', 'vs', 'opponents', 'dead', 'method', 'trials', 'seed', 'timeBudgetMs']);
  const opponents = wholeOption(options.opponents, 'opponents', 1, 9);
  const others = opponentTexts(options.vs, opponents);
  const method = options.method ?? 'auto';
  if (!METHODS.has(method)) {
    throw new InputError(`unknown method ${JSON.stringify(String(method))} (methods are auto, exact, monte-carlo)`, {
      field: 'method',
    });
  }
  const trials = wholeOption(options.trials, 'trials', 1, MAX_TRIALS);
  const seed = wholeOption(options.seed, 'seed', 0, 2 ** 32 - 1) ?? randomSeed();
  const budget = budgetOption(options.timeBudgetMs);
  const t0 = now();
  const deadline = budget === undefined ? Infinity : t0 + budget;
  const open = (how) => {
    try {
      return engineCall(
        () => new (wasm().StrengthJob)([hand, ...others], 0, options.board ?? '', options.dead ?? '', how),
        'hand',
        poisoned,
      );
    } catch (err) {
      err.field = fieldOf(err.field);
      throw err;
    }
  };
  const job = open(method);
  try {
    let why = job.why_sampled ?? null;
    if (job.exact) {
      const exact = runExact(job, deadline);
      if (exact.counts) return answer(job, exact.counts, { t0, seed, method: 'exact', why: null });
      why = `exact would take about ${Math.round(exact.projectedMs)} ms, more than the time budget: sampled`;
    }
    const sampler = job.exact ? open('monte-carlo') : job;
    try {
      const target = trials ?? (budget === undefined ? DEFAULT_TRIALS : MAX_TRIALS);
      const { counts, done } = runTrials(sampler, seed, target, deadline);
      const cut = done < target && budget !== undefined;
      const note = cut ? `the time budget of ${budget} ms allowed ${done.toLocaleString('en-US')} trials` : null;
      return answer(sampler, counts, {
        t0,
        seed,
        method: 'monte-carlo',
        why: [why, note].filter(Boolean).join('; ') || null,
        trials: done,
        cost: job.cost,
      });
    } finally {
      if (sampler !== job) sampler.free();
    }
  } finally {
    job.free();
  }
}

/**
 * Every unit of an exact job, as at most EXACT_CHUNKS strided chunks (21
 * counts each): `{counts}`, or `{counts: null, projectedMs}` as soon as
 * the time per chunk so far shows they would not all fit before the
 * deadline.
 */
function runExact(job, deadline) {
  const units = Math.max(1, job.total_units());
  const total = Math.min(units, EXACT_CHUNKS);
  const counts = [];
  const started = now();
  for (let c = 0; c < total; c++) {
    counts.push(...engineCall(() => job.run_strided(c, total), null, poisoned));
    const perChunk = (now() - started) / (c + 1);
    if (c + 1 < total && perChunk * (total - c - 1) > deadline - now()) {
      return { counts: null, projectedMs: perChunk * total };
    }
  }
  return { counts };
}

/**
 * Sampled chunks until `target` trials or the deadline (at least one
 * chunk). Without a deadline every chunk has TRIALS_PER_CHUNK trials (so a
 * seed and a number of trials give the same counts); with one, chunks are
 * sized from the measured speed to about BATCH_MS, so that a slow job
 * (nine opponents) still stops on time.
 */
function runTrials(job, seed, target, deadline) {
  let merged = [];
  let pending = [];
  let done = 0;
  let chunk = 0;
  let size = deadline === Infinity ? TRIALS_PER_CHUNK : MIN_CHUNK_TRIALS;
  const started = now();
  while (done < target) {
    const n = Math.min(size, target - done);
    const t = now();
    pending.push(...engineCall(() => job.run_trials(seed, chunk++, n), null, poisoned));
    done += n;
    if (pending.length >= MERGE_EVERY * 21) {
      merged = engineCall(() => wasm().strength_merge(merged.concat(pending)), null, poisoned);
      pending = [];
    }
    const msPerTrial = Math.max(1e-6, (now() - t) / n);
    if (deadline === Infinity) refuseLongSampling(target, done, now() - started);
    const left = deadline - now();
    if (left <= 0) break;
    if (deadline !== Infinity) {
      const fit = Math.floor(Math.min(BATCH_MS, left) / msPerTrial);
      size = Math.max(MIN_CHUNK_TRIALS, Math.min(TRIALS_PER_CHUNK, fit));
    }
  }
  return { counts: merged.concat(pending), done };
}

const big = (text) => BigInt(text);

/** The API's answer from the engine's summary: counts as BigInt. */
function answer(job, counts, { t0, seed, method, why, trials, cost = job.cost }) {
  const s = engineCall(() => job.summary(counts), null, poisoned);
  return {
    exact: s.exact,
    method,
    why,
    reliable: s.reliable,
    seed,
    elapsedMs: now() - t0,
    opponents: s.opponents,
    street: s.flop ? 'flop' : 'turn',
    hs: s.hs,
    ppot: s.ppot,
    npot: s.npot,
    ehs: s.ehs,
    ppotWholeTie: s.ppotWholeTie,
    npotWholeTie: s.npotWholeTie,
    ppot1: s.ppot1,
    npot1: s.npot1,
    errors: s.errors,
    hsOneRandom: s.hsOneRandom,
    hsN: s.hsN,
    ahead: big(s.ahead),
    tied: big(s.tied),
    behind: big(s.behind),
    transitions: s.transitions.map((row) => row.map(big)),
    next: s.next.map((row) => row.map(big)),
    total: big(s.total),
    cost: big(cost),
    ...(trials === undefined ? {} : { trials: BigInt(trials) }),
  };
}
