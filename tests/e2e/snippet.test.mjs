// `allin embed …`, the CLI's snippet for blog posts, rendered in Chromium:
// the static <figure> shows the exact numbers with no script and no request
// at all (even with JavaScript off), and its <iframe>, on a page of another
// origin, shows the live widget with the same numbers, fitting the frame
// height the CLI chose. Runs the built binary: `cargo xtask test` sets
// ALLIN_CLI; by hand, `cargo build --bin allin` and it uses target/debug.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from './static-server.mjs';
import {
  BASE_URL,
  DESKTOP,
  PHONE,
  setup,
  pct4,
  screenshotPath,
  settledOdds,
  watch,
} from './support.mjs';

const CLI = process.env.ALLIN_CLI || fileURLToPath(new URL('../../target/debug/allin', import.meta.url));

function embed(...args) {
  if (!existsSync(CLI)) {
    throw new Error(`no allin binary at ${CLI}: run \`cargo build --bin allin\` or set ALLIN_CLI`);
  }
  const html = execFileSync(CLI, ['embed', ...args, '--url', BASE_URL], { encoding: 'utf8' });
  const cut = html.indexOf('<!-- allin: live widget');
  assert.ok(cut > 0, html);
  return { html, figure: html.slice(0, cut), frame: html.slice(cut) };
}

let host;
const snippets = {};

const suite = setup({
  before: async () => {
    snippets.flop = embed('AhKh', 'QsQd', '--board', '2h7hTc');
    snippets.preflop = embed('AhKh', 'QsQd');
    snippets.three = embed('AhAd', 'KsKc', 'QhQd');
    const post = (snippet) => ({
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>A post with a snippet</title>
<style>body{font:17px/1.5 Georgia,serif;margin:0 auto;padding:1rem;max-width:40rem}</style>
</head><body><h1>The odds, pasted</h1>\n${snippet.html}\n<p>The end.</p></body></html>`,
    });
    host = await serve(null, {
      routes: {
        '/flop.html': post(snippets.flop),
        '/preflop.html': post(snippets.preflop),
        '/three.html': post(snippets.three),
      },
    });
  },
  after: async () => {
    await host?.close();
  },
});

/** The figure's table: [[hand, win, tie, equity], …]. */
function figureRows(page) {
  return page.$$eval('figure tbody tr', (rows) =>
    rows.map((tr) => [...tr.children].map((td) => td.textContent)));
}

test('the static figure: numbers visible, no script, no request', async () => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await suite.browser.newContext({ javaScriptEnabled });
    const seen = watch(context);
    const page = await context.newPage();
    await page.setContent(`<!doctype html><html lang="en"><head><title>figure</title></head><body>${snippets.flop.figure}</body></html>`);
    assert.deepEqual(await figureRows(page), [
      ['AhKh', '54.44%', '0.00%', '54.44%'],
      ['QsQd', '45.56%', '0.00%', '45.56%'],
    ]);
    assert.ok(await page.locator('figure').isVisible());
    assert.match(await page.textContent('figcaption'), /Board 2h 7h Tc/);
    assert.match(await page.textContent('figure'), /Exact: every one of 990 outcomes counted/);
    if (javaScriptEnabled) {
      const active = await page.evaluate(() => ({
        scripts: document.scripts.length,
        handlers: [...document.querySelectorAll('*')].flatMap((el) =>
          [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => a.name)),
        jsUrls: [...document.querySelectorAll('[href], [src]')]
          .map((el) => el.getAttribute('href') ?? el.getAttribute('src'))
          .filter((u) => /^\s*javascript:/i.test(u)),
        resources: performance.getEntriesByType('resource').length,
      }));
      assert.deepEqual(active, { scripts: 0, handlers: [], jsUrls: [], resources: 0 });
    }
    assert.deepEqual(seen.requests, [], 'the figure made a request');
    const link = await page.getAttribute('figure a', 'href');
    assert.equal(link, `${BASE_URL}index.html#p1=AhKh&p2=QsQd&board=2h7hTc&dead=`);
    if (!javaScriptEnabled) {
      await page.setViewportSize(PHONE.viewport);
      await page.screenshot({ path: screenshotPath('snippet-figure-phone'), fullPage: true });
    }
    await context.close();
  }
});

test('the iframe: the live widget agrees with the figure and fits the frame', async () => {
  const cases = [
    { name: 'flop', equity: ['54.4444', '45.5556'] },
    { name: 'preflop', equity: ['46.2145', '53.7855'] },
    { name: 'three', equity: ['66.5054', '18.8755', '14.6191'] },
  ];
  for (const layout of [{ tag: 'phone', options: PHONE }, { tag: 'desktop', options: DESKTOP }]) {
    for (const { name, equity } of cases) {
      const context = await suite.browser.newContext(layout.options);
      const seen = watch(context);
      const page = await context.newPage();
      await page.goto(`${host.url}${name}.html`);
      const figure = await figureRows(page);
      const widget = page.frameLocator('iframe').locator('[data-allin-odds]');
      const r = await settledOdds(widget);
      assert.equal(r.exact, true, name);
      assert.deepEqual(r.players.map((p) => pct4(p.equity)), equity, name);
      // The figure's rounded numbers are the widget's.
      assert.deepEqual(figure.map((row) => row[3]),
        r.players.map((p) => `${Number(p.equity).toFixed(2)}%`));
      // The CLI's frame height holds the whole widget: nothing cut off.
      const frame = page.frames().find((f) => f.url().includes('embed.html'));
      const fit = await frame.evaluate(() => ({
        content: Math.ceil(document.querySelector('[data-allin-odds]').getBoundingClientRect().bottom),
        frame: innerHeight,
      }));
      assert.ok(fit.content <= fit.frame, `${layout.tag} ${name}: widget ${fit.content}px in a ${fit.frame}px frame`);
      if (name === 'flop') {
        await page.screenshot({ path: screenshotPath(`snippet-${layout.tag}`), fullPage: true });
      }
      assert.deepEqual(seen.foreign([BASE_URL, host.url]), []);
      assert.deepEqual(seen.problems, []);
      await context.close();
    }
  }
});
