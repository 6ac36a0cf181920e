// Ranges in every board game and ranges that travel (issue 37), on the
// calculator page: an Omaha player holding `AA:$ds` against `random` on a
// flop equal to `allin equity --game omaha … --json`, the Omaha box's
// explain and range builder (by touch, top X% included), a PioSolver and a GTO+ paste into
// the Hold'em grid, a "Copy as GTO+" round trip, and Short Deck's 81-class grid (top 10% as the
// CLI's; a switch from Hold'em says what it dropped).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DESKTOP, TOUCH_PHONE, finish as finishSession, fragment, gridDrawn, openOn, settled, setup } from './support.mjs';

const suite = setup();

function finish(session) {
  return finishSession(assert, session);
}

const CLI = process.env.ALLIN_CLI || fileURLToPath(new URL('../../target/debug/allin', import.meta.url));

/** `allin equity --game GAME PLAYERS --board B --json`'s document. */
function cli(game, players, board) {
  assert.ok(existsSync(CLI), `no allin binary at ${CLI}: set ALLIN_CLI`);
  // The page samples to its default target, ±0.1 (the run policy's).
  const args = ['equity', '--game', game, ...players, '--board', board, '--error', '0.1', '--json'];
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
}

/** The grid's cells: label → {selected, fill}. */
async function grid(page) {
  await gridDrawn(page);
  const cells = await page.$$eval('[data-hand-grid] [role="gridcell"]', (cs) =>
    cs.map((c) => [c.dataset.class, { selected: c.getAttribute('aria-selected') === 'true', fill: Number(c.dataset.fill) }]),
  );
  return Object.fromEntries(cells);
}

function selectedFills(cells) {
  return Object.fromEntries(Object.entries(cells).filter(([, c]) => c.selected).map(([k, c]) => [k, c.fill]));
}

test('Omaha AA:$ds against random on a flop: sampled, equal to the CLI; explained', async () => {
  const session = await openOn(suite.browser, DESKTOP, {
    path: `#game=omaha&p1=${encodeURIComponent('AA:$ds')}&p2=random&board=Kh7d2c`,
  });
  const { page } = session;
  const result = await settled(page, { timeout: 120_000 });
  assert.equal(result.status, 'done');
  assert.equal(result.exact, false);
  const doc = cli('omaha', ['AA:$ds', 'random'], 'Kh7d2c');
  assert.equal(doc.players[0].hand, 'AA:$ds');
  doc.players.forEach((p, i) => {
    assert.equal(Number(result.players[i].wins), p.win, `player ${i + 1} wins`);
    assert.equal(Number(result.players[i].ties), p.tie, `player ${i + 1} ties`);
    assert.ok(Math.abs(Number(result.players[i].equity) / 100 - p.equity) < 1e-12, `player ${i + 1} equity`);
  });
  assert.match(await page.textContent('[data-results]'), /±/);
  await page.click('[data-bg-explain] summary');
  await page.waitForFunction(() => document.querySelectorAll('[data-bg-explain-body] tr').length === 1);
  const rows = await page.$$eval('[data-bg-explain-body] tr', (trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  assert.deepEqual(rows, [['P1', 'AA:$ds', 'holds two aces; and double-suited: exactly two suits hold two or more cards each', '864']]);
  assert.match(await page.textContent('[data-bg-explain-note]'), /Player 1: AA:\$ds, 864 of 270,725 hands/);
  await finish(session);
});

test('the Omaha range builder writes the text, by touch', async () => {
  const session = await openOn(suite.browser, TOUCH_PHONE, { path: '#game=omaha&p1=AsAhKsKh&p2=random' });
  const { page } = session;
  await settled(page, { timeout: 120_000 });
  await page.selectOption('[data-bg-build-player]', '1');
  await page.selectOption('[data-bg-build-top]', '15%');
  await page.selectOption('[data-bg-build-pair]', 'KK');
  await page.selectOption('[data-bg-build-suits]', '$ds');
  await page.locator('[data-bg-build]').tap();
  await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('p2') === '15%:KK:$ds');
  assert.equal(fragment(page).p2, '15%:KK:$ds');
  const result = await settled(page, { timeout: 120_000 });
  assert.equal(result.status, 'done');
  await finish(session);
});

test('PioSolver and GTO+ text pasted into a Hold\'em box fill the grid', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: '#p1=&p2=AhKh&board=&dead=' });
  const { page } = session;
  await settled(page);
  await page.fill('[data-field="p1"]', 'AKs:0.5,AA,KQo:0.25');
  await page.waitForFunction(() => document.querySelector('[data-hand-grid] [data-class="KQo"]')?.getAttribute('aria-selected') === 'true');
  assert.deepEqual(selectedFills(await grid(page)), { AA: 1, AKs: 0.5, KQo: 0.25 });
  await page.fill('[data-field="p1"]', '[50]AKs[/50],AA');
  await page.waitForFunction(() => document.querySelector('[data-hand-grid] [data-class="KQo"]')?.getAttribute('aria-selected') === 'false');
  assert.deepEqual(selectedFills(await grid(page)), { AA: 1, AKs: 0.5 });
  await finish(session);
});

test('Copy as GTO+ (and PioSolver) round trip: the text read back is the same range', async () => {
  const session = await openOn(suite.browser, TOUCH_PHONE, { path: '#p1=&p2=random&board=&dead=' });
  const { page } = session;
  await settled(page);
  await page.fill('[data-field="p1"]', 'QQ+, AK@50, AhKh');
  await page.waitForFunction(() => document.querySelector('[data-hand-grid] [data-class="AKo"]')?.getAttribute('aria-selected') === 'true');
  const before = await grid(page);
  const summary = await page.textContent('[data-range-summary]');
  for (const [format, text] of [
    ['gtoplus', 'AA,KK,QQ,AhKh,[50]AcKc,AdKd,AsKs,AKo[/50]'],
    ['pio', 'AA,KK,QQ,AcKc:0.5,AdKd:0.5,AhKh,AsKs:0.5,AKo:0.5'],
  ]) {
    await page.locator(`[data-copy-format="${format}"]`).tap();
    await page.waitForFunction((t) => document.querySelector('[data-copy-out]').textContent === t, text);
    await page.fill('[data-field="p1"]', '');
    await page.fill('[data-field="p1"]', text);
    await page.waitForFunction(() => document.querySelector('[data-hand-grid] [data-class="AKo"]')?.getAttribute('aria-selected') === 'true');
    assert.deepEqual(await grid(page), before, `${format}: the same grid`);
    assert.equal(
      (await page.textContent('[data-range-summary]')).replace(/^Reads as [^·]*· /, ''),
      summary.replace(/^Reads as [^·]*· /, ''),
    );
  }
  await finish(session);
});

test('Short Deck: the grid has the 81 classes, its top 10% is the CLI\'s, and a switch says what it dropped', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: '#game=shortdeck&p1=QQ%2B&p2=random' });
  const { page } = session;
  await settled(page, { timeout: 120_000 });
  await page.waitForFunction(() => document.querySelectorAll('[data-hand-grid] [role="gridcell"]').length === 81);
  assert.equal(await page.getAttribute('[data-hand-grid]', 'aria-rowcount'), '9');
  assert.equal(await page.$eval('[data-hand-grid] [role="gridcell"]', (c) => c.dataset.class), 'AA');
  assert.deepEqual(selectedFills(await grid(page)), { AA: 1, KK: 1, QQ: 1 });
  // Top 10% by the short-deck ranking: the CLI's text, the grid's cells.
  await page.fill('[data-range-percent]', '10');
  await page.press('[data-range-percent]', 'Enter');
  const want = execFileSync(CLI, ['range', '--game', 'shortdeck', '10%'], { encoding: 'utf8' }).split('\n');
  await page.waitForFunction((t) => document.querySelector('[data-field="p1"]').value === t, want[0]);
  assert.match(want[1], /^70 combos \(11\.1% of 630 short-deck combos\)/);
  assert.match(await page.textContent('[data-range-summary]'), /70 combos/);
  assert.equal(Object.keys(selectedFills(await grid(page))).length, 11); // TT+ (5), AJs+ (3), KQs, AQo+ (2)
  assert.match(await page.textContent('[data-ranking-note]'), /630 short-deck hands/);
  // To Hold'em: the same hands, its 169 cells; back with 22+: 55-22 dropped, said.
  await page.check('[data-game-choice][value="holdem"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-hand-grid] [role="gridcell"]').length === 169);
  assert.equal(await page.inputValue('[data-field="p1"]'), want[0]);
  await page.fill('[data-field="p1"]', '22+, AKs');
  await page.check('[data-game-choice][value="shortdeck"]');
  await page.waitForFunction(() => document.querySelector('[data-field="p1"]')?.value === '66+, AKs');
  assert.match(await page.textContent('[data-game-note]'), /Player 1 lost 55, 44, 33, 22 \(24 combos\)/);
  await page.waitForFunction(() => document.querySelectorAll('[data-hand-grid] [role="gridcell"]').length === 81);
  await finish(session);
});
