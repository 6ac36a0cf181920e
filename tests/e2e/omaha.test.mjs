// Omaha (4, 5, 6 cards, high and Hi-Lo) and Short Deck on the calculator
// page (issue 17): through the URL contract for each game, numbers equal to
// `allin equity --game … --json` (exact counts on a flop), the Hi-Lo hooks
// (data-scoop, data-high, data-low: scoop, high share, low share; data-no-low)
// with quartered pots and a board without a low, the issue's link on a
// touch phone (shares adding up, no "Tie 100%", the definitions by tap), Short Deck's rules option, the game switch with
// the hole cards and the Hi-Lo toggle, random hands sampled with ±, bad
// links and cards, a shared link reopening, the embed snippet, the iframe
// widget and the element, and a 360 px touch phone with screenshots.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  BASE_URL,
  DESKTOP,
  TOUCH_PHONE,
  assertFitsThenShoot,
  finish,
  fragment,
  openOn,
  settled,
  settledOdds,
  setup,
  smallTargets,
} from './support.mjs';

const suite = setup();

const CLI = process.env.ALLIN_CLI || fileURLToPath(new URL('../../target/debug/allin', import.meta.url));

/** `allin equity --game GAME HANDS [--board B] [extra] --json`'s document. */
function cli(game, players, { board = '', extra = [] } = {}) {
  assert.ok(existsSync(CLI), `no allin binary at ${CLI}: run \`cargo build --bin allin\` or set ALLIN_CLI`);
  const args = ['equity', '--game', game, ...players, ...(board ? ['--board', board] : []), ...extra, '--json'];
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
}

/**
 * Each player's Hi-Lo hooks and what is shown (null when hidden): the
 * scoop, high share and low share, and the win and tie numbers.
 */
function hiLoRows(page) {
  return page.$$eval('[data-results] [data-player]', (rows) => rows.map((row) => {
    const shown = (key) => {
      const el = row.querySelector(`[data-show="${key}"]`);
      return el && el.checkVisibility() ? el.textContent : null;
    };
    return {
      scoop: row.dataset.scoop ?? null,
      high: row.dataset.high ?? null,
      low: row.dataset.low ?? null,
      shown: { scoop: shown('scoop'), high: shown('high'), low: shown('low'), equity: shown('equity') },
      winTie: [shown('win'), shown('tie')],
      counts: shown('counts'),
    };
  }));
}

/** "64.94%" or "64.94% ± 0.31" → [64.94, 0.31] (percentage points). */
function parseShown(text) {
  const m = text.match(/^([\d.]+)%(?: ± ([\d.]+))?$/);
  assert.ok(m, `a share as shown: ${text}`);
  return [Number(m[1]), Number(m[2] ?? 0)];
}

/** The page's players equal to the CLI's counts (wins = scoops, ties = shares of a pot) and equity. */
function assertEqualsCli(result, doc) {
  assert.equal(result.status, 'done');
  assert.equal(result.exact, doc.exact);
  assert.equal(result.players.length, doc.players.length);
  doc.players.forEach((p, i) => {
    const shown = result.players[i];
    assert.equal(Number(shown.wins), p.win, `player ${i + 1} wins`);
    assert.equal(Number(shown.ties), p.tie, `player ${i + 1} ties`);
    assert.ok(Math.abs(Number(shown.equity) / 100 - p.equity) < 1e-12, `player ${i + 1} equity`);
  });
}

/** The Hi-Lo hooks equal to the CLI's scoops and high and low shares; win and tie not shown. */
function assertHiLoEqualsCli(rows, doc) {
  const n = doc.showdowns;
  const close = (shown, share, what) =>
    assert.ok(Math.abs(Number(shown) / 100 - share) < 1e-12, `${what}: ${shown}% vs ${share}`);
  doc.players.forEach((p, i) => {
    close(rows[i].scoop, p.scoop / n, `player ${i + 1} scoop`);
    close(rows[i].high, p.high_share, `player ${i + 1} high share`);
    close(rows[i].low, p.low_share, `player ${i + 1} low share`);
    assert.deepEqual(rows[i].winTie, [null, null], `player ${i + 1}: no win and tie in Hi-Lo`);
  });
}

/** Waits for a new settled result after `action` (the job id changes). */
async function settledAfter(page, action) {
  const before = await page.$eval('[data-results]', (r) => r.dataset.job ?? '');
  await action();
  await page.waitForFunction(
    (old) => {
      const r = document.querySelector('[data-results]');
      return r.dataset.status === 'done' && (r.dataset.job ?? '') !== old;
    },
    before,
    { timeout: 90_000 },
  );
  return settled(page);
}

const OMAHA = '#game=omaha&p1=AsAhKsKh&p2=9c8c7d6d&board=2c3h4s';
const HILO = '#game=omaha-hilo&p1=As2sKhKd&p2=Ac2c9h9d&board=3h4c8d';
const ISSUE = '#game=omaha-hilo&p1=Ah2hKsKd&p2=As2sQcJc&board=3c4d8h';
const NO_LOW = '#game=omaha-hilo&p1=AsAh2s3h&p2=KcKdQcJd&board=KhQhJs';
const SHORT = '#game=shortdeck&p1=6s6h&p2=7h8h&board=6c9dTc';

test('Omaha high on a flop: exact, equal to the CLI, Hold\'em parts hidden, the range syntax said', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: OMAHA });
  const { page } = session;
  const result = await settled(page, { timeout: 60_000 });
  assertEqualsCli(result, cli('omaha', ['AsAhKsKh', '9c8c7d6d'], { board: '2c3h4s' }));
  assert.equal(result.exact, true);
  assert.equal(await page.isVisible('[data-hand-grid]'), false);
  assert.equal(await page.isVisible('#board-input'), true);
  assert.equal(await page.isVisible('[data-board-game]'), true);
  assert.match(await page.textContent('[data-board-game]'), /Ranges for Omaha: type them in a player.s box/);
  assert.equal(await page.isChecked('input[name="game"][value="omaha"]'), true);
  assert.equal(await page.isChecked('[data-bg-cards][value="4"]'), true);
  assert.equal(await page.isChecked('[data-bg-hilo]'), false);
  // No Hi-Lo hooks in the high game.
  assert.deepEqual((await hiLoRows(page)).map((r) => r.scoop), [null, null]);
  assert.match(await page.textContent('[data-results]'), /Exact/);
  await finish(assert, session);
});

test('Omaha Hi-Lo: quartered pots and a board without a low, equal to the CLI', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: HILO });
  const { page } = session;
  let result = await settled(page, { timeout: 60_000 });
  let doc = cli('omaha-hilo', ['As2sKhKd', 'Ac2c9h9d'], { board: '3h4c8d' });
  assertEqualsCli(result, doc);
  let rows = await hiLoRows(page);
  assertHiLoEqualsCli(rows, doc);
  assert.ok(doc.players[0].quartered > 0, 'quartered pots happen here');
  // Exact: plain percentages, the hooks' values to two decimals.
  for (const row of rows) {
    for (const key of ['scoop', 'high', 'low']) {
      const [share, error] = parseShown(row.shown[key]);
      assert.equal(error, 0, row.shown[key]);
      assert.ok(Math.abs(share - Number(row[key])) <= 0.0051, `${key}: ${row.shown[key]} vs ${row[key]}`);
    }
  }
  assert.match(rows[0].counts, /^[\d,]+ scoops? · [\d,]+ shared · [\d,]+ nothing$/);
  assert.equal(await page.isChecked('[data-bg-hilo]'), true);
  // Sampled (method=mc): every share carries its error (the engine's), and
  // lies within 5 of them of exact.
  const exactRows = rows;
  result = await settledAfter(page, () => page.evaluate((h) => { location.hash = h; }, `${HILO}&method=mc`));
  assert.equal(result.exact, false);
  rows = await hiLoRows(page);
  for (const [k, row] of rows.entries()) {
    for (const key of ['scoop', 'high', 'low']) {
      const [share, error] = parseShown(row.shown[key]);
      assert.ok(error > 0 && Math.abs(share - Number(exactRows[k][key])) <= 5 * error + 0.005, `P${k + 1} ${key}: ${row.shown[key]}`);
    }
  }
  assert.match(await page.textContent('[data-hilo-no-low]'), /^No low: [\d.]+% ± [\d.]+ of boards/);
  // No low possible (K Q J on the flop): the high hand scoops every pot.
  result = await settledAfter(page, () => page.evaluate((h) => { location.hash = h; }, NO_LOW));
  doc = cli('omaha-hilo', ['AsAh2s3h', 'KcKdQcJd'], { board: 'KhQhJs' });
  assertEqualsCli(result, doc);
  assert.equal(doc.no_low, doc.showdowns);
  rows = await hiLoRows(page);
  assertHiLoEqualsCli(rows, doc);
  assert.deepEqual(rows.map((r) => Number(r.low)), [0, 0]);
  assert.equal(await page.getAttribute('[data-results]', 'data-no-low'), '100');
  assert.match(await page.textContent('[data-hilo-no-low]'), /^No low: 820 of 820 boards \(100\.00%\)/);
  // Back to Omaha high: win and tie again, no Hi-Lo parts.
  await settledAfter(page, () => page.evaluate((h) => { location.hash = h; }, OMAHA));
  rows = await hiLoRows(page);
  assert.ok(rows.every((r) => r.winTie.every((t) => t !== null) && r.shown.scoop === null && r.scoop === null));
  assert.equal(await page.isVisible('[data-hilo-totals]'), false);
  await finish(assert, session);
});

test('the issue\'s Hi-Lo link on a touch phone: shares add up, no "Tie 100%", the definitions by tap', async () => {
  const hands = ['Ah2hKsKd', 'As2sQcJc'];
  const session = await openOn(suite.browser, TOUCH_PHONE, { path: ISSUE });
  const { page } = session;
  const result = await settled(page, { timeout: 60_000 });
  assert.equal(result.exact, true);
  const doc = cli('omaha-hilo', hands, { board: '3c4d8h' });
  const rows = await hiLoRows(page);
  assertHiLoEqualsCli(rows, doc);
  // What is shown (two decimals) adds up: high shares, low shares with no
  // low, equities; each within rounding of 100%.
  const noLowText = await page.textContent('[data-hilo-no-low]');
  const noLow = Number(noLowText.match(/\(([\d.]+)%\)/)[1]);
  const total = (key) => rows.reduce((sum, r) => sum + parseShown(r.shown[key])[0], 0);
  assert.ok(Math.abs(total('high') - 100) <= 0.011, `high shares: ${total('high')}`);
  assert.ok(Math.abs(total('low') + noLow - 100) <= 0.011, `low shares + no low: ${total('low')} + ${noLow}`);
  assert.ok(Math.abs(total('equity') - 100) <= 0.011, `equities: ${total('equity')}`);
  assert.deepEqual(rows.map((r) => r.shown.high), ['79.88%', '20.12%']);
  assert.deepEqual(rows.map((r) => r.shown.low), ['50.00%', '50.00%']);
  assert.deepEqual(rows.map((r) => r.shown.equity), ['64.94%', '35.06%']);
  // The misleading "Tie 100%" (a tie being any part of a pot) is gone.
  const text = await page.locator('[data-player-list]').innerText();
  assert.doesNotMatch(text, /Tie/);
  assert.doesNotMatch(text, /100\.00%/);
  assert.deepEqual(rows.map((r) => r.counts), ['0 scoops · 820 shared · 0 nothing', '0 scoops · 820 shared · 0 nothing']);
  // The definitions: closed, a finger-size summary, opened by a tap.
  const terms = page.locator('[data-hilo-terms]');
  assert.equal(await terms.evaluate((d) => d.open), false);
  assert.equal(await page.isVisible('[data-hilo-terms] dl'), false);
  const summary = terms.locator('summary');
  await summary.scrollIntoViewIfNeeded();
  const box = await summary.boundingBox();
  assert.ok(box.height >= 44, `summary ${box.height}px tall`);
  await summary.tap();
  await page.waitForFunction(() => document.querySelector('[data-hilo-terms]').open);
  assert.match(await terms.innerText(), /High share[\s\S]*add up to 100%[\s\S]*no qualifying low/);
  assert.equal(await page.isVisible('[data-hilo-terms] dl'), true);
  // And by keyboard: focus, Enter closes it.
  await summary.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.querySelector('[data-hilo-terms]').open);
  await finish(assert, session);
});

test('ten players of Omaha Hi-Lo on a flop (43 cards in play): exact, equal to the CLI', async () => {
  const hands = ['AsAhKsKh', '9c8c7d6d', 'QdJdTc9h', '2c3c4d5d', 'AdKdQsJs', '7h7s6h6s', 'TdTh8s8h', '5c5s4h4s', 'JcJhQcQh', '3d2d3s2s'];
  const path = `#game=omaha-hilo&${hands.map((h, i) => `p${i + 1}=${h}`).join('&')}&board=Ac9d8d`;
  const session = await openOn(suite.browser, DESKTOP, { path });
  const { page } = session;
  const result = await settled(page, { timeout: 60_000 });
  const doc = cli('omaha-hilo', hands, { board: 'Ac9d8d' });
  assert.equal(result.players.length, 10);
  assert.equal(result.exact, true);
  assertEqualsCli(result, doc);
  assertHiLoEqualsCli(await hiLoRows(page), doc);
  await finish(assert, session);
});

test('five- and six-card Omaha links (high and Hi-Lo) on a flop: exact, equal to the CLI', async () => {
  const cases = [
    ['omaha5', ['AsAhKsKh2c', '9c8c7d6d5h'], '2d3h4s'],
    ['omaha5-hilo', ['As2sKhKd3c', 'Ac2c9h9d7d'], '3h4c8d'],
    ['omaha6', ['AsAhKsKh2c2h', '9c8c7d6d5h5s'], '2d3h4s'],
  ];
  const session = await openOn(suite.browser, DESKTOP);
  const { page } = session;
  await settled(page);
  for (const [game, hands, board] of cases) {
    const hash = `#game=${game}&p1=${hands[0]}&p2=${hands[1]}&board=${board}`;
    const result = await settledAfter(page, () => page.evaluate((h) => { location.hash = h; }, hash));
    const doc = cli(game, hands, { board });
    assert.equal(result.exact, true, game);
    assertEqualsCli(result, doc);
    if (game.endsWith('hilo')) assertHiLoEqualsCli(await hiLoRows(page), doc);
  }
  await finish(assert, session);
});

test('Short Deck: the rules option in the link changes the winner; equal to the CLI', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: SHORT });
  const { page } = session;
  const standard = await settled(page, { timeout: 60_000 });
  assertEqualsCli(standard, cli('shortdeck', ['6s6h', '7h8h'], { board: '6c9dTc' }));
  assert.equal(await page.isChecked('input[name="game"][value="shortdeck"]'), true);
  assert.equal(await page.isChecked('[data-bg-trips]'), false);
  // The picker greys out the cards the short deck lacks (2 to 5), as the engine lists its deck.
  await page.waitForSelector('[data-results][data-engine="ready"]');
  const out = await page.$$eval('[data-deck] [data-out-of-deck]', (els) => els.map((el) => el.dataset.card));
  assert.equal(out.length, 16);
  assert.ok(out.includes('2c') && out.includes('5s') && !out.includes('6d'));
  // The board's example cards are in the deck (it showed 2h, issue 33).
  assert.equal(await page.getAttribute('#board-input', 'placeholder'), '6h 7h Tc');
  // Trips beat straights: the set is ahead of the made straight.
  const trips = await settledAfter(page, () => page.locator('[data-bg-trips]').check());
  assert.equal(fragment(page).rules, 'trips-beat-straight');
  assertEqualsCli(trips, cli('shortdeck', ['6s6h', '7h8h'], { board: '6c9dTc', extra: ['--rules', 'trips-beat-straight'] }));
  assert.ok(Number(trips.players[0].equity) > Number(standard.players[0].equity));
  // Back to Hold'em: every card again.
  await page.locator('input[name="game"][value="holdem"]').check();
  await page.waitForFunction(() => document.querySelectorAll('[data-deck] [data-out-of-deck]').length === 0);
  assert.equal(await page.getAttribute('#board-input', 'placeholder'), '2h 7h Tc');
  await finish(assert, session);
});

test('the game switch: Omaha, 5 cards, Hi-Lo (cards kept), Short Deck, back to Hold\'em; random hands sampled', async () => {
  const session = await openOn(suite.browser, DESKTOP);
  const { page } = session;
  await settled(page);
  let result = await settledAfter(page, () => page.getByRole('radio', { name: 'Omaha' }).check());
  assert.equal(fragment(page).game, 'omaha');
  assert.equal(fragment(page).p1, 'AsAhKsKh');
  assert.equal(await page.isVisible('[data-hand-grid]'), false);
  await settledAfter(page, () => page.locator('[data-bg-cards][value="5"]').check());
  assert.equal(fragment(page).game, 'omaha5');
  const hands = [fragment(page).p1, fragment(page).p2];
  assert.equal(hands[0].length, 10);
  await settledAfter(page, () => page.locator('[data-bg-hilo]').check());
  assert.equal(fragment(page).game, 'omaha5-hilo');
  assert.deepEqual([fragment(page).p1, fragment(page).p2], hands);
  // Six cards: no Hi-Lo there.
  await settledAfter(page, () => page.locator('[data-bg-cards][value="6"]').check());
  assert.equal(fragment(page).game, 'omaha6');
  assert.equal(await page.isDisabled('[data-bg-hilo]'), true);
  // A random third hand: sampled, with its error.
  result = await settledAfter(page, () => page.getByRole('button', { name: 'Add player' }).click());
  assert.equal(fragment(page).p3, 'random');
  assert.equal(result.exact, false);
  assert.equal(result.method, 'monte-carlo');
  assert.match(await page.textContent('[data-results]'), /±/);
  assert.match(await page.textContent('[data-results]'), /random hands are sampled/i);
  await settledAfter(page, () => page.getByRole('radio', { name: 'Short Deck' }).check());
  assert.equal(fragment(page).game, 'shortdeck');
  await settledAfter(page, () => page.getByRole('radio', { name: "Hold'em" }).check());
  assert.equal(fragment(page).game, undefined);
  assert.equal(await page.isVisible('[data-hand-grid]'), true);
  assert.equal(await page.isVisible('[data-board-game]'), false);
  await finish(assert, session);
});

test('bad cards and links: the engine\'s message at the field, "this link has a mistake", recovery', async () => {
  const cases = [
    ['#game=omaha&p1=AsAhKs&p2=random', 'p1', /player 1: "AsAhKs" is 3 cards: Omaha deals 4 cards a hand/],
    ['#game=omaha&p1=AsAhKsKh2c&p2=random', 'p1', /omaha5 deals 5/],
    ['#game=omaha5&p1=AsAhKsKh2c&p2=9c8c7d6d', 'p2', /is 4 cards but player 1's is 5/],
    ['#game=omaha&p1=AsAhKsKh&p2=9c8c7d6d&board=As2c3c', 'board', /As is in player 1 and in the board/],
    ['#game=shortdeck&p1=AsKs&p2=5h5d', 'p2', /player 2: 5h is not in the short deck \(6 to A\)/],
    ['#game=omaha6&p1=random&p2=random&p3=random&p4=random&p5=random&p6=random&p7=random&p8=random', 'players', /need 53 cards but the deck has 52/],
    ['#game=__proto__&p1=AsKs&p2=random', 'players', /unknown game "__proto__" in the link/],
    ['#game=shortdeck&rules=__proto__&p1=AsKs&p2=random', 'players', /unknown Short Deck rules "__proto__"/],
    ['#game=omaha&rules=trips-beat-straight&p1=AsAhKsKh&p2=random', 'players', /only shortdeck has rules/],
  ];
  const session = await openOn(suite.browser, DESKTOP, { path: cases[0][0] });
  const { page } = session;
  for (const [hash, field, message] of cases) {
    await page.evaluate((h) => { location.hash = h; }, hash);
    await page.waitForFunction(([f, m]) => [...document.querySelectorAll('[data-error]:not([hidden])')]
      .some((e) => e.dataset.errorFor === f && new RegExp(m).test(e.textContent)), [field, message.source], { timeout: 30_000 });
    const result = await settled(page);
    assert.equal(result.status, 'error', hash);
    const shown = result.errors.find((e) => e.for === field);
    assert.match(shown.text, message, hash);
    if (/__proto__|rules=/.test(hash)) assert.match(await page.textContent('[data-note]'), /This link has a mistake/);
  }
  await page.evaluate((h) => { location.hash = h; }, OMAHA);
  await page.waitForFunction(() => document.querySelector('[data-results]').dataset.status === 'done', null, { timeout: 60_000 });
  assertEqualsCli(await settled(page), cli('omaha', ['AsAhKsKh', '9c8c7d6d'], { board: '2c3h4s' }));
  await finish(assert, session);
});

test('a shared link reopens the same Hi-Lo scenario; snippet, element and iframe widget carry the game', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: HILO });
  const { page } = session;
  const first = await settled(page, { timeout: 60_000 });
  const firstRows = await hiLoRows(page);
  const again = await openOn(suite.browser, DESKTOP, { path: new URL(page.url()).hash });
  const second = await settled(again.page, { timeout: 60_000 });
  assert.deepEqual(second.players, first.players);
  assert.deepEqual(await hiLoRows(again.page), firstRows);
  assert.equal(fragment(again.page).game, 'omaha-hilo');
  assert.equal(await again.page.isChecked('[data-bg-hilo]'), true);
  await finish(assert, again);
  // The share panel's codes.
  const codes = await page.evaluate(async () => {
    const { elementCode, iframeCode } = await import('./model/embedding.js');
    const { parseFragment } = await import('./model/scenario.js');
    const s = parseFragment(location.hash);
    return { element: elementCode(location.origin + '/', s), iframe: iframeCode(location.origin + '/', s) };
  });
  assert.match(codes.element, / game="omaha-hilo"/);
  assert.match(codes.iframe, /embed\.html#game=omaha-hilo&amp;p1=As2sKhKd/);
  assert.match(codes.iframe, /title="Poker odds: Omaha Hi-Lo, As2sKhKd vs Ac2c9h9d"/);
  const doc = cli('omaha-hilo', ['As2sKhKd', 'Ac2c9h9d'], { board: '3h4c8d' });
  // The iframe widget: the same counts, and the Hi-Lo hooks.
  const frame = await page.context().newPage();
  await frame.goto(`${BASE_URL}embed.html${HILO}`);
  const odds = await settledOdds(frame.locator('[data-allin-odds]'), { timeout: 60_000 });
  assert.equal(odds.status, 'done');
  assert.equal(odds.exact, true);
  assert.deepEqual(odds.players.map((p) => Number(p.wins)), doc.players.map((p) => p.win));
  const hooks = await frame.$$eval('[data-allin-odds] [data-player]', (rows) => rows.map((r) =>
    [r.dataset.scoop, r.dataset.high, r.dataset.low].map(Number)));
  hooks.forEach(([scoop, high, low], i) => {
    assert.ok(Math.abs(scoop / 100 - doc.players[i].scoop / doc.showdowns) < 1e-12);
    assert.ok(Math.abs(high / 100 - doc.players[i].high_share) < 1e-12);
    assert.ok(Math.abs(low / 100 - doc.players[i].low_share) < 1e-12);
  });
  assert.match(await frame.textContent('body'), /Omaha Hi-Lo/);
  // Sampled: every share on the widget's Hi-Lo lines with its error.
  await frame.goto(`${BASE_URL}embed.html${HILO}&method=mc`);
  const sampled = await settledOdds(frame.locator('[data-allin-odds]'), { timeout: 60_000 });
  assert.equal(sampled.exact, false);
  const lines = await frame.$$eval('[data-allin-odds] [data-player] .ao-detail', (ps) => ps.map((p) => p.textContent));
  assert.equal(lines.length, 2);
  for (const line of lines) assert.match(line, /^scoop [\d.]+% ± [\d.]+ · high share [\d.]+% ± [\d.]+ · low share [\d.]+% ± [\d.]+$/);
  assert.match(await frame.textContent('[data-allin-odds] .ao-no-low'), /^no low [\d.]+% ± [\d.]+ of boards/);
  await frame.close();
  // The element, Short Deck with its rules.
  await page.evaluate(async () => {
    await import('./allin-odds.js');
    const el = document.createElement('allin-odds');
    el.id = 'sd-element';
    const attrs = [['game', 'shortdeck'], ['rules', 'trips-beat-straight'], ['p1', '6s6h'], ['p2', '7h8h'], ['board', '6c9dTc']];
    for (const [k, v] of attrs) el.setAttribute(k, v);
    document.querySelector('main, body').append(el);
    el.scrollIntoView();
  });
  const el = await settledOdds(page.locator('#sd-element [data-allin-odds]'), { timeout: 60_000 });
  const sd = cli('shortdeck', ['6s6h', '7h8h'], { board: '6c9dTc', extra: ['--rules', 'trips-beat-straight'] });
  assert.equal(el.exact, true);
  assert.deepEqual(el.players.map((p) => Number(p.wins)), sd.players.map((p) => p.win));
  assert.match(el.link, /#game=shortdeck&rules=trips-beat-straight&p1=6s6h/);
  await finish(assert, session);
});

test('phone (360 px, touch): Omaha by tap, five cards, Hi-Lo; finger-size targets; screenshots', async () => {
  const PHONE_360 = { ...TOUCH_PHONE, viewport: { width: 360, height: 740 } };
  for (const colorScheme of ['light', 'dark']) {
    const session = await openOn(suite.browser, PHONE_360, { colorScheme });
    const { page } = session;
    await settled(page);
    await settledAfter(page, () => page.locator('input[name="game"][value="omaha"]').tap());
    assert.equal(fragment(page).game, 'omaha');
    await page.locator('[data-bg-cards][value="5"]').scrollIntoViewIfNeeded();
    await settledAfter(page, () => page.locator('[data-bg-cards][value="5"]').tap());
    const result = await settledAfter(page, () => page.locator('[data-bg-hilo]').tap());
    assert.equal(fragment(page).game, 'omaha5-hilo');
    assert.equal(result.status, 'done');
    assert.ok((await hiLoRows(page)).every((r) => r.scoop !== null && r.shown.high));
    assert.deepEqual((await smallTargets(page, { within: '[data-board-game]' })).small, [], 'small targets');
    assert.deepEqual((await smallTargets(page, { within: '[data-game-switch]' })).small, [], 'small targets');
    await assertFitsThenShoot(page, `omaha-360x740${colorScheme === 'dark' ? '-dark' : ''}`);
    await finish(assert, session);
  }
});
