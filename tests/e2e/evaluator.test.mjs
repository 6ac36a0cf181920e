// The hand evaluator (evaluator.html): a hand typed, pasted or linked is
// evaluated by the wasm engine; wrong input shows the engine's own message;
// nothing but the site's own files is ever requested.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertFitsThenShoot,
  enterHand,
  finish as finishSession,
  fragmentHand,
  setup,
  layouts,
  openPage as openAnyPage,
  readResult,
  screenshotPath,
} from './support.mjs';

const PAGE = 'evaluator.html';

/** Opens the evaluator (with `path` as its fragment). */
function openPage(browser, { path = '', ...rest } = {}) {
  return openAnyPage(browser, { path: PAGE + path, ...rest });
}

// Category order, weakest first, as the engine ranks them (rank >> 12).
const CATEGORIES = [
  'HighCard',
  'Pair',
  'TwoPair',
  'Trips',
  'Straight',
  'Flush',
  'FullHouse',
  'Quads',
  'StraightFlush',
];
const ROYAL_FLUSH_RANK = (8 << 12) | 9;

const suite = setup();

function finish(session) {
  return finishSession(assert, session);
}

function assertHand(result, { category, cards }) {
  assert.equal(result.status, 'done', `expected a result, got ${JSON.stringify(result)}`);
  assert.equal(result.category, category);
  if (cards) assert.equal(result.cards, cards);
  assert.match(result.rank, /^\d+$/, 'data-rank is a number');
  assert.equal(Number(result.rank) >> 12, CATEGORIES.indexOf(category), 'rank carries its category');
  assert.equal(result.error, null);
}

test('a hand in the URL fragment is evaluated on load', async () => {
  const session = await openPage(suite.browser, { path: '#hand=AsKsQsJsTs' });
  const { page } = session;
  const result = await readResult(page);
  assertHand(result, { category: 'StraightFlush', cards: 'As Ks Qs Js Ts' });
  assert.equal(Number(result.rank), ROYAL_FLUSH_RANK);
  assert.equal(result.label, 'Straight flush');
  assert.equal(await page.inputValue('[data-hand-input]'), 'AsKsQsJsTs');
  // The rank is explained, not shown as a bare number.
  assert.equal(await page.textContent('[data-name]'), 'Royal flush');
  assert.equal(await page.textContent('[data-standing]'), 'The best of 7,462 distinct five-card ranks.');
  // The category list comes from the engine, best first, with the hand's marked.
  const ladder = await page.$$eval('[data-category-list] li', (items) =>
    items.map((li) => [li.dataset.name, li.querySelector('.ladder-label').textContent, li.getAttribute('aria-current')]),
  );
  assert.equal(ladder.length, 9);
  assert.deepEqual(ladder[0], ['StraightFlush', 'Straight flush', 'true']);
  assert.deepEqual(ladder[8], ['HighCard', 'High card', null]);
  assert.ok(session.requests.some((url) => url.endsWith('/pkg/allin_bg.wasm')));
  await finish(session);
});

test('hands are evaluated live as they are typed, and the fragment follows', async () => {
  const session = await openPage(suite.browser);
  const { page } = session;
  assert.equal((await readResult(page)).status, 'idle');

  const cases = [
    ['A♠ K♠ Q♠ J♠ 10♠', 'StraightFlush', 'As Ks Qs Js Ts'],
    ['Ah 2c 3d 4s 5h', 'Straight', 'Ah 2c 3d 4s 5h'],
    ['7c 7d 7h Ks Kd 2c 9s', 'FullHouse', '7c 7d 7h Ks Kd 2c 9s'],
    ['as kd 9c 5h 2s', 'HighCard', 'As Kd 9c 5h 2s'],
    ['10h10d4c4s9h', 'TwoPair', 'Th Td 4c 4s 9h'],
    ['AsAdAhAc2d Kd', 'Quads', 'As Ad Ah Ac 2d Kd'],
    ['2h 5h 9h Jh Kh 3c', 'Flush', '2h 5h 9h Jh Kh 3c'],
  ];
  for (const [text, category, cards] of cases) {
    const result = await enterHand(page, text, { typing: true });
    assertHand(result, { category, cards });
    assert.equal(fragmentHand(page), text, 'typing updates #hand=');
  }
  const royal = await enterHand(page, 'A♠ K♠ Q♠ J♠ 10♠');
  assert.equal(Number(royal.rank), ROYAL_FLUSH_RANK);

  // The wheel is the lowest straight.
  const wheel = await enterHand(page, 'Ah 2c 3d 4s 5h');
  const sixHigh = await enterHand(page, '2h 3c 4d 5s 6h');
  assertHand(sixHigh, { category: 'Straight' });
  assert.ok(Number(wheel.rank) < Number(sixHigh.rank), 'A-2-3-4-5 ranks below 2-3-4-5-6');

  // Clearing the field goes back to idle and drops the fragment.
  const cleared = await enterHand(page, '');
  assert.equal(cleared.status, 'idle');
  assert.equal(cleared.category, null);
  assert.equal(new URL(page.url()).hash, '');
  await finish(session);
});

test('wrong input shows the engine’s message, and the page recovers', async () => {
  const session = await openPage(suite.browser);
  const { page } = session;
  const cases = [
    ['Kx', "unknown suit 'x' at position 2"],
    ['Ah Ah Kd Qd Jd', 'duplicate card Ah'],
    ['AsKsQsJsTs9s8s7s', 'expected 5 to 7 cards, got 8'],
    ['As Ks Qs', 'expected 5 to 7 cards, got 3'],
    ['Zs Ks Qs Js Ts', "unknown rank 'Z' at position 1"],
  ];
  for (const [text, message] of cases) {
    const result = await enterHand(page, text);
    assert.equal(result.status, 'error', `${text}: ${JSON.stringify(result)}`);
    assert.ok(result.error.includes(message), `${text}: got ${JSON.stringify(result.error)}`);
    assert.equal(result.category, null);
    assert.equal(result.rank, null);
    assert.ok(await page.isVisible('[data-error]'));
  }
  assertHand(await enterHand(page, 'Ah Kh Qh Jh 9h'), { category: 'Flush' });
  assert.ok(await page.isHidden('[data-error]'));
  await finish(session);
});

test('markup in the fragment is shown as text and never runs', async () => {
  const payload = '<img src=x onerror="window.__pwned=1">';
  const session = await openPage(suite.browser, { path: `#hand=${payload}` });
  const { page } = session;
  const result = await readResult(page);
  assert.equal(result.status, 'error');
  assert.ok(result.error.includes("unknown rank '<' at position 1"), result.error);
  assert.equal(await page.inputValue('[data-hand-input]'), payload);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.$$eval('main img', (imgs) => imgs.length), 0);
  assert.ok(!session.requests.some((url) => new URL(url).pathname === '/x'), 'requested src=x');

  // Changing the fragment later is picked up too.
  await page.evaluate(() => {
    location.hash = 'hand=Qc Qd 4h 4s Qs';
  });
  await page.waitForFunction(() => document.querySelector('[data-result]').dataset.status === 'done');
  assertHand(await readResult(page), { category: 'FullHouse', cards: 'Qc Qd 4h 4s Qs' });
  assert.equal(await page.inputValue('[data-hand-input]'), 'Qc Qd 4h 4s Qs');
  await finish(session);
});

test('looks right on a phone and on a desktop, light and dark', async () => {
  for (const { name, viewport, colorScheme } of layouts('evaluator')) {
    const session = await openPage(suite.browser, {
      path: '#hand=7c 7d 7h Ks Kd 2c 9s',
      viewport,
      colorScheme,
    });
    const { page } = session;
    assertHand(await readResult(page), { category: 'FullHouse' });
    await assertFitsThenShoot(page, name);

    // The error state must fit too: long messages wrap.
    await enterHand(page, 'As Ks Qs Js Tx');
    const errWidths = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(errWidths <= viewport.width, `${name}: horizontal scroll with an error shown`);
    if (viewport.width === 360 && colorScheme === 'light') {
      await page.screenshot({ path: screenshotPath(`${name}-error`), fullPage: true });
    }
    await finish(session);
  }
});
