// The detail job of the engine (engine.js's detail()): what each hand
// makes and hits. The plan (exact or Monte Carlo, the shape of the counts)
// comes from a DetailJob opened on the main thread; the work is chunks
// (op `detail` of protocol.js) run by the pool's workers, each a job of
// its own, their integer counts added up here in a Float64Array (every
// count, and every sum, stays below 2^53: the engine's detail policy) and
// read by the engine's detail_report. DOM-free; no poker rule here.

import { DEFAULT_SEED as MC_SEED } from '../model/run-policy.js';
import { OP } from './protocol.js';
import { CancelledError, runEach } from './scheduler.js';

/** Strided chunks of an exact detail (fewer when it has fewer units). */
export const DETAIL_CHUNKS = 48;
/** Monte Carlo: chunks of DETAIL_CHUNK_TRIALS random deals, DETAIL_TRIALS in all. */
const DETAIL_TRIAL_CHUNKS = 40;
const DETAIL_CHUNK_TRIALS = 10_000;
export const DETAIL_TRIALS = DETAIL_TRIAL_CHUNKS * DETAIL_CHUNK_TRIALS;

/** The plan of a scenario's detail, from a job opened (and freed) on this thread. */
function plan(engine, players, board, dead) {
  return engine.quick((w) => {
    const job = new w.DetailJob(players, board, dead, 'auto');
    try {
      return {
        exact: job.exact,
        hasNext: job.has_next,
        units: job.total_units,
        length: job.counts_len,
        players: job.players,
        whySampled: job.why_sampled ?? null,
      };
    } finally {
      job.free();
    }
  });
}

/**
 * Runs the detail of `scenario` on `engine`'s workers, calling
 * `onProgress(fraction)` as chunks finish while `stillWanted()`. Resolves
 * with `{status: 'done', exact, whySampled, trials, hasNext, deals,
 * players, elapsedMs}` (players as detail_report answers) or `{status:
 * 'error', error}`; throws CancelledError once no longer wanted.
 */
export async function runDetail(engine, { scenario, onProgress, handle, stillWanted }) {
  const players = [...scenario.players];
  const board = scenario.board ?? '';
  const dead = scenario.dead ?? '';
  const t0 = performance.now();
  await engine.loadExtra(); // (DetailJob and detail_report live in the extra module)
  if (!stillWanted()) throw new CancelledError();
  let info;
  try {
    info = plan(engine, players, board, dead);
  } catch (err) {
    return { status: 'error', error: { field: err?.field ?? null, message: err?.message ?? String(err) } };
  }
  const pool = engine.startWorkers();
  const count = info.exact ? Math.min(info.units, DETAIL_CHUNKS) : DETAIL_TRIAL_CHUNKS;
  const items = Array.from({ length: count }, (_, i) => i);
  const sum = new Float64Array(info.length);
  let finished = 0;
  let failure = null;
  const run = runEach({
    items,
    slots: pool.size,
    execute: (slot, item) =>
      pool.call(
        slot,
        {
          op: OP.detail,
          compiled: engine.compiledModule('allin_extra'),
          players,
          board,
          dead,
          exact: info.exact,
          item,
          stride: count,
          seed: MC_SEED,
          trials: DETAIL_CHUNK_TRIALS,
        },
        { deadlineMs: 60_000 },
      ),
    onResult: (item, result, error) => {
      if (!stillWanted()) return;
      if (!result) {
        failure ??= { field: error?.field ?? null, message: error?.message ?? 'a chunk failed' };
        return;
      }
      const counts = result.counts;
      for (let i = 0; i < sum.length; i++) sum[i] += counts[i];
      finished++;
      onProgress(finished / count);
    },
  });
  handle.run = run;
  await run.promise;
  if (!stillWanted()) throw new CancelledError();
  if (failure || finished < count) {
    return { status: 'error', error: failure ?? { field: null, message: 'some chunks failed' } };
  }
  const report = engine.quick((w) => w.detail_report(info.players, info.hasNext, sum, info.exact));
  return {
    status: 'done',
    ...report,
    hasNext: info.hasNext,
    whySampled: info.whySampled,
    trials: info.exact ? null : DETAIL_TRIALS,
    elapsedMs: performance.now() - t0,
  };
}
