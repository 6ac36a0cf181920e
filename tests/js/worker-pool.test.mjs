// The worker pool (www/worker-pool.js) with fake workers: request ids,
// replies {id, ok, result | error}, and replacement of workers that die.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkerPool } from '../../www/worker-pool.js';

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
      if (reply) this.onmessage?.({ data: { id: message.id, ...reply } });
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

function pool(size, behave = echo) {
  FakeWorker.all = [];
  return new WorkerPool({
    size,
    module: Promise.resolve('the module'),
    createWorker: () => new FakeWorker(behave),
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
