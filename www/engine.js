// The page's only door to the wasm engine. It never touches the DOM: the UI
// (app.js, evaluator.js) calls these functions and renders what they
// return. Everything poker-specific (parsing, canonical card text, labels,
// hand classes, error messages, equity statistics) comes from the Rust
// engine; nothing here re-derives it.
//
// The module is compiled once here (WebAssembly.compileStreaming) and
// instantiated twice over: once on the main thread for quick calls (checking
// input as it is typed, estimates from tallies), and once per worker of the
// pool (worker-pool.js) for the equity work, scheduled by scheduler.js.
// One exception: while no worker is ready yet (the page's first job), a
// small exact job runs on the main thread (INLINE_MAX_COST).

import {
  initSync,
  Job,
  categories,
  check_scenario,
  class_of,
  deck,
  estimate,
  evaluate_hand,
  evaluate_three_card,
  hand_classes,
  pick_combo,
} from './pkg/allin.js';
import {
  BatchSizer,
  chooseStride,
  runJob,
  shuffledOrder,
  unitsInChunk,
} from './scheduler.js';
import { WorkerPool } from './worker-pool.js';

/**
 * Exact jobs costing at most this many evaluations (boards × players) run
 * on the main thread while no worker is ready yet, i.e. the page's first
 * job: a few milliseconds of wasm instead of waiting ~100 ms for workers to
 * boot. Every job after that goes to the workers.
 */
export const INLINE_MAX_COST = 4_000_000;

/** Shortest time between two partial results of a job. */
const PARTIAL_MS = 30;

/** Monte Carlo: trials per chunk, and the trials of a whole job. */
export const MC_CHUNK_TRIALS = 10_000;
export const MC_TRIALS = 2_000_000;
/** Monte Carlo seed: fixed, so a link always shows the same sample. */
export const MC_SEED = 1;

let loading = null;

/**
 * Loads the engine once (later calls share the promise, whatever their
 * options). The .wasm file is found relative to this module, so the site
 * works from any sub-path. With `workers: true` the worker pool starts at
 * once, loading its scripts while the module compiles (else it starts on
 * the first compute).
 * @param {{workers?: boolean}} [options]
 * @returns {Promise<Engine>}
 */
export function loadEngine({ workers = false } = {}) {
  loading ??= load(workers);
  return loading;
}

async function load(workers) {
  const url = new URL('./pkg/allin_bg.wasm', import.meta.url);
  const compiling = compile(url);
  const pool = workers ? new WorkerPool({ size: defaultWorkerCount(), module: compiling }) : null;
  const module = await compiling;
  mark('allin:compiled');
  initSync({ module });
  const engine = new Engine(module, pool);
  mark('allin:ready');
  return engine;
}

/** A performance mark, for the bench (tests/e2e/bench.mjs) and devtools. */
function mark(name) {
  globalThis.performance?.mark?.(name);
}

async function compile(url) {
  if (typeof WebAssembly.compileStreaming === 'function') {
    try {
      return await WebAssembly.compileStreaming(fetch(url));
    } catch (err) {
      // Hosts that send .wasm with the wrong MIME type: compile the bytes.
      if (!(err instanceof TypeError)) throw err;
    }
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status}`);
  return WebAssembly.compile(await response.arrayBuffer());
}

/** Runs an engine call, turning its thrown Error into {ok: false, error}. */
function attempt(call) {
  try {
    return { ok: true, value: call() };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/** Workers for a device: one core stays with the page. */
export function defaultWorkerCount() {
  const cores = globalThis.navigator?.hardwareConcurrency ?? 2;
  return Math.max(1, cores - 1);
}

/**
 * @typedef {{players: string[], board: string, dead: string, method?: string}} Scenario
 * @typedef {{
 *   id: number, status: 'running' | 'done' | 'error',
 *   exact: boolean, method: 'exact' | 'monte-carlo' | null,
 *   labels: string[],
 *   estimate: any | null,
 *   progress: {fraction: number, work: number, totalWork: number,
 *              showdowns: number, elapsedMs: number, perSecond: number} | null,
 *   error: {field: string | null, message: string} | null,
 * }} Update
 */

export class Engine {
  constructor(module, pool = null) {
    this.module = module;
    this.pool = pool;
    this.current = null;
    this.jobCounter = 0;
    this.deck = deck();
    this.handClasses = hand_classes();
  }

  /** Starts the workers now (else on the first compute). */
  startWorkers(size = defaultWorkerCount()) {
    this.pool ??= new WorkerPool({ size, module: this.module });
    return this.pool;
  }

  get workerCount() {
    return this.pool?.size ?? 0;
  }

  // ---- quick calls, on this thread ----

  /** The hand categories, weakest first: [{name, label}, …]. */
  categories() {
    return categories();
  }

  /** Evaluates 5 to 7 cards as typed; never throws. */
  evaluateHand(text) {
    return attempt(() => evaluate_hand(text));
  }

  /** Evaluates three cards under three-card rules; never throws. */
  evaluateThreeCard(text, rules) {
    return attempt(() => evaluate_three_card(text, rules));
  }

  /**
   * Checks a scenario as typed: every field's cards (for greying out the
   * deck) and the first error with its field. Never throws.
   */
  check(scenario) {
    const result = attempt(() =>
      check_scenario([...scenario.players], scenario.board, scenario.dead),
    );
    if (result.ok) return result.value;
    return {
      players: scenario.players.map(() => ({ cards: [] })),
      board: { cards: [] },
      dead: { cards: [] },
      error: { field: null, message: result.error },
      method: null,
      boards: 0,
      cost: 0,
    };
  }

  /** A combo of hand class `label` avoiding `usedCodes`: {ok, value: "AsKs"} or {ok: false, error}. */
  pickCombo(label, usedCodes) {
    return attempt(() => pick_combo(label, [...usedCodes]));
  }

  /** The class label ("AKs") of two hole cards as typed, or undefined. */
  classOf(text) {
    return class_of(text);
  }

  // ---- equity, in the workers ----

  /**
   * Computes a scenario, calling `onUpdate(update)` with every new partial
   * result and the final one. Latest call wins: a new compute (or cancel)
   * stops the previous job at once; it sends no more updates.
   * @param {Scenario} scenario
   * @param {(update: Update) => void} onUpdate
   * @returns {{id: number, cancel(): void, done: Promise<Update>}}
   */
  compute(scenario, onUpdate) {
    this.cancel();
    const id = ++this.jobCounter;
    let live = true;
    const emit = (update) => {
      if (live && this.current?.id === id) onUpdate({ id, ...update });
    };
    const handle = {
      id,
      run: null,
      cancel: () => {
        live = false;
        handle.run?.cancel();
      },
      done: null,
    };
    this.current = handle;
    handle.done = this.start(id, scenario, emit, handle).then(
      (update) => update,
      (err) => {
        if (err?.cancelled || !live) return null;
        const update = {
          status: 'error',
          exact: false,
          method: null,
          labels: [],
          estimate: null,
          progress: null,
          error: { field: err?.field ?? null, message: err?.message ?? String(err) },
        };
        emit(update);
        return { id, ...update };
      },
    );
    return handle;
  }

  /** Stops the running job, if any. */
  cancel() {
    this.current?.cancel();
    this.current = null;
  }

  async start(id, scenario, emit, handle) {
    const method = scenario.method ?? 'auto';
    const base = { exact: false, labels: [], estimate: null, progress: null, error: null };
    const check = this.check(scenario);
    if (check.error) {
      const update = { ...base, status: 'error', method: null, error: check.error };
      emit(update);
      return { id, ...update };
    }
    // Open the job here too: it validates once more and tells the plan.
    let job;
    try {
      job = new Job([...scenario.players], scenario.board, scenario.dead, method);
    } catch (err) {
      const error = { field: err?.field ?? null, message: err?.message ?? String(err) };
      const update = { ...base, status: 'error', method: null, error };
      emit(update);
      return { id, ...update };
    }
    const players = job.players;
    const exact = job.exact;
    const labels = job.labels;
    const totalUnits = job.total_units();
    const width = 2 ** players;
    const pool = this.startWorkers();
    if (exact && job.cost <= INLINE_MAX_COST && !pool.anyReady()) {
      // The first job of the page, while the workers boot.
      const t0 = performance.now();
      let tally;
      try {
        tally = job.run_strided(0, 1);
      } finally {
        job.free();
      }
      const elapsedMs = performance.now() - t0;
      const est = estimate(players, tally, 1, true);
      const showdowns = est.showdowns;
      const update = {
        ...base,
        status: 'done',
        method: 'exact',
        exact: est.exact,
        labels,
        estimate: est,
        progress: {
          fraction: 1,
          work: totalUnits,
          totalWork: totalUnits,
          showdowns,
          elapsedMs,
          perSecond: elapsedMs > 0 ? showdowns / (elapsedMs / 1000) : 0,
          inline: true,
        },
      };
      mark('allin:exact');
      emit(update);
      return { id, ...update };
    }
    job.free();

    let total;
    let weightOf;
    let itemsOf;
    let request;
    if (exact) {
      const stride = chooseStride(totalUnits, players);
      const order = shuffledOrder(stride, (Math.random() * 2 ** 32) >>> 0);
      total = stride;
      weightOf = (pos) => unitsInChunk(order[pos], stride, totalUnits);
      itemsOf = (positions) => positions.map((p) => order[p]);
      request = (items) => ({ op: 'chunks', job: id, items, stride });
    } else {
      total = Math.ceil(MC_TRIALS / MC_CHUNK_TRIALS);
      weightOf = () => MC_CHUNK_TRIALS;
      itemsOf = (positions) => positions;
      request = (items) => ({
        op: 'trials',
        job: id,
        items,
        seed: MC_SEED,
        trials: MC_CHUNK_TRIALS,
      });
    }

    const common = { ...base, method: exact ? 'exact' : 'monte-carlo', labels };
    emit({ ...common, status: 'running' });

    const sizer = new BatchSizer();
    const openMessage = {
      op: 'open',
      job: id,
      players: [...scenario.players],
      board: scenario.board,
      dead: scenario.dead,
      method,
    };
    const execute = async (slot, positions) => {
      const items = itemsOf(positions);
      // Generous deadline: a worker this late is presumed dead.
      const expected = (sizer.msPerItem ?? 50) * items.length;
      // Pipelined: the worker handles messages in order, so the chunk
      // request follows `open` without waiting for its reply.
      const opened = pool.ensureOpen(slot, id, openMessage);
      const counts = pool.call(slot, request(items), {
        deadlineMs: Math.max(10_000, 20 * expected),
      });
      await Promise.all([opened, counts]);
      return counts; // {counts, ms}
    };

    let last = null;
    let lastAt = -Infinity;
    let timer = 0;
    // The estimate of the merged prefix, on this thread (it is cheap, but
    // not free with 10 players: at most one partial per PARTIAL_MS).
    const publish = (merge, stats) => {
      clearTimeout(timer);
      if (this.current !== handle) return;
      lastAt = performance.now();
      const est = estimate(players, merge.prefixCounts(), total, exact);
      last = {
        ...common,
        status: merge.complete ? 'done' : 'running',
        exact: exact && est.exact,
        estimate: est,
        progress: progressOf(stats),
      };
      if (last.exact) mark('allin:exact');
      emit(last);
    };
    const run = runJob({
      total,
      width,
      slots: pool.size,
      execute,
      weightOf,
      sizer,
      onMerged: (merge, stats) => {
        const wait = PARTIAL_MS - (performance.now() - lastAt);
        clearTimeout(timer);
        if (merge.complete || wait <= 0) publish(merge, stats);
        else timer = setTimeout(() => publish(merge, run.stats()), wait);
      },
    });
    handle.run = run;
    try {
      await run.promise;
    } finally {
      clearTimeout(timer);
    }
    return { id, ...last };
  }
}

function progressOf(stats) {
  const seconds = stats.elapsedMs / 1000;
  return {
    fraction: stats.totalWork > 0 ? stats.work / stats.totalWork : 1,
    work: stats.work,
    totalWork: stats.totalWork,
    showdowns: stats.showdowns,
    elapsedMs: stats.elapsedMs,
    perSecond: seconds > 0 ? stats.showdowns / seconds : 0,
  };
}
