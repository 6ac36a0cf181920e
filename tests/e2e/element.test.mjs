// <allin-odds>, the custom element, on a site that hosts allin's files in a
// sub-directory (/allin/) and uses it from a page elsewhere (/blog/…): it
// finds its engine next to its own script, computes the right numbers,
// reacts to attribute changes, several elements take turns, and nothing but
// the site's own files is requested. Phone and desktop screenshots.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from './static-server.mjs';
import {
  DESKTOP,
  PHONE,
  WWW,
  setup,
  pct4,
  readOdds,
  screenshotPath,
  assertSampledOdds,
  settledOdds,
  watch,
} from './support.mjs';

let site;

const POST = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>Odds in a post</title>
<style>body{font:17px/1.5 Georgia,serif;margin:0 auto;padding:1rem;max-width:40rem;background:#fffdf8;color:#222}
@media (prefers-color-scheme: dark){body{background:#101214;color:#ddd}}</style>
<script type="module" src="/allin/allin-odds.js"></script>
</head><body>
<h1>Three hands, one flop</h1>
<p>Ace-king suited against queens, on a two-heart flop:</p>
<allin-odds id="flop" p1="AhKh" p2="QsQd" board="2h7hTc"></allin-odds>
<p>The same two hands before the flop, in the dark theme with an orange accent:</p>
<allin-odds id="pre" p1="AhKh" p2="QsQd" theme="dark" style="--allin-accent:#ff6600"></allin-odds>
</body></html>`;

const suite = setup({
  before: async () => {
    site = await serve(WWW, { prefix: '/allin/', routes: { '/blog/post.html': { body: POST } } });
  },
  after: async () => {
    await site?.close();
  },
});

async function openPost(contextOptions = DESKTOP) {
  const context = await suite.browser.newContext({ colorScheme: 'light', ...contextOptions });
  const seen = watch(context);
  const page = await context.newPage();
  await page.goto(`${site.url}blog/post.html`);
  return { context, page, seen };
}

async function close({ context, seen }) {
  assert.deepEqual(seen.foreign([site.url]), [], 'a request left the site');
  assert.deepEqual(seen.problems, []);
  assert.deepEqual(seen.dialogs, []);
  await context.close();
}

test('the element computes the exact odds and reacts to its attributes', async () => {
  const session = await openPost();
  const { page, seen } = session;
  const flop = page.locator('#flop [data-allin-odds]');
  const pre = page.locator('#pre [data-allin-odds]');
  let r = await settledOdds(flop);
  assert.equal(r.exact, true);
  assert.deepEqual(r.players.map((p) => pct4(p.equity)), ['54.4444', '45.5556']);
  assert.deepEqual(r.players.map((p) => p.wins), ['539', '451']);
  assert.equal(r.link, `${site.url}allin/index.html#p1=AhKh&p2=QsQd&board=2h7hTc&dead=`);
  // Two elements share one engine and take turns.
  r = await settledOdds(pre);
  assert.equal(r.exact, true);
  assert.deepEqual(r.players.map((p) => pct4(p.equity)), ['46.2145', '53.7855']);
  assert.equal(await pre.getAttribute('data-theme'), 'dark');
  assert.equal(await pre.locator('.ao-fill').first().evaluate((e) => getComputedStyle(e).backgroundColor),
    'rgb(255, 102, 0)');
  // The engine came from next to the script, not from next to the page.
  const paths = seen.requests.map((u) => new URL(u).pathname);
  for (const file of ['/allin/js/allin-odds-element.js', '/allin/pkg/allin_bg.wasm', '/allin/js/engine-worker.js', '/allin/styles/embed.css']) {
    assert.ok(paths.includes(file), `${file} was not loaded`);
  }
  assert.ok(!paths.some((p) => p.startsWith('/blog/') && p !== '/blog/post.html'), paths.join(' '));

  // An attribute changes: the element computes the new scenario.
  await page.evaluate(() => document.getElementById('flop').removeAttribute('board'));
  await page.waitForFunction(() => {
    const row = document.getElementById('flop').shadowRoot.querySelector('[data-player="1"]');
    return row?.dataset.equity && Number(row.dataset.equity).toFixed(4) === '46.2145';
  });
  r = await settledOdds(flop);
  assert.equal(r.exact, true);
  assert.deepEqual(r.players.map((p) => p.wins), ['787966', '917606']);

  // Several attributes at once, a third player: one computation, right numbers.
  await page.evaluate(() => {
    const el = document.getElementById('flop');
    el.setAttribute('p1', 'AhAd');
    el.setAttribute('p2', 'KsKc');
    el.setAttribute('p3', 'QhQd');
  });
  await page.waitForFunction(() => {
    const rows = document.getElementById('flop').shadowRoot.querySelectorAll('[data-player]');
    return rows.length === 3 && rows[2].dataset.wins === '198576';
  });
  r = await readOdds(flop);
  assert.deepEqual(r.players.map((p) => p.wins), ['909810', '256920', '198576']);

  // A bad attribute: the engine's message, as text.
  await page.evaluate(() => document.getElementById('flop').setAttribute('board', '2h7hTcXx'));
  await page.waitForFunction(() =>
    document.getElementById('flop').shadowRoot.querySelector('[data-allin-odds]').dataset.status === 'error');
  r = await readOdds(flop);
  assert.match(r.error, /board/i);
  // And back.
  await page.evaluate(() => document.getElementById('flop').setAttribute('board', '2h7hTc'));
  await page.waitForFunction(() => {
    const row = document.getElementById('flop').shadowRoot.querySelector('[data-player="1"]');
    return row?.dataset.wins && row.closest('[data-allin-odds]').dataset.status === 'done';
  });
  r = await readOdds(flop);
  assert.equal(r.status, 'done');
  assert.equal(r.error, null);
  await close(session);
});

test('an element added later, and one far below the fold, compute when they are seen', async () => {
  const session = await openPost();
  const { page } = session;
  await settledOdds(page.locator('#pre [data-allin-odds]'));
  await page.evaluate(() => {
    const spacer = document.createElement('div');
    spacer.style.height = '4000px';
    const el = document.createElement('allin-odds');
    el.id = 'late';
    el.setAttribute('p1', 'Jc9c');
    el.setAttribute('p2', 'AhKh');
    el.setAttribute('board', '2h7hTc');
    document.body.append(spacer, el);
  });
  const late = page.locator('#late [data-allin-odds]');
  await page.waitForTimeout(300);
  assert.equal(await late.getAttribute('data-status'), 'loading', 'computed while far out of view');
  await page.locator('#late').scrollIntoViewIfNeeded();
  const r = await settledOdds(late);
  assert.equal(r.status, 'done');
  assert.equal(r.exact, true);
  await close(session);
});

test('looks right on a phone and on a desktop, light and dark', async () => {
  const layouts = [
    { name: 'element-phone', options: PHONE, colorScheme: 'light' },
    { name: 'element-phone-dark', options: PHONE, colorScheme: 'dark' },
    { name: 'element-desktop', options: DESKTOP, colorScheme: 'light' },
  ];
  for (const { name, options, colorScheme } of layouts) {
    const session = await openPost({ ...options, colorScheme });
    const { page } = session;
    await settledOdds(page.locator('#flop [data-allin-odds]'));
    await settledOdds(page.locator('#pre [data-allin-odds]'));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= options.viewport.width, `${name}: horizontal scroll`);
    await page.screenshot({ path: screenshotPath(name), fullPage: true });
    await close(session);
  }
});

test('the element computes 3, 6 and 10 random players and six 10% ranges by Monte Carlo', async () => {
  // Issue 11, finding 1: an error about a number JS cannot represent.
  const session = await openPost();
  const { page } = session;
  const widget = page.locator('#flop [data-allin-odds]');
  await settledOdds(widget);
  for (const [players, method] of [
    [Array(3).fill('random'), null],
    [Array(6).fill('random'), null],
    [Array(10).fill('random'), null],
    [Array(6).fill('10%'), null],
    [Array(10).fill('random'), 'mc'],
  ]) {
    const what = `${players.length} × ${players[0]} ${method ?? ''}`;
    await page.evaluate(([list, m]) => {
      const el = document.getElementById('flop');
      for (let i = 1; i <= 10; i++) el.removeAttribute(`p${i}`);
      el.removeAttribute('board');
      list.forEach((text, i) => el.setAttribute(`p${i + 1}`, text));
      if (m) el.setAttribute('method', m);
      else el.removeAttribute('method');
    }, [players, method]);
    await page.waitForFunction((n) =>
      document.getElementById('flop').shadowRoot.querySelectorAll('[data-player]').length === n,
    players.length);
    await assertSampledOdds(widget, what, { asked: Boolean(method), settled: players.length === 3 });
  }
  await close(session);
});

test('method="__proto__" and friends as attributes: the odds, and the element recovers', async () => {
  // Issue 11, finding 3: a plain object lookup of the attribute handed
  // Object.prototype to the engine: no odds, then a trap.
  const session = await openPost();
  const { page } = session;
  const widget = page.locator('#flop [data-allin-odds]');
  await settledOdds(widget);
  for (const method of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'mc', '__proto__']) {
    await page.evaluate((m) => document.getElementById('flop').setAttribute('method', m), method);
    await page.waitForFunction((want) => {
      const root = document.getElementById('flop').shadowRoot.querySelector('[data-allin-odds]');
      return root.dataset.status === 'done' && root.dataset.method === want;
    }, method === 'mc' ? 'monte-carlo' : 'exact', { timeout: 60_000 });
    const r = await readOdds(widget);
    if (method !== 'mc') assert.deepEqual(r.players.map((p) => p.wins), ['539', '451'], method);
  }
  // The names as other attributes: the engine's clear errors, as text.
  for (const [name, value] of [['p1', '__proto__'], ['board', 'constructor'], ['dead', 'toString']]) {
    await page.evaluate(([n, v]) => document.getElementById('flop').setAttribute(n, v), [name, value]);
    // The error state with its text, in one look (a render in between must
    // not be read as a settled error).
    await page.waitForFunction(() => {
      const root = document.getElementById('flop').shadowRoot.querySelector('[data-allin-odds]');
      const error = root.querySelector('[data-error]');
      return root.dataset.status === 'error' && !error.hidden && error.textContent.length > 0;
    });
    const r = await readOdds(widget);
    assert.ok(r.error?.length > 0, name);
    await page.evaluate(([n]) => {
      const el = document.getElementById('flop');
      if (n === 'p1') el.setAttribute('p1', 'AhKh');
      else el.setAttribute(n, n === 'board' ? '2h7hTc' : '');
    }, [name]);
    // Back to the odds before the next attribute.
    await page.waitForFunction(() =>
      document.getElementById('flop').shadowRoot.querySelector('[data-allin-odds]').dataset.status === 'done');
  }
  const r = await settledOdds(widget);
  assert.equal(r.status, 'done');
  assert.deepEqual(r.players.map((p) => p.wins), ['539', '451']);
  await close(session);
});
