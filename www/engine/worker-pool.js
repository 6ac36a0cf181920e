// A pool of engine workers (engine-worker.js), each with its own wasm
// instance of one module compiled once on the main thread. DOM-free.
//
// The messages (ops, requests, replies, the `fatal` and `field` of an
// error reply) are in protocol.js.
//
// The preflop table travels once per worker: after setTable(bytes), the
// first request that needs it (an `open` with `table: true`, or any request
// sent through ensureTable) is preceded by a `table` message with a copy of
// the bytes; a replacement worker gets it again the same way.
//
// A worker that fails is terminated and replaced in the same slot; its
// pending requests reject with `retry: true` so the scheduler runs them
// again (the counts are the same whoever computes a chunk). A slot that
// keeps failing gives up (retry: false) instead of looping. Failing is:
//   - an `error` event (an uncaught exception: at once), a `messageerror`
//     event, or a reply marked fatal (a wasm trap, or any error computing
//     chunks or trials: at once);
//   - silence. A worker that hangs, or dies without a word (terminated,
//     killed with its tab's process, `close()`d), sends nothing, and a busy
//     worker cannot send anything either (the engine runs synchronously),
//     so silence is judged against what the worker was asked to do: the
//     watchdog (below).
//
// The watchdog. Replies to `chunks` and `trials` tell the time per item of
// each job (the engine's own `ms`, averaged per job and op; message latency
// is left to the floor); a worker with such a request outstanding and
// nothing heard from it for
//     max(WATCHDOG.floorMs, WATCHDOG.factor × expected time of the batch)
// is presumed dead, where the batch is the oldest request still owed (the
// worker answers in order; its expected time is fixed when first known, so
// a hung worker slowing the others down does not extend its own time) and
// the clock restarts at each reply. Batches
// are sized to ~80 ms, so in practice this is the floor: 2 s, against the
// 10 s a silent death used to cost. Robustness on a loaded machine:
//   - silence is counted in ticks of WATCHDOG.tickMs, each counting at most
//     twice its length, so a main thread that was itself blocked (replies
//     then wait in its queue) is not mistaken for a silent worker;
//   - each time a job's request is timed out, that job's allowance doubles
//     (up to ×8): a false alarm costs one re-run, never a loop;
//   - until a job's first reply there is no measure: the caller's own
//     deadline (`deadlineMs`, also a cap on every request) applies. Other
//     ops (init, table, open, cell) keep their callers' deadlines.
// `events` keeps the last failures and replacements (for tests and
// devtools): {at, slot, what: 'failed' | 'ready', reason?}.

import { MEASURED_OPS, OP } from './protocol.js';
import { RetryableError } from './scheduler.js';

/** Replacements allowed per slot within RESPAWN_WINDOW_MS. */
const MAX_RESPAWNS = 5;
const RESPAWN_WINDOW_MS = 60_000;

/** How long silence may last (see the header). */
export const WATCHDOG = Object.freeze({ floorMs: 2_000, factor: 10, tickMs: 100, maxBackoff: 8 });

/** Ops whose requests carry `items` and whose replies teach the watchdog. */
const MEASURED = new Set(MEASURED_OPS);
/** Jobs whose speed is remembered (the newest). */
const MAX_RATES = 8;
/** Entries kept in `events`. */
const MAX_EVENTS = 32;

/** The default worker: a module worker next to this file. */
function defaultWorker() {
  return new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
}

export class WorkerPool {
  /**
   * `module` may be a promise: the workers start (and load their scripts)
   * at once, and are sent the module when it is compiled.
   * @param {{size: number, module: WebAssembly.Module | Promise<WebAssembly.Module>,
   *          createWorker?: () => Worker, now?: () => number,
   *          watchdog?: Partial<typeof WATCHDOG>}} options
   */
  constructor({
    size,
    module,
    createWorker = defaultWorker,
    now = () => performance.now(),
    watchdog = {},
  }) {
    this.module = module;
    this.createWorker = createWorker;
    this.now = now;
    this.watchdog = { ...WATCHDOG, ...watchdog };
    /** Per job and op (`chunks:7`): {msPerItem, backoff}, the newest MAX_RATES. */
    this.rates = new Map();
    /** The last failures and replacements: {at, slot, what, reason?}. */
    this.events = [];
    this.ticking = 0;
    this.lastTick = 0;
    this.nextId = 1;
    this.closed = false;
    /** The heads-up preflop table's bytes (an ArrayBuffer), once known. */
    this.table = null;
    /** Per slot: {worker, ready, pending: Map, openKey, respawns: number[], generation}. */
    this.slots = [];
    for (let i = 0; i < Math.max(1, size); i++) {
      this.slots.push({ respawns: [], generation: 0 });
      this.spawn(i);
    }
  }

  get size() {
    return this.slots.length;
  }

  /** Whether some worker has loaded and warmed up (and not failed since). */
  anyReady() {
    return this.slots.some((s) => s.isReady);
  }

  /**
   * Resolves when every worker has loaded and warmed up (after
   * replacements, if a first start failed); rejects if a slot gives up.
   */
  ready() {
    return Promise.all(this.slots.map((_, i) => this.slotReady(i)));
  }

  async slotReady(i) {
    for (;;) {
      const slot = this.slots[i];
      const generation = slot.generation;
      try {
        return await slot.ready;
      } catch (err) {
        if (slot.generation === generation || !err?.retry) throw err;
      }
    }
  }

  /** Starts (or restarts) the worker of slot `i`. */
  spawn(i) {
    const slot = this.slots[i];
    slot.generation++;
    slot.pending = new Map();
    /** Silence since the last reply (or since work was sent to an idle worker), in watchdog ms. */
    slot.silentMs = 0;
    /** When the last reply came (or work was sent to an idle worker). */
    slot.heardAt = this.now();
    slot.openKey = null;
    slot.isReady = false;
    slot.hasTable = false;
    slot.tableLoading = null;
    const worker = this.createWorker();
    slot.worker = worker;
    const generation = slot.generation;
    worker.onmessage = (event) => this.receive(i, generation, event.data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      this.fail(i, generation, `worker error: ${event.message ?? 'unknown'}`);
    };
    worker.onmessageerror = () => this.fail(i, generation, 'worker sent an unreadable message');
    slot.ready = Promise.resolve(this.module).then((module) =>
      slot.generation === generation
        ? this.post(i, { op: OP.init, module }, [], 30_000)
        : slot.ready,
    );
    const respawned = slot.respawns.length > 0;
    slot.ready.then(
      () => {
        if (slot.generation !== generation) return;
        slot.isReady = true;
        if (respawned) this.log({ slot: i, what: 'ready' });
      },
      // A failed init is handled by fail(); nobody may be waiting yet.
      () => {},
    );
  }

  /**
   * Sends a request to slot `i` now (the worker queues messages in order)
   * and resolves with its result. `deadlineMs` bounds the wait: past it the
   * worker is presumed dead.
   */
  post(i, message, transfer = [], deadlineMs = 60_000) {
    const slot = this.slots[i];
    const id = this.nextId++;
    const generation = slot.generation;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.fail(i, generation, `no reply to ${message.op} within ${deadlineMs} ms`),
        deadlineMs,
      );
      const measured = MEASURED.has(message.op) && Array.isArray(message.items);
      if (slot.pending.size === 0) this.heard(slot);
      slot.pending.set(id, {
        resolve,
        reject,
        timer,
        op: message.op,
        rateKey: measured ? `${message.op}:${message.job}` : null,
        items: measured ? message.items.length : 0,
        expectedMs: null,
        postedAt: this.now(),
      });
      this.startWatchdog();
      try {
        slot.worker.postMessage({ ...message, id }, transfer);
      } catch (err) {
        clearTimeout(timer);
        slot.pending.delete(id);
        reject(err);
      }
    });
  }

  /**
   * Sends a request to slot `i` once its worker is ready (after a
   * replacement, the new worker).
   */
  call(i, message, { transfer = [], deadlineMs = 60_000 } = {}) {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    const slot = this.slots[i];
    const generation = slot.generation;
    return slot.ready.then(() =>
      slot.generation === generation
        ? this.post(i, message, transfer, deadlineMs)
        : Promise.reject(new RetryableError('the worker was replaced')),
    );
  }

  /** Gives the workers the preflop table (an ArrayBuffer; each gets a copy when it first needs it). */
  setTable(bytes) {
    this.table = bytes;
  }

  /**
   * Makes sure slot `i`'s worker has the preflop table (if the pool has
   * it), sending it first if not: messages are queued in order, so a
   * request that needs the table may follow at once. Resolves when loaded.
   */
  ensureTable(i) {
    const slot = this.slots[i];
    if (!this.table || slot.hasTable) return slot.tableLoading ?? Promise.resolve();
    slot.hasTable = true;
    const generation = slot.generation;
    const bytes = this.table;
    const loading = slot.ready.then(() =>
      slot.generation === generation
        ? this.post(i, { op: OP.table, bytes }, [], 10_000)
        : Promise.reject(new RetryableError('the worker was replaced')),
    );
    slot.tableLoading = loading;
    loading.catch(() => {
      if (slot.tableLoading === loading) {
        slot.hasTable = false;
        slot.tableLoading = null;
      }
    });
    return loading;
  }

  /**
   * Makes sure slot `i`'s worker has job `key` open, sending `open` (the
   * job's message) first if not, and the preflop table before it if the
   * job uses it (`openMessage.table`). Messages are queued in order, so a
   * chunk request may follow at once.
   */
  ensureOpen(i, key, openMessage) {
    const slot = this.slots[i];
    if (slot.openKey === key && slot.opening) return slot.opening;
    if (openMessage.table) this.ensureTable(i);
    slot.openKey = key;
    const generation = slot.generation;
    const opening = slot.ready.then(() =>
      slot.generation === generation
        ? this.post(i, openMessage, [], 10_000)
        : Promise.reject(new RetryableError('the worker was replaced')),
    );
    slot.opening = opening;
    opening.catch(() => {
      if (slot.opening === opening) {
        slot.openKey = null;
        slot.opening = null;
      }
    });
    return opening;
  }

  receive(i, generation, data) {
    const slot = this.slots[i];
    if (slot.generation !== generation || !data || typeof data.id !== 'number') return;
    const entry = slot.pending.get(data.id);
    if (!entry) return;
    slot.pending.delete(data.id);
    clearTimeout(entry.timer);
    const t = this.now();
    if (data.ok && entry.rateKey) {
      // The engine's own time if the worker says (message latency is for
      // the floor to cover), else the wall time since this request could
      // start: it was sent, and the worker had answered everything before.
      const ms = data.result?.ms;
      const took = Number.isFinite(ms) ? ms : t - Math.max(entry.postedAt, slot.heardAt);
      this.learn(entry.rateKey, took / entry.items);
    }
    this.heard(slot);
    if (data.ok) {
      entry.resolve(data.result);
    } else if (data.fatal) {
      entry.reject(new RetryableError(data.error));
      this.fail(i, generation, data.error);
    } else {
      const err = new Error(data.error);
      if (data.field) err.field = data.field;
      entry.reject(err);
    }
  }

  /** Replaces slot `i`'s worker; its pending requests are to be retried. */
  fail(i, generation, reason) {
    const slot = this.slots[i];
    if (slot.generation !== generation || this.closed) return;
    const pending = [...slot.pending.values()];
    slot.pending.clear();
    slot.worker.terminate();
    const t = this.now();
    this.log({ slot: i, what: 'failed', reason });
    slot.respawns = slot.respawns.filter((at) => t - at < RESPAWN_WINDOW_MS);
    const giveUp = slot.respawns.length >= MAX_RESPAWNS;
    for (const { reject, timer } of pending) {
      clearTimeout(timer);
      const err = giveUp
        ? new Error(`the engine keeps failing (${reason})`)
        : new RetryableError(`a worker failed and is being replaced (${reason})`, reason);
      reject(err);
    }
    if (giveUp) {
      slot.generation++;
      slot.ready = Promise.reject(new Error(`the engine keeps failing (${reason})`));
      slot.ready.catch(() => {});
      return;
    }
    slot.respawns.push(t);
    this.spawn(i);
  }

  // ---- the watchdog (see the header) ----

  /** Records that an item of `rateKey` took `ms` of wall time. */
  learn(rateKey, ms) {
    if (!(ms >= 0) || !Number.isFinite(ms)) return;
    const rate = this.rates.get(rateKey);
    if (rate) {
      rate.msPerItem = 0.5 * rate.msPerItem + 0.5 * ms;
      return;
    }
    this.rates.set(rateKey, { msPerItem: ms, backoff: 1 });
    while (this.rates.size > MAX_RATES) this.rates.delete(this.rates.keys().next().value);
  }

  /**
   * How long slot `i` may stay silent now (Infinity: the callers' deadlines
   * decide). A request's expected time is fixed when first known: a worker
   * that hangs must not buy itself time by slowing the others down.
   */
  allowance(i) {
    const head = this.slots[i].pending.values().next().value;
    const rate = head?.rateKey ? this.rates.get(head.rateKey) : null;
    if (!rate) return Infinity;
    head.expectedMs ??= rate.msPerItem * head.items;
    const { floorMs, factor } = this.watchdog;
    return Math.max(floorMs, factor * head.expectedMs) * rate.backoff;
  }

  /** The slot's worker spoke (or was just given work): silence starts now. */
  heard(slot) {
    slot.heardAt = this.now();
    // The next tick charges the time since the last one: not before now.
    slot.silentMs = this.ticking ? this.lastTick - slot.heardAt : 0;
  }

  startWatchdog() {
    if (this.ticking || this.closed) return;
    this.lastTick = this.now();
    this.ticking = setInterval(() => this.tick(), this.watchdog.tickMs);
  }

  stopWatchdog() {
    clearInterval(this.ticking);
    this.ticking = 0;
  }

  /** One watchdog tick: charge each busy slot's silence, fail those silent too long. */
  tick() {
    const t = this.now();
    // A late tick means this thread was blocked: count at most two ticks.
    const dt = Math.min(t - this.lastTick, 2 * this.watchdog.tickMs);
    this.lastTick = t;
    let busy = false;
    this.slots.forEach((slot, i) => {
      if (!slot.pending?.size) return;
      busy = true;
      slot.silentMs += dt;
      const allowed = this.allowance(i);
      if (slot.silentMs <= allowed) return;
      const head = slot.pending.values().next().value;
      const rate = this.rates.get(head.rateKey);
      rate.backoff = Math.min(rate.backoff * 2, this.watchdog.maxBackoff);
      this.fail(
        i,
        slot.generation,
        `no reply to ${head.op} (${head.items} items) for ${Math.round(slot.silentMs)} ms, ` +
          `~${Math.ceil(head.expectedMs)} ms expected`,
      );
    });
    if (!busy) this.stopWatchdog();
  }

  log(event) {
    this.events.push({ at: this.now(), ...event });
    if (this.events.length > MAX_EVENTS) this.events.shift();
  }

  /** Stops every worker. */
  close() {
    this.closed = true;
    this.stopWatchdog();
    for (const slot of this.slots) {
      slot.worker?.terminate();
      for (const { reject, timer } of slot.pending.values()) {
        clearTimeout(timer);
        reject(new Error('the worker pool is closed'));
      }
      slot.pending.clear();
    }
  }
}
