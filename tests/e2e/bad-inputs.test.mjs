// The bad-input table, tests/data/bad_inputs.txt, on the JS API (the wasm
// exports of www/pkg/allin.js, in Node) and on the page (index.html in
// Chromium). The CLI runs the same table in tests/it/bad_inputs.rs; the
// format and how each surface is normalised are documented at the top of
// the data file.
//
// ALLIN_BLESS=1 rewrites the MESSAGE of mismatching lines with what this
// runner saw (the JS API's answer first, else the page's).
//
// The JS part needs only `cargo xtask build`; the page part also needs
// ALLIN_BASE_URL (set by `cargo xtask test e2e`) and is skipped without it.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const ROOT = new URL('../../', import.meta.url);
const TABLE = fileURLToPath(new URL('tests/data/bad_inputs.txt', ROOT));
const BLESS = process.env.ALLIN_BLESS === '1';
/** Longest the page may take to settle on one line. */
const PAGE_TIMEOUT_MS = 30_000;

// ---- the table ----

/** `{TEXT*N}` → TEXT repeated N times, as the Rust runner expands it. */
export function expandRepeats(s) {
  return s.replace(/\{([^{}]+)\*(\d+)\}/g, (_, text, n) => text.repeat(Number(n)));
}

/**
 * The case lines: `{line (0-based), surfaces: Set, kind: 'scenario' |
 * 'args' | 'call', input, expected}`.
 */
export function readTable(text) {
  const cases = [];
  text.split('\n').forEach((raw, line) => {
    const s = raw.trim();
    if (!s || s.startsWith('#')) return;
    const cut = s.indexOf(' => ');
    const bar = s.indexOf(' | ');
    if (cut < 0 || bar < 0 || bar > cut) throw new Error(`line ${line + 1}: malformed: ${s}`);
    const surfaces = new Set();
    for (const name of s.slice(0, bar).split(',').map((x) => x.trim())) {
      if (name === 'all') ['cli', 'js', 'page'].forEach((x) => surfaces.add(x));
      else if (['cli', 'js', 'page'].includes(name)) surfaces.add(name);
      else throw new Error(`line ${line + 1}: unknown surface ${name}`);
    }
    const only = surfaces.size === 1 ? [...surfaces][0] : null;
    const kind = only === 'cli' ? 'args' : only === 'js' ? 'call' : 'scenario';
    cases.push({
      line,
      surfaces,
      kind,
      input: expandRepeats(s.slice(bar + 3, cut).trim()),
      expected: s.slice(cut + 4).trim(),
    });
  });
  return cases;
}

/**
 * A scenario fragment's fields as the Rust runner reads them: p1…pN (any
 * N; missing ones empty, at least two), board, dead, method; the first
 * value of a key counts.
 */
export function scenarioOf(fragment) {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  let highest = 2;
  for (const key of params.keys()) {
    const m = /^p(\d+)$/.exec(key);
    if (m) highest = Math.max(highest, Number(m[1]));
  }
  const players = [];
  for (let i = 1; i <= highest; i++) players.push(params.get(`p${i}`) ?? '');
  const method = { mc: 'monte-carlo', 'monte-carlo': 'monte-carlo', exact: 'exact' };
  return {
    players,
    board: params.get('board') ?? '',
    dead: params.get('dead') ?? '',
    method: Object.hasOwn(method, params.get('method') ?? '') ? method[params.get('method')] : 'auto',
  };
}

// ---- the JS API ----

/** Longest one JS case may take: a case that never returns is a hang. */
const JS_TIMEOUT_MS = 20_000;

/**
 * The JS API in a worker thread (so a call that never returns can be
 * stopped): it loads www/pkg once and answers `{i, kind, input}` with
 * `{i, got}`, running the functions below.
 */
function startWorker() {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { readFileSync } = require('node:fs');
    ${messageOf.toString()}
    ${scenarioOf.toString()}
    ${jsScenario.toString()}
    ${jsCall.toString()}
    Promise.all(workerData.modules.map(([js]) => import(js))).then((glues) => {
      // Every module (the core first) as one namespace, as the JS API has them.
      glues.forEach((g, i) => g.initSync({ module: readFileSync(new URL(workerData.modules[i][1])) }));
      const api = Object.assign({}, ...glues.slice(1), glues[0]);
      parentPort.on('message', ({ i, kind, input }) => {
        const got = kind === 'call' ? jsCall(api, input) : jsScenario(api, input);
        parentPort.postMessage({ i, got });
      });
      parentPort.postMessage({ ready: true });
    });
  `;
  const worker = new Worker(code, {
    eval: true,
    workerData: {
      modules: ['allin', 'allin_extra', 'allin_board', 'allin_mixed'].map((name) => [
        new URL(`www/pkg/${name}.js`, ROOT).href,
        new URL(`www/pkg/${name}_bg.wasm`, ROOT).href,
      ]),
    },
  });
  const ready = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return { worker, ready };
}

/** Runs one case in `box.worker`, replacing the worker if it hangs. */
async function runInWorker(box, i, c) {
  await box.ready;
  return new Promise((resolve) => {
    const restart = async (why) => {
      clearTimeout(timer);
      box.worker.removeListener('message', onMessage);
      box.worker.removeListener('error', onError);
      await box.worker.terminate();
      Object.assign(box, startWorker());
      resolve(why);
    };
    const timer = setTimeout(() => restart(`hung: no answer in ${JS_TIMEOUT_MS / 1000} s`), JS_TIMEOUT_MS);
    const onMessage = (msg) => {
      if (msg.i !== i) return;
      clearTimeout(timer);
      box.worker.removeListener('message', onMessage);
      box.worker.removeListener('error', onError);
      resolve(msg.got);
    };
    const onError = (err) => restart(`the worker died: ${messageOf(err)}`);
    box.worker.on('message', onMessage);
    box.worker.on('error', onError);
    box.worker.postMessage({ i, kind: c.kind, input: c.input });
  });
}

function messageOf(err) {
  return err instanceof Error ? err.message : String(err);
}

/** A scenario through `check_scenario` and `new Job`: the one message, or `ok`. */
function jsScenario(api, fragment) {
  const s = scenarioOf(fragment);
  let checked;
  try {
    const c = api.check({ players: [...s.players], board: s.board, dead: s.dead });
    checked = c.error ? c.error.message : 'ok';
  } catch (err) {
    checked = `check_scenario threw: ${messageOf(err)}`;
  }
  let opened;
  try {
    const job = new api.Job({ players: [...s.players], board: s.board, dead: s.dead, method: s.method });
    try {
      const counts = job.exact
        ? job.run_strided(0, Math.max(1, Math.min(job.total_units(), 4096)))
        : job.run_trials(1, 0, 200);
      const total = counts.reduce((a, b) => a + b, 0);
      opened = Number.isFinite(total) && total >= 0 ? 'ok' : `bad counts ${counts}`;
    } finally {
      job.free();
    }
  } catch (err) {
    opened = messageOf(err);
  }
  // Errors about the scenario as a whole may only show when the job opens
  // (an unknown method); otherwise both must say the same.
  if (checked === opened) return opened;
  return `check_scenario: ${checked} / Job: ${opened}`;
}

/** One export called with JSON arguments: its thrown or reported message, or `ok`. */
function jsCall(api, call) {
  const space = call.indexOf(' ');
  const name = call.slice(0, space);
  const args = JSON.parse(call.slice(space + 1));
  try {
    // (The data's `Job` and `check_scenario` take the scenario's fields in
    // order: players, board, dead, method; the engine takes them as one object.)
    const keys = ['players', 'board', 'dead', 'method'].slice(0, args.length);
    const spec = () => Object.fromEntries(keys.map((key, i) => [key, args[i]]));
    const result = name === 'Job'
      ? new api.Job(spec())
      : name === 'check_scenario' ? api.check(spec()) : api[name](...args);
    if (result && typeof result === 'object' && result.error) return result.error.message;
    if (result && typeof result === 'object' && result.ok === false) return 'ok: false without a message';
    if (name === 'Job') result.free();
    return 'ok';
  } catch (err) {
    return messageOf(err);
  }
}

/** What a JS answer must look like whatever it says. */
function wellFormed(message) {
  if (!message) return 'an empty message';
  if (/[\u0000-\u001f\u007f]/.test(message)) return `a raw control character in ${JSON.stringify(message)}`;
  if (message.length > 400) return `a message of ${message.length} characters`;
  return null;
}

/** `got` is the MESSAGE `expected`: equal, or a prefix match for one ending in ` …`. */
function matches(expected, got) {
  return expected.endsWith(' …') ? got.startsWith(expected.slice(0, -2)) : got === expected;
}

// ---- bless ----

const rewrites = new Map();

function record(c, got) {
  const answer = !/^(hung: |the worker died: |page failed: |check_scenario: )/.test(got) && wellFormed(got) === null;
  if (BLESS && answer && !matches(c.expected, got) && !rewrites.has(c.line) && got.trim() === got) {
    rewrites.set(c.line, got);
  }
}

function bless() {
  if (!BLESS || rewrites.size === 0) return;
  const lines = readFileSync(TABLE, 'utf8').split('\n');
  for (const [i, got] of rewrites) {
    const at = lines[i].indexOf(' => ');
    lines[i] = `${lines[i].slice(0, at + 4)}${got}`;
  }
  writeFileSync(TABLE, lines.join('\n'));
  console.log(`ALLIN_BLESS=1: rewrote ${rewrites.size} line(s) of tests/data/bad_inputs.txt`);
}

after(bless);

const cases = readTable(readFileSync(TABLE, 'utf8'));

test('the table parses, and counts its lines by surface', () => {
  const count = (s) => cases.filter((c) => c.surfaces.has(s)).length;
  console.log(`bad_inputs.txt: ${cases.length} lines; cli ${count('cli')}, js ${count('js')}, page ${count('page')}`);
  assert.ok(cases.length >= 120);
  assert.equal(expandRepeats('a{xy*3}b'), 'axyxyxyb');
  assert.deepEqual(scenarioOf('p1=AhKh&p3=QQ%2B&method=mc&p1=x'), {
    players: ['AhKh', '', 'QQ+'], board: '', dead: '', method: 'monte-carlo',
  });
  assert.equal(scenarioOf('p1=a&method=__proto__').method, 'auto');
});

test('every js line through the wasm exports', async () => {
  const box = startWorker();
  const failures = [];
  let ran = 0;
  for (const c of cases.filter((x) => x.surfaces.has('js'))) {
    ran++;
    const t0 = Date.now();
    const got = await runInWorker(box, ran, c);
    if (process.env.ALLIN_DEBUG) console.error(`${Date.now() - t0} ms line ${c.line + 1}: ${got.slice(0, 100)}`);
    const bad = wellFormed(got);
    record(c, got);
    if (bad) failures.push(`line ${c.line + 1}: ${bad}`);
    else if (!matches(c.expected, got)) {
      failures.push(`line ${c.line + 1}: ${c.input.slice(0, 120)}\n    expected: ${c.expected}\n         got: ${got}`);
    }
  }
  await box.worker.terminate();
  console.log(`bad_inputs.txt: ${ran} JS API cases`);
  assert.deepEqual(failures, [], `${failures.length} of ${ran} js cases failed:\n${failures.join('\n')}`);
});

// ---- the page ----

const pageCases = cases.filter((c) => c.surfaces.has('page'));
let browser = null;

before(async () => {
  if (!process.env.ALLIN_BASE_URL) return;
  const { launchBrowser } = await import('./support.mjs');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** The page's answer once it has settled on the fragment (or a number shows). */
async function pageAnswer(page) {
  await page.waitForFunction(() => {
    const root = document.querySelector('[data-results]');
    const status = root?.dataset.status;
    if (status === 'error' || status === 'done') return true;
    return status === 'running' && [...root.querySelectorAll('[data-player]')].some((r) => r.dataset.equity);
  }, null, { timeout: PAGE_TIMEOUT_MS, polling: 50 });
  return page.evaluate(() => {
    const status = document.querySelector('[data-results]').dataset.status;
    // The scenario's first problem; other fields' own errors may show too.
    const first = document.querySelector('[data-error][data-error-first]:not([hidden])');
    if (first) return first.textContent;
    const errors = [...document.querySelectorAll('[data-error]:not([hidden])')].map((el) => el.textContent);
    if (errors.length > 0) return errors.join(' | ');
    return status === 'error' ? '(error status with no message shown)' : 'ok';
  });
}

test('every page line in Chromium', { skip: !process.env.ALLIN_BASE_URL && 'ALLIN_BASE_URL is not set' }, async () => {
  const { BASE_URL } = await import('./support.mjs');
  const failures = [];
  const context = await browser.newContext();
  const problems = [];
  let page = null;
  async function fresh(fragment) {
    await page?.close();
    page = await context.newPage();
    page.on('pageerror', (err) => problems.push(err.message));
    await page.goto(`${BASE_URL}#${fragment}`);
  }
  // Scenario lines reuse one page (a new fragment is a hashchange);
  // page-only lines, and any line the page does not react to, load afresh.
  for (const c of pageCases) {
    let got;
    try {
      if (!page || c.surfaces.size === 1) {
        await fresh(c.input);
      } else {
        await page.evaluate(() => { document.querySelector('[data-results]').dataset.status = 'stale'; });
        await page.evaluate((h) => { location.hash = h; }, c.input);
        const reacted = await page
          .waitForFunction(() => document.querySelector('[data-results]').dataset.status !== 'stale', null,
            { timeout: 3_000 })
          .then(() => true, () => false);
        if (!reacted) await fresh(c.input);
      }
      got = await pageAnswer(page);
    } catch (err) {
      got = `page failed: ${messageOf(err).split('\n')[0]}`;
      await fresh('').catch(() => {});
    }
    if (!c.surfaces.has('js')) record(c, got);
    if (!matches(c.expected, got)) {
      failures.push(`line ${c.line + 1}: ${c.input.slice(0, 120)}\n    expected: ${c.expected}\n         got: ${got}`);
    }
  }
  await context.close();
  console.log(`bad_inputs.txt: ${pageCases.length} page cases`);
  assert.deepEqual(problems, [], 'uncaught errors on the page');
  assert.deepEqual(failures, [], `${failures.length} of ${pageCases.length} page cases failed:\n${failures.join('\n')}`);
});
