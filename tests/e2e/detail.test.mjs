// What each hand makes and hits (www/ui/detail-view.js, under the results):
// the numbers on the page equal `allin equity … --detail --json`'s (the
// binary from ALLIN_CLI, or target/debug/allin) for a flush draw against
// an overpair on the flop, a turn, heads-up preflop categories and a range
// on the flop (who beat whom with what included); write-up 000's CASE #1 in
// the matrix (AsAc v AhAd: P2's flush over P1's flush, 1,540); an estimate
// shows its error; the latest input wins; it
// works by touch on a 390 px phone and by keyboard; screenshots of phone
// (light, dark) and desktop.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  assertFitsThenShoot,
  axeViolations,
  lowContrastText,
  finish,
  openOn,
  openPage,
  setup,
  smallTargets,
  TOUCH_PHONE,
  DESKTOP,
} from './support.mjs';

const CLI = process.env.ALLIN_CLI || fileURLToPath(new URL('../../target/debug/allin', import.meta.url));
const suite = setup();

/** The CLI's detail of a scenario. */
function cliDetail(players, board) {
  assert.ok(existsSync(CLI), `no allin binary at ${CLI}: run \`cargo build --bin allin\` or set ALLIN_CLI`);
  const args = ['equity', ...players, '--detail', '--json'];
  if (board) args.push('--board', board);
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' })).detail;
}

function hash(players, board) {
  const p = players.map((h, i) => `p${i + 1}=${encodeURIComponent(h)}`).join('&');
  return `#${p}${board ? `&board=${board}` : ''}`;
}

/**
 * Opens the panel (if closed) and waits for a settled detail (of
 * `players` and `board`, when given: the page's data-scenario hook).
 */
async function settledDetail(page, { open = true, players = null, board = '' } = {}) {
  if (open && !(await page.$eval('[data-detail]', (d) => d.open))) await page.click('[data-detail] summary');
  const want = players ? `${players.join(' ')} | ${board} | ` : null;
  await page.waitForFunction(
    (w) => {
      const d = document.querySelector('[data-detail]');
      if (d.dataset.status === 'error') return true;
      return d.dataset.status === 'done' && (w === null || d.dataset.scenario === w);
    },
    want,
    { timeout: 60_000 },
  );
  return readDetail(page);
}

/** The page's detail through its data-* hooks. */
function readDetail(page) {
  return page.$eval('[data-detail]', (root) => ({
    status: root.dataset.status,
    exact: root.dataset.exact === 'true',
    note: root.querySelector('[data-detail-note]').textContent,
    players: [...root.querySelectorAll('[data-detail-player]')].map((b) => ({
      pressed: b.getAttribute('aria-pressed') === 'true',
      categories: JSON.parse(b.dataset.categories),
      matrix: JSON.parse(b.dataset.matrix),
      outs: b.dataset.outs ? JSON.parse(b.dataset.outs) : null,
      next: b.dataset.next ? JSON.parse(b.dataset.next) : null,
    })),
  }));
}

/** Page and CLI agree exactly (both exact). */
function assertAgrees(shown, cli, what) {
  assert.equal(shown.status, 'done', what);
  assert.equal(shown.exact, true, what);
  assert.equal(cli.exact, true, what);
  assert.equal(shown.players.length, cli.players.length, what);
  shown.players.forEach((p, i) => {
    const c = cli.players[i];
    assert.deepEqual(
      p.categories.map(({ category, make, win, tie }) => ({ category, make, win, tie })),
      c.categories,
      `${what}: player ${i + 1}'s categories`,
    );
    // The matrix as the CLI's JSON writes it: [mine][theirs] = count.
    const nest = (cells) => {
      const out = {};
      for (const { mine, theirs, count } of cells) (out[mine] ??= {})[theirs] = count;
      return out;
    };
    assert.deepEqual(nest(p.matrix.wins), c.matrix, `${what}: player ${i + 1}'s matrix`);
    assert.deepEqual(nest(p.matrix.ties), c.tie_matrix, `${what}: player ${i + 1}'s ties`);
    assert.deepEqual(p.outs, c.outs ?? null, `${what}: player ${i + 1}'s outs`);
    assert.deepEqual(
      p.next?.map(({ card, equity }) => ({ card, equity })) ?? null,
      c.next ?? null,
      `${what}: player ${i + 1}'s next cards`,
    );
  });
}

const CASES = [
  ['a flush draw against an overpair on the flop', ['AhKh', 'QsQd'], '2h7hTc'],
  ['the turn', ['AhKh', 'QsQd'], '2h7hTc3d'],
  ['heads-up preflop categories', ['AsKs', '8d8c'], ''],
  ['a range on the flop, three players', ['AhKh', 'QQ+,AKs', '9c8c'], 'Ks8h2d'],
];

test('the page shows the CLI\'s detail exactly', async () => {
  const session = await openPage(suite.browser, { device: DESKTOP });
  const { page } = session;
  for (const [what, players, board] of CASES) {
    await page.evaluate((h) => (location.hash = h), hash(players, board));
    const shown = await settledDetail(page, { players, board });
    assertAgrees(shown, cliDetail(players, board), what);
  }
  // The flop case by eye: 15 clean outs for the flush draw, none for the overpair.
  await page.evaluate((h) => (location.hash = h), hash(['AhKh', 'QsQd'], '2h7hTc'));
  const flop = await settledDetail(page, { players: ['AhKh', 'QsQd'], board: '2h7hTc' });
  assert.equal(flop.players[0].outs.clean, 15);
  assert.equal(flop.players[1].outs.cards.length, 0);
  const strip = await page.$$eval('[data-detail-strip] [data-equity]', (cells) => cells.length);
  assert.equal(strip, 45, 'a cell with a value per possible turn card');
  await assertFitsThenShoot(page, 'detail-1280x800');
  // Write-up 000, CASE #1: P2 wins with a flush against P1's flush 1,540 times.
  await page.evaluate((h) => (location.hash = h), hash(['AsAc', 'AhAd'], ''));
  await settledDetail(page, { players: ['AsAc', 'AhAd'] });
  await page.click('[data-detail-player="1"]');
  assert.match(await page.textContent('[data-detail-matrix-title]'), /^P2 won with .* P1's hand/);
  assert.equal(await page.textContent('[data-detail-matrix] td[data-mine="Flush"][data-theirs="Flush"]'), '1,540');
  await finish(assert, session);
});

test('an estimate shows its error, and the latest input wins', async () => {
  const session = await openPage(suite.browser, { device: DESKTOP });
  const { page } = session;
  await page.evaluate((h) => (location.hash = h), hash(['AsKs', 'random', 'random'], ''));
  await page.click('[data-detail] summary');
  // At once, before it ends: a new scenario; only its detail may show.
  await page.evaluate((h) => (location.hash = h), hash(['AsKs', 'random'], ''));
  const shown = await settledDetail(page, { open: false, players: ['AsKs', 'random'] });
  assert.equal(shown.status, 'done');
  assert.equal(shown.players.length, 2, 'the newest scenario\'s detail');
  assert.equal(shown.exact, false);
  assert.match(shown.note, /Estimate from [\d,]+ random deals \(± one standard error\): too many deals/);
  assert.match(await page.textContent('[data-detail-rows]'), /\d% ± \d/);
  assert.match(await page.textContent('[data-detail-matrix]'), /\d ?± \d/, 'sampled counts with their error');
  const cli = cliDetail(['AsKs', 'random'], '');
  shown.players[0].categories.forEach((c, k) => {
    const want = cli.players[0].categories[k];
    assert.equal(c.category, want.category);
    assert.ok(c.makeSe > 0 || c.make === 0, `${c.category}: an error`);
    const se = Math.hypot(c.makeSe, want.make_se ?? 0) || 1e-4;
    assert.ok(Math.abs(c.make - want.make) <= 5 * se, `${c.category}: ${c.make} vs ${want.make}`);
  });
  await finish(assert, session);
});

test('on a 390 px touch phone: tap to open, tap a card, no sideways scroll', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const session = await openOn(suite.browser, TOUCH_PHONE, {
      path: hash(['AhKh', 'QsQd'], '2h7hTc'),
      colorScheme,
    });
    const { page } = session;
    await page.tap('[data-detail] summary');
    const shown = await settledDetail(page, { open: false });
    assert.equal(shown.status, 'done');
    await page.tap('[data-detail-strip] [data-next-card="8h"]');
    assert.match(await page.textContent('[data-detail-readout]'), /8♥ \(8 of hearts\): P1 100\.00%/);
    await page.tap('[data-detail-player="1"]');
    assert.equal((await readDetail(page)).players[1].pressed, true);
    assert.match(await page.textContent('[data-detail-next-title]'), /P2/);
    const box = await page.$eval('[data-detail-strip] [data-next-card="2c"]', (c) => c.getBoundingClientRect().width);
    assert.ok(box >= 20, `strip cells ${box}px wide`);
    await page.tap('[data-detail-player="0"]');
    // Finger-sized targets (the strip reads: one target, as the grid's read tool).
    assert.deepEqual((await smallTargets(page, { min: 44, within: '[data-detail]' })).small, []);
    await page.$eval('[data-detail]', (d) => d.scrollIntoView());
    await assertFitsThenShoot(page, `detail-390x844${colorScheme === 'dark' ? '-dark' : ''}`);
    await finish(assert, session);
  }
});

test('by keyboard: open, choose a player, walk the strip with arrows', async () => {
  const session = await openPage(suite.browser, { device: DESKTOP });
  const { page } = session;
  await page.evaluate((h) => (location.hash = h), hash(['AhKh', 'QsQd'], '2h7hTc3d'));
  await page.focus('[data-detail] summary');
  await page.keyboard.press('Enter');
  const shown = await settledDetail(page, { open: false, players: ['AhKh', 'QsQd'], board: '2h7hTc3d' });
  assert.equal(shown.status, 'done');
  await page.focus('[data-detail-player="1"]');
  await page.keyboard.press('Enter');
  assert.equal((await readDetail(page)).players[1].pressed, true);
  // The strip is one tab stop: the first cell (A♠), then arrows.
  await page.focus('[data-detail-strip] [tabindex="0"]');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.nextCard), 'As');
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('[data-detail-readout]'), /^K♠ \(K of spades\): P2 0\.00%$/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.nextCard), 'Qh');
  assert.match(await page.textContent('[data-detail-readout]'), /Q♥ \(Q of hearts\): P2 \d+\.\d\d%/);
  const label = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
  assert.match(label, /^Q of hearts: \d+% \(\d+\.\d\d%\)$/);
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.nextCard), '2h');
  await finish(assert, session);
});

test('bad input: the panel says why; no rule of accessibility broken, text readable', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const session = await openPage(suite.browser, { device: DESKTOP, colorScheme });
    const { page } = session;
    await page.evaluate((h) => (location.hash = h), hash(['AhKh', 'QsQd'], '2h7hTc'));
    await settledDetail(page, { players: ['AhKh', 'QsQd'], board: '2h7hTc' });
    await page.focus('[data-detail-strip] [tabindex="0"]');
    assert.deepEqual(await axeViolations(page, { include: ['[data-detail]'] }), [], colorScheme);
    assert.deepEqual(await lowContrastText(page, '[data-detail] .detail-cell[data-equity]'), [], colorScheme);
    await page.evaluate((h) => (location.hash = h), hash(['AhKh', 'QsQd'], '2h7hTx'));
    await page.waitForSelector('[data-detail][data-status="error"]');
    assert.equal(
      await page.textContent('[data-detail-note]'),
      'No detail: the board: "Tx": unknown suit \'x\' at position 6 (suits are c, d, h, s or ♣ ♦ ♥ ♠)',
    );
    assert.equal(await page.$$eval('[data-detail-player]', (b) => b.length), 0, 'no stale numbers');
    // Any problems logged are the page's own reaction to the bad card, not the panel's.
    session.problems.length = 0;
    await finish(assert, session);
  }
});
