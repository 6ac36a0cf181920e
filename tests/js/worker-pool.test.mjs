// The worker pool (www/engine/worker-pool.js) with fake workers: request ids,
// replies {id, ok, result | error}, and replacement of workers that die.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkerPool } from '../../www/engine/worker-pool.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A fake Worker: answers each message through `behave`, asynchronously. */
class FakeWorker {
  static all = [];

  constructor(behave) {
    this.behave = behave;
    this.messages = [];
    this.terminated = false;
    this.onmessage = null;
    this.onerror = null;
    FakeWorker.all.push(this);
  }

  postMessage(message) {
    this.messages.push(message);
    setTimeout(() => {
      if (this.terminated) return;
      const reply = this.behave(message, this);
      if (!reply) return;
      const { delayMs = 0, ...data } = reply;
      const send = () => {
        if (!this.terminated) this.onmessage?.({ data: { id: message.id, ...data } });
      };
      if (delayMs > 0) setTimeout(send, delayMs);
      else send();
    }, 0);
  }

  crash(message = 'boom') {
    this.onerror?.({ message, preventDefault() {} });
  }

  terminate() {
    this.terminated = true;
  }
}

function echo(message) {
  if (message.op === 'init') return { ok: true, result: { warmUpMs: 0 } };
  if (message.op === 'fail') return { ok: false, error: 'player 2: bad', field: 'p2' };
  if (message.op === 'trap') return { ok: false, fatal: true, error: 'unreachable' };
  if (message.op === 'hang') return null;
  return { ok: true, result: message.value };
}

function pool(size, behave = echo, options = {}) {
  FakeWorker.all = [];
  return new WorkerPool({
    size,
    module: Promise.resolve('the module'),
    createWorker: () => new FakeWorker(behave),
    ...options,
  });
}

test('workers are initialised with the module, then answer by request id', async () => {
  const p = pool(2);
  assert.equal(p.size, 2);
  assert.equal(p.anyReady(), false);
  await p.ready();
  assert.equal(p.anyReady(), true);
  for (const w of FakeWorker.all) {
    assert.equal(w.messages[0].op, 'init');
    assert.equal(w.messages[0].module, 'the module');
  }
  const [a, b] = await Promise.all([
    p.call(0, { op: 'echo', value: 'a' }),
    p.call(0, { op: 'echo', value: 'b' }),
  ]);
  assert.deepEqual([a, b], ['a', 'b']);
  const ids = FakeWorker.all[0].messages.map((m) => m.id);
  assert.equal(new Set(ids).size, ids.length, 'ids are unique');
  p.close();
});

test('an error reply is an answer: the worker stays', async () => {
  const p = pool(1);
  await assert.rejects(p.call(0, { op: 'fail' }), (err) => {
    assert.equal(err.message, 'player 2: bad');
    assert.equal(err.field, 'p2');
    assert.ok(!err.retry);
    return true;
  });
  assert.equal(FakeWorker.all.length, 1);
  p.close();
});

test('a worker that crashes is replaced; its requests are to be retried', async () => {
  const p = pool(1);
  await p.ready();
  const pending = p.call(0, { op: 'hang' });
  await tick();
  FakeWorker.all[0].crash();
  await assert.rejects(pending, (err) => err.retry === true);
  assert.equal(FakeWorker.all.length, 2, 'a new worker');
  assert.ok(FakeWorker.all[0].terminated);
  assert.equal(await p.call(0, { op: 'echo', value: 'again' }), 'again');
  p.close();
});

test('a wasm trap (fatal reply) replaces the worker too', async () => {
  const p = pool(1);
  await assert.rejects(p.call(0, { op: 'trap' }), (err) => err.retry === true);
  assert.equal(FakeWorker.all.length, 2);
  assert.equal(await p.call(0, { op: 'echo', value: 1 }), 1);
  p.close();
});

test('a worker that does not answer in time is presumed dead', async () => {
  const p = pool(1);
  await p.ready();
  await assert.rejects(p.call(0, { op: 'hang' }, { deadlineMs: 20 }), (err) => err.retry);
  assert.equal(FakeWorker.all.length, 2);
  p.close();
});

test('a slot that keeps failing gives up instead of looping', async () => {
  const p = pool(1, (message) =>
    message.op === 'init' ? { ok: false, fatal: true, error: 'cannot instantiate' } : null,
  );
  await assert.rejects(p.ready(), /keeps failing/);
  assert.ok(FakeWorker.all.length <= 7, `${FakeWorker.all.length} workers`);
  await assert.rejects(p.call(0, { op: 'echo' }), /keeps failing/);
  p.close();
});

test('a job is opened once per worker, and again after a replacement', async () => {
  const p = pool(1);
  const open = { op: 'open', job: 7 };
  await Promise.all([p.ensureOpen(0, 7, open), p.ensureOpen(0, 7, open)]);
  await p.ensureOpen(0, 7, open);
  const opens = () => FakeWorker.all.flatMap((w) => w.messages).filter((m) => m.op === 'open');
  assert.equal(opens().length, 1);
  FakeWorker.all[0].crash();
  await p.ensureOpen(0, 7, open);
  assert.equal(opens().length, 2);
  await p.ensureOpen(0, 8, { op: 'open', job: 8 });
  assert.equal(opens().length, 3);
  p.close();
});

test('the preflop table goes to each worker once, before the first job that needs it', async () => {
  const p = pool(2);
  const ops = (w) => w.messages.map((m) => m.op);
  // No table yet: a job that does not use it opens without it.
  await p.ensureOpen(0, 1, { op: 'open', job: 1, table: false });
  assert.deepEqual(ops(FakeWorker.all[0]), ['init', 'open']);
  const bytes = new ArrayBuffer(16);
  p.setTable(bytes);
  // A job that uses it: the table first, in the same queue, then the open.
  await Promise.all([p.ensureOpen(0, 2, { op: 'open', job: 2, table: true }),
    p.ensureOpen(1, 2, { op: 'open', job: 2, table: true })]);
  assert.deepEqual(ops(FakeWorker.all[0]), ['init', 'open', 'table', 'open']);
  assert.deepEqual(ops(FakeWorker.all[1]), ['init', 'table', 'open']);
  assert.equal(FakeWorker.all[1].messages[1].bytes, bytes);
  // Once per worker.
  await p.ensureOpen(0, 3, { op: 'open', job: 3, table: true });
  await p.ensureTable(0);
  assert.equal(ops(FakeWorker.all[0]).filter((op) => op === 'table').length, 1);
  // A replacement worker gets it again.
  FakeWorker.all[0].crash();
  await p.ensureOpen(0, 3, { op: 'open', job: 3, table: true });
  assert.deepEqual(ops(FakeWorker.all[2]), ['init', 'table', 'open']);
  p.close();
});

// ---- the watchdog: silence judged against measured chunk times ----

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const FAST = { watchdog: { floorMs: 60, factor: 4, tickMs: 10 } };

/**
 * A worker computing chunks at `msPerItem` (after a 0-tick hop); a request
 * with `silent: true` gets no reply ever (a hang, or a worker terminated
 * from outside: both look the same from here).
 */
function chunker(msPerItem = 2) {
  return (message) => {
    if (message.op === 'init') return { ok: true, result: {} };
    if (message.silent) return null;
    if (message.op === 'chunks') {
      const items = message.items.length;
      const ms = msPerItem * items;
      return { ok: true, result: { counts: new Float64Array(items), ms }, delayMs: ms };
    }
    return { ok: true, result: message.value };
  };
}

const chunks = (job, items, extra = {}) => ({ op: 'chunks', job, items, stride: 64, ...extra });

test('a silent worker mid-job is replaced after the floor, not the caller\'s 10 s', async () => {
  const p = pool(1, chunker(), FAST);
  await p.ready();
  await p.call(0, chunks(1, [0]), { deadlineMs: 10_000 });
  await p.call(0, chunks(1, [1, 2, 3]), { deadlineMs: 10_000 });
  const t0 = performance.now();
  await assert.rejects(p.call(0, chunks(1, [4, 5], { silent: true }), { deadlineMs: 10_000 }),
    (err) => err.retry === true);
  const ms = performance.now() - t0;
  assert.ok(ms >= 60 && ms < 2_000, `replaced after ${ms} ms`);
  assert.equal(FakeWorker.all.length, 2, 'a new worker');
  assert.ok(FakeWorker.all[0].terminated);
  const failed = p.events.find((e) => e.what === 'failed');
  assert.match(failed.reason, /^no reply to chunks \(2 items\) for \d+ ms, ~\d+ ms expected$/);
  // The new worker works, and is reported ready.
  assert.equal((await p.call(0, chunks(1, [4, 5]))).counts.length, 2);
  assert.ok(p.events.some((e) => e.what === 'ready' && e.at >= failed.at));
  p.close();
});

test('a big batch is allowed factor × its expected time, more than the floor', async () => {
  const p = pool(1, chunker(5), FAST);
  await p.ready();
  await p.call(0, chunks(1, [0, 1]));
  // 40 items × 5 ms = 200 ms expected, allowed 4× that: no false alarm.
  const items = [...Array(40).keys()].map((i) => i + 2);
  assert.equal((await p.call(0, chunks(1, items))).counts.length, 40);
  assert.equal(FakeWorker.all.length, 1, 'never replaced');
  p.close();
});

test('before a job\'s first reply, silence is left to the caller\'s deadline', async () => {
  const p = pool(1, chunker(), FAST);
  await p.ready();
  await p.call(0, chunks(1, [0])); // job 1 is measured; job 2 is not
  const t0 = performance.now();
  await assert.rejects(p.call(0, chunks(2, [0], { silent: true }), { deadlineMs: 400 }),
    (err) => err.retry === true);
  const ms = performance.now() - t0;
  assert.ok(ms >= 390, `failed after ${ms} ms, before the caller's deadline`);
  assert.match(p.events.at(-1).reason, /no reply to chunks within 400 ms/);
  p.close();
});

test('a blocked main thread is not mistaken for a silent worker', async () => {
  const p = pool(1, chunker(), FAST);
  await p.ready();
  await p.call(0, chunks(1, [0]));
  const reply = p.call(0, chunks(1, [1, 2, 3, 4, 5]), { deadlineMs: 10_000 }); // ~10 ms of work
  await sleep(0);
  // This thread busy for 5× the floor: the reply waits in its queue.
  const until = performance.now() + 300;
  while (performance.now() < until) {
    // blocked
  }
  assert.equal((await reply).counts.length, 5);
  assert.equal(FakeWorker.all.length, 1, 'not replaced');
  assert.deepEqual(p.events, []);
  p.close();
});

test('a job whose worker timed out gets twice the time on its next try', async () => {
  // The worker slows down after its first reply (a loaded machine). The
  // margins are wide (300 ms of work against a 200 ms floor, then 400 ms
  // allowed) so that a loaded test machine's own delays decide nothing.
  let calls = 0;
  const p = pool(1, (message) => {
    if (message.op !== 'chunks') return chunker()(message);
    calls++;
    return { ok: true, result: { counts: new Float64Array(1), ms: 1 }, delayMs: calls === 1 ? 2 : 300 };
  }, { watchdog: { floorMs: 200, factor: 4, tickMs: 10 } });
  await p.ready();
  await p.call(0, chunks(1, [0]));
  await assert.rejects(p.call(0, chunks(1, [1])), (err) => err.retry === true);
  assert.equal(p.rates.get('chunks:1').backoff, 2);
  // 300 ms of work: allowed 200 × 2 = 400 ms now.
  assert.equal((await p.call(0, chunks(1, [1]))).counts.length, 1);
  assert.equal(FakeWorker.all.length, 2, 'replaced once, not again');
  p.close();
});

test('the watchdog stops when idle; what it remembers stays bounded', async () => {
  const p = pool(2, chunker(0), FAST);
  await p.ready();
  for (let job = 1; job <= 30; job++) await p.call(job % 2, chunks(job, [0, 1]));
  assert.ok(p.rates.size <= 8, `${p.rates.size} rates`);
  assert.ok(p.rates.has('chunks:30'), 'the newest job is remembered');
  await sleep(30);
  assert.equal(p.ticking, 0, 'no timer while idle');
  for (let i = 0; i < 40; i++) p.slots[0].worker.crash(`crash ${i}`);
  assert.ok(p.events.length <= 32, `${p.events.length} events`);
  p.close();
});

test('a job over the pool ends with a clean run\'s tallies when a worker falls silent mid-job', async () => {
  const { runJob } = await import('../../www/engine/scheduler.js');
  // Chunk p's tally is [p, 1]; the 4th chunk request goes unanswered once.
  let requests = 0;
  const behave = (message) => {
    if (message.op === 'init') return { ok: true, result: {} };
    requests++;
    if (requests === 4) return null;
    const counts = new Float64Array(message.items.flatMap((p) => [p, 1]));
    return { ok: true, result: { counts, ms: message.items.length }, delayMs: message.items.length };
  };
  const p = pool(2, behave, FAST);
  const t0 = performance.now();
  const merge = await runJob({
    total: 60,
    width: 2,
    slots: p.size,
    execute: (slot, positions) =>
      p.call(slot, { op: 'chunks', job: 1, items: positions, stride: 60 }, { deadlineMs: 10_000 }),
  }).promise;
  const ms = performance.now() - t0;
  const counts = [...merge.prefixCounts()];
  assert.deepEqual(counts, [...Array(60).keys()].flatMap((q) => [q, 1]));
  assert.equal(p.events.filter((e) => e.what === 'failed').length, 1);
  assert.ok(ms < 3_000, `${ms} ms`);
  p.close();
});

test('a hung worker does not buy time by slowing the others down', async () => {
  // Slot 1 hangs on its second request; slot 0's chunks then report 50 ms an item.
  let slow = false;
  const p = pool(2, (message) => {
    if (message.op === 'init') return { ok: true, result: {} };
    if (message.silent) return null;
    const items = message.items.length;
    const ms = (slow ? 50 : 2) * items;
    return { ok: true, result: { counts: new Float64Array(items), ms }, delayMs: slow ? 5 : ms };
  }, FAST);
  await p.ready();
  await p.call(0, chunks(1, [0, 1]));
  const t0 = performance.now();
  const hung = p.call(1, chunks(1, [2, 3, 4, 5, 6, 7, 8, 9, 10, 11], { silent: true }), { deadlineMs: 10_000 });
  // Watched from the start: on a loaded machine the watchdog may fail it
  // while slot 0's calls below are still running.
  const rejected = assert.rejects(hung, (err) => err.retry === true);
  await sleep(15); // the watchdog has seen the hung request: ~20 ms expected
  slow = true;
  for (let i = 0; i < 5; i++) await p.call(0, chunks(1, [20 + i]));
  await rejected;
  const ms = performance.now() - t0;
  assert.ok(ms < 1_000, `replaced after ${ms} ms (4 × 10 × 50 ms would be 2 s)`);
  assert.match(p.events[0].reason, /~20 ms expected/);
  p.close();
});
