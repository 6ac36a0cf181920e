// Ranges on the calculator (index.html) in headless Chromium: exact range
// equity (the heads-up preflop table fetched only when a job needs it),
// the 13×13 grid (tap, drag to paint with mouse and touch, weights, the
// %-slider, text ↔ grid both ways, explain), the heatmap (filled in live,
// cancelled by a new input), keyboard only, ARIA, and screenshots.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertFitsThenShoot,
  finish as finishSession,
  fragment,
  setup,
  layouts,
  openPage,
  pct4,
  screenshotPath,
  settled,
  gridDrawn,
  cellCentre as centre,
} from './support.mjs';

const suite = setup();

function finish(session) {
  return finishSession(assert, session);
}

const TABLE = /\/data\/preflop-hu\.bin$/;

/** The grid as the tests see it, in grid order: [label, {selected, fill}]. */
function gridCells(page) {
  return page.$$eval('[data-hand-grid] [role="gridcell"]', (cells) =>
    cells.map((c) => [
      c.dataset.class,
      { selected: c.getAttribute('aria-selected') === 'true', fill: Number(c.dataset.fill) },
    ]),
  );
}

/**
 * A cell's accessible name: its label, then (visually hidden) its name,
 * number and range part; the number drawn in it is aria-hidden.
 */
async function cellName(page, label) {
  await gridDrawn(page);
  return page.$eval(`[data-hand-grid] [data-class="${label}"]`, (cell) =>
    [...cell.children].filter((c) => c.getAttribute('aria-hidden') !== 'true').map((c) => c.textContent).join(''));
}

/** Per class: {selected, fill}. */
async function gridState(page) {
  return Object.fromEntries(await gridCells(page));
}

/** Classes whose cells are selected, in grid order. */
async function selected(page) {
  return (await gridCells(page)).filter(([, c]) => c.selected).map(([label]) => label);
}

async function drag(page, from, to, via = []) {
  await page.locator('[data-hand-grid]').scrollIntoViewIfNeeded();
  const start = await centre(page, from);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (const label of [...via, to]) {
    const p = await centre(page, label);
    await page.mouse.move(p.x, p.y, { steps: 3 });
  }
  await page.mouse.up();
}

/** Waits for the page's range text for player `n` to be `text`. */
async function rangeIs(page, n, text) {
  await page.waitForFunction(
    ([field, want]) => document.querySelector(`[data-field="${field}"]`).value === want,
    [`p${n}`, text],
  );
}

test('range against range, exact: QQ+ vs TT+ and AhKh vs random, the table fetched only when needed',
  async () => {
    const session = await openPage(suite.browser);
    const { page } = session;
    // The page's own requests (the service worker may precache the table
    // for offline use; that is not the page asking for it).
    const requests = [];
    page.on('request', (request) => requests.push(request.url()));
    let r = await settled(page);
    assert.equal(r.exact, true);
    await page.fill('[data-field="board"]', '2c 7d 9s');
    await settled(page);
    await page.fill('[data-field="board"]', '');
    await settled(page);
    assert.ok(!requests.some((u) => TABLE.test(u)), 'known hands need no table');

    // Ranges typed into the players' fields.
    await page.fill('[data-field="p1"]', 'QQ+');
    await page.fill('[data-field="p2"]', 'TT+');
    r = await settled(page);
    assert.equal(r.status, 'done');
    assert.equal(r.exact, true);
    assert.deepEqual(r.players.map((p) => pct4(p.equity)), ['65.0483', '34.9517']);
    // Weighted counts: every deal of the ranges times every board.
    assert.deepEqual(r.players.map((p) => [p.wins, p.ties]),
      [['484876704', '32688768'], ['252971328', '32688768']]);
    assert.match(await page.textContent('[data-player="1"] [data-show="counts"]'),
      /484,876,704 wins · 32,688,768 ties · 252,971,328 losses/);
    assert.match(await page.textContent('[data-note]'),
      /^Exact: 770,536,800 showdowns \(every deal of the ranges, by weight, times every board, from the table of preflop matchups\)/);
    assert.equal(await page.textContent('[data-player="1"] .hand-class'), '18 combos');
    assert.deepEqual(fragment(page), { p1: 'QQ+', p2: 'TT+', board: '', dead: '' });
    assert.match(new URL(page.url()).hash, /p1=QQ%2B&p2=TT%2B/);
    assert.equal(requests.filter((u) => TABLE.test(u)).length, 1, 'the table, once');

    // A hand against any two cards.
    await page.fill('[data-field="p1"]', 'AhKh');
    await page.fill('[data-field="p2"]', 'random');
    r = await settled(page);
    assert.equal(r.exact, true);
    assert.deepEqual(r.players.map((p) => pct4(p.equity)), ['67.0446', '32.9554']);
    assert.deepEqual([r.players[0].wins, r.players[0].ties], ['1389004215', '34610976']);
    assert.equal(requests.filter((u) => TABLE.test(u)).length, 1, 'still once');

    // With a board the table does not apply: boards are enumerated.
    await page.fill('[data-field="board"]', '2c 7d 9s');
    await page.fill('[data-field="p2"]', 'QQ+');
    r = await settled(page);
    assert.equal(r.exact, true);
    assert.doesNotMatch(await page.textContent('[data-note]'), /table/);
    await finish(session);
  });

test('a link with ranges opens exact, and a bad range points at the character', async () => {
  const session = await openPage(suite.browser, { path: '#p1=QQ%2B%2C+AKs&p2=10%25&board=&dead=' });
  const { page } = session;
  let r = await settled(page);
  assert.equal(r.exact, true);
  assert.equal(await page.inputValue('[data-field="p1"]'), 'QQ+, AKs');
  assert.equal(await page.inputValue('[data-field="p2"]'), '10%');
  await page.fill('[data-field="p1"]', 'QQ+, AKx');
  r = await settled(page);
  assert.equal(r.status, 'error');
  assert.deepEqual(r.errors.map((e) => [e.for, e.text]),
    [['p1', 'player 1: "AKx": expected \'s\' or \'o\' at position 8']]);
  assert.equal(await page.getAttribute('[data-field="p1"]', 'aria-invalid'), 'true');
  // The range editor shows it too, with a caret under the character.
  assert.equal(await page.isVisible('[data-range-error]'), true);
  assert.equal(await page.textContent('[data-range-caret]'), 'QQ+, AKx\n       ^');
  await finish(session);
});

test('grid: a tap toggles a hand, a drag paints or erases, weights fill part way', async () => {
  const session = await openPage(suite.browser, { path: '#p1=&p2=AhKh&board=&dead=' });
  const { page } = session;
  await settled(page);
  assert.equal(await page.textContent('[data-range-player] option:checked'), 'Player 1');

  await page.click('[data-hand-grid] [data-class="AA"]');
  await rangeIs(page, 1, 'AA');
  assert.deepEqual(await selected(page), ['AA']);
  assert.equal(await page.inputValue('[data-range-text]'), 'AA');
  await page.click('[data-hand-grid] [data-class="AA"]');
  await rangeIs(page, 1, '');
  assert.deepEqual(await selected(page), []);

  // Drag across the top row: AKs … ATs; the cells in between are painted
  // even if the pointer jumps.
  await drag(page, 'AKs', 'ATs');
  await rangeIs(page, 1, 'ATs+');
  // Down the pairs: every cell crossed.
  await drag(page, 'AA', '77', ['KK']);
  await rangeIs(page, 1, '77+, ATs+');
  let r = await settled(page);
  assert.equal(r.exact, true, 'heads-up preflop, ranges vs a hand: exact from the table');
  assert.equal(fragment(page).p1, '77+, ATs+');
  // A drag that starts on a hand in the range erases.
  await drag(page, 'AQs', 'ATs');
  await rangeIs(page, 1, '77+, AKs');

  // A weight for the next taps: the cell fills part way.
  await page.locator('[data-paint-weight]').fill('50');
  assert.equal(await page.textContent('[data-paint-weight-out]'), '50%');
  await page.click('[data-hand-grid] [data-class="AKo"]');
  await rangeIs(page, 1, '77+, AKs, AKo:0.5');
  const state = await gridState(page);
  assert.deepEqual(state.AKo, { selected: true, fill: 0.5 });
  assert.match(await cellName(page, 'AKo'),
    /^AKo, Ace King offsuit, [\d.]+%, in range at 50%$/);
  assert.deepEqual(state.AKs, { selected: true, fill: 1 });
  // P2 holds AhKh: one AKo combo of P1 is dead, the rest are weighted.
  r = await settled(page);
  assert.equal(r.exact, true);
  await finish(session);
});

test('grid: a touch drag paints too, once the finger has held still', async () => {
  const session = await openPage(suite.browser, {
    path: '#p1=&p2=QsQd&board=&dead=',
    viewport: { width: 360, height: 740 },
  });
  const { page, context } = session;
  await settled(page);
  const cdp = await context.newCDPSession(page);
  // Touch points are in viewport coordinates: the grid in view first.
  await page.locator('[data-hand-grid]').scrollIntoViewIfNeeded();
  const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [],
  });
  // Each point measured just before use: nothing may have moved meanwhile.
  // (A finger paints only after holding still: a swipe scrolls;
  // grid-touch.test.mjs tests that on a touch phone.)
  await touch('touchStart', await centre(page, 'A9s'));
  // Held until the page starts a stroke (a fixed wait lost the race on a busy machine).
  await page.waitForSelector('[data-hand-grid][data-stroke="on"]');
  for (const label of ['A8s', 'A7s', 'A6s']) await touch('touchMove', await centre(page, label));
  await touch('touchEnd');
  await rangeIs(page, 1, 'A9s-A6s');
  assert.equal(await page.evaluate(() => window.scrollX), 0);
  await finish(session);
});

test('the %-slider gives the top X% by the standard ranking, and says which', async () => {
  const session = await openPage(suite.browser, { path: '#p1=&p2=AhKh&board=&dead=' });
  const { page } = session;
  await settled(page);
  assert.equal(await page.textContent('[data-ranking-note]'),
    'Top X% of all 1,326 hands by equity against 3 random hands, as in PokerStove and Equilab.');
  await page.locator('[data-range-slider]').fill('5');
  await rangeIs(page, 1, '88+, AJs+, KQs, AKo');
  await page.locator('[data-range-slider]').fill('10');
  await rangeIs(page, 1, '77+, A9s+, KTs+, QTs+, AJo+, KQo');
  assert.equal(await page.inputValue('[data-range-percent]'), '10');
  assert.match(await page.textContent('[data-range-summary]'), /^136 combos, 10\.3% of all hands$/);
  assert.deepEqual(await selected(page), [
    'AA', 'AKs', 'AQs', 'AJs', 'ATs', 'A9s', 'AKo', 'KK', 'KQs', 'KJs', 'KTs', 'AQo', 'KQo', 'QQ',
    'QJs', 'QTs', 'AJo', 'JJ', 'TT', '99', '88', '77',
  ]);
  // Typing 10% reads the same: top 10% against top 10% is even, exactly.
  await page.fill('[data-field="p2"]', '10%');
  const r = await settled(page);
  assert.equal(r.exact, true);
  assert.deepEqual(r.players.map((p) => pct4(p.equity)), ['50.0000', '50.0000']);
  assert.equal(r.players[0].wins, r.players[1].wins);
  // Editing the range by hand lets go of the slider. (Typing in player
  // 2's field made player 2 the edited one: back to player 1.)
  assert.equal(await page.inputValue('[data-range-player]'), 'p2');
  await page.selectOption('[data-range-player]', 'p1');
  assert.equal(await page.inputValue('[data-range-text]'), '77+, A9s+, KTs+, QTs+, AJo+, KQo');
  await page.click('[data-hand-grid] [data-class="22"]');
  await rangeIs(page, 1, '77+, 22, A9s+, KTs+, QTs+, AJo+, KQo');
  assert.equal(await page.inputValue('[data-range-percent]'), '');
  await finish(session);
});

test('range text and grid stay in sync both ways; explain shows each token', async () => {
  const session = await openPage(suite.browser, { path: '#p1=&p2=AhKh&board=&dead=' });
  const { page } = session;
  await settled(page);
  // Typed in the range editor: the player's field and the grid follow.
  await page.fill('[data-range-text]', 'qq+ , aks');
  await rangeIs(page, 1, 'qq+ , aks');
  assert.deepEqual(await selected(page), ['AA', 'AKs', 'KK', 'QQ']);
  assert.equal(await page.textContent('[data-range-summary]'),
    'Reads as QQ+, AKs · 22 combos, 1.7% of all hands');
  // Typed in the player's field: the editor follows.
  await page.fill('[data-field="p1"]', 'JJ, AK@50');
  assert.equal(await page.inputValue('[data-range-text]'), 'JJ, AK@50');
  assert.deepEqual(await selected(page), ['AKs', 'AKo', 'JJ']);
  assert.equal((await gridState(page)).AKs.fill, 0.5);
  // The grid writes canonical text (from the engine) into both.
  await page.click('[data-hand-grid] [data-class="TT"]');
  await rangeIs(page, 1, 'JJ-TT, AKs:0.5, AKo:0.5');
  assert.equal(await page.inputValue('[data-range-text]'), 'JJ-TT, AKs:0.5, AKo:0.5');
  // Explain: token, what it stands for (in other words), combos.
  await page.fill('[data-range-text]', 'qq+, AhKh  A2s-A5s:0.5');
  await page.click('[data-explain] summary');
  await page.waitForFunction(() => document.querySelectorAll('[data-explain-body] tr').length === 3);
  const rows = await page.$$eval('[data-explain-body] tr', (trs) =>
    trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  assert.deepEqual(rows, [
    ['qq+', 'AA, KK, QQ', '18'],
    ['AhKh', 'AhKh (one of AKs)', '1'],
    ['A2s-A5s:0.5', 'A5s, A4s, A3s, A2s at 0.5', '16'],
  ]);
  // A range error, with its position.
  await page.fill('[data-range-text]', '88s');
  assert.equal(await page.textContent('[data-range-error-message]'), '"88s": a pair cannot be suited');
  assert.equal(await page.getAttribute('[data-range-text]', 'aria-invalid'), 'true');
  await finish(session);
});

test('the heatmap fills in live, exact heads-up, and every cell matches the engine', async () => {
  const session = await openPage(suite.browser, { path: '#p1=&p2=QQ%2B&board=&dead=&heat=1' });
  const { page } = session;
  await page.waitForFunction(() => document.querySelector('[data-hand-grid]').dataset.heat === 'done',
    null, { timeout: 60_000 });
  assert.equal(await page.getAttribute('[data-hand-grid]', 'data-heat-done'), '169');
  assert.equal(await page.inputValue('[data-grid-colour]'), '1');
  assert.match(await page.textContent('[data-heat-status]'), /^Heatmap of Player 1: exact, /);
  // A cell is player 1 holding that class against QQ+, exactly.
  const direct = await page.evaluate(async () => {
    const loadEngine = async () => { // the page's engine (its bundle's; engine.js)
      while (!globalThis[Symbol.for('allin.engine')]) await new Promise((r) => setTimeout(r, 20));
      return globalThis[Symbol.for('allin.engine')];
    };
    const engine = await loadEngine();
    const out = {};
    for (const cls of ['AKs', '72o', 'QQ']) {
      const handle = engine.compute({ players: [cls, 'QQ+'], board: '', dead: '' }, () => {});
      out[cls] = (await handle.done).estimate.players[0].equity;
    }
    // Put the page's own job back.
    return out;
  });
  for (const [cls, equity] of Object.entries(direct)) {
    const value = Number(await page.getAttribute(`[data-hand-grid] [data-class="${cls}"]`, 'data-value'));
    assert.equal(value.toFixed(12), equity.toFixed(12), cls);
  }
  assert.match(await cellName(page, 'AKs'), /^AKs, Ace King suited, \d+\.\d%$/);
  // The fragment keeps the view.
  assert.equal(fragment(page).heat, '1');
  await page.hover('[data-hand-grid] [data-class="AKs"]');
  assert.match(await page.textContent('[data-grid-readout]'),
    /^AKs: Player 1 would have \d+\.\d\d% \(exact\) against the others \(fair share 50%\)$/);
  await finish(session);
});

test('heatmap cells a board makes impossible say so, in words and with a mark', async () => {
  const session = await openPage(suite.browser, { path: '#p1=&p2=AhAd&board=AsKs2c&dead=&heat=1' });
  const { page } = session;
  await page.waitForFunction(() => document.querySelector('[data-hand-grid]').dataset.heat === 'done',
    null, { timeout: 60_000 });
  const aa = page.locator('[data-hand-grid] [data-class="AA"]');
  assert.equal(await cellName(page, 'AA'), 'AA, Pair of Aces, not possible with these cards');
  assert.equal(await aa.locator('.cell-num').textContent(), '–');
  assert.match(await aa.getAttribute('class'), /\bis-na\b/);
  // AA (one ace left) and A2s (every combo uses a card in play).
  assert.deepEqual(await page.$$eval('[data-hand-grid] .is-na', (cells) => cells.map((c) => c.dataset.class)),
    ['AA', 'A2s']);
  assert.match(await page.textContent('[data-heat-status]'), /; 2 not possible with these cards, /);
  await page.hover('[data-hand-grid] [data-class="A2s"]');
  assert.equal(await page.textContent('[data-grid-readout]'),
    'A2s: not possible here (player 1: no hand of the range is possible with the cards in play)');
  // Flop, heads-up: every other cell is exact.
  assert.match(await page.textContent('[data-heat-status]'), /^Heatmap of Player 1: exact; /);
  await finish(session);
});

test('the engine\'s range calls never throw, whatever the text', async () => {
  const session = await openPage(suite.browser);
  const { page } = session;
  const out = await page.evaluate(async () => {
    const loadEngine = async () => { // the page's engine (its bundle's; engine.js)
      while (!globalThis[Symbol.for('allin.engine')]) await new Promise((r) => setTimeout(r, 20));
      return globalThis[Symbol.for('allin.engine')];
    };
    const engine = await loadEngine();
    // Explaining a range is the extra module's (loaded when the page's Explain opens).
    const before = engine.extraLoaded ? null : engine.explainRange('QQ+').error.message;
    await engine.loadExtra();
    const texts = ['', '<img src=x>', 'AK@', '\u0000', 'random:2', '101%', 'A'.repeat(5000), 'QQ+'];
    return texts.map((t) => [
      engine.parseRange(t).ok,
      engine.explainRange(t).ok,
      engine.editRange(t, ['AKs'], 0.5).text,
      engine.editRange(t, ['nope'], 1).ok,
    ]).concat([[before], [engine.topRange(10).combos, engine.topRange(-3).ok, engine.topRange(1e9).text]]);
  });
  const before = out.splice(-2, 1)[0][0];
  if (before !== null) assert.match(before, /extra module is not loaded yet/);
  assert.deepEqual(out.at(-2), [true, true, 'QQ+, AKs:0.5', false]);
  assert.deepEqual(out.at(-1), [136, false, 'random']);
  for (const row of out.slice(0, -2)) assert.deepEqual(row, [false, false, 'AKs:0.5', false]);
  await finish(session);
});

test('the heatmap is cancelled by a new input: no cell of the old one shows after it', async () => {
  // Three players preflop: cells are sampled, slow enough to interrupt (on
  // a flop they are now exact by the ranks to come, a few ms each).
  const session = await openPage(suite.browser, {
    path: '#p1=&p2=10%25&p3=JJ%2B&board=&dead=&heat=1',
  });
  const { page } = session;
  await page.waitForFunction(() => Number(document.querySelector('[data-hand-grid]').dataset.heatDone) >= 3,
    null, { timeout: 60_000 });
  const old = await page.getAttribute('[data-hand-grid]', 'data-heat-job');
  assert.equal(await page.getAttribute('[data-hand-grid]', 'data-heat'), 'running');
  // Record every cell update from the change on.
  await page.evaluate(() => {
    window.__heat = [];
    window.__changed = false;
    document.addEventListener('input', () => {
      window.__changed = true;
    }, { capture: true });
    new MutationObserver((records) => {
      if (!window.__changed) return;
      for (const r of records) {
        if (r.attributeName === 'data-heat-job' && r.target.getAttribute('role') === 'gridcell') {
          window.__heat.push(r.target.dataset.heatJob);
        }
      }
    }).observe(document.querySelector('[data-hand-grid]'), { attributes: true, subtree: true });
  });
  await page.fill('[data-field="p3"]', 'KK+');
  const now = await page.getAttribute('[data-hand-grid]', 'data-heat-job');
  assert.notEqual(now, old);
  assert.ok(Number(await page.getAttribute('[data-hand-grid]', 'data-heat-done')) < 169);
  // Cells cleared at once: nothing of the old map left showing.
  const leftovers = await page.$$eval('[data-hand-grid] [role="gridcell"]', (cells, job) =>
    cells.filter((c) => c.dataset.heatJob === job && c.dataset.value !== undefined).length, old);
  assert.equal(leftovers, 0);
  await page.waitForFunction(() => Number(document.querySelector('[data-hand-grid]').dataset.heatDone) >= 5,
    null, { timeout: 60_000 });
  // Switching the heatmap off stops it too.
  await page.selectOption('[data-grid-colour]', 'random');
  assert.equal(await page.getAttribute('[data-hand-grid]', 'data-heat'), 'off');
  await page.waitForTimeout(300);
  const updates = await page.evaluate(() => window.__heat);
  assert.ok(updates.every((job) => job === now), `cells of the old heatmap after the change: ${updates}`);
  assert.equal(fragment(page).heat, undefined);
  await finish(session);
});

test('keyboard only: cards and ranges typed, the grid operated with arrows', async () => {
  const session = await openPage(suite.browser);
  const { page } = session;
  await settled(page);
  /** Presses Tab (or Shift+Tab) until `test` holds for the focused element. */
  const tabTo = async (test, { back = false, max = 200 } = {}) => {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
      if (await page.evaluate(test)) return;
    }
    throw new Error('never reached by Tab');
  };
  await page.evaluate(() => document.activeElement?.blur());
  await tabTo(() => document.activeElement?.dataset.field === 'p1');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('ah kh');
  await tabTo(() => document.activeElement?.dataset.field === 'p2');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('QQ+, AKs');
  let r = await settled(page);
  assert.equal(r.exact, true);
  assert.equal(await page.textContent('[data-range-player] option:checked'), 'Player 2');
  // The grid: one tab stop, then arrows.
  await tabTo(() => document.activeElement?.getAttribute('role') === 'gridcell');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.class), 'AA');
  assert.equal(await page.$$eval('[data-hand-grid] [tabindex="0"]', (els) => els.length), 1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.class), 'KK');
  await page.keyboard.press('Space'); // KK out of player 2's range
  await rangeIs(page, 2, 'AA, QQ, AKs');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.class), 'AQs');
  await page.keyboard.press('Enter'); // AQs in
  await rangeIs(page, 2, 'AA, QQ, AQs+');
  assert.equal(await page.getAttribute('[data-hand-grid] [data-class="AQs"]', 'aria-selected'), 'true');
  assert.equal(await page.getAttribute('[data-hand-grid] [data-class="KK"]', 'aria-selected'), 'false');
  assert.match(await page.textContent('[data-grid-pick]'), /^Player 2's range: AA, QQ, AQs\+ \(\d+ combos\)\.$/);
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.class), 'A2s');
  await page.keyboard.press('Control+End');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.class), '22');
  // The result is announced once final, politely.
  r = await settled(page);
  assert.equal(r.exact, true);
  await page.waitForFunction(() => /^Exact equity: Player 1 /.test(document.querySelector('[data-announce]').textContent));
  // The %-slider (before the grid) works from the keyboard too.
  await tabTo(() => document.activeElement?.matches('[data-range-slider]'), { back: true });
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
  await rangeIs(page, 2, '77+, A9s+, KTs+, QTs+, AJo+, KQo');
  await finish(session);
});

test('ARIA: a grid of rows and named cells, labelled controls, polite announcements', async () => {
  const session = await openPage(suite.browser, { path: '#p1=QsQd&p2=AhKh&board=&dead=' });
  const { page } = session;
  await settled(page);
  const aria = await page.evaluate(() => {
    const grid = document.querySelector('[data-hand-grid]');
    const rows = [...grid.children];
    const named = (el) => Boolean(el.labels?.length || el.getAttribute('aria-label') ||
      el.getAttribute('aria-labelledby'));
    return {
      role: grid.getAttribute('role'),
      label: grid.getAttribute('aria-label'),
      multi: grid.getAttribute('aria-multiselectable'),
      rows: rows.map((r) => r.getAttribute('role')),
      cellsPerRow: rows.map((r) => r.querySelectorAll('[role="gridcell"]').length),
      aria: grid.querySelectorAll('[role="gridcell"][aria-label]').length,
      tabStops: grid.querySelectorAll('[tabindex="0"]').length,
      unnamed: [...document.querySelectorAll('input, select, button')]
        .filter((el) => !el.closest('template') && !named(el) && !el.textContent.trim())
        .map((el) => el.outerHTML.slice(0, 80)),
      announce: document.querySelector('[data-announce]').getAttribute('aria-live'),
      noteLive: document.querySelector('[data-note]').getAttribute('aria-live'),
      busy: document.querySelector('[data-results]').getAttribute('aria-busy'),
    };
  });
  assert.equal(aria.role, 'grid');
  assert.equal(aria.label, 'The 169 starting hands');
  assert.equal(aria.multi, 'true');
  assert.deepEqual(aria.rows, new Array(13).fill('row'));
  assert.deepEqual(aria.cellsPerRow, new Array(13).fill(13));
  // Named by their content (label in name): no aria-label hides the label.
  assert.equal(aria.aria, 0);
  assert.equal(await cellName(page, 'AKs'), 'AKs, Ace King suited, 67.0%');
  assert.equal(await cellName(page, 'AA'), 'AA, Pair of Aces, 85.2%');
  assert.equal(aria.tabStops, 1);
  assert.deepEqual(aria.unnamed, []);
  assert.equal(await cellName(page, 'QQ'),
    'QQ, Pair of Queens, 79.9%, 1 of 6 combos in range');
  assert.equal(aria.announce, 'polite');
  assert.equal(aria.noteLive, null, 'partial results are not announced');
  assert.equal(aria.busy, 'false');
  // More random opponents: the numbers (and names) follow.
  await page.selectOption('[data-grid-vs]', '3');
  assert.match(await cellName(page, 'AA'), /^AA, Pair of Aces, 6\d\.\d%$/);
  assert.equal(fragment(page).vs, '3');
  await finish(session);
});

test('ranges and the heatmap on a phone and a desktop (screenshots)', async () => {
  const shown = layouts('ranges').filter(({ name }) => name !== 'ranges-1280x800-dark');
  for (const { name, viewport, colorScheme } of shown) {
    const session = await openPage(suite.browser, {
      path: '#p1=77%2B%2C+A9s%2B%2C+KTs%2B%2C+AJo%2B%3A0.5&p2=AhKh&board=&dead=&heat=1',
      viewport,
      colorScheme,
    });
    const { page } = session;
    assert.equal((await settled(page)).exact, true);
    await page.waitForFunction(() => document.querySelector('[data-hand-grid]').dataset.heat === 'done',
      null, { timeout: 60_000 });
    await page.click('[data-explain] summary');
    await assertFitsThenShoot(page, name);
    await page.locator('.grid-panel').screenshot({ path: screenshotPath(`${name}-grid`) });
    await finish(session);
  }
});
