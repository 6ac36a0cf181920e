// The hand-strength job of the engine (engine.js's strength()): one
// player's HS, PPot, NPot and EHS on a flop or a turn against every other
// player, computed in the worker pool in pieces (op `strength` of
// protocol.js: each piece opens its own StrengthJob and runs whole, so the
// equity job's open job is left alone) and summed on this thread by the
// engine (strength_merge, StrengthJob.summary: counts stay decimal text,
// never JS numbers). DOM-free; every number comes from the engine.
//
// Exact jobs report progress only, then the exact answer; sampled ones
// report a summary as pieces arrive (shown once `reliable`), each number
// with its standard error. Latest call wins: a new strength() or
// cancelStrength() stops the previous run at once (late replies ignored).

import { errorInfo } from './compute-job.js';
import { CHUNK_TRIALS, DEFAULT_SEED, EHS_TRIALS } from '../model/run-policy.js';
import { OP } from './protocol.js';
import { CancelledError, runEach } from './scheduler.js';

/** Sampled jobs: this many deals in all, in chunks of STRENGTH_CHUNK_TRIALS, from this seed: the run policy's (as `allin ehs` and the JS API). */
export const STRENGTH_TRIALS = EHS_TRIALS;
export const STRENGTH_CHUNK_TRIALS = CHUNK_TRIALS;
export const STRENGTH_SEED = DEFAULT_SEED;
/** Exact jobs: at most this many pieces (strided units). */
export const STRENGTH_PIECES = 48;
/** Sampled partials: at most one summary per this many ms. */
const PUBLISH_MS = 100;

/** The running job per engine. */
const running = new WeakMap();

/**
 * Starts the strength of player `hero` (0-based) in `scenario`, calling
 * `onUpdate(update)` with each partial and the final update:
 * `{status: 'running' | 'done' | 'error', exact, opponents, flop,
 * whySampled, progress (0..1), summary (StrengthJob.summary's object, or
 * null), error: {field, message} | null}`.
 * @returns {{id: number, cancel(): void, done: Promise<object>}}
 */
export function startStrength(engine, scenario, hero, onUpdate) {
  cancelStrength(engine);
  const handle = {
    live: true,
    run: null,
    done: null,
    cancel() {
      handle.live = false;
      handle.run?.cancel();
    },
  };
  running.set(engine, handle);
  const stillWanted = () => handle.live && running.get(engine) === handle;
  const emit = (update) => {
    if (stillWanted()) onUpdate(update);
  };
  handle.done = runStrength(engine, { scenario, hero, emit, handle, stillWanted }).then(
    (update) => {
      emit(update);
      return update;
    },
    (err) => {
      if (err?.cancelled || err instanceof CancelledError || !stillWanted()) return { status: 'cancelled' };
      const update = { status: 'error', summary: null, progress: null, error: errorInfo(err) };
      emit(update);
      return update;
    },
  );
  return handle;
}

/** Stops the engine's running strength job, if any. */
export function cancelStrength(engine) {
  running.get(engine)?.cancel();
  running.delete(engine);
}

async function runStrength(engine, { scenario, hero, emit, handle, stillWanted }) {
  const players = [...scenario.players];
  const board = scenario.board ?? '';
  const dead = scenario.dead ?? '';
  const method = 'auto';
  await engine.loadExtra(); // (StrengthJob lives in the extra module)
  if (!stillWanted()) throw new CancelledError();
  let job;
  try {
    job = engine.quick((w) => new w.StrengthJob(players, hero, board, dead, method));
  } catch (err) {
    return { status: 'error', summary: null, progress: null, error: errorInfo(err) };
  }
  try {
    const info = {
      exact: job.exact,
      opponents: job.opponents,
      flop: job.flop,
      whySampled: job.why_sampled ?? null,
      error: null,
    };
    const units = job.total_units();
    const stride = info.exact ? Math.max(1, Math.min(units, STRENGTH_PIECES)) : 0;
    const count = info.exact ? stride : Math.ceil(STRENGTH_TRIALS / STRENGTH_CHUNK_TRIALS);
    const items = Array.from({ length: count }, (_, i) => i);
    const pool = engine.startWorkers();
    let total = null;
    let pieces = 0;
    let published = 0;
    const summary = () => engine.quick(() => job.summary(total));
    emit({ status: 'running', ...info, progress: 0, summary: null });
    const run = runEach({
      items,
      slots: pool.size,
      execute: (slot, i) =>
        pool.call(
          slot,
          {
            op: OP.strength,
            compiled: engine.compiledModule('allin_extra'),
            players,
            hero,
            board,
            dead,
            method,
            first: i,
            stride,
            seed: STRENGTH_SEED,
            chunk: i,
            trials: STRENGTH_CHUNK_TRIALS,
          },
          { deadlineMs: 60_000 },
        ),
      onResult: (_, result, error) => {
        if (!stillWanted()) return;
        if (error) throw error;
        total = total === null ? result.counts : engine.quick((w) => w.strength_merge([...total, ...result.counts]));
        pieces++;
        const now = performance.now();
        if (!info.exact && pieces < count && now - published >= PUBLISH_MS) {
          published = now;
          emit({ status: 'running', ...info, progress: pieces / count, summary: summary() });
        } else if (info.exact && pieces < count) {
          emit({ status: 'running', ...info, progress: pieces / count, summary: null });
        }
      },
    });
    handle.run = run;
    await run.promise;
    if (!stillWanted()) throw new CancelledError();
    return { status: 'done', ...info, progress: 1, summary: summary() };
  } finally {
    engine.quick(() => job.free());
  }
}
