// The page's only door to the wasm engine. It never touches the DOM: the UI
// (app.js and its views, evaluator.js, odds-view.js) calls these functions
// and renders what they return. Everything poker-specific (parsing,
// canonical card text, labels, hand classes, error messages, equity
// statistics) comes from the Rust engine; nothing here re-derives it.
//
// The module is compiled once (WebAssembly.compileStreaming) and
// instantiated on the main thread for quick calls (checking input as it is
// typed, estimates from tallies) and once per worker of the pool
// (worker-pool.js) for the equity work, scheduled by scheduler.js; a job
// runs in named steps in compute-job.js. While no worker is ready yet (the
// page's first job), a small exact job runs on the main thread
// (INLINE_MAX_COST). The heatmap is one small job per hand class, each whole
// on one worker (op `cell` of protocol.js).
//
// The heads-up preflop table (data/preflop-hu.bin, 564 KB) is fetched only
// when a job needs it, and the job waits for it, so its plan is the same on
// this thread and in every worker (each gets a copy before its first job
// that uses it); if it cannot be fetched, the job runs without it (slower).
//
// A trap (WebAssembly.RuntimeError) poisons an instance: after one, quick()
// never uses it again; a spare copy of the glue module (the same file under
// another URL fragment), imported ahead of need, gets a fresh instance.
// Workers that trap are replaced by the pool.
//
// Four wasm modules (Cargo.toml's features): the core, pkg/allin.js (Hold'em
// equity, checks, ranges, the grid, the preflop table, the game catalogue),
// is all the page loads before its first result; the others
// (engine-support.js's LAZY_MODULES) load when something first needs them
// (loadModule(), here and in each worker): pkg/allin_extra.js (hand
// strength, detail, texture, pot odds, ranges explained and written for
// other tools, the evaluator's names and deals, three-card and five-card), allin_board.js (Omaha, Short Deck) and allin_mixed.js
// (draw, stud). A game's module is the catalogue's (model/game.js moduleOf).

import * as firstGlue from '../pkg/allin.js';
import { errorInfo, mark, runCompute } from './compute-job.js';
import { runHeatmap } from './heatmap-job.js';
import { runDetail } from './detail-job.js';
import { cancelStrength, startStrength } from './strength-job.js';
import { gameOf, jobSpec, moduleOf } from '../model/game.js';
import { runWinRates } from './three-card-job.js';
import { WorkerPool } from './worker-pool.js';
import {
  compile, defaultWorkerCount, emptyRange, importGlue, jobHandle, merged, notChecked, text,
} from './engine-support.js';
import { LazyModules } from './lazy-modules.js';

export { defaultWorkerCount };

export {
  INLINE_MAX_COST,
  INLINE_MAX_LOOKUPS,
  MC_CHUNK_TRIALS,
  MC_SEED,
  MC_TRIALS,
} from './compute-job.js';
export { HEAT_EXACT_COST, HEAT_TRIALS } from './heatmap-job.js';
export { DETAIL_CHUNKS, DETAIL_TRIALS } from './detail-job.js';

/** The heads-up preflop table, next to this module. */
const TABLE_URL = new URL('../data/preflop-hu.bin', import.meta.url);

let loading = null;

/**
 * Loads the engine once (later calls share the promise, whatever their
 * options). The .wasm is found relative to this module (any sub-path works).
 * With `workers: true` the pool starts at once, loading its scripts while
 * the module compiles (else on the first compute). The page's engine is also
 * `globalThis[Symbol.for('allin.engine')]` (the promise): the built page
 * bundles this module, so the browser tests reach its engine there.
 * @param {{workers?: boolean}} [options]
 * @returns {Promise<Engine>}
 */
export function loadEngine({ workers = false } = {}) {
  loading ??= load(workers);
  globalThis[Symbol.for('allin.engine')] ??= loading;
  return loading;
}

async function load(workers) {
  const url = new URL('../pkg/allin_bg.wasm', import.meta.url);
  const compiling = compile(url);
  const pool = workers ? new WorkerPool({ size: defaultWorkerCount(), module: compiling }) : null;
  const module = await compiling;
  mark('allin:compiled');
  firstGlue.initSync({ module });
  const engine = new Engine(module, pool);
  mark('allin:ready');
  return engine;
}

export class Engine {
  constructor(module, pool = null, glue = firstGlue) {
    this.module = module;
    this.pool = pool;
    /** The main thread's core instance: a glue module namespace. */
    this.core = glue;
    /** The lazy modules (LAZY_MODULES), once asked for (loadModule). */
    this.mods = new LazyModules(() => this.instances);
    /** What quick() hands to calls: the core's exports, and the lazy modules' once loaded. */
    this.wasm = glue;
    /** Instances made on this thread, and the spare glue copy (imported ahead). */
    this.instances = 1;
    this.spare = null;
    this.prepareSpare();
    this.current = null;
    this.jobCounter = 0;
    /** The preflop table: its bytes once loaded, and the load under way. */
    this.tableBytes = null;
    this.tableLoading = null;
    this.heat = null;
    this.heatCounter = 0;
    this.detailJob = null;
    this.detailCounter = 0;
    /** deck, handClasses and ranking, made when first read (a page's start need not wait for what it draws later). */
    this.lazy = {};
  }

  // ---- the main thread's instance ----

  /** Imports the next spare copy of the glue (a module, not yet an instance); each loaded lazy module's too. */
  prepareSpare() {
    const n = this.instances + 1;
    this.spare = null;
    importGlue(n).then(
      (glue) => {
        if (this.instances + 1 === n) this.spare = glue;
      },
      () => {}, // tried again after the next trap
    );
    this.mods.prepareSpares(n);
  }

  /** Whether module `name` ('allin', or one of LAZY_MODULES) is loaded on this thread. */
  loaded(name) {
    return this.mods.loaded(name);
  }

  /** Whether the extra module (the Hold'em panels, three- and five-card) is loaded on this thread. */
  get extraLoaded() {
    return this.loaded('allin_extra');
  }

  /**
   * Module `name`'s compiled WebAssembly.Module once this thread has
   * compiled it (the core's always), else null: requests that need a lazy
   * module carry it (`compiled`), so a worker instantiates it without
   * fetching or compiling its own copy.
   */
  compiledModule(name) {
    return name === 'allin' ? this.module : this.mods.compiled(name);
  }

  /**
   * Loads lazy module `name` on this thread (once; again after a failure).
   * Workers instantiate the same compiled module when a request needs it.
   * @returns {Promise<void>}
   */
  loadModule(name) {
    return this.mods.load(name, () => {
      this.wasm = this.core ? merged(this.core, this.mods.glues()) : null;
      mark(`allin:${name}`);
    });
  }

  /** Loads the extra module (the Hold'em panels, three- and five-card): loadModule('allin_extra'). */
  loadExtra() {
    return this.loadModule('allin_extra');
  }

  /** Whether the module `scenario`'s game needs is loaded on this thread. */
  hasGame(scenario) {
    return this.loaded(moduleOf(scenario));
  }

  /** Resolves once what `scenario`'s game needs on this thread is loaded. */
  ready(scenario) {
    return this.loadModule(moduleOf(scenario));
  }

  /** The exports whose `Job` and `check` take `spec`'s game: quick()'s `w` for the core's, else its module's own. */
  jobGlue(w, spec) {
    const name = moduleOf({ game: spec.game });
    return name === 'allin' ? w : this.mods.glue(name);
  }

  /** Opens `spec`'s job (model/game.js's jobSpec) in quick()'s `w`; throws the engine's error. The caller frees it. */
  openJob(w, spec) {
    const glue = this.jobGlue(w, spec);
    if (!glue) throw new Error('the engine for this game is not loaded yet');
    return new glue.Job(spec);
  }

  /**
   * Runs `call(wasm)` on this thread's instance. A trap leaves the
   * instance unusable: it is replaced (see replaceInstance) and the call
   * fails with an Error saying so; other errors pass through.
   */
  quick(call) {
    if (this.wasm === null) this.replaceInstance();
    if (this.wasm === null) throw new Error('the engine is restarting after a failure; try again');
    try {
      return call(this.wasm);
    } catch (err) {
      if (!(err instanceof WebAssembly.RuntimeError)) throw err;
      // Either instance may have trapped: both are replaced.
      this.wasm = null;
      this.core = null;
      this.replaceInstance();
      console.warn(`allin: the engine trapped (${err.message}); a new instance replaces it`);
      throw new Error(`the engine failed (${err.message}) and was restarted`);
    }
  }

  /**
   * Fresh instances from the spare glue copies, with the preflop table if
   * loaded. A lazy module whose spare is not there yet is dropped:
   * loadModule() makes it again when next needed.
   */
  replaceInstance() {
    const glue = this.spare;
    if (!glue) {
      this.prepareSpare();
      return;
    }
    glue.initSync({ module: this.module });
    if (this.tableBytes) glue.load_preflop_table(new Uint8Array(this.tableBytes));
    this.core = glue;
    this.mods.replace();
    this.wasm = merged(glue, this.mods.glues());
    this.instances++;
    this.prepareSpare();
  }

  /** `w` (quick()'s), or a clear error when the extra module is not loaded on this thread yet (loadExtra()). */
  extra(w) {
    if (!this.extraLoaded) throw new Error("the engine's extra module is not loaded yet (loadExtra() first)");
    return w;
  }

  /** quick(), with a thrown Error turned into {ok: false, error}. */
  attempt(call) {
    try {
      return { ok: true, value: this.quick(call) };
    } catch (err) {
      return { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
  }

  /** The 52 cards in id order: [{code, rank, rankIndex, suit, suitIndex}, …]. */
  get deck() {
    return (this.lazy.deck ??= this.quick((w) => w.deck()));
  }

  /** The 169 hand classes in grid order: [{label, name, row, col, kind, combos, strength, …}, …]. */
  get handClasses() {
    return (this.lazy.handClasses ??= this.quick((w) => w.hand_classes()));
  }

  /** The ranking behind X%: {opponents, description, max_opponents}. */
  get ranking() {
    return (this.lazy.ranking ??= this.quick((w) => w.ranking_info()));
  }

  /** Starts the workers now (else on the first compute). */
  startWorkers(size = defaultWorkerCount()) {
    this.pool ??= new WorkerPool({ size, module: this.module });
    if (this.tableBytes) this.pool.setTable(this.tableBytes);
    return this.pool;
  }

  /** Whether the preflop table is loaded (on this thread; workers get it when they need it). */
  get tableLoaded() {
    return this.tableBytes !== null;
  }

  /**
   * Fetches the heads-up preflop table (once; a failed fetch may be tried
   * again later) and loads it into this thread's instance and the pool.
   * @returns {Promise<void>}
   */
  loadTable() {
    this.tableLoading ??= (async () => {
      const t0 = performance.now();
      const response = await fetch(TABLE_URL);
      if (!response.ok) throw new Error(`cannot load ${TABLE_URL}: HTTP ${response.status}`);
      const bytes = await response.arrayBuffer();
      this.quick((w) => w.load_preflop_table(new Uint8Array(bytes)));
      this.tableBytes = bytes;
      this.tableMs = performance.now() - t0;
      this.pool?.setTable(bytes);
      mark('allin:table');
    })().catch((err) => {
      this.tableLoading = null;
      throw err;
    });
    return this.tableLoading;
  }

  get workerCount() {
    return this.pool?.size ?? 0;
  }

  // ---- quick calls, on this thread ----

  /** The hand categories, weakest first: [{name, label}, …]. */
  categories() {
    return this.quick((w) => w.categories());
  }

  /** Evaluates 5 to 7 cards as typed; never throws. */
  evaluateHand(cards) {
    return this.attempt((w) => w.evaluate_hand(cards));
  }

  /** Evaluates three cards under three-card rules; never throws. */
  evaluateThreeCard(cards, rules) {
    return this.attempt((w) => w.evaluate_three_card(cards, rules));
  }

  /**
   * Pot odds (the extra module: loadExtra() first) of calling `call` into `pot` (text as typed, or numbers) at
   * `equity` (0..1, or undefined), by the engine's PotOdds: `{ok: true,
   * value: {pot, call, odds, needed, equity, evCall, kelly}}` or `{ok:
   * false, error, field}` (`'pot'`, `'call'`, `'equity'`). Never throws.
   */
  potOdds(pot, call, equity) {
    try {
      return { ok: true, value: this.quick((w) => this.extra(w).pot_odds(pot, call, equity)) };
    } catch (err) {
      return { ok: false, error: err instanceof Error ? err.message : String(err), field: err?.field ?? null };
    }
  }

  /**
   * Checks a scenario as typed: every field's cards (for greying out the
   * deck) and the first error with its field. Never throws.
   */
  check(scenario) {
    const players = Array.isArray(scenario?.players) ? scenario.players : [];
    if (!this.hasGame(scenario)) {
      // (The page awaits ready(scenario) first; a caller that did not gets this.)
      return notChecked(players, this.tableLoaded, 'Loading the engine for this game…');
    }
    const spec = jobSpec(scenario);
    const result = this.attempt((w) => this.jobGlue(w, spec).check(spec));
    // A link that was not read whole (scenario.js) is the first thing to fix.
    const problem = typeof scenario?.problem === 'string' ? scenario.problem : null;
    if (result.ok && problem) return { ...result.value, error: { field: 'players', message: problem } };
    if (result.ok) return result.value;
    return notChecked(players, this.tableLoaded, result.error);
  }

  /** A combo of hand class `label` avoiding `usedCodes`: {ok, value: "AsKs"} or {ok: false, error}. */
  pickCombo(label, usedCodes) {
    return this.attempt((w) => w.pick_combo(label, [...usedCodes]));
  }

  /** The class label ("AKs") of two hole cards as typed, or undefined. */
  classOf(cards) {
    const result = this.attempt((w) => w.class_of(cards));
    return result.ok ? result.value : undefined;
  }

  // ---- ranges (all from the engine: canonical text, grid fill, errors) ----

  /**
   * Reads range text: {ok, text (canonical), combos, weighted, percent,
   * fill: [169], counts: [169], error: {message, position} | null}; `fill`
   * and `counts` follow handClasses' order. Never throws.
   */
  parseRange(range) {
    const result = this.attempt((w) => w.parse_range(text(range)));
    return result.ok ? result.value : emptyRange(result.error);
  }

  /**
   * `text`'s range with the classes `labels` set to `weight` (0…1; 0
   * removes them), as parseRange returns it (canonical text).
   */
  editRange(range, labels, weight) {
    const permille = Math.round(Math.min(1, Math.max(0, Number(weight) || 0)) * 1000);
    const result = this.attempt((w) => w.edit_range(text(range), [...labels], permille));
    return result.ok ? result.value : emptyRange(result.error);
  }

  /** The top `percent`% of hands by the engine's ranking (see `ranking`), as parseRange returns it. */
  topRange(percent) {
    const hundredths = Math.round(Math.min(100, Math.max(0, Number(percent) || 0)) * 100);
    const result = this.attempt((w) => w.range_top(hundredths));
    return result.ok ? result.value : emptyRange(result.error);
  }

  /** Range text item by item (the extra module: loadExtra() first): {ok, items: [{token, position, text, classes, combos, comboCount, weight, weightText}], error}. */
  explainRange(range) {
    const result = this.attempt((w) => this.extra(w).explain_range(text(range)));
    return result.ok
      ? result.value
      : { ok: false, items: [], error: { message: result.error, position: null } };
  }

  /**
   * What range text makes and draws on a flop or turn (texture-view.js):
   * {ok: true, value: {range, board, combos, weighted, removed,
   * removedWeighted, rows: [{row, kind, label, combos, weighted, share}],
   * classWeighted: [169], classShares: [rows][169]}} or {ok: false, error,
   * field}. Cheap (at most 1,326 combos): on this thread. Never throws.
   */
  rangeTexture(range, board, dead) {
    try {
      return { ok: true, value: this.quick((w) => w.range_texture(text(range), text(board), text(dead))) };
    } catch (err) {
      return { ok: false, error: err instanceof Error ? err.message : String(err), field: err?.field ?? null };
    }
  }

  // ---- equity, in the workers ----

  /**
   * Computes a scenario, calling `onUpdate(update)` with every new partial
   * result and the final one. Latest call wins: a new compute (or cancel)
   * stops the previous job at once; it sends no more updates.
   * @param {import('./engine-support.js').Scenario} scenario
   * @param {(update: import('./engine-support.js').Update) => void} onUpdate
   * @returns {{id: number, cancel(): void, done: Promise<import('./engine-support.js').Update>}}
   */
  compute(scenario, onUpdate) {
    this.cancel();
    const id = ++this.jobCounter;
    const handle = jobHandle(id);
    const emit = (update) => {
      if (handle.live && this.current?.id === id) onUpdate({ id, ...update });
    };
    this.current = handle;
    handle.done = runCompute(this, id, scenario, emit, handle).then(
      (update) => update,
      (err) => {
        if (err?.cancelled || !handle.live) return null;
        const update = {
          status: 'error',
          exact: false,
          method: null,
          labels: [],
          estimate: null,
          progress: null,
          error: errorInfo(err),
        };
        emit(update);
        return { id, ...update };
      },
    );
    return handle;
  }

  /** Stops the running job, if any (not the heatmap: see cancelHeatmap). */
  cancel() {
    this.current?.cancel();
    this.current = null;
  }

  /** Waits for the preflop table if the scenario's job would use it; false if cancelled meanwhile. */
  async tableFor(check, stillWanted) {
    if (!check.tableFits || this.tableLoaded) return true;
    try {
      await this.loadTable();
    } catch {
      // Computed without it: slower, still right.
    }
    return stillWanted();
  }

  // ---- the heatmap, in the workers ----

  /**
   * The heatmap: player `player`'s (0-based) equity with each of the 169
   * hand classes against the other players' hands or ranges on the
   * scenario's board. One small job per class, the player's text replaced
   * by the class label (the engine removes what the cards in play make
   * impossible), each run whole on one worker: exact when it costs at most
   * HEAT_EXACT_COST, else HEAT_TRIALS random deals.
   *
   * `onCell(cell)` is called as each class finishes, in no fixed order:
   * `{index, label, equity, stdError, exact, showdowns, ms}` (index into
   * handClasses), or `{index, label, error: {field, message}}` when that
   * class cannot be dealt. Latest call wins: a new heatmap, or
   * cancelHeatmap(), stops this one and it reports nothing more.
   *
   * @returns {{id: number, cancel(): void, done: Promise<{status: 'done' |
   *   'error' | 'cancelled', cells?: number, failed?: number,
   *   exactCells?: number, elapsedMs?: number, error?: {field, message}}>}}
   */
  heatmap(scenario, player, onCell, { order } = {}) {
    this.cancelHeatmap();
    const handle = jobHandle(++this.heatCounter);
    this.heat = handle;
    const stillWanted = () => handle.live && this.heat === handle;
    const job = { scenario, player, onCell, handle, stillWanted, order };
    handle.done = runHeatmap(this, job).catch(
      (err) =>
        err?.cancelled || !stillWanted()
          ? { status: 'cancelled' }
          : {
              status: 'error',
              error: errorInfo(err),
            },
    );
    return handle;
  }

  /** Stops the running heatmap, if any. */
  cancelHeatmap() {
    this.heat?.cancel();
    this.heat = null;
  }

  // ---- what each hand makes and hits, in the workers ----

  /**
   * The detail of a scenario (detail-job.js): categories by the river per
   * player, and on a flop or turn the outs and each next card's equity.
   * `onProgress(fraction)` as chunks finish. Latest call wins: a new
   * detail, or cancelDetail(), stops this one at once.
   * @returns {{id: number, cancel(): void, done: Promise<{status: 'done' |
   *   'error' | 'cancelled', exact?: boolean, whySampled?: string | null,
   *   trials?: number | null, hasNext?: boolean, deals?: number,
   *   players?: any[], error?: {field, message}}>}}
   */
  detail(scenario, onProgress = () => {}) {
    this.cancelDetail();
    const handle = jobHandle(++this.detailCounter);
    this.detailJob = handle;
    const stillWanted = () => handle.live && this.detailJob === handle;
    handle.done = runDetail(this, { scenario, onProgress, handle, stillWanted }).catch((err) =>
      err?.cancelled || !stillWanted() ? { status: 'cancelled' } : { status: 'error', error: errorInfo(err) },
    );
    return handle;
  }

  /** Stops the running detail, if any. */
  cancelDetail() {
    this.detailJob?.cancel();
    this.detailJob = null;
  }

  // ---- hand strength, in the workers (strength-job.js) ----

  /**
   * Player `hero`'s (0-based) hand strength and potential (HS, PPot, NPot,
   * EHS) against every other player, on the scenario's flop or turn;
   * `onUpdate` as strength-job.js says. Latest call wins.
   */
  strength(scenario, hero, onUpdate) {
    return startStrength(this, scenario, hero, onUpdate);
  }

  /** Stops the running strength job, if any. */
  cancelStrength() {
    cancelStrength(this);
  }

  // ---- three-card: the win-rate table, the rules, the census, the strength model ----

  /**
   * The hero's win rate in `scenario` against 1 to 5 opponents, each
   * `opponent` (`random` or `X%`): `onRow(row)` per row as it finishes
   * (three-card-job.js). Latest call wins, as for the heatmap.
   */
  winRates(scenario, opponent, onRow) {
    this.cancelWinRates();
    const handle = jobHandle(++this.heatCounter);
    this.rates = handle;
    const stillWanted = () => handle.live && this.rates === handle;
    handle.done = runWinRates(this, { scenario, opponent, onRow, handle, stillWanted }).catch((err) =>
      err?.cancelled || !stillWanted() ? { status: 'cancelled' } : { status: 'error', error: errorInfo(err) },
    );
    return handle;
  }

  /** Stops the win-rate table, if running. */
  cancelWinRates() {
    this.rates?.cancel();
    this.rates = null;
  }

  /** A three-card wasm call on this thread: {ok, value} or {ok: false, error}. */
  threeCard(call) {
    return this.attempt(call);
  }
}
