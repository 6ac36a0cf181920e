// The breakdown panel (www/ui/texture-view.js): what the edited player's range
// makes and draws on the flop or turn. Its numbers equal `allin range
// --board --json`'s (ALLIN_CLI, else target/debug/allin) for a few ranges
// and boards; choosing a row colours the grid (mouse, keyboard, and touch
// on a 390 px phone), choosing it again or "None" clears it; boards that
// are not a flop or turn say so; and the call is cheap enough for the
// main thread (measured).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { axeViolations } from './a11y-support.mjs';
import { finish, openPage, setup, TOUCH_PHONE } from './support.mjs';

const CLI = process.env.ALLIN_CLI || fileURLToPath(new URL('../../target/debug/allin', import.meta.url));
const suite = setup();

const hash = (s) =>
  '#' + Object.entries(s).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');

/** The panel as the tests see it: state, note, rows. */
function readPanel(page) {
  return page.$eval('[data-texture]', (root) => ({
    state: root.dataset.state,
    note: root.querySelector('[data-texture-note]').textContent,
    rows: [...root.querySelectorAll('tr[data-class]')].map((tr) => ({
      row: tr.dataset.class,
      kind: tr.dataset.kind,
      combos: Number(tr.dataset.combos),
      share: Number(tr.dataset.share),
    })),
  }));
}

async function ready(page) {
  await page.waitForFunction(() => document.querySelectorAll('.hand-class-cell').length === 169);
  await page.waitForSelector('[data-texture]:not([data-state="off"])');
}

/** The grid's texture colouring: the row, and each class's share text by label. */
function readGrid(page) {
  return page.$eval('[data-hand-grid]', (grid) => ({
    row: grid.dataset.textureRow ?? null,
    cells: Object.fromEntries(
      [...grid.querySelectorAll('.hand-class-cell')].map((c) => [c.dataset.class, c.dataset.textureShare ?? null]),
    ),
    numbers: grid.querySelectorAll('.cell-texture').length,
  }));
}

const CASES = [
  { p1: 'QQ+, AK, JTs, 98s', p2: 'AsKd', board: 'Qh Jh 2c', dead: '', cliDead: 'As Kd' },
  { p1: 'AK@50, 76s, 22+, T9s:0.25', p2: 'random', board: '8h 5h 2c Td', dead: 'Kh', cliDead: 'Kh' },
  { p1: 'random', p2: 'AhAd', board: 'Ts 9s 2d', dead: '', cliDead: 'Ah Ad' },
];

for (const c of CASES) {
  test(`the panel's numbers are the CLI's: ${c.p1} on ${c.board}`, async () => {
    assert.ok(existsSync(CLI), `no allin binary at ${CLI}: run \`cargo build --bin allin\` or set ALLIN_CLI`);
    const session = await openPage(suite.browser, {
      path: hash({ p1: c.p1, p2: c.p2, board: c.board, dead: c.dead }),
    });
    const { page } = session;
    await ready(page);
    const panel = await readPanel(page);
    const cli = JSON.parse(
      execFileSync(CLI, ['range', c.p1, '--board', c.board, '--dead', c.cliDead, '--json'], { encoding: 'utf8' }),
    );
    assert.equal(panel.state, 'ok');
    const expected = cli.rows
      .filter((r) => r.weighted > 0)
      .map((r) => ({ row: r.row, kind: r.kind, combos: r.weighted, share: r.share }));
    assert.deepEqual(panel.rows, expected);
    assert.match(panel.note, new RegExp(`^${cli.weighted} combos on `));
    // The grid coloured by the first draw row: each class's share is the CLI's.
    const first = expected.find((r) => r.kind === 'draw') ?? expected[0];
    await page.click(`[data-texture] button[data-row="${first.row}"]`);
    const grid = await readGrid(page);
    assert.equal(grid.row, first.row);
    for (const k of cli.classes) {
      const want = (k.rows[first.row] ?? 0) / k.weighted;
      assert.ok(Math.abs(Number(grid.cells[k.class]) - want) < 1e-12, `${k.class}: ${grid.cells[k.class]} vs ${want}`);
    }
    const live = new Set(cli.classes.map((k) => k.class));
    for (const [label, share] of Object.entries(grid.cells)) {
      if (!live.has(label)) assert.equal(share, 'none', label);
    }
    await finish(assert, session);
  });
}

test('choosing a row colours the grid; again, or None, clears it (mouse and keyboard)', async () => {
  const session = await openPage(suite.browser, {
    path: hash({ p1: 'QQ+, AK, JTs', p2: 'random', board: 'Qh Jh 2c', dead: '' }),
  });
  const { page } = session;
  await ready(page);
  await page.click('[data-texture] button[data-row="overpair"]');
  let grid = await readGrid(page);
  assert.equal(grid.row, 'overpair');
  assert.equal(grid.cells.KK, '1');
  assert.equal(grid.cells.AKs, '0');
  assert.equal(grid.cells['72o'], 'none');
  assert.equal(grid.numbers, 169);
  assert.equal(await page.getAttribute('button[data-row="overpair"]', 'aria-pressed'), 'true');
  assert.equal(await page.isVisible('[data-texture-legend]'), true);
  await page.click('[data-texture] button[data-row="overpair"]');
  grid = await readGrid(page);
  assert.equal(grid.row, null);
  assert.equal(grid.numbers, 0);
  assert.equal(await page.isVisible('[data-texture-legend]'), false);

  // Keyboard: focus the first row, arrow down, Enter; then Space on it clears.
  await page.focus('[data-texture] button[data-row="set"]');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.row), 'overpair');
  await page.keyboard.press('End');
  const last = await page.evaluate(() => document.activeElement.dataset.row);
  assert.equal(last, 'overcards');
  await page.keyboard.press('Enter');
  assert.equal((await readGrid(page)).row, 'overcards');
  assert.equal((await readGrid(page)).cells.AKo, '1');
  await page.keyboard.press('Space');
  assert.equal((await readGrid(page)).row, null);

  // None clears too.
  await page.click('[data-texture] button[data-row="set"]');
  await page.click('[data-texture-none]');
  assert.equal((await readGrid(page)).row, null);

  // Editing the range keeps the chosen row, recomputed.
  await page.click('[data-texture] button[data-row="overpair"]');
  await page.fill('[data-range-text]', 'KK+, 33');
  await page.waitForFunction(() => document.querySelector('[data-hand-grid] [data-class="QQ"]').dataset.textureShare === 'none');
  grid = await readGrid(page);
  assert.equal(grid.row, 'overpair');
  assert.equal(grid.cells.KK, '1');
  assert.equal(grid.cells['33'], '0');
  await finish(assert, session);
});

test('boards that are not a flop or a turn say so; an empty range says so', async () => {
  const session = await openPage(suite.browser, {
    path: hash({ p1: 'QQ+', p2: 'random', board: 'Qh Jh 2c 3d 4s', dead: '' }),
  });
  const { page } = session;
  await page.waitForFunction(() => document.querySelectorAll('.hand-class-cell').length === 169);
  let panel = await readPanel(page);
  assert.equal(panel.rows.length, 0);
  assert.match(panel.note, /The board has 5 cards: the breakdown needs a flop \(3\) or a turn \(4\)\./);
  await page.goto(page.url().replace(/#.*/, '') + hash({ p1: 'QQ+', p2: 'random', board: '', dead: '' }));
  await page.waitForFunction(() => document.querySelectorAll('.hand-class-cell').length === 169);
  panel = await readPanel(page);
  assert.equal(panel.state, 'off');
  assert.match(panel.note, /Give a flop/);
  assert.equal(await page.isVisible('[data-texture-hint]'), false);
  assert.equal(await page.isVisible('[data-texture-table]'), false);
  await page.goto(page.url().replace(/#.*/, '') + hash({ p1: 'QQ+', p2: 'random', board: 'Qh Jh', dead: '' }));
  await page.waitForFunction(() => document.querySelectorAll('.hand-class-cell').length === 169);
  panel = await readPanel(page);
  assert.equal(panel.state, 'error');
  assert.match(panel.note, /^Fix the board first: the board must have 0, 3, 4 or 5 cards, got 2$/);
  await page.goto(page.url().replace(/#.*/, '') + hash({ p1: 'QQ+', p2: 'AsKd', board: 'Qh Jh Kd', dead: '' }));
  await page.waitForFunction(() => document.querySelectorAll('.hand-class-cell').length === 169);
  panel = await readPanel(page);
  assert.equal(panel.state, 'error');
  assert.match(panel.note, /^Fix .* first: duplicate card Kd/);
  await page.goto(page.url().replace(/#.*/, '') + hash({ p1: 'AA', p2: 'random', board: 'Ah As 2c', dead: 'Ad' }));
  await page.waitForFunction(() => document.querySelectorAll('.hand-class-cell').length === 169);
  panel = await readPanel(page);
  assert.equal(panel.rows.length, 0);
  assert.equal(panel.state, 'error');
  assert.match(panel.note, /the range has no hand left: all its 6 combos use a board or dead card|^Fix Player 1 first: /);
  console.log(panel.note);
  await finish(assert, session);
});

test('phone: tapping a row colours the grid, the panel fits 390 px; the call is cheap', async (t) => {
  const session = await openPage(suite.browser, {
    device: TOUCH_PHONE,
    path: hash({ p1: 'QQ+, AK, JTs, 98s', p2: 'random', board: 'Qh Jh 2c', dead: '' }),
  });
  const { page } = session;
  await ready(page);
  await page.tap('[data-texture] button[data-row="gutshot"]');
  const grid = await readGrid(page);
  assert.equal(grid.row, 'gutshot');
  assert.equal(grid.cells.AKo, '1');
  const fits = await page.evaluate(() => {
    const panel = document.querySelector('[data-texture]').getBoundingClientRect();
    return { right: panel.right, width: document.documentElement.scrollWidth, view: innerWidth };
  });
  assert.ok(fits.right <= fits.view && fits.width <= fits.view, JSON.stringify(fits));
  const rowHeight = await page.$eval('button[data-row="gutshot"]', (b) => b.getBoundingClientRect().height);
  assert.ok(rowHeight >= 44, `touch target ${rowHeight}px`);
  await page.tap('[data-texture-none]');
  assert.equal((await readGrid(page)).row, null);
  // Measured: the whole breakdown of a random range on the main thread.
  const ms = await page.evaluate(async () => {
    const m = await import('./pkg/allin_extra.js'); // (range_texture: the extra module)
    await m.default();
    m.range_texture('random', 'Ts 9s 2d', '');
    const t0 = performance.now();
    for (let i = 0; i < 10; i++) m.range_texture('random', 'Ts 9s 2d', '');
    return (performance.now() - t0) / 10;
  });
  t.diagnostic(`range_texture(random, flop): ${ms.toFixed(2)} ms in the page`);
  assert.ok(ms < 50, `${ms} ms`);
  await finish(assert, session);
});

for (const colorScheme of ['light', 'dark']) {
  test(`the panel and the coloured grid: no axe violations, cell text readable (${colorScheme})`, async () => {
    const session = await openPage(suite.browser, {
      colorScheme,
      path: hash({ p1: 'QQ+, AK, JTs, 98s, 76s:0.5', p2: 'random', board: 'Qh Jh 2c', dead: '' }),
    });
    const { page } = session;
    await ready(page);
    await page.click('[data-texture] button[data-row="gutshot"]');
    assert.deepEqual(await axeViolations(page, { include: ['[data-texture]'] }), []);
    assert.deepEqual(await axeViolations(page, { include: ['[data-hand-grid]'] }), []);
    // (The coloured cells are one solid colour each, so axe's color-contrast
    // rule measures their text; lowContrastText cannot here: the grid's own
    // screen-reader words of each cell lie, clipped, over its right neighbour.)
    await finish(assert, session);
  });
}
