// Scheduling and merging (www/engine/scheduler.js) with fake workers: every item
// computed once, partials always an in-order prefix of the shuffled order,
// re-runs after a worker dies, and nothing after a cancel.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BatchSizer,
  CancelledError,
  OrderedMerge,
  RetryableError,
  runEach,
  runJob,
  shuffledOrder,
  SummedMerge,
  unitsInChunk,
} from '../../www/engine/scheduler.js';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

test('shuffled orders are permutations, fixed by the seed', () => {
  for (const n of [0, 1, 2, 7, 1024]) {
    const order = shuffledOrder(n, 42);
    assert.deepEqual([...order].sort((a, b) => a - b), [...Array(n).keys()]);
  }
  assert.deepEqual(shuffledOrder(100, 7), shuffledOrder(100, 7));
  assert.notDeepEqual(shuffledOrder(100, 7), shuffledOrder(100, 8));
});

test('shuffled orders are uniform enough: each item leads about equally often', () => {
  const n = 8;
  const seeds = 8000;
  const first = new Array(n).fill(0);
  for (let seed = 0; seed < seeds; seed++) first[shuffledOrder(n, seed)[0]]++;
  for (const count of first) {
    // Expected 1000 each; 5 standard deviations is about 150.
    assert.ok(Math.abs(count - seeds / n) < 150, `${first}`);
  }
});

// (How many chunks: the job's exact_chunks(), the core's run policy,
// tested in src/equity/run_policy.rs.)
test('strided chunks cover every unit once', () => {
  for (const [total, stride] of [[10, 3], [6175, 1024], [5, 5], [3, 7]]) {
    let sum = 0;
    for (let c = 0; c < stride; c++) sum += unitsInChunk(c, stride, total);
    assert.equal(sum, total, `${total} units in ${stride} chunks`);
  }
  assert.equal(unitsInChunk(2, 3, 10), 3); // units 2, 5, 8
  assert.equal(unitsInChunk(0, 3, 10), 4); // units 0, 3, 6, 9
});

test('batches start at one chunk, then follow the measured speed', () => {
  const sizer = new BatchSizer({ targetMs: 80 });
  assert.equal(sizer.size(1000, 2), 1);
  sizer.record(1, 2); // 2 ms per chunk
  assert.equal(sizer.size(1000, 2), 40);
  // The tail is shared: never more than a fair share of what is left.
  assert.equal(sizer.size(30, 2), 15);
  assert.equal(sizer.size(1, 4), 1);
  assert.equal(sizer.size(0, 4), 0);
  sizer.record(40, 400); // slower now: 10 ms per chunk, averaged with 2
  assert.equal(sizer.size(1000, 1), 13);
});

test('merging is in order: the prefix grows only through contiguous positions', () => {
  const m = new OrderedMerge(2, 4);
  assert.equal(m.add([2], Float64Array.of(5, 6)), false);
  assert.equal(m.prefix, 0);
  assert.equal(m.add([0], Float64Array.of(1, 2)), true);
  assert.equal(m.prefix, 1);
  assert.deepEqual([...m.prefixCounts()], [1, 2]);
  assert.equal(m.add([1, 3], Float64Array.of(3, 4, 7, 8)), true);
  assert.equal(m.prefix, 4);
  assert.ok(m.complete);
  assert.deepEqual([...m.prefixCounts()], [1, 2, 3, 4, 5, 6, 7, 8]);
  // A duplicate reply is ignored; a malformed one is refused.
  m.add([0], Float64Array.of(100, 100));
  assert.deepEqual([...m.prefixCounts()].slice(0, 2), [1, 2]);
  assert.throws(() => m.add([1], Float64Array.of(1)), /expected 2 counts/);
});

/** A fake worker pool: item `p` has tally [p, 1]; delays make replies arrive out of order. */
function fakeExecute({ delay = (p) => (p * 7919) % 13, fail = () => false } = {}) {
  const calls = [];
  const execute = async (slot, positions) => {
    calls.push({ slot, positions: [...positions] });
    await sleep(Math.max(...positions.map(delay)));
    const error = fail(positions);
    if (error) throw error;
    return Float64Array.from(positions.flatMap((p) => [p, 1]));
  };
  return { execute, calls };
}

test('a job runs every item once and the partials are always a prefix', async () => {
  const total = 60;
  const { execute, calls } = fakeExecute({ delay: (p) => (p * 7919) % 4 });
  const partials = [];
  const run = runJob({
    total,
    width: 2,
    slots: 3,
    execute,
    weightOf: (p) => p + 1,
    sizer: new BatchSizer({ targetMs: 20 }),
    onMerged: (merge, stats) => {
      const counts = merge.prefixCounts();
      let sum = 0;
      for (let i = 0; i < counts.length; i += 2) sum += counts[i];
      // The merged items are exactly positions 0..prefix-1, whatever the timing.
      assert.equal(sum, (merge.prefix * (merge.prefix - 1)) / 2);
      partials.push({ prefix: merge.prefix, received: stats.received, work: stats.work });
    },
  });
  const merge = await run.promise;
  assert.ok(merge.complete);
  const ran = calls.flatMap((c) => c.positions).sort((a, b) => a - b);
  assert.deepEqual(ran, [...Array(total).keys()], 'each item exactly once');
  assert.ok(partials.length > 1, 'several partial results');
  assert.ok(partials.every((p, i) => i === 0 || p.prefix > partials[i - 1].prefix));
  assert.equal(partials.at(-1).prefix, total);
  assert.equal(run.stats().work, (total * (total + 1)) / 2);
  assert.equal(run.stats().showdowns, (total * (total - 1)) / 2 + total);
  // The first batch of each worker is one item; later ones grow.
  assert.equal(calls[0].positions.length, 1);
  assert.ok(calls.some((c) => c.positions.length > 1), 'batches grew');
  // All three workers were used.
  assert.deepEqual([...new Set(calls.map((c) => c.slot))].sort(), [0, 1, 2]);
});

test('items of a worker that died are run again, and the total is unchanged', async () => {
  // Two deaths, each taking a batch down with it.
  const failed = new Set();
  const { execute, calls } = fakeExecute({
    fail: (positions) => {
      const p = positions.find((q) => (q === 5 || q === 33) && !failed.has(q));
      if (p === undefined) return null;
      failed.add(p);
      return new RetryableError('worker died');
    },
  });
  const merge = await runJob({ total: 40, width: 2, slots: 2, execute }).promise;
  assert.ok(merge.complete);
  assert.equal(failed.size, 2);
  const counts = merge.prefixCounts();
  for (let p = 0; p < 40; p++) assert.deepEqual([counts[2 * p], counts[2 * p + 1]], [p, 1]);
  assert.ok(calls.length > failed.size);
});

test('a worker that keeps dying, or a real error, fails the job', async () => {
  const always = fakeExecute({ fail: () => new RetryableError('worker died') });
  await assert.rejects(
    runJob({ total: 3, width: 2, slots: 1, execute: always.execute, maxAttempts: 3 }).promise,
    { message: 'the engine failed 3 times on the same part of this job (worker died)' },
  );
  assert.equal(always.calls.length, 3, 'three attempts, then give up');
  // The pool's errors say why the worker was replaced: that is the reason given.
  const hung = fakeExecute({
    fail: () => new RetryableError('a worker failed and is being replaced (no reply)', 'no reply'),
  });
  await assert.rejects(runJob({ total: 2, width: 2, slots: 1, execute: hung.execute }).promise, {
    message: 'the engine failed 3 times on the same part of this job (no reply)',
  });
  const broken = fakeExecute({ fail: (ps) => (ps.includes(2) ? new Error('bad input') : null) });
  await assert.rejects(
    runJob({ total: 5, width: 2, slots: 1, execute: broken.execute }).promise,
    /bad input/,
  );
});

test('after cancel nothing is merged or dispatched, and late replies are dropped', async () => {
  const { execute, calls } = fakeExecute({ delay: () => 20 });
  let merged = 0;
  const run = runJob({
    total: 50,
    width: 2,
    slots: 2,
    execute,
    onMerged: () => merged++,
  });
  await sleep(30);
  const mergedAtCancel = merged;
  const callsAtCancel = calls.length;
  run.cancel();
  await assert.rejects(run.promise, (err) => err instanceof CancelledError);
  await sleep(80); // replies of in-flight batches arrive now
  assert.equal(merged, mergedAtCancel, 'no partial after cancel');
  assert.equal(calls.length, callsAtCancel, 'no batch after cancel');
});

test('an empty job is complete at once', async () => {
  const merge = await runJob({ total: 0, width: 4, slots: 2, execute: () => assert.fail() })
    .promise;
  assert.ok(merge.complete);
});

test('runEach: every item once, reported as it finishes, failures per item', async () => {
  const seen = [];
  const order = [];
  const run = runEach({
    items: [0, 1, 2, 3, 4, 5, 6],
    slots: 3,
    execute: async (slot, item) => {
      order.push([slot, item]);
      await sleep((7 - item) % 3);
      if (item === 4) throw new Error('no combo of 4 is possible');
      return { value: item * 10 };
    },
    onResult: (item, result, error) => seen.push([item, result?.value ?? null, error?.message ?? null]),
  });
  const summary = await run.promise;
  assert.deepEqual(summary, { done: 7, failed: 1 });
  assert.deepEqual(seen.map((s) => s[0]).sort(), [0, 1, 2, 3, 4, 5, 6]);
  assert.deepEqual(seen.find((s) => s[0] === 4), [4, null, 'no combo of 4 is possible']);
  assert.deepEqual(seen.find((s) => s[0] === 6), [6, 60, null]);
  // Dispatched in the order given, never more than one per slot at a time.
  assert.deepEqual(order.slice(0, 3).map((o) => o[1]), [0, 1, 2]);
  assert.deepEqual(run.stats(), { done: 7, failed: 1, total: 7 });
});

test('runEach: a dead worker\'s item runs again; one that keeps killing workers stops the run', async () => {
  const tries = new Map();
  const run = runEach({
    items: [0, 1, 2],
    slots: 2,
    execute: async (slot, item) => {
      tries.set(item, (tries.get(item) ?? 0) + 1);
      if (item === 1 && tries.get(item) === 1) throw new RetryableError('worker died');
      return item;
    },
  });
  assert.deepEqual(await run.promise, { done: 3, failed: 0 });
  assert.equal(tries.get(1), 2);

  const doomed = runEach({
    items: [0],
    slots: 1,
    maxAttempts: 3,
    execute: async () => {
      throw new RetryableError('worker died again');
    },
  });
  await assert.rejects(doomed.promise, {
    message: 'the engine failed 3 times on the same part of this job (worker died again)',
  });
});

test('runEach: nothing is dispatched or reported after cancel', async () => {
  const reported = [];
  let started = 0;
  const run = runEach({
    items: [...Array(50).keys()],
    slots: 2,
    execute: async (slot, item) => {
      started++;
      await sleep(2);
      return item;
    },
    onResult: (item) => reported.push(item),
  });
  await sleep(7);
  run.cancel();
  const before = { started, reported: reported.length };
  await assert.rejects(run.promise, CancelledError);
  await sleep(20);
  assert.equal(started, before.started);
  assert.equal(reported.length, before.reported);
  assert.ok(before.reported < 50);
  const empty = runEach({ items: [], slots: 2, execute: () => 1 });
  assert.deepEqual(await empty.promise, { done: 0, failed: 0 });
});

test('a summed merge stops at the first chunk, in order, that its rule accepts, whatever the arrival order', () => {
  // Width 1: the "counts" are the chunk's number plus one; stop once the sum reaches 10 (after chunks 0..3).
  const stop = (sum) => sum[0] >= 10;
  for (const order of [[0, 1, 2, 3, 4, 5], [5, 4, 3, 2, 1, 0], [2, 0, 4, 1, 5, 3]]) {
    const m = new SummedMerge(1, 6, stop);
    for (const pos of order) m.add([pos], Float64Array.of(pos + 1));
    assert.equal(m.prefix, 4, String(order));
    assert.equal(m.total, 4);
    assert.ok(m.complete);
    assert.deepEqual([...m.prefixCounts()], [10], String(order));
  }
});
