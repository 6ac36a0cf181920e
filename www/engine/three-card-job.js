// The engine's side of three-card poker beyond its equity job (which is
// the engine's one Job, run by compute-job.js like every game's; DOM-free):
// the win-rate table: the hero against 1 to 5
// opponents, each `random` or the same top X%, one small job per row run
// whole on a worker (op `threeCardRow` of protocol.js), exact with 1 or 2
// opponents, Monte Carlo with its error beyond; then every row not exact
// yet again, every deal counted (op `threeCardCount`, a step of ~0.1 s at
// a time on one worker, the count kept there between steps), replacing
// the sampled figures as each finishes.

import { DEFAULT_SEED as MC_SEED } from '../model/run-policy.js';
import { OP } from './protocol.js';
import { CancelledError, runEach } from './scheduler.js';
import { gameFields } from '../model/game.js';

/** Random deals per sampled row of the win-rate table (3 to 5 opponents). */
export const RATE_TRIALS = 200_000;
/** Rows of the win-rate table: 1 to this many opponents. */
export const RATE_MAX_OPPONENTS = 5;
/** States a count step visits (~0.1 s in a worker). */
export const COUNT_STEP = 150_000;

/**
 * Runs one row in the extra module's glue `w` of a worker
 * (engine-worker.js): the row request is the job's spec; the job whole,
 * exact when the engine would be, else `trials` deals.
 * Answers the hero's `{win, tie, equity, stdError, exact, showdowns, hands, ms}`.
 */
export function runRow(w, request) {
  const { trials, seed } = request;
  const t0 = performance.now();
  const job = new w.Job({ ...request, method: 'auto' });
  try {
    const counts = job.exact ? job.run_strided(0, 1) : job.run_trials(seed, 0, trials);
    const est = job.estimate(counts, 1);
    const hero = est.players[0];
    return {
      win: hero.win,
      tie: hero.tie,
      equity: hero.equity,
      stdError: hero.stdError,
      exact: est.exact,
      showdowns: est.showdowns,
      hands: job.hand_counts[1],
      ms: performance.now() - t0,
    };
  } finally {
    job.free();
  }
}

/** The worker's count in progress: `{key, job}` (only ever in a worker). */
let count = null;

/**
 * One step of the count `key` in a worker's wasm instance `w`
 * (engine-worker.js): a new key opens a new count (the last one is
 * dropped). Answers `{done, progress, ms, result?}`.
 */
export function stepCount(w, { key, players, dead, rules, deck, removal, budget }) {
  const t0 = performance.now();
  if (count?.key !== key) {
    count?.job.free();
    count = null;
    count = { key, job: new w.ThreeCardCount(players, dead, rules, deck, removal) };
  }
  const { job } = count;
  let done;
  try {
    done = job.step(budget);
  } catch (err) {
    job.free();
    count = null;
    throw err;
  }
  const reply = { done, progress: job.progress, ms: performance.now() - t0 };
  if (done) {
    reply.result = job.result;
    job.free();
    count = null;
  }
  return reply;
}

let countKeys = 0;

/**
 * The win-rate table of `scenario`'s hero against `opponent` (`random` or
 * `X%`) × 1…RATE_MAX_OPPONENTS, on `engine`'s workers. `onRow({opponents,
 * …runRow's answer})` or `{opponents, error}` per row as it finishes, then
 * for each row not exact `{opponents, counting: progress}` while every deal
 * is counted and `{opponents, …count}` (exact) when done, or `{opponents,
 * countError}` when the count does not apply or would take too long (the
 * sampled row stands); throws CancelledError once no longer wanted.
 */
export async function runWinRates(engine, { scenario, opponent, onRow, handle, stillWanted }) {
  await engine.loadExtra(); // (the win-rate rows run in each worker's extra module)
  if (!stillWanted()) throw new CancelledError();
  const fields = gameFields(scenario);
  const hero = String(scenario.players?.[0] ?? '');
  const pool = engine.startWorkers();
  const counts = Array.from({ length: RATE_MAX_OPPONENTS }, (_, i) => i + 1);
  const compiled = engine.compiledModule('allin_extra');
  const request = (opponents) => ({
    compiled,
    players: [hero, ...Array(opponents).fill(opponent)],
    dead: scenario.dead ?? '',
    ...fields,
  });
  const sampled = new Set();
  const exactAlready = new Set();
  // Items: each row sampled or exact as the engine would (0…4), then every
  // row counted (5…9), skipped where the first answer was exact already;
  // an item only runs on a free worker.
  const quick = counts.map((_, i) => i);
  const full = counts.map((_, i) => RATE_MAX_OPPONENTS + i);
  const countRow = async (slot, opponents) => {
    const key = ++countKeys;
    for (;;) {
      if (!stillWanted()) throw new CancelledError();
      if (exactAlready.has(opponents)) return null;
      const reply = await pool.call(
        slot,
        { op: OP.threeCardCount, key, ...request(opponents), budget: COUNT_STEP },
        { deadlineMs: 30_000 },
      );
      if (reply.done) return reply.result;
      if (stillWanted()) onRow({ opponents, counting: reply.progress });
    }
  };
  const run = runEach({
    items: [...quick, ...full],
    slots: pool.size,
    execute: (slot, index) => {
      if (index < RATE_MAX_OPPONENTS) {
        return pool.call(
          slot,
          {
            op: OP.threeCardRow,
            ...request(counts[index]),
            trials: RATE_TRIALS,
            seed: MC_SEED + index,
          },
          { deadlineMs: 60_000 },
        );
      }
      return countRow(slot, counts[index - RATE_MAX_OPPONENTS]);
    },
    onResult: (index, result, error) => {
      if (!stillWanted()) return;
      if (index < RATE_MAX_OPPONENTS) {
        const opponents = counts[index];
        if (result) {
          if (result.exact) exactAlready.add(opponents);
          else sampled.add(opponents);
          onRow({ opponents, ...result });
        } else onRow({ opponents, error: { field: error.field ?? null, message: error.message } });
        return;
      }
      const opponents = counts[index - RATE_MAX_OPPONENTS];
      if (result) onRow({ opponents, ...result, stdError: 0 });
      else if (error) onRow({ opponents, countError: error.message ?? 'the count failed' });
    },
  });
  handle.run = run;
  await run.promise;
  if (!stillWanted()) throw new CancelledError();
  return { status: 'done', sampled: [...sampled] };
}
