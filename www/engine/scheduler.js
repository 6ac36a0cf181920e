// Scheduling a job's chunks over workers, and merging their tallies so that
// every partial result is an honest sample. DOM-free and worker-free: the
// engine (engine.js) plugs in real workers, the unit tests (tests/js) plug
// in fakes.
//
// Honest partials, in three steps:
//   1. An exact job of U units is cut into C strided chunks (chunk c holds
//      units c, c + C, c + 2C, …): every chunk is a spread-out slice of the
//      whole enumeration.
//   2. The chunks are run in a shuffled order (a random permutation).
//   3. Tallies are merged in *permutation order*: a reply that arrives early
//      waits until every chunk before it in the permutation is in. So the
//      merged set is always a prefix of a random permutation, i.e. a simple
//      random sample of the chunks, whatever the timing; a chunk that is
//      slow because its units are expensive cannot bias what is shown.
// The engine's ratio estimator (Estimate::from_chunks) turns that sample
// into equity ± standard error, exact when the prefix is all C chunks.
//
// Batches: a worker is handed several consecutive positions of the
// permutation at once. The first batch per job is a single chunk; later
// ones are sized from the measured time per chunk to take about
// `targetMs` (see BatchSizer), and the tail is shared among the workers.

/** A promise with its resolve and reject functions. */
function deferred() {
  let resolve;
  let reject;
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A small seeded PRNG (mulberry32): uniform 32-bit integers. */
export function rng32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/**
 * A uniformly random permutation of 0…n-1 (Fisher–Yates), fixed by `seed`.
 * @returns {Uint32Array}
 */
export function shuffledOrder(n, seed) {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const next = rng32(seed);
  for (let i = n - 1; i > 0; i--) {
    // Unbiased integer in 0..i (rejection sampling).
    const bound = i + 1;
    const limit = 0x100000000 - (0x100000000 % bound);
    let x;
    do x = next(); while (x >= limit);
    const j = x % bound;
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  return order;
}

/** Units in strided chunk `first` of `stride` over `totalUnits` units. */
export function unitsInChunk(first, stride, totalUnits) {
  return first >= totalUnits ? 0 : Math.ceil((totalUnits - first) / stride);
}

/**
 * Sizes batches from measured speed: the first batch is one chunk; then
 * about `targetMs` of work, never more than `maxItems`, and never more than
 * a fair share of what is left so that every worker finishes together.
 */
export class BatchSizer {
  constructor({ targetMs = 80, maxItems = 4096 } = {}) {
    this.targetMs = targetMs;
    this.maxItems = maxItems;
    /** Measured milliseconds per item (moving average), or null. */
    this.msPerItem = null;
  }

  /** Records that `items` items took `ms` milliseconds on one worker. */
  record(items, ms) {
    if (!(items > 0) || !(ms >= 0)) return;
    const sample = Math.max(ms, 0.01) / items;
    this.msPerItem = this.msPerItem === null ? sample : 0.5 * this.msPerItem + 0.5 * sample;
  }

  /** Items for the next batch, with `remaining` items left and `workers` workers. */
  size(remaining, workers) {
    if (remaining <= 0) return 0;
    if (this.msPerItem === null) return 1;
    const bySpeed = Math.max(1, Math.floor(this.targetMs / this.msPerItem));
    const fairShare = Math.max(1, Math.ceil(remaining / Math.max(1, workers)));
    return Math.min(bySpeed, fairShare, this.maxItems, remaining);
  }
}

/**
 * Tallies stored by position in the permutation, merged in order.
 * `prefix` is how many positions from the start are all in.
 */
export class OrderedMerge {
  /** @param {number} width counts per tally (2^players) @param {number} total positions */
  constructor(width, total) {
    this.width = width;
    this.total = total;
    this.counts = new Float64Array(width * total);
    this.have = new Uint8Array(total);
    this.received = 0;
    this.prefix = 0;
  }

  /**
   * Stores the tallies of `positions` (concatenated in `counts`). Returns
   * true when the prefix grew.
   */
  add(positions, counts) {
    if (counts.length !== positions.length * this.width) {
      throw new Error(`expected ${positions.length * this.width} counts, got ${counts.length}`);
    }
    positions.forEach((pos, i) => {
      if (this.have[pos]) return; // a duplicate reply (e.g. a re-run): keep the first
      this.counts.set(counts.subarray(i * this.width, (i + 1) * this.width), pos * this.width);
      this.have[pos] = 1;
      this.received++;
    });
    const before = this.prefix;
    while (this.prefix < this.total && this.have[this.prefix]) this.prefix++;
    return this.prefix > before;
  }

  /** The tallies of the merged prefix, concatenated (a view, not a copy). */
  prefixCounts() {
    return this.counts.subarray(0, this.prefix * this.width);
  }

  get complete() {
    return this.prefix === this.total;
  }
}

/**
 * Monte Carlo chunks summed in chunk order, as OrderedMerge's interface
 * (`add`, `prefixCounts`, `complete`, `have`, `received`, `prefix`), keeping
 * only the prefix's sum and the chunks that came early. `stop(sum)` is
 * asked after each chunk joins the prefix, in order: when it says true the
 * run ends there (`total` becomes the prefix) and later chunks are dropped,
 * so where a run stops depends on the chunks' counts alone, never on which
 * worker was faster (the core's target-error rule, `job.target_reached`).
 */
export class SummedMerge {
  /** @param {number} width @param {number} total @param {(sum: Float64Array) => boolean} stop */
  constructor(width, total, stop = () => false) {
    this.width = width;
    this.total = total;
    this.stop = stop;
    this.sum = new Float64Array(width);
    this.early = new Map();
    this.have = new Uint8Array(total);
    this.received = 0;
    this.prefix = 0;
  }

  add(positions, counts) {
    if (counts.length !== positions.length * this.width) {
      throw new Error(`expected ${positions.length * this.width} counts, got ${counts.length}`);
    }
    positions.forEach((pos, i) => {
      if (this.have[pos] || pos >= this.total) return;
      this.early.set(pos, counts.slice(i * this.width, (i + 1) * this.width));
      this.have[pos] = 1;
      this.received++;
    });
    const before = this.prefix;
    while (this.prefix < this.total && this.early.has(this.prefix)) {
      const chunk = this.early.get(this.prefix);
      this.early.delete(this.prefix);
      for (let k = 0; k < this.width; k++) this.sum[k] += chunk[k];
      this.prefix++;
      if (this.stop(this.sum)) {
        this.total = this.prefix;
        this.early.clear();
      }
    }
    return this.prefix > before;
  }

  /** The prefix's counts, summed (one tally). */
  prefixCounts() {
    return this.sum;
  }

  get complete() {
    return this.prefix === this.total;
  }
}

/** An error that means "run these items again, elsewhere" (a worker died); `reason`: why. */
export class RetryableError extends Error {
  constructor(message, reason = message) {
    super(message);
    this.name = 'RetryableError';
    this.retry = true;
    this.reason = reason;
  }
}

/** The error that ends a job whose items killed workers `attempts` times. */
function gaveUp(err, attempts) {
  return new Error(
    `the engine failed ${attempts} times on the same part of this job ` +
      `(${err?.reason ?? err?.message ?? err})`,
  );
}

/** The error a cancelled run settles with. */
export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
    this.cancelled = true;
  }
}

/**
 * Runs `total` items (positions 0…total-1) over `slots` workers.
 *
 * - `execute(slot, positions)` computes those positions on a worker and
 *   resolves with their tallies concatenated (`width` counts each), either
 *   as a Float64Array or as `{counts, ms}` where `ms` is the compute time
 *   the worker measured (batch sizing then ignores message latency); it
 *   rejects with `{retry: true}` when the worker died (the positions go
 *   back to the front of the queue, at most `maxAttempts` times each).
 * - `onMerged(merge, stats)` is called whenever the in-order prefix grows
 *   (after the next batch is on its way, so workers never wait for it).
 * - `weightOf(position)` is the work a position stands for (units, trials),
 *   for progress.
 * - `showdownsWidth`: how many of a tally's first counts sum to its
 *   showdowns (all `width` of them unless told: Omaha's counts say more).
 * - `merge`: how results join (an OrderedMerge of `width` × `total`
 *   unless told; a SummedMerge ends a Monte Carlo run at its target).
 *
 * Returns `{promise, cancel}`: the promise resolves with the complete
 * OrderedMerge, or rejects (CancelledError after `cancel()`). After cancel,
 * nothing more is dispatched and late replies are ignored.
 */
export function runJob({
  total,
  width,
  showdownsWidth = width,
  slots,
  execute,
  onMerged = () => {},
  weightOf = () => 1,
  sizer = new BatchSizer(),
  maxAttempts = 3,
  now = () => performance.now(),
  merge = new OrderedMerge(width, total),
}) {
  const queue = [];
  for (let i = 0; i < total; i++) queue.push(i);
  const attempts = new Uint8Array(total);
  const busy = new Array(slots).fill(false);
  const started = now();
  let work = 0;
  let totalWork = 0;
  for (let i = 0; i < total; i++) totalWork += weightOf(i);
  let showdowns = 0;
  let settled = false;
  const { promise, resolve, reject } = deferred();

  const finish = (err) => {
    if (settled) return;
    settled = true;
    queue.length = 0;
    if (err) reject(err);
    else resolve(merge);
  };

  const stats = () => ({
    received: merge.received,
    prefix: merge.prefix,
    total,
    work,
    totalWork,
    showdowns,
    elapsedMs: now() - started,
  });

  const dispatch = () => {
    for (let slot = 0; slot < slots && !settled; slot++) {
      if (busy[slot] || queue.length === 0) continue;
      const k = sizer.size(queue.length, slots);
      const positions = queue.splice(0, k);
      busy[slot] = true;
      const t0 = now();
      Promise.resolve()
        .then(() => execute(slot, positions))
        .then(
          (reply) => {
            busy[slot] = false;
            if (settled) return;
            const counts = reply instanceof Float64Array ? reply : reply?.counts;
            if (!(counts instanceof Float64Array)) {
              finish(new Error('a worker sent no tallies'));
              return;
            }
            sizer.record(positions.length, reply.ms ?? now() - t0);
            let freshWork = 0;
            let freshShowdowns = 0;
            positions.forEach((p, i) => {
              if (merge.have[p]) return;
              freshWork += weightOf(p);
              for (let j = i * width; j < i * width + showdownsWidth; j++) freshShowdowns += counts[j];
            });
            let grew;
            try {
              grew = merge.add(positions, counts);
            } catch (err) {
              finish(err);
              return;
            }
            work += freshWork;
            showdowns += freshShowdowns;
            if (!merge.complete) dispatch();
            try {
              if (grew) onMerged(merge, stats());
            } catch (err) {
              finish(err);
              return;
            }
            if (merge.complete) finish();
          },
          (err) => {
            busy[slot] = false;
            if (settled) return;
            if (err?.retry && positions.every((p) => ++attempts[p] < maxAttempts)) {
              queue.unshift(...positions);
              dispatch();
            } else if (err?.retry) {
              finish(gaveUp(err, maxAttempts));
            } else {
              finish(err instanceof Error ? err : new Error(String(err?.message ?? err)));
            }
          },
        );
    }
  };

  if (total === 0) finish();
  else dispatch();
  return {
    promise,
    cancel() {
      finish(new CancelledError());
    },
    stats,
  };
}

/**
 * Runs independent items (the heatmap's one job per hand class) over
 * `slots` workers, one item per worker at a time, in the order given, and
 * reports each result as it arrives: no merging, no prefix, every item is
 * its own answer.
 *
 * - `execute(slot, item)` resolves with the item's result, or rejects: with
 *   `{retry: true}` when the worker died (the item goes back to the front
 *   of the queue, at most `maxAttempts` times), with any other error when
 *   the item itself failed (reported through `onResult(item, null, error)`;
 *   the other items go on).
 * - `onResult(item, result, error)` is called once per item.
 *
 * Returns `{promise, cancel, stats}`: the promise resolves with
 * `{done, failed}` counts when every item has reported, or rejects
 * (CancelledError after `cancel()`, or when items keep killing workers).
 * After cancel nothing more is dispatched and late replies are ignored.
 */
export function runEach({ items, slots, execute, onResult = () => {}, maxAttempts = 3 }) {
  const queue = [...items];
  const attempts = new Map();
  const busy = new Array(Math.max(1, slots)).fill(false);
  let done = 0;
  let failed = 0;
  let settled = false;
  const { promise, resolve, reject } = deferred();
  const finish = (err) => {
    if (settled) return;
    settled = true;
    queue.length = 0;
    if (err) reject(err);
    else resolve({ done, failed });
  };
  const report = (item, result, error) => {
    try {
      onResult(item, result, error);
    } catch (err) {
      finish(err);
    }
  };
  const dispatch = () => {
    for (let slot = 0; slot < busy.length && !settled; slot++) {
      if (busy[slot] || queue.length === 0) continue;
      const item = queue.shift();
      busy[slot] = true;
      Promise.resolve()
        .then(() => execute(slot, item))
        .then(
          (result) => {
            busy[slot] = false;
            if (settled) return;
            done++;
            report(item, result, null);
          },
          (err) => {
            busy[slot] = false;
            if (settled) return;
            if (err?.retry) {
              const n = (attempts.get(item) ?? 0) + 1;
              attempts.set(item, n);
              if (n >= maxAttempts) {
                finish(gaveUp(err, maxAttempts));
                return;
              }
              queue.unshift(item);
            } else {
              done++;
              failed++;
              report(item, null, err instanceof Error ? err : new Error(String(err?.message ?? err)));
            }
          },
        )
        .then(() => {
          if (settled) return;
          if (done === items.length) finish();
          else dispatch();
        });
    }
  };
  if (items.length === 0) finish();
  else dispatch();
  return {
    promise,
    cancel() {
      finish(new CancelledError());
    },
    stats: () => ({ done, failed, total: items.length }),
  };
}
