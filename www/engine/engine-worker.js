// One engine worker: its own instance of the wasm module (compiled once on
// the main thread and handed over in `init`), one open job at a time, and
// tallies sent back as transferable Float64Arrays. The messages: protocol.js.
//
// The core module (pkg/allin.js) opens Hold'em's jobs; a lazy module
// (engine-support.js's LAZY_MODULES: allin_extra for detail, strength and
// three-/five-card, allin_board, allin_mixed), named by an `open` request's
// `module`, is imported and instantiated here when the first request that
// needs it arrives, from the main thread's compiled WebAssembly.Module the
// request carries (`compiled`: no second download or compile; without one,
// its glue fetches and compiles the file itself). Requests are handled one
// at a time in the order they came (`chunks` follows `open` unawaited).
//
// Any error while computing chunks or trials is fatal (the worker is
// replaced and the chunks run elsewhere): their input was validated by
// `open`, so an error there means this instance is not to be trusted.
//
// Test-only faults (tests/e2e/faults.test.mjs): a `chunks` or `trials`
// request with `fault: kind` computes its chunk, then fails as a worker can
// fail mid-chunk: `throw` (an uncaught exception), `error` (an exception
// the handler catches), `trap` (a wasm `unreachable`), `oob` (a wasm
// out-of-bounds load), `hang` (a busy loop, forever), `exit` (the worker
// closes itself: silent death). Honoured only in a worker named
// FAULTS_NAME, which the page never creates (a test wraps `Worker` to name
// it); elsewhere the field is ignored.

import * as core from '../pkg/allin.js';
import { initSync, Job, estimate, load_preflop_table, warm_up } from '../pkg/allin.js';
import { FATAL_OPS } from './protocol.js';
import { LAZY_MODULES } from './engine-support.js';

/** The lazy modules' loads by name (see lazy()). */
const loads = new Map();

/**
 * Lazy module `name`: `{wasm, glue}`, `wasm` one namespace with its
 * exports and the core's (the core's first), `glue` its own (its `Job`
 * opens its games); the extra module adds the three-card job's helpers
 * `runRow` and `stepCount`. Loaded once, from `compiled` (the main thread's
 * WebAssembly.Module) when given; a failed load is tried again next time.
 */
function lazy(name, compiled) {
  if (loads.has(name)) return loads.get(name);
  if (!Object.hasOwn(LAZY_MODULES, name)) return Promise.reject(new Error(`no engine module ${JSON.stringify(name)}`));
  const helpers = name === 'allin_extra' ? import('./three-card-job.js') : Promise.resolve({});
  const loading = Promise.all([import(LAZY_MODULES[name].glue.href), helpers]).then(async ([glue, rows]) => {
    if (compiled instanceof WebAssembly.Module) glue.initSync({ module: compiled });
    else await glue.default(); // (fetches its _bg.wasm, next to its glue, and compiles it)
    return { wasm: Object.freeze({ ...glue, ...core }), glue, runRow: rows.runRow, stepCount: rows.stepCount };
  });
  loads.set(name, loading);
  loading.catch(() => loads.delete(name));
  return loading;
}

/** The extra module (detail, strength, three-card's table), from a request's `compiled` if any. */
const extra = (request) => lazy('allin_extra', request.compiled);

/** The name that allows injected faults (tests only). */
const FAULTS_NAME = 'allin-test-faults';
const faultsAllowed = self.name === FAULTS_NAME;

/** The open job and its key (the scheduler's job id). */
let job = null;
let jobKey = null;

/** One handler per op of protocol.js (OP): the request in, the reply's `result` out. */
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

  async open(request) {
    job?.free();
    job = null;
    jobKey = null;
    // `table` as the page planned it: true requires this instance to have
    // the preflop table, so the units here match the page's.
    // (Awaiting the lazy module here, not in a helper: a `chunks` request
    // that waits for the same load must find this job open.)
    const name = request.module ?? 'allin';
    const glue = name === 'allin' ? core : (await lazy(name, request.compiled)).glue;
    job = new glue.Job({ ...request, table: request.table ?? false });
    jobKey = request.job;
    return {
      players: job.players,
      exact: job.exact,
      totalUnits: job.total_units(),
      chunks: job.exact_chunks(),
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
    const cell = new Job({ players, board, dead, method: 'auto' });
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

  /**
   * One chunk of a detail (categories, outs, next cards): a job of its own,
   * opened and freed here, the open job left alone. `exact` is the page's
   * plan: a worker that plans otherwise refuses.
   */
  async detail({ players, board, dead, exact, item, stride, seed, trials, compiled }) {
    const { wasm } = await extra({ compiled });
    const t0 = performance.now();
    const detail = new wasm.DetailJob(players, board, dead, exact ? 'auto' : 'monte-carlo');
    try {
      if (detail.exact !== exact) throw new Error('this worker plans the detail differently');
      const counts = exact
        ? detail.run_chunks(Uint32Array.of(item), stride)
        : detail.run_trial_chunks(seed, Uint32Array.of(item), trials);
      return { counts, ms: performance.now() - t0 };
    } finally {
      detail.free();
    }
  },

  /**
   * A piece of a hand-strength job (strength-job.js), opened here and
   * freed after: exact units `first`, `first + stride`, …, or `trials`
   * sampled deals of chunk `chunk`. The open job, if any, is left alone.
   */
  async strength({ players, hero, board, dead, method, first, stride, seed, chunk, trials, compiled }) {
    const { wasm } = await extra({ compiled });
    const t0 = performance.now();
    const job = new wasm.StrengthJob(players, hero, board, dead, method);
    try {
      const counts = job.exact ? job.run_strided(first, stride) : job.run_trials(seed, chunk, trials);
      return { counts, exact: job.exact, ms: performance.now() - t0 };
    } finally {
      job.free();
    }
  },

  /** One row of the three-card win-rate table, whole (the open job left alone). */
  async threeCardRow(request) {
    const { glue, runRow } = await extra(request);
    return runRow(glue, request);
  },

  async threeCardCount(request) {
    const { glue, stepCount } = await extra(request);
    return stepCount(glue, request);
  },

  chunks({ job: key, items, stride, fault }) {
    const job = openJob(key);
    const result = timed(() => job.run_chunks(Uint32Array.from(items), stride));
    return faultsAllowed && fault ? injectFault(fault) : result;
  },

  trials({ job: key, items, seed, trials, fault }) {
    const job = openJob(key);
    const result = timed(() => job.run_trial_chunks(seed, Uint32Array.from(items), trials));
    return faultsAllowed && fault ? injectFault(fault) : result;
  },

  /** For tests of the pool: fail the way a crashed worker does. */
  crash() {
    setTimeout(() => {
      throw new Error('simulated worker crash');
    });
    return new Promise(() => {}); // never answers
  },
};

/** Minimal wasm modules: `f()` runs `unreachable`; `f()` loads from 0xfffffff0 of one page. */
const TRAPS = {
  trap: [0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 7, 5, 1, 1, 102, 0, 0,
    10, 5, 1, 3, 0, 0, 11],
  oob: [0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 5, 3, 1, 0, 1,
    7, 5, 1, 1, 102, 0, 0, 10, 10, 1, 8, 0, 65, 112, 40, 2, 0, 26, 11],
};

/** Fails the current request the way `kind` says (tests only; see the header). */
function injectFault(kind) {
  const never = new Promise(() => {});
  switch (kind) {
    case 'throw':
      setTimeout(() => {
        throw new Error('injected fault: uncaught exception mid-chunk');
      });
      return never;
    case 'error':
      throw new Error('injected fault: exception mid-chunk');
    case 'trap':
    case 'oob':
      new WebAssembly.Instance(new WebAssembly.Module(Uint8Array.from(TRAPS[kind]))).exports.f();
      throw new Error(`injected fault: ${kind} did not trap`);
    case 'hang':
      for (;;) {
        // Busy, forever: only terminate() ends this.
      }
    case 'exit':
      self.close();
      return never;
    default:
      throw new Error(`unknown fault ${JSON.stringify(kind)}`);
  }
}

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

/**
 * The requests in the order they came, each handled once the one before it
 * has answered: a request never starts while an earlier one waits (for a
 * lazy module, say), so a `chunks` sent right after its `open` always finds
 * the job open. (Two requests that both waited for one load, resumed in
 * turn, once let a `chunks` run while its `open` was still under way: "job
 * N is not open in this worker", on a slow phone switching game.)
 */
let queue = Promise.resolve();
self.onmessage = (event) => {
  queue = queue.then(() => answer(event)).catch((err) => console.error('allin worker:', err)); // (the next still runs)
};

async function answer(event) {
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
    // A wasm trap (RuntimeError) may leave the instance unusable, and
    // chunks and trials of an open job have no input left to be wrong: the
    // pool replaces the worker. Anything else (e.g. an input error) is an answer.
    const fatal =
      err instanceof WebAssembly.RuntimeError || FATAL_OPS.includes(op);
    self.postMessage({
      id,
      ok: false,
      fatal,
      error: err instanceof Error ? err.message : String(err),
      field: err?.field,
    });
  }
}
