// One engine worker: its own instance of the wasm module (compiled once on
// the main thread and handed over in `init`), one open job at a time, and
// tallies sent back as transferable Float64Arrays. Protocol: worker-pool.js.

import { initSync, Job, estimate, load_preflop_table, warm_up } from './pkg/allin.js';

/** The open job and its key (the scheduler's job id). */
let job = null;
let jobKey = null;

const ops = {
  init({ module }) {
    initSync({ module });
    // The first call into a fresh instance is several times slower than
    // warm ones: pay for it now, not in the first chunk.
    const t0 = performance.now();
    warm_up();
    return { warmUpMs: performance.now() - t0 };
  },

  /** The heads-up preflop table's bytes (a copy per worker). */
  table({ bytes }) {
    const t0 = performance.now();
    const matchups = load_preflop_table(new Uint8Array(bytes));
    return { matchups, ms: performance.now() - t0 };
  },

  open({ job: key, players, board, dead, method, table }) {
    job?.free();
    job = null;
    jobKey = null;
    // `table` as the page planned it: true requires this instance to have
    // the preflop table, so the units here match the page's.
    job = new Job(players, board, dead, method, table ?? false);
    jobKey = key;
    return {
      players: job.players,
      exact: job.exact,
      totalUnits: job.total_units(),
      usesTable: job.uses_table,
    };
  },

  /**
   * One small job, whole, for one cell of the heatmap: exact when it costs
   * at most `exactCost` evaluations (or lookups), else `trials` random
   * deals. Answers with player `player`'s equity. The open job, if any, is
   * left alone.
   */
  cell({ players, board, dead, player, exactCost, trials, seed }) {
    const t0 = performance.now();
    const cell = new Job(players, board, dead, 'auto');
    try {
      const exact = cell.exact && cell.cost_at_most(exactCost);
      const counts = exact ? cell.run_strided(0, 1) : cell.run_trials(seed, 0, trials);
      const est = estimate(cell.players, counts, 1, exact);
      const mine = est.players[player];
      return {
        equity: mine.equity,
        stdError: mine.stdError,
        exact: est.exact,
        showdowns: est.showdowns,
        ms: performance.now() - t0,
      };
    } finally {
      cell.free();
    }
  },

  chunks({ job: key, items, stride }) {
    const job = openJob(key);
    return timed(() => job.run_chunks(Uint32Array.from(items), stride));
  },

  trials({ job: key, items, seed, trials }) {
    const job = openJob(key);
    return timed(() => job.run_trial_chunks(seed, Uint32Array.from(items), trials));
  },

  /** For tests of the pool: fail the way a crashed worker does. */
  crash() {
    setTimeout(() => {
      throw new Error('simulated worker crash');
    });
    return new Promise(() => {}); // never answers
  },
};

/** `{counts, ms}`: the tallies and the time the engine took (for batch sizing). */
function timed(run) {
  const t0 = performance.now();
  const counts = run();
  return { counts, ms: performance.now() - t0 };
}

function openJob(key) {
  if (job === null || jobKey !== key) {
    throw new Error(`job ${key} is not open in this worker`);
  }
  return job;
}

self.onmessage = async (event) => {
  const { id, op } = event.data ?? {};
  const handler = Object.hasOwn(ops, op) ? ops[op] : null;
  if (!handler) {
    self.postMessage({ id, ok: false, error: `unknown op ${JSON.stringify(op)}` });
    return;
  }
  try {
    const result = await handler(event.data);
    const transfer = result?.counts instanceof Float64Array ? [result.counts.buffer] : [];
    self.postMessage({ id, ok: true, result }, transfer);
  } catch (err) {
    // A wasm trap (RuntimeError) may leave the instance unusable: the pool
    // replaces the worker. Anything else (e.g. an input error) is an answer.
    const fatal = err instanceof WebAssembly.RuntimeError || op === 'init';
    self.postMessage({
      id,
      ok: false,
      fatal,
      error: err instanceof Error ? err.message : String(err),
      field: err?.field,
    });
  }
};
