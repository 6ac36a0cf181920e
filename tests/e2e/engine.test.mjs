// The engine module (www/engine/engine.js) used directly in the page, without the
// UI: its answers and errors come from the Rust core, verbatim.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage } from './support.mjs';

const suite = setup();

/** Runs `calls` ([method, ...args]) on the page's engine and returns the outcomes. */
async function callEngine(page, calls) {
  return page.evaluate(async (list) => {
    const { loadEngine } = await import(new URL('engine/engine.js', document.baseURI).href);
    const engine = await loadEngine();
    await engine.loadExtra(); // (three-card and the rest: the engine's extra module)
    return list.map(([method, ...args]) => engine[method](...args));
  }, calls);
}

test('the engine lists the categories, weakest first, with labels from Rust', async () => {
  const { page, context } = await openPage(suite.browser);
  const [categories] = await callEngine(page, [['categories']]);
  assert.equal(categories.length, 9);
  assert.deepEqual(categories[0], { name: 'HighCard', label: 'High card' });
  assert.deepEqual(categories[8], { name: 'StraightFlush', label: 'Straight flush' });
  await context.close();
});

test('three-card hands are ranked under each rule set', async () => {
  const { page, context } = await openPage(suite.browser);
  const [casinoSf, casinoTrips, zjhStraight, zjhFlush, wheel, badCards, badRules] =
    await callEngine(page, [
      ['evaluateThreeCard', 'Qh Kh Ah', 'casino'],
      ['evaluateThreeCard', 'Ac Ad Ah', 'casino'],
      ['evaluateThreeCard', 'Qh Kc Ad', 'zha-jin-hua-235'],
      ['evaluateThreeCard', '2h 7h 9h', 'zha-jin-hua-235'],
      ['evaluateThreeCard', '2c 3d 5h', 'ZHA-JIN-HUA'],
      ['evaluateThreeCard', 'Ah Ah Kd', 'casino'],
      ['evaluateThreeCard', 'Ah Kd Qs', 'poker'],
    ]);
  assert.equal(casinoSf.ok, true);
  assert.equal(casinoSf.value.category, 'StraightFlush');
  assert.equal(casinoSf.value.cards, 'Qh Kh Ah');
  assert.equal(casinoSf.value.rules, 'casino');
  assert.equal(casinoTrips.value.category, 'Trips');
  assert.ok(casinoSf.value.rank > casinoTrips.value.rank, 'casino: straight flush beats trips');
  // Zha Jin Hua: a flush beats a straight.
  assert.equal(zjhStraight.value.category, 'Straight');
  assert.equal(zjhFlush.value.category, 'Flush');
  assert.ok(zjhFlush.value.rank > zjhStraight.value.rank);
  assert.equal(wheel.value.offSuitTwoThreeFive, true);
  assert.equal(wheel.value.rules, 'zha-jin-hua');
  assert.deepEqual(badCards, { ok: false, error: 'duplicate card Ah' });
  assert.equal(badRules.ok, false);
  assert.match(badRules.error, /unknown rules "poker"/);
  await context.close();
});

test('hostile values through the binding: clear errors, never a trap', async () => {
  // Issue 11, finding 3: Object.prototype (what `METHODS["__proto__"]`
  // gave) as the method made the glue call the allocator with undefined
  // sizes: "memory access out of bounds", and the instance was poisoned.
  const { page, context } = await openPage(suite.browser);
  const outcomes = await page.evaluate(async () => {
    const { loadEngine } = await import(new URL('engine/engine.js', document.baseURI).href);
    const engine = await loadEngine();
    await engine.loadExtra();
    // The main thread's namespace: the core module's exports and the extra module's.
    const glue = engine.wasm;
    const hostile = [
      Object.prototype, Object, Object.prototype.toString, {}, { length: -1 }, { length: 1e12 },
      null, undefined, NaN, 1e300, -1, true, ['AhKh'], 'x'.repeat(200_000), '\u0000\u001b[31m',
    ];
    const out = [];
    const run = (name, call) => {
      try {
        call();
        out.push({ name, ok: true });
      } catch (err) {
        out.push({ name, ok: false, trap: err instanceof WebAssembly.RuntimeError, message: String(err?.message) });
      }
    };
    hostile.forEach((bad, i) => {
      run(`Job method ${i}`, () => new glue.Job({ players: ['AhKh', 'QsQd'], method: bad }).free());
      run(`Job board ${i}`, () => new glue.Job({ players: ['AhKh', 'QsQd'], board: bad }).free());
      run(`Job players ${i}`, () => new glue.Job({ players: bad }).free());
      run(`check ${i}`, () => glue.check({ players: [bad, 'AhKh'], board: bad, dead: bad }));
      run(`parse_range ${i}`, () => glue.parse_range(bad));
      run(`explain_range ${i}`, () => glue.explain_range(bad));
      run(`edit_range ${i}`, () => glue.edit_range(bad, bad, bad));
      run(`evaluate_hand ${i}`, () => glue.evaluate_hand(bad));
      run(`evaluate_three_card ${i}`, () => glue.evaluate_three_card(bad, bad));
      run(`pick_combo ${i}`, () => glue.pick_combo(bad, bad));
      run(`class_of ${i}`, () => glue.class_of(bad));
      run(`range_top ${i}`, () => glue.range_top(bad));
      run(`estimate ${i}`, () => glue.estimate(bad, bad, bad, bad));
      run(`load_preflop_table ${i}`, () => glue.load_preflop_table(bad));
    });
    // And the instance still answers.
    const job = new glue.Job({ players: ['AhKh', 'QsQd'], board: '2h7hTc', method: 'exact' });
    const est = job.estimate(job.run_strided(0, 1), 1);
    job.free();
    return { out, wins: est.players.map((p) => p.wins) };
  });
  const traps = outcomes.out.filter((o) => o.trap);
  assert.deepEqual(traps, [], 'a hostile value trapped the instance');
  const methodErr = outcomes.out.find((o) => o.name === 'Job method 0');
  assert.equal(methodErr.message, 'the method: expected text, got an object');
  assert.equal(outcomes.out.find((o) => o.name === 'Job board 13').message,
    'the board: too long (200000 characters; at most 100000)');
  for (const o of outcomes.out.filter((x) => /^(check|parse_range|explain_range|class_of)/.test(x.name))) {
    assert.equal(o.ok, true, `${o.name} threw: ${o.message}`);
  }
  assert.deepEqual(outcomes.wins, [539, 451]);
  await context.close();
});

test('after a trap the main-thread instance is replaced, never reused', async () => {
  const { page, context } = await openPage(suite.browser);
  const r = await page.evaluate(async () => {
    const { loadEngine } = await import(new URL('engine/engine.js', document.baseURI).href);
    const engine = await loadEngine();
    const scenario = { players: ['AhKh', 'QsQd'], board: '2h7hTc', dead: '' };
    // Wait for the spare copy of the glue (imported in the background).
    for (let i = 0; i < 200 && !engine.spare; i++) await new Promise((res) => setTimeout(res, 10));
    const poisoned = engine.wasm;
    // An instance that traps on its next call, as a poisoned one would.
    engine.wasm = new Proxy(poisoned, {
      get: (target, key) => (key === 'check'
        ? () => { throw new WebAssembly.RuntimeError('memory access out of bounds'); }
        : target[key]),
    });
    const failed = engine.check(scenario);
    const replaced = engine.wasm !== poisoned && engine.instances === 2;
    const again = engine.check(scenario);
    const done = await engine.compute(scenario, () => {}).done;
    return {
      failed: failed.error?.message,
      replaced,
      again: again.error,
      wins: done.estimate.players.map((p) => p.wins),
    };
  });
  assert.equal(r.failed, 'the engine failed (memory access out of bounds) and was restarted');
  assert.equal(r.replaced, true);
  assert.equal(r.again, null);
  assert.deepEqual(r.wins, [539, 451]);
  await context.close();
});

test('a worker answers in order: a chunks request right after its open finds the job open, whatever is loading', async () => {
  // On a slow phone, switching to three-card once failed with "job N is not
  // open in this worker": an open and its chunks that both waited for
  // another module's load resumed in turn, and the chunks ran while the
  // open was still loading its own module. Here the same order, unthrottled.
  const { page, context } = await openPage(suite.browser);
  const replies = await page.evaluate(async () => {
    const module = await WebAssembly.compileStreaming(fetch(new URL('pkg/allin_bg.wasm', document.baseURI)));
    const worker = new Worker(new URL('engine/engine-worker.js', document.baseURI), { type: 'module' });
    const got = new Map();
    const done = new Promise((resolve) => {
      worker.onmessage = (event) => {
        got.set(event.data.id, event.data);
        if (got.size === 4) resolve();
      };
    });
    worker.postMessage({ id: 1, op: 'init', module });
    // Omaha's open loads the board module (no compiled copy given: the worker fetches it) ...
    worker.postMessage({ id: 2, op: 'open', job: 6, game: 'omaha', players: ['AsAhKsKh', '9c8c7d6d'], board: '2c3h4s', dead: '', method: 'exact', module: 'allin_board' });
    // ... meanwhile three-card's open (the extra module) and its chunks arrive.
    worker.postMessage({ id: 3, op: 'open', job: 7, game: 'three-card', rules: 'teen-patti', players: ['AhKhQh', 'JsJdJc'], board: '', dead: '', method: 'exact', module: 'allin_extra' });
    worker.postMessage({ id: 4, op: 'chunks', job: 7, items: [0], stride: 1 });
    await done;
    worker.terminate();
    return [...got.values()].sort((a, b) => a.id - b.id).map((r) => ({ id: r.id, ok: r.ok, error: r.error ?? null, counts: r.result?.counts ? [...r.result.counts].reduce((a, b) => a + b, 0) : null }));
  });
  assert.deepEqual(replies.map((r) => [r.id, r.ok, r.error]), [[1, true, null], [2, true, null], [3, true, null], [4, true, null]]);
  assert.ok(replies[3].counts > 0, 'the chunk counted deals');
  await context.close();
});
