// The app offline (manifest.webmanifest, sw.js, sw-register.js): installable
// by Chromium's own checks; after one visit it works with the server gone
// and the network off (exact and Monte Carlo, the widget too); a new build
// is offered, never forced while the engine is busy, and its activation
// deletes only our own old cache. Each test runs its own server (it stops
// it, or changes what it serves), on 127.0.0.1.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from './static-server.mjs';
import { renderIcons, ICONS, ICONS_DIR } from './make-icons.mjs';
import {
  WWW,
  setup,
  pct4,
  readResults,
  screenshotPath,
  settled,
  settledOdds,
  watch,
} from './support.mjs';

const suite = setup();

/** Opens the calculator and waits for the engine and the service worker. */
async function firstVisit(server, fragment = '') {
  const context = await suite.browser.newContext({ viewport: { width: 412, height: 915 }, serviceWorkers: 'allow' });
  const seen = watch(context);
  const page = await context.newPage();
  await page.goto(`${server.url}${fragment}`);
  await page.waitForSelector('html[data-sw="ready"]');
  await page.waitForSelector('[data-engine="ready"]');
  return { context, page, seen };
}

/** Our caches, by name, with the URLs each holds. */
function ourCaches(page) {
  return page.evaluate(async () => {
    const out = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((r) => r.url).sort();
    }
    return out;
  });
}

test('installable: the manifest, icons and service worker pass Chromium\'s checks', async () => {
  const server = await serve(WWW);
  // A profile of its own: Chromium never offers to install from incognito,
  // which is what a plain new context is.
  const profile = mkdtempSync(join(tmpdir(), 'allin-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
    viewport: { width: 412, height: 915 },
  });
  try {
    const seen = watch(context);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(server.url);
    await page.waitForSelector('html[data-sw="ready"]');
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    assert.equal(url, `${server.url}manifest.webmanifest`);
    assert.deepEqual(errors, []);
    const manifest = JSON.parse(data);
    assert.equal(manifest.display, 'standalone');
    // Relative: the same files work under any sub-path.
    for (const key of ['start_url', 'scope', 'id']) assert.equal(manifest[key], './', key);
    const icons = manifest.icons.map((i) => `${i.sizes} ${i.purpose}`);
    for (const want of ['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']) {
      assert.ok(icons.includes(want), `no ${want} icon`);
    }
    // Each icon is a PNG of its stated size, served from the site.
    for (const icon of manifest.icons.filter((i) => i.type === 'image/png')) {
      const size = await page.evaluate(async (src) => {
        const bitmap = await createImageBitmap(await (await fetch(src)).blob());
        return `${bitmap.width}x${bitmap.height}`;
      }, icon.src);
      assert.equal(size, icon.sizes, icon.src);
    }
    assert.equal(await page.getAttribute('link[rel="manifest"]', 'href'), 'manifest.webmanifest');
    assert.ok(await page.$('meta[name="theme-color"]'), 'no theme-color');
    assert.deepEqual(seen.foreign([server.url]), []);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await server.close();
  }
});

test('the committed icons are what make-icons.mjs renders from icon.svg', async () => {
  const fresh = await renderIcons(suite.browser);
  const context = await suite.browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  for (const name of Object.keys(ICONS)) {
    const committed = readFileSync(`${ICONS_DIR}${name}`);
    // Compared as pixels (PNG bytes may differ between Chromium builds).
    const diff = await page.evaluate(async ([a, b]) => {
      const pixels = async (b64) => {
        const blob = await (await fetch(`data:image/png;base64,${b64}`)).blob();
        const bitmap = await createImageBitmap(blob);
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d');
        ctx.drawImage(bitmap, 0, 0);
        return { w: bitmap.width, h: bitmap.height, data: ctx.getImageData(0, 0, bitmap.width, bitmap.height).data };
      };
      const [x, y] = [await pixels(a), await pixels(b)];
      if (x.w !== y.w || x.h !== y.h) return { size: `${x.w}x${x.h} vs ${y.w}x${y.h}` };
      let max = 0;
      let sum = 0;
      for (let i = 0; i < x.data.length; i++) {
        const d = Math.abs(x.data[i] - y.data[i]);
        max = Math.max(max, d);
        sum += d;
      }
      return { mean: sum / x.data.length, max };
    }, [committed.toString('base64'), fresh[name].toString('base64')]);
    assert.equal(diff.size, undefined, `${name}: ${diff.size}`);
    assert.ok(diff.mean < 1, `${name} is out of date (mean difference ${diff.mean}): run node tests/e2e/make-icons.mjs`);
  }
  await context.close();
});

test('after one visit, the app works with the server gone and the network off', async () => {
  const server = await serve(WWW);
  const { context, page, seen } = await firstVisit(server, '#p1=AhKh&p2=QsQd&board=&dead=');
  let r = await settled(page);
  assert.deepEqual(r.players.map((p) => pct4(p.equity)), ['46.2145', '53.7855']);
  // Everything the site needs is in one cache of ours: allin-<version>@<scope>.
  const precache = await page.evaluate(async () => {
    const text = await (await fetch('sw-version.js')).text();
    const version = /ALLIN_VERSION = '([0-9a-f]+)'/.exec(text)[1];
    const list = (name) => {
      const block = text.slice(text.indexOf(`self.${name} = [`), text.indexOf('];', text.indexOf(`self.${name} = [`)));
      return [...block.matchAll(/^ {2}'([^']+)',$/gm)].map((m) => new URL(m[1], location.href).href).sort();
    };
    return { version, files: list('ALLIN_PRECACHE'), onDemand: list('ALLIN_ON_DEMAND') };
  });
  const cachesBefore = await ourCaches(page);
  assert.deepEqual(Object.keys(cachesBefore), [`allin-${precache.version}@${server.url}`]);
  assert.deepEqual(cachesBefore[`allin-${precache.version}@${server.url}`], precache.files);
  // The built site (site/): bundles in js/, one stylesheet a page; the
  // lazy views' chunks are precached as hashed files of js/.
  for (const file of ['index.html', 'js/start.js', 'js/engine-worker.js', 'js/evaluator.js', 'js/embed.js',
    'pkg/allin.js', 'pkg/allin_bg.wasm', 'pkg/allin_extra.js', 'pkg/allin_extra_bg.wasm', 'pkg/allin_board.js',
    'pkg/allin_board_bg.wasm', 'pkg/allin_mixed.js', 'pkg/allin_mixed_bg.wasm', 'styles/page-index.css',
    'embed.html', 'evaluator.html', 'icons/icon-192.png', 'manifest.webmanifest']) {
    assert.ok(precache.files.includes(`${server.url}${file}`), `${file} is not precached`);
  }
  for (const view of ['three-card-view', 'five-card-view', 'board-game-view', 'detail-view']) {
    assert.ok(precache.files.some((f) => f.startsWith(`${server.url}js/${view}-`)), `${view} is not precached`);
  }
  assert.ok(!precache.files.some((f) => f.endsWith('.map')), 'source maps are not precached');
  // The preflop table is kept when first fetched, not precached.
  assert.deepEqual(precache.onDemand, [`${server.url}api/allin.mjs`, `${server.url}data/preflop-hu.bin`]);

  // The server is gone, and the network is off.
  await server.close();
  await context.setOffline(true);
  const offline = await fetch(server.url).then(() => 'up', () => 'down');
  assert.equal(offline, 'down', 'the server still answers');

  await page.reload();
  await page.waitForSelector('[data-engine="ready"]');
  assert.equal(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), true);
  r = await settled(page);
  assert.equal(r.status, 'done');
  assert.equal(r.exact, true);
  assert.deepEqual(r.players.map((p) => pct4(p.equity)), ['46.2145', '53.7855']);
  assert.deepEqual(r.players.map((p) => p.wins), ['787966', '917606']);

  // A flop, from a link.
  await page.evaluate(() => {
    location.hash = 'p1=AhKh&p2=QsQd&board=2h7hTc&dead=';
  });
  await page.waitForFunction(() =>
    document.querySelector('[data-results]').dataset.status === 'done' &&
    document.querySelector('[data-player="1"]')?.dataset.wins === '539');
  r = await readResults(page);
  assert.deepEqual(r.players.map((p) => pct4(p.equity)), ['54.4444', '45.5556']);

  // Monte Carlo, in the workers (their scripts and the wasm from the cache).
  await page.evaluate(() => {
    location.hash = 'p1=AhAd&p2=KsKc&p3=QhQd&board=&dead=&method=mc';
  });
  await page.waitForFunction(() => {
    const root = document.querySelector('[data-results]');
    return root.dataset.status === 'done' && root.dataset.method === 'monte-carlo' &&
      document.querySelector('[data-player="3"]')?.dataset.equity;
  }, null, { timeout: 60_000 });
  r = await readResults(page);
  const exact = [66.5054, 18.8755, 14.6191];
  r.players.forEach((p, i) => {
    assert.ok(Math.abs(Number(p.equity) - exact[i]) < 0.5, `P${i + 1} ${p.equity} vs ${exact[i]}`);
  });

  // A range against a hand, heads-up preflop: the table was never fetched
  // (kept only when first fetched), so the job runs without it, offline.
  await page.evaluate(() => {
    location.hash = 'p1=QQ%2B&p2=AhKh&board=&dead=';
  });
  await page.waitForFunction(() => {
    const root = document.querySelector('[data-results]');
    return ['done', 'error'].includes(root.dataset.status) &&
      document.querySelector('[data-field="p1"]')?.value === 'QQ+';
  }, null, { timeout: 60_000 });
  r = await readResults(page);
  assert.equal(r.status, 'done', JSON.stringify(r.errors));

  // The other games: their views and the engine's extra module, first
  // needed now (on this thread and in the workers), come from the cache.
  for (const hash of [
    'game=three-card&rules=teen-patti&p1=2h2s2d&p2=AhKhQh',
    'game=five-card&p1=AhAdKc7d&p2=QsQhJc&dead=2c',
    'game=omaha-hilo&p1=As2sKdQh&p2=Ad3c9h9s&board=4c5h7dJs',
    'game=shortdeck&rules=trips-beat-straight&p1=6s6h&p2=7h8h&board=6c9dTc',
    'game=badugi&p1=Qd6sKh&p2=Kc9h&dead=As',
    'game=razz&p1=Ah2h3h4h5h&p2=Kh2d3d4d5d',
  ]) {
    await page.evaluate((h) => {
      location.hash = h;
    }, hash);
    await page.waitForFunction((game) => {
      const root = document.querySelector('[data-results]');
      return document.body.dataset.game === game && ['done', 'error'].includes(root.dataset.status);
    }, hash.slice(5, hash.indexOf('&')), { timeout: 60_000 });
    r = await readResults(page);
    assert.equal(r.status, 'done', `${hash}: ${JSON.stringify(r.errors)}`);
    assert.equal(r.exact, true, hash);
  }

  // The widget and the evaluator, offline too.
  await page.goto(`${server.url}embed.html#p1=AhKh&p2=QsQd&board=2h7hTc&dead=`);
  const odds = await settledOdds(page.locator('[data-allin-odds]'));
  assert.deepEqual(odds.players.map((p) => pct4(p.equity)), ['54.4444', '45.5556']);
  await page.goto(`${server.url}evaluator.html#hand=AsKsQsJsTs`);
  await page.waitForSelector('[data-result][data-status="done"]');
  // The draw and stud games' names (the extra module, from the cache).
  await page.evaluate(() => {
    location.hash = 'game=stud8&hand=Ah2h3h4h5hKsKd';
  });
  await page.waitForSelector('[data-result][data-status="done"][data-game="stud8"][data-low-name="5-4-3-2-A"]');

  assert.deepEqual(seen.foreign([server.url]), []);
  assert.deepEqual(seen.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(p)), []);
  await context.close();
});

test('a new version is offered when the engine is idle, never forced; only our old cache goes', async () => {
  const current = readFileSync(`${WWW}sw-version.js`, 'utf8');
  let next = null; // the "new build": same files, another version
  const server = await serve(WWW, {
    routes: {
      '/sw-version.js': () => ({ type: 'text/javascript', body: next ?? current }),
    },
  });
  try {
    const { context, page, seen } = await firstVisit(server, '#p1=AhKh&p2=QsQd&board=&dead=');
    // The user comes back: this time the service worker serves the page.
    await page.reload();
    await page.waitForSelector('[data-engine="ready"]');
    assert.equal(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), true);
    await settled(page);
    // Someone else's caches on the same origin, and another allin's (another scope).
    await page.evaluate(async () => {
      await (await caches.open('someone-else')).put('/x', new Response('x'));
      await (await caches.open('allin-0123456789abcdef@http://elsewhere.invalid/other/')).put('/y', new Response('y'));
    });
    const version = /ALLIN_VERSION = '([0-9a-f]+)'/.exec(current)[1];
    next = current.replace(version, `${version}-next`);

    // The engine is busy (a long calculation): the new version installs
    // in the background and waits; nothing is offered, nothing reloads.
    await page.evaluate(async () => {
      // The page's sw-register (its bundle's copy; sw-register.js).
      globalThis[Symbol.for('allin.sw-register')].setEngineBusy(true);
      window.__sameDocument = true;
    });
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration.update();
    });
    await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration.waiting?.state === 'installed';
    }, null, { timeout: 30_000, polling: 100 });
    await page.waitForTimeout(500);
    assert.equal(await page.getAttribute('html', 'data-sw-update'), null, 'offered while busy');
    assert.equal(await page.$('[data-update-banner]'), null);
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the page reloaded');

    // The page computes again (the app tells sw-register when it is done):
    // now idle, the offer appears.
    await page.evaluate(() => {
      location.hash = 'p1=AhKh&p2=QsQd&board=2h7hTc&dead=';
    });
    await page.waitForSelector('html[data-sw-update="offered"]');
    const r = await readResults(page);
    assert.equal(r.status, 'done');
    assert.match(await page.textContent('[data-update-banner]'), /new version/i);
    await page.screenshot({ path: screenshotPath('update-banner-phone') });
    assert.equal(await page.evaluate(() => window.__sameDocument), true);

    // The user accepts: the new worker takes over and this tab reloads.
    await Promise.all([
      page.waitForEvent('framenavigated'),
      page.click('[data-update-reload]'),
    ]);
    await page.waitForSelector('[data-engine="ready"]');
    await page.waitForFunction(() => !window.__sameDocument);
    const active = await page.evaluate(
      () =>
        new Promise((resolve) => {
          navigator.serviceWorker.addEventListener('message', (e) => resolve(e.data.version), { once: true });
          navigator.serviceWorker.controller.postMessage({ type: 'allin:version' });
        }),
    );
    assert.equal(active, `${version}-next`);
    const names = Object.keys(await ourCaches(page)).sort();
    // Sorted both sides: the build's version is a hash, and one starting
    // with "00" sorts before the other site's "0123…".
    assert.deepEqual(
      names,
      [
        'allin-0123456789abcdef@http://elsewhere.invalid/other/',
        `allin-${version}-next@${server.url}`,
        'someone-else',
      ].sort(),
    );
    const after = await settled(page);
    assert.deepEqual(after.players.map((p) => pct4(p.equity)), ['54.4444', '45.5556']);
    assert.deepEqual(seen.foreign([server.url]), []);
    assert.deepEqual(seen.problems, []);
    await context.close();
  } finally {
    await server.close();
  }
});
