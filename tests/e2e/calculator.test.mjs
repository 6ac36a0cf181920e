// The calculator (index.html) in headless Chromium: links compute exact
// numbers at once, cards picked by clicking and by typing, the grid, errors
// next to their input, latest input wins, a crashed worker is replaced,
// phone and desktop layouts; nothing but the site's own files is requested.

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
  readResults,
  screenshotPath,
  settled,
  TOUCH_PHONE,
} from './support.mjs';

const suite = setup();

function finish(session) {
  return finishSession(assert, session);
}

/** Ten known hands: preflop Monte Carlo on these takes a while (cancel tests). */
const TEN = ['AhKh', 'QsQd', 'JcTc', '9s8s', '7d7c', 'AdKc', '5h4h', '3s3c', '2d2h', 'Qc9d'];
const tenLink = (method) =>
  `#${TEN.map((h, i) => `p${i + 1}=${h}`).join('&')}&board=&dead=&method=${method}`;

test('a link computes the exact numbers at once', async () => {
  const session = await openPage(suite.browser, { path: '#p1=AhKh&p2=QsQd&board=&dead=' });
  const { page } = session;
  let r = await settled(page);
  assert.equal(r.status, 'done');
  assert.equal(r.exact, true);
  assert.deepEqual(r.players.map((p) => pct4(p.equity)), ['46.2145', '53.7855']);
  assert.deepEqual(r.players.map((p) => [p.wins, p.ties]), [['787966', '6732'], ['917606', '6732']]);
  assert.equal(pct4(r.players[0].tie), pct4((6732 / 1712304) * 100));
  assert.match(await page.textContent('[data-player="1"] [data-show="counts"]'),
    /787,966 wins · 6,732 ties · 917,606 losses/);
  assert.match(await page.textContent('[data-splits]'), /P1 & P2 split 6,732 pots/);
  assert.equal(await page.inputValue('[data-field="p1"]'), 'AhKh');

  // Another link in the same page (the fragment changes): the flop.
  await page.evaluate(() => {
    location.hash = 'p1=AhKh&p2=QsQd&board=2h7hTc&dead=';
  });
  await page.waitForFunction(() => document.querySelector('[data-field="board"]').value === '2h7hTc');
  r = await settled(page);
  assert.equal(r.exact, true);
  assert.deepEqual(r.players.map((p) => pct4(p.equity)), ['54.4444', '45.5556']);
  assert.deepEqual(r.players.map((p) => p.wins), ['539', '451']);

  // One board left: one win or one loss, in the singular (review finding:
  // "1 ties · 1 losses").
  await page.evaluate(() => {
    location.hash = 'p1=AhKh&p2=QsQd&board=2h7hTcKd3s&dead=';
  });
  await page.waitForFunction(() => document.querySelector('[data-field="board"]').value === '2h7hTcKd3s');
  r = await settled(page);
  assert.match(await page.textContent('[data-player="1"] [data-show="counts"]'), /^1 win · 0 ties · 0 losses$/);
  assert.match(await page.textContent('[data-player="2"] [data-show="counts"]'), /^0 wins · 0 ties · 1 loss$/);
  await finish(session);
});

test('the page opens on AhKh vs QsQd and computes it, three players too', async () => {
  const session = await openPage(suite.browser);
  const { page } = session;
  let r = await settled(page);
  assert.equal(r.exact, true);
  assert.deepEqual(r.players.map((p) => pct4(p.equity)), ['46.2145', '53.7855']);
  assert.equal(new URL(page.url()).hash, '', 'no fragment until something changes');

  await page.goto(`${page.url()}#p1=AhAd&p2=KsKc&p3=QhQd`);
  await page.reload();
  r = await settled(page);
  assert.equal(r.exact, true);
  assert.deepEqual(r.players.map((p) => p.wins), ['909810', '256920', '198576']);
  await finish(session);
});

test('cards picked by clicking the deck and the grid', async () => {
  const session = await openPage(suite.browser);
  const { page } = session;
  await settled(page);
  await page.click('[data-clear]');
  assert.equal((await settled(page)).status, 'error', 'no cards: nothing to compute');

  // Player 1 is the target: two cards, then player 2 is.
  await page.click('[data-card="As"]');
  await page.click('[data-card="Ad"]');
  assert.equal(await page.inputValue('[data-field="p1"]'), 'AsAd');
  assert.match(await page.textContent('[data-target-name]'), /Player 2/);
  assert.equal(await page.isDisabled('[data-card="As"]'), true, 'a used card is greyed out');
  await page.click('[data-card="Kc"]');
  await page.click('[data-card="Kd"]');
  // Then the board.
  assert.match(await page.textContent('[data-target-name]'), /the board/);
  for (const card of ['2h', '7h', 'Tc']) await page.click(`[data-card="${card}"]`);
  assert.equal(await page.inputValue('[data-field="board"]'), '2h7hTc');
  // Clicking a card of the target again takes it back.
  await page.click('[data-card="Tc"]');
  assert.equal(await page.inputValue('[data-field="board"]'), '2h7h');
  assert.equal((await settled(page)).status, 'error', 'two board cards are not a board');
  await page.click('[data-card="Tc"]');
  let r = await settled(page);
  assert.equal(r.status, 'done');
  assert.equal(r.exact, true);
  assert.deepEqual(fragment(page), { p1: 'AsAd', p2: 'KcKd', board: '2h7hTc', dead: '' });
  const aces = Number(r.players[0].equity);

  // The grid deals a concrete combo of a class to the active player (with
  // the "deal one hand like it" tool; the default tool edits ranges).
  await page.click('[data-player="2"] .seat');
  await page.check('[data-grid-tool][value="hand"]');
  await page.click('[data-class="AKs"]');
  // AsKs and AdKd use player 1's aces: the first free one is AhKh.
  assert.equal(await page.inputValue('[data-field="p2"]'), 'AhKh');
  assert.equal(await page.textContent('[data-grid-pick]'), 'AKs: Player 2 gets AhKh.');
  await page.hover('[data-class="AKs"]');
  assert.equal(await page.textContent('[data-grid-readout]'),
    'AKs: 67.04% against one random hand, preflop · Player 2: 1 of 4 combos in range');
  assert.equal(await page.getAttribute('[data-class="AKs"]', 'aria-selected'), 'true');
  assert.equal(await page.textContent('[data-player="2"] [data-class]'), 'AKs');
  r = await settled(page);
  assert.equal(r.exact, true);
  assert.notEqual(Number(r.players[0].equity), aces);
  assert.equal(fragment(page).p2, 'AhKh');
  // A range is not replaced by one tap (a review found it was): the first
  // says what a second would do.
  await page.fill('[data-field="p2"]', 'QQ+, AKs');
  await settled(page);
  await page.click('[data-class="AKs"]');
  assert.equal(await page.inputValue('[data-field="p2"]'), 'QQ+, AKs');
  assert.equal(await page.textContent('[data-grid-pick]'),
    'Player 2 holds a range. Tap AKs again to replace it with one AKs hand.');
  await page.click('[data-class="AKs"]');
  assert.equal(await page.inputValue('[data-field="p2"]'), 'AhKh');
  await settled(page);

  // Players can be added (up to 10) and removed (down to 2).
  await page.click('[data-add-player]');
  assert.equal(await page.locator('[data-player]').count(), 3);
  await page.click('[data-class="QQ"]');
  assert.equal(await page.inputValue('[data-field="p3"]'), 'QsQh');
  r = await settled(page);
  assert.equal(r.players.length, 3);
  assert.equal(r.exact, true);
  await page.click('[data-player="1"] [data-remove]');
  await page.fill('[data-field="p2"]', 'QsQd');
  r = await settled(page);
  assert.deepEqual(fragment(page), { p1: 'AhKh', p2: 'QsQd', board: '2h7hTc', dead: '' });
  assert.deepEqual(r.players.map((p) => pct4(p.equity)), ['54.4444', '45.5556']);
  assert.equal(await page.isDisabled('[data-player="1"] [data-remove]'), true);
  await finish(session);
});

test('cards typed in any notation are read by the engine', async () => {
  const session = await openPage(suite.browser);
  const { page } = session;
  await settled(page);
  for (const [p1, cls] of [['ah kd', 'AKo'], ['A♥K♦', 'AKo'], ['AhKh', 'AKs'], ['10c 10d', 'TT']]) {
    const input = page.locator('[data-field="p1"]');
    await input.fill('');
    await input.pressSequentially(p1);
    const r = await settled(page);
    assert.equal(r.status, 'done', `${p1}: ${JSON.stringify(r.errors)}`);
    assert.equal(await page.textContent('[data-player="1"] [data-class]'), cls);
    assert.equal(fragment(page).p1, p1, 'the fragment keeps the text as typed');
  }
  await page.locator('[data-field="board"]').fill('2h, 7h, Tc');
  await page.locator('[data-field="p1"]').fill('AhKh');
  const r = await settled(page);
  assert.deepEqual(r.players.map((p) => pct4(p.equity)), ['54.4444', '45.5556']);
  await finish(session);
});

test('a bad input shows the engine’s message next to it, and the page recovers', async () => {
  const session = await openPage(suite.browser);
  const { page } = session;
  await settled(page);
  // The messages are the engine's (src/equity/spec.rs, src/card.rs); the
  // parser's own wording of a bad card is matched loosely.
  const cases = [
    ['p2', 'Qx', 'p2', /^player 2: "Qx": .*position 2/],
    ['p2', 'Qs', 'p2', /^player 2: expected 2 hole cards, got 1$/],
    ['board', 'Ah 7h Tc', 'board', /^duplicate card Ah: in player 1 and in the board$/],
    ['board', '2h 7h', 'board', /^the board must have 0, 3, 4 or 5 cards, got 2$/],
    ['board', '2h 7z Tc', 'board', /^the board: "7z": unknown suit 'z' at position 5 /],
    ['dead', 'Kh', 'dead', /^duplicate card Kh: in player 1 and in the dead cards$/],
  ];
  for (const [field, text, errorFor, message] of cases) {
    await page.fill('[data-field="p2"]', 'QsQd');
    await page.fill('[data-field="board"]', '');
    await page.fill('[data-field="dead"]', '');
    await page.fill(`[data-field="${field}"]`, text);
    const r = await settled(page);
    assert.equal(r.status, 'error', text);
    assert.equal(r.errors.length, 1, JSON.stringify(r.errors));
    assert.equal(r.errors[0].for, errorFor);
    assert.match(r.errors[0].text, message);
    // Exactly what the engine says about this scenario, verbatim.
    const direct = await page.evaluate(async () => {
      const loadEngine = async () => { // the page's engine (its bundle's; engine.js)
      while (!globalThis[Symbol.for('allin.engine')]) await new Promise((r) => setTimeout(r, 20));
      return globalThis[Symbol.for('allin.engine')];
    };
      const value = (f) => document.querySelector(`[data-field="${f}"]`).value;
      return (await loadEngine()).check({
        players: [value('p1'), value('p2')],
        board: value('board'),
        dead: value('dead'),
      }).error.message;
    });
    assert.equal(r.errors[0].text, direct);
    assert.ok(r.players.every((p) => p.equity === null), 'no number is left showing');
    assert.equal(await page.getAttribute(`[data-field="${errorFor}"]`, 'aria-invalid'), 'true');
  }
  await page.fill('[data-field="dead"]', '2c');
  const r = await settled(page);
  assert.equal(r.status, 'done');
  assert.deepEqual(r.errors, []);
  await finish(session);
});

test('markup in the link is shown as text and never runs', async () => {
  const payload = '<img src=x onerror="window.__pwned=1">';
  const session = await openPage(suite.browser, {
    path: `#p1=${encodeURIComponent(payload)}&p2=QsQd`,
  });
  const { page } = session;
  const r = await settled(page);
  assert.equal(r.status, 'error');
  assert.match(r.errors[0].text, /^player 1: "<[^"]*": unknown rank '<' at position 1/);
  assert.equal(await page.inputValue('[data-field="p1"]'), payload);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.$$eval('main img', (imgs) => imgs.length), 0);
  await finish(session);
});

test('latest input wins: a running job is cancelled at once, its numbers never shown again',
  async () => {
    const session = await openPage(suite.browser, { path: tenLink('mc') });
    const { page } = session;
    // Running, with a partial estimate showing. On a fast, idle machine the
    // job can finish between two looks: then restart it and look again.
    const runningWithPartial = () => page.waitForFunction(() => {
      const root = document.querySelector('[data-results]');
      if (root.dataset.status === 'done') return 'done';
      // Anything slower than a blink shows its progress and speed.
      return root.dataset.status === 'running' && root.dataset.job &&
        document.querySelector('[data-player="1"]').dataset.equity &&
        !document.querySelector('[data-progress]').hidden && 'running';
    }, null, { polling: 5, timeout: 30_000 }).then((h) => h.jsonValue());
    for (let attempt = 0; (await runningWithPartial()) === 'done'; attempt++) {
      assert.ok(attempt < 5, 'the Monte Carlo job always finished before a partial showed');
      await page.fill('[data-field="dead"]', attempt % 2 ? '' : '2c');
    }
    assert.match(await page.textContent('[data-progress-text]'), /^\d+% · [\d.]+[kMB]? hands\/s$/);
    const before = await readResults(page);
    assert.equal(before.method, 'monte-carlo');
    assert.equal(before.exact, false);
    assert.match(await page.textContent('[data-player="1"] [data-show="equity"]'), /±/);
    // Record every state the results go through from the change on (the
    // capturing listener runs before the page's own).
    await page.evaluate(() => {
      const root = document.querySelector('[data-results]');
      window.__states = [];
      window.__changed = false;
      document.addEventListener('input', () => {
        window.__changed = true;
      }, { capture: true });
      const snap = () => window.__changed && window.__states.push({
        status: root.dataset.status,
        job: root.dataset.job ?? null,
        equity: document.querySelector('[data-player="1"]')?.dataset.equity ?? null,
      });
      new MutationObserver(snap).observe(root, { attributes: true, subtree: true });
    });
    // Change one card: player 10 gets another hand.
    await page.fill('[data-field="p10"]', 'Jh9h');
    // Right after the change: the old numbers are gone (a partial of the
    // new job may already be showing).
    const first = await page.evaluate(() => window.__states[0]);
    assert.deepEqual(first, { status: 'running', job: null, equity: null });
    const r = await settled(page, { timeout: 60_000 });
    assert.equal(r.status, 'done');
    assert.equal(r.exact, false, 'Monte Carlo is not exact');
    assert.notEqual(r.job, before.job);
    const states = await page.evaluate(() => window.__states);
    const stale = states.filter((s) => s.job === before.job && s.equity !== null);
    assert.deepEqual(stale, [], 'a number of the cancelled job showed up after the change');
    assert.ok(states.every((s) => s.status !== 'done' || s.job === r.job));
    assert.match(await page.textContent('[data-note]'), /Monte Carlo: ±[\d.]+ after [\d,]+ random deals \(to ±0\.1\)/);
    await finish(session);
  });

test('a worker that crashes is replaced and its chunks run again: same answer', async () => {
  // The page's own pool (the bundle's, not reachable by import): its
  // workers are recorded as they are made, and one is killed mid-job.
  const session = await openPage(suite.browser, {
    path: tenLink('mc'),
    initScript: () => {
      const Real = window.Worker;
      window.allinWorkers = [];
      window.Worker = class extends Real {
        constructor(...args) {
          super(...args);
          window.allinWorkers.push(this);
        }
      };
    },
  });
  const { page } = session;
  const clean = await settled(page, { timeout: 60_000 });
  assert.equal(clean.status, 'done');
  // Same job again, and crash a worker while it runs (as a killed one: it
  // never answers again).
  await page.fill('[data-field="dead"]', '2c');
  await page.fill('[data-field="dead"]', '');
  await page.waitForFunction(() => document.querySelector('[data-results]').dataset.job);
  const before = await page.evaluate(() => {
    window.allinWorkers[0].terminate();
    return window.allinWorkers.length;
  });
  const r = await settled(page, { timeout: 60_000 });
  assert.equal(r.status, 'done');
  const after = await page.evaluate(() => window.allinWorkers.length);
  assert.ok(after > before, 'the worker was replaced');
  // Reproducible Monte Carlo: the re-run chunks give the very same counts.
  assert.deepEqual(r.players.map((p) => p.equity), clean.players.map((p) => p.equity));
  await finish(session);
});

test('looks right on a phone and on a desktop, light and dark', async () => {
  for (const { name, viewport, colorScheme } of layouts('calculator')) {
    const session = await openPage(suite.browser, {
      path: '#p1=AhKh&p2=QsQd&p3=7c7d&board=2h7hTc&dead=',
      viewport,
      colorScheme,
    });
    const { page } = session;
    assert.equal((await settled(page)).exact, true);
    await assertFitsThenShoot(page, name);
    // The error state must fit too.
    await page.fill('[data-field="p2"]', 'Qs Qx and a very long line of text that has to wrap');
    await settled(page);
    const errWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(errWidth <= viewport.width, `${name}: horizontal scroll with an error shown`);
    if (colorScheme === 'light') {
      await page.screenshot({ path: screenshotPath(`${name}-error`), fullPage: false });
    }
    await finish(session);
  }
});

// ---- issue 11: big scenarios, hostile method values, honest first partials ----

/** A link of these players' texts (URL-encoded), with extra fragment parameters. */
const playersLink = (players, extra = '') =>
  `#${players.map((h, i) => `p${i + 1}=${encodeURIComponent(h)}`).join('&')}&board=&dead=${extra}`;

/**
 * Waits until the calculator shows numbers (a partial with its error, or
 * the final result) and reads them, with the equity texts and the note.
 */
async function shownNumbers(page, { timeout = 60_000 } = {}) {
  await page.waitForFunction(() => {
    const root = document.querySelector('[data-results]');
    return root.dataset.status === 'error' ||
      (root.dataset.job && document.querySelector('[data-player="1"]').dataset.equity);
  }, null, { timeout, polling: 20 });
  return page.evaluate(() => ({
    status: document.querySelector('[data-results]').dataset.status,
    method: document.querySelector('[data-results]').dataset.method,
    equities: [...document.querySelectorAll('[data-results] [data-player]')].map((row) => ({
      value: Number(row.dataset.equity),
      text: row.querySelector('[data-show="equity"]').textContent,
    })),
    note: document.querySelector('[data-note]').textContent,
    errors: [...document.querySelectorAll('[data-error]:not([hidden])')].map((el) => el.textContent),
  }));
}

test('three, six and ten random players and six 10% ranges: Monte Carlo with its error', async () => {
  // Issue 11, finding 1: these showed "Error: 9587631835493712 can't be
  // represented as a JavaScript number" and "Fix the cards above".
  const session = await openPage(suite.browser, { path: playersLink(Array(3).fill('random')) });
  const { page } = session;
  const cases = [
    [Array(3).fill('random'), ''],
    [Array(6).fill('random'), ''],
    [Array(10).fill('random'), ''],
    [Array(6).fill('10%'), ''],
    // Asked for exact, it would take far too long: sampled, saying why.
    [Array(3).fill('random'), '&method=exact'],
    [Array(3).fill('random'), '&method=mc'],
  ];
  for (const [players, extra] of cases) {
    await page.evaluate((hash) => {
      location.hash = hash;
    }, playersLink(players, extra));
    await page.waitForFunction((n) =>
      document.querySelectorAll('[data-results] [data-player]').length === n, players.length);
    const shown = await shownNumbers(page);
    const what = `${players.length} × ${players[0]}${extra}`;
    assert.notEqual(shown.status, 'error', `${what}: ${shown.errors.join(' ')}`);
    assert.equal(shown.method, 'monte-carlo', what);
    assert.equal(shown.equities.length, players.length);
    for (const e of shown.equities) assert.match(e.text, /^\d+(\.\d+)?% ± \d+(\.\d+)?$/, what);
    const total = shown.equities.reduce((sum, e) => sum + e.value, 0);
    assert.ok(Math.abs(total - 100) < 1e-6, `${what}: equities sum to ${total}`);
    if (extra === '&method=mc') {
      assert.match(shown.note, /^Monte Carlo: (±[\d.]+ after )?[\d,]+ random deals/, what);
    } else {
      assert.match(shown.note,
        /^Too many boards for exact \(≈\d(\.\d)?e\d+( or more)? evaluations\): Monte Carlo, (±[\d.]+ after )?[\d,]+ random deals/, what);
    }
    assert.deepEqual(shown.errors, [], what);
  }
  // The last one to the end: to ±0.1 (the default target), still with its error.
  const r = await settled(page, { timeout: 120_000 });
  assert.equal(r.status, 'done');
  assert.equal(r.exact, false);
  assert.match(await page.textContent('[data-note]'), /^Monte Carlo: ±0\.\d+ after [\d,]+ random deals \(to ±0\.1; hands drawn from the ranges by weight\)\. ± is one standard error\.$/);
  assert.match(await page.textContent('[data-player="1"] [data-show="equity"]'), /±/);
  await finish(session);
});

test('method=__proto__ and other Object.prototype names: odds, no trap, nothing sticks', async () => {
  // Issue 11, finding 3: `method=__proto__` gave no odds, then a wasm
  // "memory access out of bounds" trap, and the state stuck.
  const session = await openPage(suite.browser, { path: '#p1=AhKh&p2=QsQd&board=&dead=&method=__proto__' });
  const { page } = session;
  let r = await settled(page);
  assert.equal(r.status, 'done');
  assert.equal(r.exact, true);
  assert.deepEqual(r.players.map((p) => pct4(p.equity)), ['46.2145', '53.7855']);
  for (const method of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__']) {
    // Through Monte Carlo and back, so each link is a new computation.
    for (const m of ['mc', method]) {
      await page.evaluate((hash) => {
        location.hash = hash;
      }, `p1=AhKh&p2=QsQd&board=2h7hTc&dead=&method=${m}`);
      await page.waitForFunction((want) =>
        document.querySelector('[data-results]').dataset.method === want &&
        ['done', 'error'].includes(document.querySelector('[data-results]').dataset.status),
      m === 'mc' ? 'monte-carlo' : 'exact', { timeout: 60_000 });
    }
    r = await readResults(page);
    assert.equal(r.status, 'done', method);
    assert.deepEqual(r.players.map((p) => p.wins), ['539', '451'], method);
  }
  // The names as keys and as values of the other fields: clear errors or
  // ignored keys, never a trap.
  for (const [hash, field] of [
    ['p1=__proto__&p2=QsQd&board=&dead=', 'p1'],
    ['p1=AhKh&p2=constructor&board=&dead=', 'p2'],
    ['p1=AhKh&p2=QsQd&board=constructor&dead=', 'board'],
    ['p1=AhKh&p2=QsQd&board=&dead=valueOf', 'dead'],
    ['p1=hasOwnProperty&p2=toString&board=&dead=', 'p1'],
  ]) {
    await page.evaluate((h) => {
      location.hash = h;
    }, hash);
    await page.waitForFunction(() => document.querySelector('[data-results]').dataset.status === 'error');
    r = await readResults(page);
    assert.equal(r.errors[0]?.for, field, hash);
  }
  await page.evaluate(() => {
    location.hash = 'p1=AhKh&p2=QsQd&__proto__=1&constructor=x&toString=&hasOwnProperty=y&valueOf=2';
  });
  r = await settled(page);
  assert.equal(r.status, 'done');
  assert.deepEqual(r.players.map((p) => pct4(p.equity)), ['46.2145', '53.7855']);
  // No instance was lost on the way.
  const instances = await page.evaluate(async () => {
    const loadEngine = async () => { // the page's engine (its bundle's; engine.js)
      while (!globalThis[Symbol.for('allin.engine')]) await new Promise((r) => setTimeout(r, 20));
      return globalThis[Symbol.for('allin.engine')];
    };
    return (await loadEngine()).instances;
  });
  assert.equal(instances, 1, 'the main-thread instance trapped and was replaced');
  await finish(session);
});

test('partials are shown only with their error, "Working…" until then', async () => {
  // Issue 11, finding 4: the first partial of AhKh vs QQ+ vs TT+ flashed
  // 38.82 / 43.06 / 18.11 with no error bar (exact 25.38 / 47.66 / 26.95).
  const session = await openPage(suite.browser);
  const { page } = session;
  await settled(page);
  await page.evaluate(() => {
    const root = document.querySelector('[data-results]');
    window.__shown = [];
    const snap = () => {
      const row = document.querySelector('[data-player="1"]');
      if (root.dataset.status === 'running' && row?.dataset.equity) {
        window.__shown.push({
          text: row.querySelector('[data-show="equity"]').textContent,
          note: document.querySelector('[data-note]').textContent,
        });
      } else if (root.dataset.status === 'running') {
        window.__working = document.querySelector('[data-note]').textContent;
      }
    };
    new MutationObserver(snap).observe(root, { attributes: true, childList: true, subtree: true, characterData: true });
  });
  await page.evaluate(() => {
    location.hash = 'p1=AhKh&p2=QQ%2B&p3=TT%2B&board=&dead=';
  });
  const r = await settled(page, { timeout: 120_000 });
  assert.equal(r.status, 'done');
  assert.equal(r.exact, true);
  assert.deepEqual(r.players.map((p) => Number(p.equity).toFixed(2)), ['25.38', '47.66', '26.95']);
  const { shown, working } = await page.evaluate(() => ({ shown: window.__shown, working: window.__working }));
  assert.equal(working, 'Working…');
  console.log(`# ${shown.length} partials shown, e.g. ${JSON.stringify(shown[0])}`);
  for (const s of shown) {
    assert.match(s.text, /^\d+(\.\d+)?% ± \d+(\.\d+)?$/, 'a partial without its error');
    assert.match(s.note, /^Estimate from \d+% of the boards/);
  }
  await finish(session);
});

test('many split pots: one line with their total, the lines behind it, opened by touch and by keys', async () => {
  // Six players of KK,QQ,JJ on a blank river: each rank goes to exactly two
  // players, 6!/(2!2!2!) × 6³ = 19,440 deals, and the two kings always
  // split: 15 pairs of players, 1,296 pots each (by symmetry). Fifteen lines
  // (ten players: hundreds) are behind a summary, closed until asked for.
  const six = playersLink(Array(6).fill('KK,QQ,JJ'), '').replace('&board=', '&board=2c3d4h8s9c');
  const session = await openPage(suite.browser, { path: six, device: TOUCH_PHONE });
  const { page } = session;
  const r = await settled(page);
  assert.equal(r.status, 'done');
  assert.equal(r.exact, true);
  assert.equal(await page.locator('[data-splits] li').count(), 0);
  const more = page.locator('[data-splits-more]');
  assert.equal(await more.isVisible(), true);
  assert.equal(await more.evaluate((el) => el.open), false);
  assert.equal(await page.textContent('[data-splits-summary]'),
    'Split pots: 19,440 (100.00%), among 15 groups of players, largest first');
  await page.tap('[data-splits-summary]');
  await page.waitForFunction(() => document.querySelectorAll('[data-splits-all] li').length === 15);
  const lines = await page.locator('[data-splits-all] li').allTextContents();
  assert.equal(lines[0], 'P1 & P2 split 1,296 pots (6.67%)');
  for (const line of lines) assert.match(line, /^P\d & P\d split 1,296 pots \(6\.67%\)$/);
  assert.equal(new Set(lines).size, 15);
  // Closed again from the keyboard.
  await page.focus('[data-splits-summary]');
  await page.keyboard.press('Enter');
  assert.equal(await more.evaluate((el) => el.open), false);
  // Sampled: each line is an estimate with its error (the engine's), the
  // largest first; every true share is 1/15.
  await page.evaluate((hash) => {
    location.hash = hash;
  }, `${six.slice(1)}&method=mc`);
  const mc = await settled(page, { timeout: 60_000 });
  assert.equal(mc.exact, false);
  await page.tap('[data-splits-summary]');
  const sampled = await page.locator('[data-splits-all] li').allTextContents();
  assert.equal(sampled.length, 15);
  const shares = sampled.map((line) => {
    const m = line.match(/^P\d & P\d split (\d+\.\d+)% ± (\d+\.\d+) of pots$/);
    assert.ok(m, line);
    const [share, error] = [Number(m[1]), Number(m[2])];
    assert.ok(error > 0 && Math.abs(share - 100 / 15) < 5 * error + 0.01, line);
    return share;
  });
  assert.deepEqual(shares, [...shares].sort((a, b) => b - a));
  assert.match(await page.textContent('[data-splits-summary]'),
    /^Split pots: 100\.0+% ± 0\.0*[1-9]\d* of pots, among 15 groups of players, largest first$/);
  // Two players: the line in sight again, the summary gone.
  await page.evaluate(() => {
    location.hash = 'p1=AhKh&p2=QsQd&board=&dead=';
  });
  await page.waitForFunction(() => document.querySelector('[data-results]').dataset.exact === 'true' &&
    document.querySelectorAll('[data-results] [data-player]').length === 2);
  assert.match(await page.textContent('[data-splits]'), /^P1 & P2 split 6,732 pots \(0\.39%\)$/);
  assert.equal(await more.isVisible(), false);
  await finish(session);
});
