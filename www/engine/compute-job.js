// One compute job of the engine (engine.js's compute()), in named steps:
// check the scenario, wait for the preflop table if it needs it, open the
// job on this thread for its plan, then run it: inline while no worker is
// ready (the page's first job, if small and exact), else in the workers,
// chunk by chunk (scheduler.js), publishing a merged estimate at most every
// PARTIAL_MS. DOM-free; the numbers and their errors come from the engine.

import {
  CHUNK_TRIALS,
  DEFAULT_SEED,
  DEFAULT_TARGET_ERROR,
  TARGET_CAP_TRIALS,
  TARGET_ERRORS,
} from '../model/run-policy.js';
import { OP } from './protocol.js';
import { jobSpec, moduleOf } from '../model/game.js';
import {
  BatchSizer,
  CancelledError,
  runJob,
  shuffledOrder,
  SummedMerge,
  unitsInChunk,
} from './scheduler.js';

/**
 * Exact jobs costing at most this many evaluations (boards × players) run
 * on the main thread while no worker is ready yet, i.e. the page's first
 * job: a few milliseconds of wasm instead of waiting ~100 ms for workers to
 * boot. Every job after that goes to the workers.
 */
export const INLINE_MAX_COST = 4_000_000;
/**
 * The same for a job answered from the preflop table, in lookups (each
 * costs far more than an evaluation of the enumeration: ~0.1 µs vs a few
 * ns): top 10% vs top 10% is ~18,500.
 */
export const INLINE_MAX_LOOKUPS = 50_000;

/** Shortest time between two partial results of a job. */
const PARTIAL_MS = 30;

/**
 * Monte Carlo: trials per chunk, and the most trials of a job: it stops at
 * the first chunk, in order, whose merged counts reach the scenario's
 * target error (`scenario.error`, default ±0.1 percentage points), the
 * core's rule (`job.target_reached`), as the CLI's `--error` and the API's
 * `targetError`.
 */
export const MC_CHUNK_TRIALS = CHUNK_TRIALS;
export const MC_TRIALS = TARGET_CAP_TRIALS;

/** The target error a scenario asks for: one of the run policy's, else the default. */
export function targetErrorOf(scenario) {
  const e = Number(scenario?.error);
  return TARGET_ERRORS.includes(e) ? e : DEFAULT_TARGET_ERROR;
}
/** Monte Carlo seed: fixed, so a link always shows the same sample. */
export const MC_SEED = DEFAULT_SEED;

// Before a job's first reply the pool has no measured speed to judge a
// silent worker by (see worker-pool.js): the first batch's deadline is then
// 20 × a pessimistic guess from the job's cost, at SLOW_EVALS_PER_MS (a slow
// phone, several times below this machine's wasm), and at least
// FIRST_DEADLINE_MS, instead of the 10 s a later request may be allowed.
const SLOW_EVALS_PER_MS = 5_000;
const FIRST_DEADLINE_MS = 4_000;

/** Methods a job can be asked for; anything else is auto. */
const METHODS = new Set(['auto', 'exact', 'monte-carlo']);

/** A performance mark, for the bench (tests/e2e/bench.mjs) and devtools. */
export function mark(name) {
  globalThis.performance?.mark?.(name);
}

/** A failed job's error as the UI shows it: `{field, message}`. */
export function errorInfo(err) {
  return { field: err?.field ?? null, message: err?.message ?? String(err) };
}

/** What every update starts from: no numbers yet. */
function blank() {
  return { exact: false, labels: [], estimate: null, progress: null, error: null };
}

/** Sends an error update and returns it (the job's last). */
function failed(id, emit, error) {
  const update = { ...blank(), status: 'error', method: null, error };
  emit(update);
  return { id, ...update };
}

/**
 * Runs compute job `id` of `engine` for `scenario`, sending its updates
 * through `emit`; resolves with the last one. Throws CancelledError when
 * `handle` is no longer the engine's current job while it waits.
 */
export async function runCompute(engine, id, scenario, emit, handle) {
  const method = METHODS.has(scenario.method) ? scenario.method : 'auto';
  if (!engine.hasGame(scenario)) {
    emit({ ...blank(), status: 'running', method: null, waiting: 'engine' });
    await engine.ready(scenario);
    if (engine.current !== handle) throw new CancelledError();
  }
  const check = engine.check(scenario);
  if (check.error) return failed(id, emit, check.error);
  if (check.tableFits && !engine.tableLoaded) {
    emit({ ...blank(), status: 'running', method: null, waiting: 'table' });
    if (!(await engine.tableFor(check, () => engine.current === handle))) throw new CancelledError();
  }
  // Open the job here too: it validates once more, tells the plan (with
  // the preflop table if this thread has it; the workers are told to use
  // it exactly when this job does) and reads the counts into numbers.
  const spec = jobSpec(scenario, method);
  let job;
  try {
    job = engine.quick((w) => engine.openJob(w, spec));
  } catch (err) {
    return failed(id, emit, errorInfo(err));
  }
  try {
    const plan = planOf(job);
    const pool = engine.startWorkers();
    const inlineMax = plan.usesTable ? INLINE_MAX_LOOKUPS : INLINE_MAX_COST;
    if (plan.exact && job.cost_at_most(inlineMax) && !pool.anyReady()) {
      // The first job of the page, while the workers boot.
      return runInline(engine, id, job, plan, emit);
    }
    plan.targetError = plan.exact ? null : targetErrorOf(scenario);
    return await runInWorkers(engine, { id, spec, job, plan, pool, emit, handle });
  } finally {
    job.free();
  }
}

/** What the job opened on this thread says about its work. */
function planOf(job) {
  return {
    players: job.players,
    exact: job.exact,
    labels: job.labels,
    totalUnits: job.total_units(),
    chunks: job.exact_chunks(),
    ranges: job.ranges,
    usesTable: job.uses_table,
    // Why "auto" samples (too many boards for exact…), for the UI; null when exact.
    whySampled: job.why_sampled ?? null,
    game: job.game,
    // Omaha Hi-Lo: the results carry each player's scoop, high and low.
    hilo: job.hilo,
    // Counts per chunk (a tally, or wider: Omaha's pot counts).
    countsWidth: job.counts_width,
    // Evaluations of the whole exact job (an upper bound, as text: it can
    // pass 2^53; a float is plenty for a time guess).
    exactCost: Number(job.cost),
  };
}

/** Runs a small exact job whole on this thread; its one update. */
function runInline(engine, id, job, plan, emit) {
  const { labels, ranges, usesTable, totalUnits } = plan;
  const t0 = performance.now();
  const tally = engine.quick(() => job.run_strided(0, 1));
  const elapsedMs = performance.now() - t0;
  const est = engine.quick(() => job.estimate(tally, 1));
  const showdowns = est.showdowns;
  const update = {
    ...blank(),
    status: 'done',
    method: 'exact',
    exact: est.exact,
    labels,
    ranges,
    usesTable,
    game: plan.game,
    hilo: plan.hilo,
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

/**
 * How job `id`'s work is cut into items: exact, the units in a shuffled
 * order of chunks; Monte Carlo, chunks of MC_CHUNK_TRIALS trials.
 * `{total, weightOf(position), itemsOf(positions), request(items)}`.
 */
function workOf(id, plan) {
  if (plan.exact) {
    const stride = plan.chunks;
    const order = shuffledOrder(stride, (Math.random() * 2 ** 32) >>> 0);
    return {
      total: stride,
      weightOf: (pos) => unitsInChunk(order[pos], stride, plan.totalUnits),
      itemsOf: (positions) => positions.map((p) => order[p]),
      request: (items) => ({ op: OP.chunks, job: id, items, stride }),
    };
  }
  return {
    total: Math.ceil(MC_TRIALS / MC_CHUNK_TRIALS),
    weightOf: () => MC_CHUNK_TRIALS,
    itemsOf: (positions) => positions,
    request: (items) => ({
      op: OP.trials,
      job: id,
      items,
      seed: MC_SEED,
      trials: MC_CHUNK_TRIALS,
    }),
  };
}

/**
 * Runs the job in the workers, publishing merged estimates (read by `job`,
 * this thread's copy); resolves with the last update.
 */
async function runInWorkers(engine, { id, spec, job, plan, pool, emit, handle }) {
  const { players, exact, labels, ranges, usesTable, whySampled } = plan;
  const { total, weightOf, itemsOf, request } = workOf(id, plan);
  const common = {
    ...blank(),
    method: exact ? 'exact' : 'monte-carlo',
    whySampled,
    labels,
    ranges,
    usesTable,
    game: plan.game,
    hilo: plan.hilo,
    targetError: plan.targetError ?? null,
  };
  emit({ ...common, status: 'running' });

  const sizer = new BatchSizer();
  const module = moduleOf(spec);
  const compiled = module === 'allin' ? null : engine.compiledModule(module);
  const openMessage = { ...spec, op: OP.open, job: id, table: usesTable, module, compiled };
  // Evaluations per item, for the first batch's deadline.
  const guessEvals = exact ? plan.exactCost / total : MC_CHUNK_TRIALS * players;
  const guessMs = Number.isFinite(guessEvals) ? guessEvals / SLOW_EVALS_PER_MS : 50;
  const execute = async (slot, positions) => {
    const items = itemsOf(positions);
    // Generous deadline: a worker this late is presumed dead. Before any
    // measure, a guess from the cost with a shorter floor.
    const measured = sizer.msPerItem != null;
    const expected = (measured ? sizer.msPerItem : guessMs) * items.length;
    const floorMs = measured ? 10_000 : FIRST_DEADLINE_MS;
    // Pipelined: the worker handles messages in order, so the chunk
    // request follows `open` without waiting for its reply.
    const opened = pool.ensureOpen(slot, id, openMessage);
    const counts = pool.call(slot, request(items), {
      deadlineMs: Math.max(floorMs, 20 * expected),
    });
    await Promise.all([opened, counts]);
    return counts; // {counts, ms}
  };

  let last = null;
  let lastAt = -Infinity;
  let timer = 0;
  // The estimate of the merged prefix, on this thread (it is cheap, but
  // not free with 10 players: at most one partial per PARTIAL_MS). An
  // estimate whose error means nothing yet (too few chunks or trials) is
  // not sent: the update has no numbers, and the UI says "Working…".
  const publish = (merge, stats) => {
    clearTimeout(timer);
    if (engine.current !== handle) return;
    lastAt = performance.now();
    let est;
    try {
      est = engine.quick(() => job.estimate(merge.prefixCounts(), total));
    } catch (err) {
      last = { ...common, status: 'error', estimate: null, progress: null, error: errorInfo(err) };
      emit(last);
      handle.cancel();
      return;
    }
    const progress = progressOf(stats);
    if (plan.targetError != null) {
      // Towards a target error: errors shrink as 1/sqrt(deals).
      const worst = Math.max(...est.players.map((p) => p.stdError)) * 100;
      const towards = worst > 0 ? Math.min(1, (plan.targetError / worst) ** 2) : 0;
      progress.fraction = merge.complete ? 1 : Math.max(progress.fraction, towards);
      progress.error = worst;
    }
    last = {
      ...common,
      status: merge.complete ? 'done' : 'running',
      exact: exact && est.exact,
      estimate: est.exact || est.reliable ? est : null,
      progress,
    };
    if (last.exact) mark('allin:exact');
    emit(last);
  };
  const target = plan.targetError;
  const run = runJob({
    total,
    width: plan.countsWidth,
    ...(exact
      ? {}
      : {
          merge: new SummedMerge(plan.countsWidth, total, (sum) =>
            target != null && engine.quick(() => job.target_reached(sum, target))),
        }),
    // (Counts wider than a tally, Omaha's, start with its 2^players showdowns.)
    showdownsWidth: 2 ** players,
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

/** The scheduler's stats as an update's `progress`. */
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
