// embed.html, the live widget for an <iframe>, embedded in a page served
// from a different origin (a second server, another port): it computes the
// right numbers in its own workers, links back to the calculator, tells the
// host its height, takes style parameters (strictly checked), and requests
// nothing but its own files; Omaha Hi-Lo as scoop, high share, low share
// and equity, adding up, the terms a tap away. Phone and desktop screenshots.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { serve } from './static-server.mjs';
import {
  BASE_URL,
  DESKTOP,
  PHONE,
  TOUCH_PHONE,
  WWW,
  setup,
  pct4,
  readOdds,
  screenshotPath,
  assertSampledOdds,
  settledOdds,
  watch,
} from './support.mjs';

let host;

/** A blog post on another origin with the widget in it (and a frame sizer). */
function hostPage(fragment, { width = '100%', height = 260 } = {}) {
  const src = `${BASE_URL}embed.html#${fragment}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>A blog post</title>
<style>body{font:17px/1.5 Georgia,serif;margin:0 auto;padding:1rem;max-width:40rem;background:#fffdf8;color:#222}</style>
</head><body>
<h1>Ace-king against queens</h1>
<p>How often does the big slick win here? The widget below works it out live.</p>
<iframe id="odds" src="${src}" title="Poker odds" width="${width}" height="${height}" style="border:0;max-width:32em"></iframe>
<p>That is the whole post.</p>
<script>
  window.heights = [];
  addEventListener('message', (event) => {
    const frame = document.getElementById('odds');
    if (event.source !== frame.contentWindow || event.data?.type !== 'allin:height') return;
    window.heights.push(event.data.height);
    frame.height = String(event.data.height);
  });
</script>
</body></html>`;
}

const suite = setup({
  before: async () => {
    // The second origin: same machine, another port.
    host = await serve(null, {
      routes: {
        '/post.html': (req) => {
          const url = new URL(req.url, 'http://x');
          return { body: hostPage(url.searchParams.get('f') ?? '') };
        },
      },
    });
    assert.notEqual(new URL(host.url).origin, new URL(BASE_URL).origin);
  },
  after: async () => {
    await host?.close();
  },
});

async function openPost(fragment, contextOptions = DESKTOP) {
  // Service workers allowed: the widget must register none of its own.
  const context = await suite.browser.newContext({
    colorScheme: 'light',
    serviceWorkers: 'allow',
    ...contextOptions,
  });
  const seen = watch(context);
  const page = await context.newPage();
  await page.goto(`${host.url}post.html?f=${encodeURIComponent(fragment)}`);
  const widget = page.frameLocator('#odds').locator('[data-allin-odds]');
  return { context, page, widget, seen };
}

async function close(session) {
  const { context, seen } = session;
  assert.deepEqual(seen.foreign([BASE_URL, host.url]), [], 'a request left the two origins');
  assert.deepEqual(seen.problems, []);
  assert.deepEqual(seen.dialogs, []);
  await context.close();
}

test('in a page of another origin, the widget computes the exact odds', async () => {
  const session = await openPost('p1=AhKh&p2=QsQd&board=2h7hTc&dead=');
  const { page, widget, seen } = session;
  let r = await settledOdds(widget);
  assert.equal(r.status, 'done');
  assert.equal(r.exact, true);
  assert.deepEqual(r.players.map((p) => pct4(p.equity)), ['54.4444', '45.5556']);
  assert.deepEqual(r.players.map((p) => p.wins), ['539', '451']);
  assert.match(await widget.textContent(), /54\.44%.*45\.56%/s);
  assert.match(await widget.textContent(), /nothing is sent anywhere/);

  // The link back: the full calculator, same scenario, in a new tab.
  const link = widget.locator('[data-open]');
  assert.equal(await link.getAttribute('href'),
    `${BASE_URL}index.html#p1=AhKh&p2=QsQd&board=2h7hTc&dead=`);
  assert.equal(await link.getAttribute('target'), '_blank');
  assert.match(await link.getAttribute('rel'), /noopener/);

  // The host heard the widget's height and sized the frame to it.
  await page.waitForFunction(() => window.heights.length > 0);
  const { heights, frameHeight } = await page.evaluate(() => ({
    heights: window.heights,
    frameHeight: document.getElementById('odds').getBoundingClientRect().height,
  }));
  const last = heights.at(-1);
  assert.ok(last > 150 && last < 400, `height ${last}`);
  assert.equal(Math.round(frameHeight), last);

  // Its own files only: the wasm and the workers came from the widget's origin.
  const fromAllin = seen.requests.filter((u) => u.startsWith(BASE_URL)).map((u) => new URL(u).pathname);
  for (const file of ['/embed.html', '/js/embed.js', '/pkg/allin.js', '/pkg/allin_bg.wasm', '/js/engine-worker.js']) {
    assert.ok(fromAllin.includes(file), `${file} not loaded from the widget's origin`);
  }
  // A polite guest: the widget registers no service worker.
  const frame = page.frames().find((f) => f.url().startsWith(`${BASE_URL}embed.html`));
  assert.equal(await frame.evaluate(() => navigator.serviceWorker?.controller ?? null), null);
  assert.equal(await frame.evaluate(() => document.documentElement.dataset.sw ?? null), null);

  // A new fragment in the frame: preflop, computed again.
  await frame.evaluate(() => {
    location.hash = 'p1=AhKh&p2=QsQd&board=&dead=';
  });
  const deadline = Date.now() + 20_000;
  do {
    r = await readOdds(widget);
    if (r.status === 'done' && pct4(r.players[0].equity) === '46.2145') break;
    await page.waitForTimeout(50);
  } while (Date.now() < deadline);
  assert.deepEqual(r.players.map((p) => pct4(p.equity)), ['46.2145', '53.7855']);
  assert.deepEqual(r.players.map((p) => p.wins), ['787966', '917606']);
  await close(session);
});

test('embed.html\'s static markup is the view\'s skeleton', async () => {
  const context = await suite.browser.newContext();
  const page = await context.newPage();
  // (A page of the site with no script of its own; the import is relative to it.)
  await page.goto(`${BASE_URL}manifest.webmanifest`);
  const built = await page.evaluate(async () => (await import('./ui/odds-view.js')).skeleton().outerHTML);
  const html = readFileSync(`${WWW}embed.html`, 'utf8');
  assert.ok(html.includes(built), 'embed.html\'s widget markup differs from odds-view.js skeleton()');
  await context.close();
});

test('Monte Carlo and bad input in the widget', async () => {
  const session = await openPost(
    'p1=AhAd&p2=KsKc&p3=QhQd&p4=JsJc&p5=TsTc&p6=9s9c&p7=8s8c&p8=7s7c&p9=6s6c&p10=5s5c&board=&dead=&method=mc',
  );
  let r = await settledOdds(session.widget, { timeout: 90_000 });
  assert.equal(r.status, 'done');
  assert.equal(r.method, 'monte-carlo');
  assert.equal(r.players.length, 10);
  const total = r.players.reduce((sum, p) => sum + Number(p.equity), 0);
  assert.ok(Math.abs(total - 100) < 1e-6, `equities sum to ${total}`);
  assert.ok(Number(r.players[0].equity) > Number(r.players[9].equity));
  await session.context.close();

  const bad = await openPost('p1=AhKh&p2=AhQd&board=&dead=');
  r = await settledOdds(bad.widget);
  assert.equal(r.status, 'error');
  assert.match(r.error, /duplicate card Ah/);
  await close(bad);

  // A hostile length is quoted short, and the widget stays its size (issue
  // 33: 100,000 characters made it 58,464 px tall; 10,000 fit a URL here).
  const long = await openPost(`p1=${'K'.repeat(10_000)}&p2=QsQd&board=&dead=`);
  r = await settledOdds(long.widget);
  assert.equal(r.status, 'error');
  assert.ok(r.error.length < 200, r.error);
  const shown = await long.widget.locator('.ao-text').first().textContent();
  assert.ok(shown.length <= 40, shown);
  await long.page.waitForFunction(() => window.heights.length > 0);
  const height = await long.page.evaluate(() => window.heights.at(-1));
  assert.ok(height < 600, `height ${height}`);
  await close(long);
});

test('style parameters: theme and colours, strictly checked', async () => {
  const session = await openPost(
    'p1=AhKh&p2=QsQd&board=2h7hTc&dead=&theme=dark&accent=%23ff6600&bg=red&radius=4px&text=%23ffffff;x',
  );
  const { widget } = session;
  await settledOdds(widget);
  const style = await widget.evaluate((root) => {
    const fill = root.querySelector('.ao-fill');
    return {
      theme: root.dataset.theme ?? null,
      fill: getComputedStyle(fill).backgroundColor,
      background: getComputedStyle(root).backgroundColor,
      radius: getComputedStyle(root).borderTopLeftRadius,
      text: getComputedStyle(root).color,
      ignored: document.documentElement.dataset.ignored,
    };
  });
  assert.equal(style.theme, 'dark');
  assert.equal(style.fill, 'rgb(255, 102, 0)');
  assert.equal(style.radius, '4px');
  // `bg=red` and `text=#ffffff;x` are not strict hex colours: ignored, the
  // dark theme's own colours stay.
  assert.equal(style.background, 'rgb(21, 25, 29)');
  assert.equal(style.text, 'rgb(231, 233, 236)');
  assert.equal(style.ignored, 'bg text');
  await close(session);
});

test('looks right on a phone and on a desktop, light and dark', async () => {
  const layouts = [
    { name: 'embed-phone', options: PHONE, colorScheme: 'light' },
    { name: 'embed-phone-dark', options: PHONE, colorScheme: 'dark' },
    { name: 'embed-desktop', options: DESKTOP, colorScheme: 'light' },
    { name: 'embed-desktop-dark', options: DESKTOP, colorScheme: 'dark' },
  ];
  for (const { name, options, colorScheme } of layouts) {
    const session = await openPost('p1=AhKh&p2=QsQd&p3=Jc9c&board=2h7hTc&dead=', {
      ...options,
      colorScheme,
    });
    const { page, widget } = session;
    const r = await settledOdds(widget);
    assert.equal(r.status, 'done');
    await page.waitForFunction(() => window.heights.length > 0);
    // Fluid: the widget fits its frame, the post has no horizontal scroll.
    const frame = page.frames().find((f) => f.url().includes('embed.html'));
    const inner = await frame.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    assert.ok(inner.scroll <= inner.client, `${name}: the widget scrolls sideways`);
    const outer = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(outer <= options.viewport.width, `${name}: the post scrolls sideways`);
    await page.screenshot({ path: screenshotPath(name), fullPage: true });
    await close(session);
  }
});

test('the widget computes 3, 6 and 10 random players and six 10% ranges by Monte Carlo', async () => {
  // Issue 11, finding 1: an error about a number JS cannot represent.
  const link = (players, extra = '') =>
    `${players.map((h, i) => `p${i + 1}=${encodeURIComponent(h)}`).join('&')}&board=&dead=${extra}`;
  const session = await openPost(link(Array(3).fill('random')));
  const { page, widget } = session;
  await page.waitForFunction(() => document.getElementById('odds').contentWindow);
  const frame = () => page.frames().find((f) => f.url().startsWith(`${BASE_URL}embed.html`));
  for (const [players, extra] of [
    [Array(3).fill('random'), ''],
    [Array(6).fill('random'), ''],
    [Array(10).fill('random'), ''],
    [Array(6).fill('10%'), ''],
    [Array(6).fill('random'), '&method=mc'],
  ]) {
    const what = `${players.length} × ${players[0]}${extra}`;
    await frame().evaluate((hash) => {
      location.hash = hash;
    }, link(players, extra));
    await frame().waitForFunction((n) =>
      document.querySelectorAll('[data-allin-odds] [data-player]').length === n, players.length);
    await assertSampledOdds(widget, what, { asked: Boolean(extra), settled: players.length === 3 });
  }
  await close(session);
});

test('method=__proto__ and friends in the widget\'s fragment: the odds', async () => {
  // Issue 11, finding 3.
  for (const method of ['__proto__', 'constructor', 'toString']) {
    const session = await openPost(`p1=AhKh&p2=QsQd&board=2h7hTc&dead=&method=${method}`);
    const r = await settledOdds(session.widget);
    assert.equal(r.status, 'done', method);
    assert.equal(r.exact, true, method);
    assert.deepEqual(r.players.map((p) => p.wins), ['539', '451'], method);
    await close(session);
  }
});

test('Omaha Hi-Lo in the widget on a touch phone: shares add up, no "tie 100%", the terms by tap', async () => {
  const session = await openPost('game=omaha-hilo&p1=Ah2hKsKd&p2=As2sQcJc&board=3c4d8h', TOUCH_PHONE);
  const { page, widget } = session;
  const r = await settledOdds(widget, { timeout: 60_000 });
  assert.equal(r.status, 'done');
  assert.equal(r.exact, true);
  const lines = await widget.locator('.ao-detail').allTextContents();
  assert.deepEqual(lines, [
    'scoop 0.00% · high share 79.88% · low share 50.00%',
    'scoop 0.00% · high share 20.12% · low share 50.00%',
  ]);
  const shares = lines.map((line) => [...line.matchAll(/([\d.]+)%/g)].map((m) => Number(m[1])));
  const noLowText = await widget.locator('.ao-no-low').textContent();
  assert.match(noLowText, /^no low 0\.00% of boards/);
  const noLow = Number(noLowText.match(/([\d.]+)%/)[1]);
  const equities = (await widget.locator('.ao-equity').allTextContents()).map((t) => Number(t.replace('%', '')));
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(sum(shares.map((s) => s[1])) - 100) <= 0.011, 'high shares');
  assert.ok(Math.abs(sum(shares.map((s) => s[2])) + noLow - 100) <= 0.011, 'low shares with no low');
  assert.ok(Math.abs(sum(equities) - 100) <= 0.011, `equities ${equities}`);
  const hooks = await widget.locator('[data-player]').evaluateAll((rows) => rows.map((row) => Number(row.dataset.high)));
  assert.ok(Math.abs(sum(hooks) - 100) < 1e-9);
  assert.doesNotMatch(await widget.innerText(), /tie/i);
  // The terms: closed, a finger-size summary, opened by a tap; the host is
  // told the taller height.
  const terms = widget.locator('.ao-terms');
  assert.equal(await terms.evaluate((d) => d.open), false);
  const summary = terms.locator('summary');
  const box = await summary.boundingBox();
  assert.ok(box.height >= 44, `summary ${box.height}px tall`);
  await page.waitForFunction(() => window.heights.length > 0);
  const before = await page.evaluate(() => window.heights.at(-1));
  await summary.tap();
  assert.equal(await terms.evaluate((d) => d.open), true);
  assert.match(await terms.innerText(), /\nhigh share\n.*add up to 100%/);
  await page.waitForFunction((h) => window.heights.at(-1) > h, before);
  await page.screenshot({ path: screenshotPath('embed-hilo-phone'), fullPage: true });
  await close(session);
});
