// The equity distribution graph (www/ui/distribution-view.js, issue 39):
// opened, it draws both ranges' sorted curves; its hooks' mean is the
// CLI's (`allin distribution` and `allin equity`, ALLIN_CLI, else
// target/debug/allin), buckets sum to 100, arrow keys read points; no axe
// violations in light and dark; it fits a 360 px phone (tap to read);
// screenshots on phone and desktop, light and dark; "Save as image" gives a
// PNG the browser decodes (1200 px wide, not blank) and `allin embed
// --svg` an SVG that parses as XML with the equities as text.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { axeViolations, DESKTOP, finish, openPage, screenshotPath, setup, TOUCH_PHONE } from './support.mjs';

const CLI = process.env.ALLIN_CLI || fileURLToPath(new URL('../../target/debug/allin', import.meta.url));
const suite = setup();
const SCENARIO = { p1: 'QQ+, AKs', p2: 'TT+, AQs+', board: 'Kh 7d 2c' };
const hash = (s) => '#' + Object.entries(s).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
const cli = (args) => JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));

function readCurves(page) {
  return page.$$eval('[data-distribution]', (ps) =>
    ps.map((p) => ({
      player: Number(p.dataset.player),
      points: Number(p.dataset.points),
      mean: Number(p.dataset.mean),
      buckets: JSON.parse(p.dataset.buckets),
      exact: p.dataset.exact === 'true',
    })),
  );
}

/**
 * "Save as image": the PNG downloaded, decoded by the browser (size 2×, not
 * blank: many colours); `allin embed --svg`: parsed as XML by the browser,
 * each player's equity in its text.
 */
async function imageChecks(page, args, equity, colorScheme) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-save-image]')]);
  assert.equal(download.suggestedFilename(), 'allin-odds.png');
  const png = readFileSync(await download.path()).toString('base64');
  await download.saveAs(screenshotPath(`distribution-card${colorScheme === 'dark' ? '-dark' : ''}`));
  // Decoded in a blank page (the app's policy allows no data: images).
  const apart = await suite.browser.newContext();
  const blank = await apart.newPage();
  const decoded = await blank.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    const data = g.getImageData(0, 0, c.width, c.height).data;
    const colours = new Set();
    for (let i = 0; i < data.length; i += 4 * 97) colours.add(data.slice(i, i + 3).join());
    return { width: img.naturalWidth, height: img.naturalHeight, colours: colours.size, corner: [...data.slice(0, 3)] };
  }, png);
  assert.equal(decoded.width, 1200, 'a 600 px card at 2×');
  assert.ok(decoded.height > 600, `height ${decoded.height}`);
  assert.ok(decoded.colours > 20, `not blank: ${decoded.colours} colours`);
  assert.deepEqual(decoded.corner, colorScheme === 'dark' ? [26, 30, 35] : [255, 255, 255]);
  if (colorScheme === 'dark') return apart.close();
  const svg = execFileSync(CLI, ['embed', ...args, '--svg'], { encoding: 'utf8' });
  // (Parsed apart too: its <style> is not the app's to apply.)
  const parsed = await blank.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return { error: doc.querySelector('parsererror')?.textContent ?? null, root: doc.documentElement.localName, text: doc.documentElement.textContent };
  }, svg);
  assert.equal(parsed.error, null);
  assert.equal(parsed.root, 'svg');
  await apart.close();
  for (const p of equity.players) assert.ok(parsed.text.includes(`${(p.equity * 100).toFixed(2)}%`), `${p.equity} in the SVG's text`);
}

async function opened(page, open) {
  await page.waitForFunction(() => document.querySelectorAll('.hand-class-cell').length === 169);
  await open('[data-distribution-box] summary');
  await page.waitForSelector('[data-distribution-box][data-status="done"]', { timeout: 20000 });
}

test('the distribution graph: the CLI\'s mean, both curves, keys, axe, phone and desktop in light and dark', async () => {
  assert.ok(existsSync(CLI), `no allin binary at ${CLI}: run \`cargo build --bin allin\` or set ALLIN_CLI`);
  const args = [SCENARIO.p1, SCENARIO.p2, '--board', SCENARIO.board];
  const equity = cli(['equity', ...args, '--json']);
  const want = [1, 2].map((p) => cli(['distribution', ...args, '--player', String(p), '--json']));
  const streets = cli(['streets', ...args, '--json']);
  // Two pages (time is the suite's budget): light, then dark by emulation.
  for (const [device, name] of [[DESKTOP, '1280x800'], [{ ...TOUCH_PHONE, viewport: { width: 360, height: 780 } }, '360x780']]) {
    const session = await openPage(suite.browser, { path: hash(SCENARIO), device });
    const { page } = session;
    const phone = device !== DESKTOP;
    await opened(page, (s) => (phone ? page.tap(s) : page.click(s)));
    const curves = await readCurves(page);
    assert.equal(curves.length, 2);
    curves.forEach((c, i) => {
      assert.equal(c.player, i + 1);
      assert.equal(c.exact, true);
      assert.equal(c.points, want[i].combos);
      assert.ok(Math.abs(c.mean / 100 - equity.players[i].equity) < 1e-8, `${c.mean} vs ${equity.players[i].equity}`);
      assert.ok(Math.abs(c.mean / 100 - want[i].mean) < 1e-8);
      assert.ok(Math.abs(c.buckets.reduce((a, b) => a + b, 0) - 100) < 1e-9);
      c.buckets.forEach((b, k) => assert.ok(Math.abs(b / 100 - want[i].buckets[k].share) < 1e-9));
    });
    // Street by street: the histogram's mean is the headline equity, its bins the CLI's.
    await page.waitForSelector('[data-streets]');
    const hist = await page.$eval('[data-streets]', (p) => ({ mean: Number(p.dataset.mean), bins: JSON.parse(p.dataset.bins) }));
    assert.ok(Math.abs(hist.mean / 100 - equity.players[0].equity) < 1e-8, `streets ${hist.mean}`);
    hist.bins.forEach((b, k) => assert.ok(Math.abs(b / 100 - streets.bins[k].share) < 1e-9));
    if (phone) {
      const box = await page.$eval('[data-distribution-chart]', (s) => s.getBoundingClientRect().toJSON());
      await page.touchscreen.tap(box.x + box.width * 0.3, box.y + box.height / 2);
    } else {
      await page.focus('[data-distribution-chart]');
      await page.keyboard.press('ArrowRight');
      const first = want[0].points[0];
      assert.match(await page.textContent('[data-distribution-readout]'), new RegExp(`^Player 1 — ${first.combo}: `));
      await page.keyboard.press('End');
      assert.match(await page.textContent('[data-distribution-readout]'), new RegExp(want[0].points.at(-1).combo));
    }
    assert.match(await page.textContent('[data-distribution-readout]'), /equity, weight /);
    if (!phone) {
      // "For" player 2: its curve first, and its streets (mean its equity).
      await page.selectOption('[data-distribution-player]', '1');
      await page.waitForFunction(() => document.querySelector('[data-distribution]')?.dataset.player === '2');
      await page.waitForFunction((m) => Math.abs(Number(document.querySelector('[data-streets]')?.dataset.mean) - m) < 1e-6,
        equity.players[1].equity * 100);
      assert.match(await page.textContent('#dist-streets-title'), /^Player 2/);
      await page.selectOption('[data-distribution-player]', '');
      await page.waitForFunction(() => document.querySelector('[data-distribution]')?.dataset.player === '1');
    }
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(widths[0] <= widths[1], `sideways scroll: ${widths}`);
    for (const colorScheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme });
      if (!phone) {
        assert.deepEqual(await axeViolations(page, { include: ['[data-distribution-box]'] }), [], colorScheme);
        await imageChecks(page, args, equity, colorScheme);
      }
      // The panel alone (the whole page is the other tests' screenshots).
      await page.locator('[data-distribution-box]').screenshot({
        path: screenshotPath(`distribution-${name}${colorScheme === 'dark' ? '-dark' : ''}`),
      });
    }
    await finish(assert, session);
  }
});
