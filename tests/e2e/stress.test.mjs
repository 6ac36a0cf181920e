// Stress (issue 11): rapid input never shows a stale or mixed number, nor
// an estimate without its ± error; memory stays bounded over a minute of
// Monte Carlo; no main-thread task over 50 ms while ten `random` players
// are computed. Every measured number is printed (`# …` lines).
//
// Exact answers come from the `allin` CLI (ALLIN_CLI, as `cargo xtask test`
// sets it; else target/debug/allin), computed apart from the page.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { finish, setup, openPage, runScenario, settled } from './support.mjs';

const suite = setup();

const CLI =
  process.env.ALLIN_CLI ?? fileURLToPath(new URL('../../target/debug/allin', import.meta.url));

/** Exact equities (percent) of players/board/dead, from the CLI; memoized. */
const exactCache = new Map();
function exactEquities({ players, board, dead }) {
  const key = JSON.stringify([players, board, dead]);
  if (!exactCache.has(key)) {
    const args = ['equity', ...players, '--json'];
    if (board) args.push('--board', board);
    if (dead) args.push('--dead', dead);
    const out = JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
    assert.equal(out.exact, true, `the CLI computed ${key} exactly`);
    exactCache.set(key, out.players.map((p) => p.equity * 100));
  }
  return exactCache.get(key);
}

const hashOf = (players, board = '', dead = '', method = 'auto') =>
  `${players.map((p, i) => `p${i + 1}=${encodeURIComponent(p)}`).join('&')}` +
  `&board=${board}&dead=${dead}${method === 'auto' ? '' : `&method=${method}`}`;

const TEN = ['AhKh', 'QsQd', 'JcTc', '9s8s', '7d7c', 'AdKc', '5h4h', '3s3c', '2d2h', 'Qc9d'];
const TEN_RANDOM = Array(10).fill('random');

/**
 * Installed in the page: every change of the results panel is recorded
 * with the inputs on the page at that moment (the fields: what the numbers
 * must belong to).
 */
function recordRenders() {
  const root = document.querySelector('[data-results]');
  const renders = [];
  window.__renders = renders;
  const snap = () => {
    const fields = [...document.querySelectorAll('[data-field^="p"]')].map((el) => el.value);
    const rows = [...root.querySelectorAll('[data-player-list] > [data-player]')].map((row) => ({
      equity: row.dataset.equity ?? null,
      text: row.querySelector('[data-show="equity"]').textContent,
    }));
    renders.push({
      t: performance.now(),
      players: fields,
      board: document.querySelector('[data-field="board"]').value,
      dead: document.querySelector('[data-field="dead"]').value,
      status: root.dataset.status,
      exact: root.dataset.exact === 'true',
      method: root.dataset.method ?? null,
      job: root.dataset.job ?? null,
      rows,
    });
  };
  new MutationObserver(snap).observe(root, {
    attributes: true,
    childList: true,
    subtree: true,
    characterData: true,
  });
}

/**
 * Runs `steps` in the page for `ms` milliseconds, over and over: `{hash}`
 * sets the URL fragment, `{field, value}` types into a field (an `input`
 * event, as a keystroke would), then waits `pause` ms (default 1) before
 * the next; `pause: 0` goes on in the same task (a burst: keys typed
 * faster than frames, or links followed faster than `hashchange` fires).
 * Returns the number of changes.
 */
function storm(page, steps, ms) {
  return page.evaluate(
    async ([list, duration]) => {
      const end = performance.now() + duration;
      let n = 0;
      while (performance.now() < end) {
        const step = list[n % list.length];
        n++;
        if (step.hash !== undefined) {
          location.hash = step.hash;
        } else {
          const input = document.querySelector(`[data-field="${step.field}"]`);
          input.value = step.value;
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }
        if (step.pause !== 0) await new Promise((resolve) => setTimeout(resolve, step.pause ?? 1));
      }
      return n;
    },
    [steps, ms],
  );
}

/** Keystrokes typing `text` into `field` from empty, one change each, in one burst. */
const typing = (field, text, pause = 1) =>
  [...text].map((_, i) => ({ field, value: text.slice(0, i + 1), pause: i + 1 < text.length ? 0 : pause }));

/** "46.2% ± 0.3" → 0.3; "46.21%" → null. */
function shownError(text) {
  const m = /±\s*([\d.]+)/.exec(text);
  return m ? Number(m[1]) : null;
}

/**
 * Checks one recorded render against the inputs it was shown with: either
 * no numbers at all, or one number per player, each the exact answer (if
 * marked exact) or an estimate with its ± that is within 6 errors (plus a
 * point) of the exact answer. Returns a problem, or null; `stats` collects.
 */
function judge(render, stats) {
  const shown = render.rows.filter((r) => r.equity !== null);
  if (shown.length === 0) return null;
  stats.withNumbers++;
  if (shown.length !== render.rows.length) return 'numbers for some players only (mixed)';
  if (render.rows.length !== render.players.length) return 'rows and fields disagree';
  let exact;
  try {
    exact = exactEquities(render);
  } catch (err) {
    return `numbers shown for inputs the CLI refuses: ${err.message.split('\n')[0]}`;
  }
  if (exact.length !== shown.length) return `${shown.length} numbers for ${exact.length} players (stale)`;
  const marked = render.status === 'done' && render.exact;
  for (const [i, row] of shown.entries()) {
    const value = Number(row.equity);
    if (marked) {
      stats.exact++;
      if (Math.abs(value - exact[i]) > 1e-9) return `exact ${value} for player ${i + 1}, not ${exact[i]} (stale)`;
      continue;
    }
    const se = shownError(row.text);
    if (se === null) return `an estimate without its error: "${row.text}"`;
    stats.estimates++;
    const off = Math.abs(value - exact[i]);
    stats.maxOff = Math.max(stats.maxOff, off);
    if (se > 0) stats.maxZ = Math.max(stats.maxZ, off / se);
    if (off > 6 * se + 1) return `estimate ${row.text} for player ${i + 1}, exact ${exact[i].toFixed(4)} (stale?)`;
  }
  return null;
}

test('the render checker flags stale, mixed and bare numbers (no browser)', () => {
  const hu = { players: ['AhKh', 'QsQd'], board: '', dead: '', job: '1' };
  const rows = (...texts) => texts.map(([equity, text]) => ({ equity, text }));
  const check = (render) => judge(render, { withNumbers: 0, exact: 0, estimates: 0, maxOff: 0, maxZ: 0 });
  const exact = { ...hu, status: 'done', exact: true };
  const running = { ...hu, status: 'running', exact: false };
  const [a, b] = exactEquities(hu).map(String);
  assert.equal(check({ ...exact, rows: rows([a, '46.21%'], [b, '53.79%']) }), null);
  assert.equal(check({ ...running, rows: rows(['46.5', '46.5% ± 0.4'], ['53.5', '53.5% ± 0.4']) }), null);
  assert.equal(check({ ...running, rows: rows([null, '–'], [null, '–']) }), null);
  // The numbers of AhAd vs 7c2d on 2h7hTc under AhKh vs QsQd: stale.
  assert.match(check({ ...exact, rows: rows(['80.1', '80.10%'], ['19.9', '19.90%']) }), /stale/);
  assert.match(check({ ...running, rows: rows(['80.1', '80.1% ± 0.4'], ['19.9', '19.9% ± 0.4']) }), /stale/);
  assert.match(check({ ...running, rows: rows(['46.5', '46.5%'], ['53.5', '53.5%']) }), /without its error/);
  assert.match(check({ ...running, rows: rows(['46.5', '46.5% ± 0.4'], [null, '–']) }), /mixed/);
  assert.match(check({ ...exact, players: ['AhKh', 'QsQd', '7c7d'], rows: rows(['46.2', '46.2%'], ['53.8', '53.8%']) }), /rows and fields/);
});

test('rapid input never shows a stale or mixed number, nor an estimate without its error', async () => {
  const session = await openPage(suite.browser, { path: `#${hashOf(['AhKh', 'QsQd'])}` });
  const { page } = session;
  await settled(page);
  await page.evaluate(recordRenders);

  const SLOW = hashOf(['AhKh', 'QQ+', 'TT+']); // exact over ranges: seconds, many partials
  const MC = hashOf(TEN, '', '', 'mc');
  const FLOP = hashOf(['AhAd', '7c2d'], '2h7hTc');
  const THREE = hashOf(['AhKh', 'QsQd', '7c7d'], '2h7hTc');
  // Links: the fragment changes forty times per task (the page computes the
  // last of them: its `hashchange` handler reads the fragment), hundreds of
  // times a second, with pauses now and then long enough for partial
  // results to show.
  const order = [SLOW, MC, FLOP, THREE, MC, SLOW, THREE, FLOP, SLOW, FLOP, MC, THREE, FLOP];
  const burst = (n, last, pause) => [
    ...Array.from({ length: n }, (_, i) => ({ hash: order[i % order.length], pause: i % 40 === 39 ? 1 : 0 })),
    { hash: last, pause },
  ];
  const links = [...burst(100, SLOW, 120), ...burst(80, MC, 60), ...burst(120, THREE, 30), ...burst(80, FLOP, 5)];
  // Typing: keys in bursts (as fast as the page takes them: each keystroke
  // is checked and computed at once).
  const keys = [
    { hash: hashOf(['AhKh', 'QsQd']) },
    ...typing('p2', '7c2d'),
    ...typing('p2', 'QsQd'),
    { hash: SLOW, pause: 100 },
    ...typing('p3', 'JJ+', 40),
    { hash: THREE, pause: 5 },
    ...typing('board', '2h7h'),
    ...typing('p1', 'KsKd', 0),
    ...typing('p1', 'KsKc', 30),
  ];
  const jobs = () =>
    page.evaluate(async () => {
      const loadEngine = async () => { // the page's engine (its bundle's; engine.js)
      while (!globalThis[Symbol.for('allin.engine')]) await new Promise((r) => setTimeout(r, 20));
      return globalThis[Symbol.for('allin.engine')];
    };
      return (await loadEngine()).jobCounter;
    });
  const jobsBefore = await jobs();
  const t0 = Date.now();
  const linkChanges = await storm(page, links, 2_500);
  const t1 = Date.now();
  const jobsAfterLinks = (await jobs()) - jobsBefore;
  const keyChanges = await storm(page, keys, 2_500);
  const t2 = Date.now();
  const linkRate = linkChanges / ((t1 - t0) / 1000);
  const keyRate = keyChanges / ((t2 - t1) / 1000);
  const jobsAfterKeys = (await jobs()) - jobsBefore - jobsAfterLinks;
  // Then one last input, left to finish.
  await page.evaluate((h) => {
    location.hash = h;
  }, SLOW);
  const final = await settled(page, { timeout: 120_000 });
  const renders = await page.evaluate(() => window.__renders);

  const stats = { withNumbers: 0, exact: 0, estimates: 0, maxOff: 0, maxZ: 0 };
  const problems = [];
  for (const render of renders) {
    const problem = judge(render, stats);
    if (problem) problems.push(`${problem}: ${JSON.stringify(render)}`);
  }
  console.log(
    `# rapid input: ${linkChanges} links in ${((t1 - t0) / 1000).toFixed(1)} s ` +
      `(${linkRate.toFixed(0)}/s; ${jobsAfterLinks} jobs started), then ${keyChanges} keystrokes in ${((t2 - t1) / 1000).toFixed(1)} s ` +
      `(${keyRate.toFixed(0)}/s, ${jobsAfterKeys} jobs); ${renders.length} renders recorded, ` +
      `${stats.withNumbers} with numbers: ${stats.exact} exact numbers, ${stats.estimates} ` +
      `estimates (largest miss ${stats.maxOff.toFixed(2)} points, ${stats.maxZ.toFixed(1)} errors); ` +
      `${problems.length} problems`,
  );
  const kinds = new Map();
  for (const p of problems) kinds.set(p.split(":")[0], p);
  for (const p of kinds.values()) console.log(`# problem: ${p.slice(0, 900)}`);
  assert.ok(linkRate >= 50, `${linkRate} links a second`);
  assert.ok(keyRate >= 10, 'keystrokes as fast as the page takes them');
  assert.ok(stats.estimates > 0, 'some partial estimates were shown and checked');
  assert.deepEqual(problems.slice(0, 5), []);

  // The last input wins, exactly.
  assert.equal(final.status, 'done');
  assert.equal(final.exact, true);
  const want = exactEquities({ players: ['AhKh', 'QQ+', 'TT+'], board: '', dead: '' });
  assert.deepEqual(final.players.map((p) => Number(p.equity).toFixed(9)), want.map((e) => e.toFixed(9)));
  await finish(assert, session);
});

// ---- long tasks ----

/** Installed before the page's scripts: every long task (over 50 ms) of the main thread. */
function observeLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * The renderer main threads' tasks in a Chrome trace: `{wallMs, cpuMs}`
 * each (RunTask events; `tdur` is the thread's own CPU time).
 */
function mainThreadTasks(trace) {
  const events = JSON.parse(trace).traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`))
    .map((e) => ({ wallMs: e.dur / 1000, cpuMs: (e.tdur ?? 0) / 1000 }));
}

// A task's wall time on a loaded machine includes the time the main thread
// waited for a core (two workers and other processes run too): the long-task
// observer (wall time) is measured and printed, and the assertion is on each
// task's own CPU time, from a trace of the same run. ALLIN_STRICT_LONGTASKS=1
// (an idle machine) asserts on the observer's wall times instead.
test('no main-thread task over 50 ms while ten random players are computed', async () => {
  const session = await openPage(suite.browser, { initScript: observeLongTasks });
  const { page } = session;
  await settled(page);
  await page.evaluate(async () => {
    const loadEngine = async () => { // the page's engine (its bundle's; engine.js)
      while (!globalThis[Symbol.for('allin.engine')]) await new Promise((r) => setTimeout(r, 20));
      return globalThis[Symbol.for('allin.engine')];
    };
    await (await loadEngine()).pool.ready();
  });
  const startup = await page.evaluate(() => window.__longTasks.length);
  await suite.browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  const t0 = await page.evaluate((h) => {
    const now = performance.now();
    location.hash = h;
    return now;
  }, hashOf(TEN_RANDOM));
  const r = await settled(page, { timeout: 180_000 });
  const t1 = await page.evaluate(() => performance.now());
  const tasks = mainThreadTasks(await suite.browser.stopTracing());
  assert.equal(r.status, 'done', JSON.stringify(r.errors));
  assert.equal(r.players.length, 10);
  const observed = await page.evaluate(
    ([a, b]) => window.__longTasks.filter((t) => t.start >= a && t.start <= b),
    [t0, t1],
  );
  const byCpu = tasks.filter((t) => t.cpuMs > 50);
  const byWall = tasks.filter((t) => t.wallMs > 50);
  const most = (list, key) => Math.max(0, ...list.map((t) => t[key])).toFixed(0);
  console.log(
    `# long tasks, 10 random: the ${(t1 - t0).toFixed(0)} ms job ran ${tasks.length} main-thread ` +
      `tasks; the long-task observer saw ${observed.length} over 50 ms (longest ` +
      `${most(observed, 'ms')} ms; ${startup} at start-up); in the trace ${byWall.length} took over ` +
      `50 ms of wall time (CPU of those: ${byWall.map((t) => t.cpuMs.toFixed(0)).join(', ') || '-'} ms), ` +
      `${byCpu.length} over 50 ms of CPU (most ${most(tasks, 'cpuMs')} ms)`,
  );
  assert.ok(tasks.length > 10, 'the trace saw the main thread');
  assert.ok(tasks.some((t) => t.cpuMs > 0), 'the trace has CPU times');
  assert.deepEqual(byCpu, [], 'no main-thread task over 50 ms of CPU during the job');
  if (process.env.ALLIN_STRICT_LONGTASKS === '1') assert.deepEqual(observed, []);

  // The observer does see a long task (else "none" would prove nothing).
  const seen = await page.evaluate(async () => {
    const before = window.__longTasks.length;
    setTimeout(() => {
      const t = performance.now();
      while (performance.now() - t < 80) {
        // a deliberate 80 ms task (a page task: not one the test driver runs)
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    return window.__longTasks.slice(before);
  });
  assert.ok(seen.some((e) => e.ms >= 80), `the long-task observer works: ${JSON.stringify(seen)}`);
  await finish(assert, session);
});

// ---- memory ----

/**
 * Reads memory through the DevTools protocol: the page's and each worker's
 * JS heap after a forced GC (Runtime.getHeapUsage), their wasm memories
 * (every live WebAssembly.Memory, via Runtime.queryObjects), and the
 * resident size of the browser's renderer processes (/proc, Linux).
 * Workers are reached through non-flattened auto-attach sessions.
 */
async function memoryProbe(context, page) {
  const cdp = await context.newCDPSession(page);
  const workers = new Map();
  const waiting = new Map();
  let nextId = 1;
  cdp.on('Target.attachedToTarget', (e) => {
    if (e.targetInfo.type === 'worker') workers.set(e.sessionId, e.targetInfo.url);
  });
  cdp.on('Target.detachedFromTarget', (e) => workers.delete(e.sessionId));
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const msg = JSON.parse(e.message);
    const done = waiting.get(msg.id);
    waiting.delete(msg.id);
    done?.(msg);
  });
  await cdp.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: false,
    flatten: false,
  });
  const browserCdp = await context.browser().newBrowserCDPSession();
  // In a worker (sessionId) or the page (no sessionId).
  const send = (sessionId, method, params = {}) => {
    if (!sessionId) return cdp.send(method, params);
    return new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, (msg) => (msg.error ? reject(new Error(msg.error.message)) : resolve(msg.result)));
      cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method, params }),
      }).catch(reject);
    });
  };
  const target = async (sessionId) => {
    await send(sessionId, 'HeapProfiler.collectGarbage');
    const heap = await send(sessionId, 'Runtime.getHeapUsage');
    const proto = await send(sessionId, 'Runtime.evaluate', { expression: 'WebAssembly.Memory.prototype' });
    const found = await send(sessionId, 'Runtime.queryObjects', {
      prototypeObjectId: proto.result.objectId,
    });
    const sizes = await send(sessionId, 'Runtime.callFunctionOn', {
      objectId: found.objects.objectId,
      functionDeclaration: 'function () { return this.map((m) => m.buffer.byteLength); }',
      returnByValue: true,
    });
    return { heap: heap.usedSize, wasm: sizes.result.value.reduce((a, b) => a + b, 0) };
  };
  const rss = async () => {
    const { processInfo } = await browserCdp.send('SystemInfo.getProcessInfo');
    let kb = 0;
    for (const p of processInfo.filter((q) => q.type === 'renderer')) {
      try {
        const status = readFileSync(`/proc/${p.id}/status`, 'utf8');
        kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      } catch {
        // Not Linux, or gone.
      }
    }
    return kb * 1024;
  };
  return {
    async measure() {
      const list = [];
      for (const sessionId of workers.keys()) list.push(await target(sessionId));
      return { page: await target(null), workers: list, rss: await rss() };
    },
  };
}


const MB = 2 ** 20;
const mb = (bytes) => `${(bytes / MB).toFixed(1)} MB`;
/** How long the pool samples (ALLIN_SOAK_MS for a longer soak). */
const SOAK_MS = Number(process.env.ALLIN_SOAK_MS) || 60_000;

// A soak: only in the exhaustive tier (ALLIN_EXHAUSTIVE=1, as CI runs).
const SOAK = process.env.ALLIN_EXHAUSTIVE === '1' ? {} : { skip: 'a soak: ALLIN_EXHAUSTIVE=1 runs it' };

test('memory stays bounded over a minute of Monte Carlo', SOAK, async () => {
  const jobs = [
    hashOf(TEN, '', '', 'mc'),
    hashOf(TEN_RANDOM, '', '', 'mc'),
    hashOf(['AhKh', 'random', 'random'], '', '', 'mc'),
    hashOf(TEN.slice(0, 6), '', '', 'mc'),
  ];
  const session = await openPage(suite.browser, { path: `#${hashOf(['AhKh', 'QsQd'])}` });
  const { page, context } = session;
  await settled(page);
  await page.evaluate(async () => {
    const loadEngine = async () => { // the page's engine (its bundle's; engine.js)
      while (!globalThis[Symbol.for('allin.engine')]) await new Promise((r) => setTimeout(r, 20));
      return globalThis[Symbol.for('allin.engine')];
    };
    await (await loadEngine()).pool.ready();
  });
  const probe = await memoryProbe(context, page);
  for (const hash of jobs) {
    const { result } = await runScenario(page, hash); // warm-up: every code path once
    assert.equal(result.status, 'done', `${hash}: ${JSON.stringify(result.errors)}`);
  }
  const start = await probe.measure();
  const t0 = Date.now();
  let n = 0;
  let sampling = 0;
  while (Date.now() - t0 < SOAK_MS) {
    const { ms, result } = await runScenario(page, jobs[n % jobs.length]);
    assert.equal(result.status, 'done');
    assert.equal(result.method, 'monte-carlo');
    sampling += ms;
    n++;
  }
  const end = await probe.measure();
  const workerHeap = (m) => m.workers.map((w) => mb(w.heap)).join(', ');
  const workerWasm = (m) => m.workers.map((w) => mb(w.wasm)).join(', ');
  console.log(
    `# memory over ${((Date.now() - t0) / 1000).toFixed(0)} s of Monte Carlo (${n} jobs of ` +
      `deals to ±0.1, sampling ${(sampling / 1000).toFixed(0)} s): page JS heap ` +
      `${mb(start.page.heap)} → ${mb(end.page.heap)}, page wasm ${mb(start.page.wasm)} → ` +
      `${mb(end.page.wasm)}; workers' JS heaps [${workerHeap(start)}] → [${workerHeap(end)}], ` +
      `wasm [${workerWasm(start)}] → [${workerWasm(end)}]; renderer RSS ${mb(start.rss)} → ${mb(end.rss)}`,
  );
  assert.ok(n >= 4, `${n} jobs in ${SOAK_MS} ms`);
  assert.equal(end.workers.length, start.workers.length, 'the same workers');
  assert.ok(end.page.heap - start.page.heap < 8 * MB, 'page JS heap growth under 8 MB');
  assert.ok(end.page.wasm - start.page.wasm < 8 * MB, 'page wasm growth under 8 MB');
  end.workers.forEach((w, i) => {
    assert.ok(w.heap - start.workers[i].heap < 8 * MB, `worker ${i} JS heap growth under 8 MB`);
    assert.ok(w.wasm - start.workers[i].wasm < 8 * MB, `worker ${i} wasm growth under 8 MB`);
  });
  if (start.rss > 0) assert.ok(end.rss - start.rss < 128 * MB, 'renderer RSS growth under 128 MB');
  await finish(assert, session);
});
