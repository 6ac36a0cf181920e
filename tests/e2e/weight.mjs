// What a phone pays to open allin: bytes, requests and time to the first
// exact number. Not a test: it prints a table (the README's and
// docs/performance.md's figures come from it).
//
//   cargo xtask build && node tests/e2e/weight.mjs      (serves ./site itself)
//   WEIGHT_RUNS=5 WEIGHT_ONLY=holdem,embed WEIGHT_LIST=1 node tests/e2e/weight.mjs
//
// For each scenario (a page and a URL fragment; the calculator once per
// family, the evaluator, the widget), in fresh browser contexts:
// - before: the bytes and requests the server sent until the first exact
//   result was on screen (service worker blocked, a cold cache), raw and as
//   gzip -9 of the same files (what a static host that compresses sends);
// - first visit: the same with the service worker on, until its precache is
//   complete (every game offline), and how many files came twice;
// - second visit: the page opened again in that context, bytes of the site
//   re-sent (304 revalidations are not bytes);
// - throttled: navigation to the first exact result on a slow phone
//   (CDP: 4x CPU slowdown, 150 ms round trip, 1.6 Mbps down, 750 kbps up),
//   the median of WEIGHT_RUNS (5) cold loads; and to the engine being ready
//   (the page's `allin:ready` mark: the wasm compiled and instantiated);
// - switch (the calculator's other games): from Hold'em's first exact
//   result, throttled, choosing the game in the page's switch (a link's
//   fragment) until that game's first exact result.
// Counted at the server (tests/e2e/static-server.mjs: ETags, no-cache,
// gzip -9 of text, scripts and wasm as a typical static host sends them), so
// what a browser cache or the service worker answers is not counted: bytes
// are the files' own ("raw"), and what was sent ("gzip").

import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './static-server.mjs';

const ROOT = process.env.WEIGHT_ROOT ?? fileURLToPath(new URL('../../site/', import.meta.url));
const RUNS = Number(process.env.WEIGHT_RUNS ?? 5);
const ONLY = process.env.WEIGHT_ONLY?.split(',') ?? null;

const CALC_DONE = () => document.querySelector('[data-results]')?.dataset.exact === 'true';
const EMBED_DONE = () => document.querySelector('[data-allin-odds]')?.dataset.exact === 'true';
const EVAL_DONE = () => document.querySelector('[data-result]')?.dataset.status === 'done';

/** name, page + fragment, when its first result is on screen, a switch to it from Hold'em. */
const SCENARIOS = [
  { name: 'holdem', path: 'index.html#p1=AhKh&p2=QsQd&board=2h7hTc', done: CALC_DONE },
  { name: 'three-card', path: 'index.html#game=three-card&rules=teen-patti&p1=AhKhQh&p2=JsJdJc&p3=random', done: CALC_DONE, game: true },
  { name: 'five-card', path: 'index.html#game=five-card&p1=AhAdKc7d&p2=QsQhJc', done: CALC_DONE, game: true },
  { name: 'omaha', path: 'index.html#game=omaha&p1=AsAhKsKh&p2=9c8c7d6d&board=2c3h4s', done: CALC_DONE, game: true },
  { name: 'shortdeck', path: 'index.html#game=shortdeck&p1=6s6h&p2=7h8h&board=6c9dTc', done: CALC_DONE, game: true },
  { name: 'evaluator', path: 'evaluator.html#hand=7c7d7hKsKd2c9s', done: EVAL_DONE },
  { name: 'embed', path: 'embed.html#p1=AhKh&p2=QsQd&board=2h7hTc', done: EMBED_DONE },
].filter((s) => !ONLY || ONLY.includes(s.name));

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};
const SLOW = { latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 };

/** Sums a slice of the server's log. */
function tally(entries) {
  const sent = entries.filter((e) => e.status === 200);
  const paths = sent.map((e) => e.path);
  if (process.env.WEIGHT_LIST) {
    for (const e of sent) console.error(`  ${e.path} ${e.bytes} raw, ${e.sent} sent`);
  }
  return {
    requests: entries.length,
    bytes: sent.reduce((n, e) => n + e.bytes, 0),
    gzip: sent.reduce((n, e) => n + e.sent, 0),
    twice: paths.filter((p, i) => paths.indexOf(p) !== i),
  };
}

async function context(browser, sw) {
  return browser.newContext({ ...PHONE, serviceWorkers: sw ? 'allow' : 'block' });
}

/** Waits for no new server request for `quiet` ms. */
async function settle(server, quiet = 1500, limit = 60000) {
  const start = Date.now();
  let n = server.log.length;
  let since = Date.now();
  while (Date.now() - start < limit) {
    await new Promise((r) => setTimeout(r, 100));
    if (server.log.length !== n) {
      n = server.log.length;
      since = Date.now();
    } else if (Date.now() - since >= quiet) return;
  }
}

async function before(browser, server, s) {
  const ctx = await context(browser, false);
  const page = await ctx.newPage();
  const from = server.log.length;
  await page.goto(server.url + s.path);
  await page.waitForFunction(s.done, null, { timeout: 60000 });
  const t = tally(server.log.slice(from));
  await ctx.close();
  return t;
}

async function visits(browser, server, s) {
  const ctx = await context(browser, true);
  const page = await ctx.newPage();
  const from = server.log.length;
  await page.goto(server.url + s.path);
  await page.waitForFunction(s.done, null, { timeout: 60000 });
  await page
    .evaluate(() => Promise.race([navigator.serviceWorker?.ready, new Promise((r) => setTimeout(r, 10000))]))
    .catch(() => {});
  await settle(server);
  const first = tally(server.log.slice(from));
  const again = server.log.length;
  const second = await ctx.newPage();
  await page.close();
  await second.goto(server.url + s.path);
  await second.waitForFunction(s.done, null, { timeout: 60000 });
  await settle(server, 1000);
  const repeat = tally(server.log.slice(again));
  await ctx.close();
  return { first, second: repeat };
}

/** Milliseconds from navigation to `done`, on the slow phone profile. */
async function throttled(browser, server, s, switchTo) {
  const ctx = await context(browser, false);
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const first = switchTo ? SCENARIOS[0] : s;
  await page.goto(server.url + first.path);
  await page.waitForFunction(first.done, null, { timeout: 120000, polling: 50 });
  let ms = await page.evaluate(() => performance.now());
  const ready = await page.evaluate(() => performance.getEntriesByName('allin:ready')[0]?.startTime ?? NaN);
  if (switchTo) {
    const hash = s.path.slice(s.path.indexOf('#'));
    const jobBefore = await page.$eval('[data-results]', (r) => r.dataset.job);
    const t0 = await page.evaluate((h) => {
      const t = performance.now();
      location.hash = h;
      return t;
    }, hash);
    await page.waitForFunction(
      (job) => {
        const root = document.querySelector('[data-results]');
        return root?.dataset.job !== job && root?.dataset.exact === 'true';
      },
      jobBefore,
      { timeout: 120000, polling: 50 },
    );
    ms = (await page.evaluate(() => performance.now())) - t0;
  }
  await ctx.close();
  return { ms, ready };
}

/** The median of the runs that finished (NaN if none did). */
const median = (runs) => {
  const xs = runs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return xs.length ? xs[Math.floor(xs.length / 2)] : NaN;
};
const secs = (ms) => (RUNS === 0 ? 'not run' : Number.isNaN(ms) ? 'timed out' : `${(ms / 1000).toFixed(2)} s`);
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

const server = await serve(ROOT, { gzip: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
const rows = [];
try {
  for (const s of SCENARIOS) {
    const b = await before(browser, server, s);
    const v = await visits(browser, server, s);
    const times = [];
    const readies = [];
    const switches = [];
    for (let i = 0; i < RUNS; i++) {
      // A run that times out (a loaded machine) counts as NaN, and says so.
      const t = await throttled(browser, server, s, false).catch((err) => {
        console.error(`  ${s.name}: throttled load failed: ${err.message.split('\n')[0]}`);
        return { ms: NaN, ready: NaN };
      });
      times.push(t.ms);
      readies.push(t.ready);
      if (s.game) {
        const w = await throttled(browser, server, s, true).catch((err) => {
          console.error(`  ${s.name}: throttled switch failed: ${err.message.split('\n')[0]}`);
          return { ms: NaN };
        });
        switches.push(w.ms);
      }
    }
    const row = {
      scenario: s.name,
      before: `${kib(b.bytes)} / ${b.requests} req`,
      'before gzip': kib(b.gzip),
      'first visit': `${kib(v.first.bytes)} / ${v.first.requests} req${v.first.twice.length ? ` (twice: ${v.first.twice.join(' ')})` : ''}`,
      'second visit': kib(v.second.bytes),
      'throttled first': secs(median(times)),
      'engine ready': secs(median(readies)),
      switch: switches.length ? secs(median(switches)) : '',
    };
    rows.push(row);
    console.error(JSON.stringify(row));
  }
} finally {
  await browser.close();
  await server.close();
}
const cols = Object.keys(rows[0] ?? {});
console.log(`| ${cols.join(' | ')} |`);
console.log(`|${cols.map(() => '---').join('|')}|`);
for (const r of rows) console.log(`| ${cols.map((c) => r[c]).join(' | ')} |`);
