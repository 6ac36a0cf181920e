// Five-card showdowns on the calculator page (issue 15): the game switch,
// partial hands (the rest dealt) with the same data-* result hooks as
// Hold'em and numbers equal to `allin equity --game five-card --json`,
// Project Euler's first row (player 2 wins, one exact showdown), the Deal
// action (by keyboard and by touch), a shared link reopening, the embed
// snippet, the <allin-odds> element and the iframe widget carrying the game,
// bad input, accessibility, and phone and desktop screenshots.

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
  axeViolations,
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

/** `allin equity --game five-card … --json`'s document. */
function cli(players, extra = []) {
  assert.ok(existsSync(CLI), `no allin binary at ${CLI}: run \`cargo build --bin allin\` or set ALLIN_CLI`);
  const args = ['equity', '--game', 'five-card', ...extra, ...players, '--json'];
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
}

/** The page's players as counts (wins, ties) and percentages, equal to the CLI's. */
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
    { timeout: 60_000 },
  );
  return settled(page);
}

/** The showdown list: [{player, category, winner, text}] and its note. */
function showdown(page) {
  return page.$eval('[data-five-card]', (panel) => ({
    note: panel.querySelector('[data-fc-showdown-note]').textContent,
    hands: [...panel.querySelectorAll('[data-fc-showdown] li')].map((li) => ({
      player: Number(li.dataset.player),
      category: li.dataset.category,
      winner: li.dataset.winner ?? null,
      text: li.textContent,
    })),
  }));
}

const EULER = '#game=five-card&p1=5H%205C%206S%207S%20KD&p2=2C%203S%208S%208D%20TD';

test('partial hands, the rest dealt: equal to the CLI, exact, Hold\'em parts hidden', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: '#game=five-card&p1=AhAdKc7d&p2=QsQhJc&dead=2c' });
  const { page } = session;
  const result = await settled(page);
  assertEqualsCli(result, cli(['AhAdKc7d', 'QsQhJc'], ['--dead', '2c']));
  assert.equal(Number(result.players[0].wins) + Number(result.players[1].wins), 44 * 903);
  assert.equal(await page.isVisible('[data-hand-grid]'), false);
  assert.equal(await page.isVisible('#board-input'), false);
  assert.equal(await page.isVisible('[data-target][value="dead"]'), true);
  assert.equal(await page.isVisible('[data-five-card]'), true);
  assert.equal(await page.isVisible('[data-three-card]'), false);
  // The UI says the rest is dealt: the players' labels and the panel.
  const labels = await page.$$eval('[data-player-list] [data-class]', (els) => els.map((e) => e.textContent));
  assert.deepEqual(labels, ['+1 dealt', '+2 dealt']);
  assert.match((await showdown(page)).note, /Give every player 5 cards/);
  assert.match(await page.textContent('[data-results]'), /every way to deal the missing cards/);
  // The picker gives player 2 cards up to five, then moves on.
  await page.locator('[data-target][value="p2"]').check();
  await settledAfter(page, () => page.click('[data-card="9s"]'));
  let result2 = await settledAfter(page, () => page.click('[data-card="9c"]'));
  assert.equal(fragment(page).p2.replace(/\s/g, ''), 'QsQhJc9s9c');
  assertEqualsCli(result2, cli(['AhAdKc7d', 'QsQhJc9s9c'], ['--dead', '2c']));
  assert.notEqual(await page.isChecked('[data-target][value="p2"]'), true);
  await finish(assert, session);
});

test('the game switch to five-card and back, in the URL; a third player sampled with its error', async () => {
  const session = await openOn(suite.browser, DESKTOP);
  const { page } = session;
  await settled(page);
  let result = await settledAfter(page, () => page.getByRole('radio', { name: 'Five-card' }).check());
  assert.equal(fragment(page).game, 'five-card');
  assert.equal(fragment(page).p1, 'AhAdKc7d');
  assertEqualsCli(result, cli(['AhAdKc7d', 'QsQhJc']));
  // A random third player: too many deals for auto's exact, sampled with ±.
  result = await settledAfter(page, () => page.getByRole('button', { name: 'Add player' }).click());
  assert.equal(fragment(page).p3, 'random');
  assert.equal(result.exact, false);
  assert.match(await page.textContent('[data-results]'), /±/);
  await settledAfter(page, () => page.getByRole('radio', { name: "Hold'em" }).check());
  assert.equal(fragment(page).game, undefined);
  assert.equal(await page.isVisible('[data-hand-grid]'), true);
  assert.equal(await page.isVisible('[data-five-card]'), false);
  await finish(assert, session);
});

test('Project Euler 54, first row: player 2 wins, one exact showdown', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: EULER });
  const { page } = session;
  const result = await settled(page);
  assert.equal(result.exact, true);
  assert.deepEqual(result.players.map((p) => [Number(p.wins), Number(p.ties)]), [[0, 0], [1, 0]]);
  assertEqualsCli(result, cli(['5H 5C 6S 7S KD', '2C 3S 8S 8D TD']));
  const shown = await showdown(page);
  assert.deepEqual(shown.hands.map((h) => [h.category, h.winner]), [['Pair', null], ['Pair', 'win']]);
  assert.match(shown.hands[1].text, /eights/i);
  assert.equal(shown.note, 'Player 2 wins: Pair of eights, ten-three-two kickers.');
  assert.match(await page.textContent('[data-results]'), /one showdown/);
  await finish(assert, session);
});

test('Deal by keyboard: five fresh cards each (never a dead card), the classes and the winner, exact', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: '#game=five-card&p1=Ah&p2=&p3=random&dead=Kd' });
  const { page } = session;
  await settled(page);
  const deal = page.locator('[data-fc-deal]');
  assert.equal(await deal.textContent(), 'Deal 3 × 5');
  await deal.focus();
  const result = await settledAfter(page, () => page.keyboard.press('Enter'));
  const f = fragment(page);
  const hands = [f.p1, f.p2, f.p3];
  const cards = hands.flatMap((h) => h.trim().split(/\s+/));
  assert.equal(cards.length, 15);
  assert.equal(new Set(cards).size, 15, 'no card twice');
  // The dead card stays out of play: kept, and never dealt.
  assert.equal(f.dead, 'Kd');
  assert.ok(!cards.includes('Kd'), cards.join(' '));
  assert.equal(result.exact, true);
  // One showdown: the winners have all of it (or split it), the CLI agrees.
  assertEqualsCli(result, cli(hands));
  const shown = await showdown(page);
  assert.equal(shown.hands.length, 3);
  assert.ok(shown.hands.every((h) => h.category));
  const winners = shown.hands.filter((h) => h.winner).map((h) => h.player);
  assert.ok(winners.length >= 1);
  const doc = cli(hands);
  assert.deepEqual(winners, doc.players.flatMap((p, i) => (p.lose === 0 ? [i + 1] : [])));
  assert.match(shown.note, /^Players? [\d, and]+ (wins|split the pot): /);
  // Another deal deals other cards (2^64 seeds); Undo takes it back.
  await settledAfter(page, () => page.keyboard.press('Enter'));
  assert.notDeepEqual([fragment(page).p1, fragment(page).p2, fragment(page).p3], hands);
  await settledAfter(page, () => page.locator('[data-undo]').first().click());
  assert.deepEqual([fragment(page).p1, fragment(page).p2, fragment(page).p3], hands);
  await finish(assert, session);
});

test('bad input and hostile links: the engine\'s message next to the field, the page recovers', async () => {
  const cases = [
    ['#game=five-card&p1=AhAdKcQcJc2s&p2=random', 'p1', /player 1: "AhAdKcQcJc2s" has 6 cards: a five-card hand has at most 5/],
    ['#game=five-card&p1=AhAd&p2=KdAh', 'p2', /Ah is in player 1 and in player 2/],
    ['#game=five-card&p1=AhAd&p2=random&dead=Ad', 'dead', /Ad is in player 1 and in the dead cards/],
    ['#game=five-card&p1=AhAd&p2=random&board=2h7hTc', 'board', /five-card showdowns have no board/],
    ['#game=five-card&p1=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&p2=random', 'p1', /^player 1: "<im": unknown rank '<'/],
  ];
  const session = await openOn(suite.browser, DESKTOP, { path: cases[0][0] });
  const { page } = session;
  for (const [hash, field, message] of cases) {
    await page.evaluate((h) => { location.hash = h; }, hash);
    await page.waitForFunction((f) => [...document.querySelectorAll('[data-error]:not([hidden])')]
      .some((e) => e.dataset.errorFor === f), field, { timeout: 30_000 });
    const result = await settled(page);
    assert.equal(result.status, 'error', hash);
    const shown = result.errors.find((e) => e.for === field);
    assert.match(shown.text, message, hash);
  }
  assert.equal(await page.$('img[src="x"]'), null, 'markup stays text');
  // Fixed, it computes again.
  await page.evaluate(() => { location.hash = '#game=five-card&p1=AhAdKc7d&p2=QsQhJc'; });
  await page.waitForFunction(() => document.querySelector('[data-results]').dataset.status === 'done');
  assertEqualsCli(await settled(page), cli(['AhAdKc7d', 'QsQhJc']));
  await finish(assert, session);
});

test('a shared link reopens the same five-card scenario; the embed snippet carries the game', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: '#game=five-card&p1=AhAdKc7d&p2=QsQhJc&p3=9s9c' });
  const { page } = session;
  const first = await settled(page);
  const link = page.url();
  const again = await openOn(suite.browser, DESKTOP, { path: new URL(link).hash });
  const second = await settled(again.page);
  assert.deepEqual(second.players, first.players);
  assert.equal(fragment(again.page).game, 'five-card');
  assert.equal(await again.page.isChecked('input[name="game"][value="five-card"]'), true);
  const snippet = await page.evaluate(async () => {
    const { elementCode } = await import('./model/embedding.js');
    const { parseFragment } = await import('./model/scenario.js');
    return elementCode(location.origin + '/', parseFragment(location.hash));
  });
  assert.match(snippet, / game="five-card"/);
  await finish(assert, again);
  await finish(assert, session);
});

test('the <allin-odds game="five-card"> element computes the same numbers and links to the game', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: EULER });
  const { page } = session;
  await settled(page);
  await page.evaluate(async () => {
    await import('./allin-odds.js');
    const el = document.createElement('allin-odds');
    el.id = 'fc-element';
    for (const [k, v] of [['game', 'five-card'], ['p1', 'AhAdKc7d'], ['p2', 'QsQhJc']]) el.setAttribute(k, v);
    document.querySelector('main, body').append(el);
    el.scrollIntoView();
  });
  const odds = await settledOdds(page.locator('#fc-element [data-allin-odds]'), { timeout: 60_000 });
  assert.equal(odds.status, 'done', JSON.stringify(odds));
  const doc = cli(['AhAdKc7d', 'QsQhJc']);
  assert.equal(odds.exact, true);
  assert.deepEqual(odds.players.map((p) => Number(p.wins)), doc.players.map((p) => p.win));
  assert.match(odds.link, /#game=five-card&p1=AhAdKc7d&p2=QsQhJc/);
  await finish(assert, session);
});

test('the iframe widget (embed.html) computes a five-card link', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: EULER });
  const { page } = session;
  await settled(page);
  const frame = await page.context().newPage();
  await frame.goto(`${BASE_URL}embed.html#game=five-card&p1=AhAdKc7d&p2=QsQhJc`);
  const odds = await settledOdds(frame.locator('[data-allin-odds]'), { timeout: 60_000 });
  assert.equal(odds.status, 'done');
  assert.equal(odds.exact, true);
  assert.deepEqual(odds.players.map((p) => Number(p.wins)), cli(['AhAdKc7d', 'QsQhJc']).players.map((p) => p.win));
  assert.match(await frame.textContent('body'), /Five-card showdown/);
  await frame.close();
  await finish(assert, session);
});

test('phone (390 px, touch): Deal by tap, the showdown fits; light and dark screenshots', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const session = await openOn(suite.browser, TOUCH_PHONE, { path: EULER, colorScheme });
    const { page } = session;
    await settled(page);
    await page.locator('[data-fc-deal]').scrollIntoViewIfNeeded();
    const result = await settledAfter(page, () => page.locator('[data-fc-deal]').tap());
    assert.equal(result.exact, true);
    assert.equal((await showdown(page)).hands.length, 2);
    const box = await page.locator('[data-fc-deal]').boundingBox();
    assert.ok(box.height >= 44 && box.width >= 44, `Deal is a finger's size: ${JSON.stringify(box)}`);
    await assertFitsThenShoot(page, `five-card-390x844${colorScheme === 'dark' ? '-dark' : ''}`);
    await finish(assert, session);
  }
  const session = await openOn(suite.browser, DESKTOP, { path: EULER });
  await settled(session.page);
  await assertFitsThenShoot(session.page, 'five-card-1280x800');
  await finish(assert, session);
});

test('accessibility of the five-card page: axe, 44 px targets, light and dark, phone and desktop', async () => {
  for (const device of [TOUCH_PHONE, DESKTOP]) {
    for (const colorScheme of ['light', 'dark']) {
      const session = await openOn(suite.browser, device, { path: EULER, colorScheme });
      const { page } = session;
      await settled(page);
      assert.deepEqual(await axeViolations(page), [], `axe (${colorScheme})`);
      assert.deepEqual((await smallTargets(page, { within: '[data-five-card]' })).small, [], 'small targets');
      assert.deepEqual((await smallTargets(page, { within: '[data-game-switch]' })).small, [], 'small targets');
      await finish(assert, session);
    }
  }
});
