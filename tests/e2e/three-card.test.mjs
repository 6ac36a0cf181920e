// Three-card poker on the calculator page (issue 15): the game switch, the
// same data-* result hooks as Hold'em with numbers equal to `allin equity
// --game three-card --json`, a top-X% opponent (keyboard and touch), the
// strength-update buttons with Undo, the win-rate table, the census, a
// shared link reopening the same scenario, hostile links, and phone and
// desktop screenshots (light and dark).

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
  reopen,
  settled,
  settledOdds,
  setup,
  smallTargets,
} from './support.mjs';

const suite = setup();

const CLI = process.env.ALLIN_CLI || fileURLToPath(new URL('../../target/debug/allin', import.meta.url));

/** `allin equity --game three-card … --json`'s document. */
function cli(rules, players, extra = []) {
  assert.ok(existsSync(CLI), `no allin binary at ${CLI}: run \`cargo build --bin allin\` or set ALLIN_CLI`);
  const args = ['equity', '--game', 'three-card', '--rules', rules, ...extra, ...players, '--json'];
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
}

const ZJH_NO_235 = 'zha-jin-hua'; // write-up 004's rules: no 2-3-5
const TRIPS = `#game=three-card&rules=${encodeURIComponent(ZJH_NO_235)}&p1=2h2s2d&p2=random`;

/** The page's players as counts (wins, ties) and percentages. */
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

/** Waits for a new settled result after `action` (the job id changes or the status leaves done). */
async function settledAfter(page, action) {
  const before = await page.$eval('[data-results]', (r) => r.dataset.job ?? '');
  await action();
  await page.waitForFunction(
    (old) => {
      const r = document.querySelector('[data-results]');
      return r.dataset.status === 'done' && (r.dataset.job ?? '') !== old;
    },
    before,
    { timeout: 30_000 },
  );
  return settled(page);
}

/** The win-rate table once done: [{opponents, win, tie, equity, exact}]. */
async function rates(page) {
  await page.waitForFunction(() => document.querySelector('[data-tc-rates]').dataset.status === 'done',
    null, { timeout: 90_000 });
  return page.$$eval('[data-tc-rates-body] tr', (rows) => rows.map((r) => ({
    opponents: Number(r.dataset.opponents),
    win: Number(r.dataset.win),
    tie: Number(r.dataset.tie),
    equity: Number(r.dataset.equity),
    exact: r.dataset.exact === 'true',
    text: r.textContent,
  })));
}

test('2h2s2d vs random equals the CLI: wins 1 - 48/18,424, exact', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: TRIPS });
  const { page } = session;
  const result = await settled(page);
  const doc = cli(ZJH_NO_235, ['2h2s2d', 'random']);
  assertEqualsCli(result, doc);
  assert.equal(Number(result.players[0].wins), 18_424 - 48);
  assert.ok(Math.abs(Number(result.players[0].win) / 100 - (1 - 48 / 18_424)) < 1e-12);
  // The Hold'em-only parts are out of sight, the three-card panel in it.
  assert.equal(await page.isVisible('[data-hand-grid]'), false);
  assert.equal(await page.isVisible('#board-input'), false);
  assert.equal(await page.isVisible('[data-target][value="board"]'), false);
  assert.equal(await page.isVisible('[data-target][value="dead"]'), true);
  assert.equal(await page.isVisible('[data-three-card]'), true);
  // The census of the chosen rules, best first, from the engine.
  const census = await page.$$eval('[data-tc-census-body] tr', (rows) =>
    rows.map((r) => [r.dataset.category, Number(r.dataset.count)]));
  assert.deepEqual(census.map(([, n]) => n).reduce((a, b) => a + b), 22_100);
  assert.deepEqual(census[0], ['Trips', 52]);
  await finish(assert, session);
});

test('the game switch: Hold\'em to three-card and back, kept in the URL, undoable', async () => {
  const session = await openOn(suite.browser, DESKTOP);
  const { page } = session;
  const holdem = await settled(page);
  assert.equal(holdem.players.length, 2);
  await settledAfter(page, () => page.getByRole('radio', { name: 'Three-card' }).check());
  assert.equal(fragment(page).game, 'three-card');
  assert.equal(fragment(page).p1, '2h2s2d');
  assert.equal(await page.isVisible('[data-hand-grid]'), false);
  // Review finding: the strength panel stayed, asking for a board three-card has not.
  assert.equal(await page.isVisible('[data-strength]'), false);
  // The rules menu: a preset changes the rules (and the census).
  await settledAfter(page, () => page.selectOption('[data-rules-preset]', 'casino'));
  assert.equal(fragment(page).rules, 'casino');
  assertEqualsCli(await settled(page), cli('casino', ['2h2s2d', 'random']));
  // Back to Hold'em: its scenario as it was.
  await settledAfter(page, () => page.getByRole('radio', { name: "Hold'em" }).check());
  assert.equal(fragment(page).game, undefined);
  assert.equal(fragment(page).p1, 'AhKh');
  assert.equal(await page.isVisible('[data-hand-grid]'), true);
  assert.equal(await page.isVisible('[data-strength]'), true);
  // Undo goes back to three-card.
  await settledAfter(page, () => page.keyboard.press('Control+z'));
  assert.equal(fragment(page).game, 'three-card');
  await finish(assert, session);
});

// Review finding: from 40rem up the five games were squeezed into 16rem
// beside Undo and Redo, their names drawn over each other, and between
// 640 and 960 px the title stood one letter a line.
test('the game switch at every width: no two games overlap, every name fits, the title on one line', async () => {
  const session = await openOn(suite.browser, DESKTOP);
  const { page } = session;
  await settled(page);
  for (const width of [320, 360, 412, 600, 640, 700, 780, 844, 960, 1024, 1280, 1600]) {
    await page.setViewportSize({ width, height: 800 });
    const { boxes, clipped, brand } = await page.evaluate(() => {
      const choices = [...document.querySelectorAll('[data-game-switch] .game-choice')];
      return {
        boxes: choices.map((c) => c.getBoundingClientRect().toJSON()),
        clipped: choices.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent.trim()),
        brand: document.querySelector('.brand').getBoundingClientRect().height,
      };
    });
    assert.equal(boxes.length, 11); // Omaha sizes share a radio; the three draw and three stud games have one each
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
          Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
        assert.ok(!overlap, `${width} px: games ${i + 1} and ${j + 1} overlap`);
      }
    }
    assert.deepEqual(clipped, [], `${width} px: names cut off`);
    assert.ok(brand < 60, `${width} px: the title is ${brand} px tall`);
  }
  await finish(assert, session);
});

test('a top-X% opponent by keyboard, the strength buttons and Undo, equal to the CLI', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: TRIPS });
  const { page } = session;
  await settled(page);
  const slider = page.locator('[data-tc-slider="2"]');
  await slider.focus();
  // From 100%: Home is the lowest share (0.5%), then up in 0.5% steps.
  let result = await settledAfter(page, async () => {
    await page.keyboard.press('Home');
    for (let i = 0; i < 59; i++) await page.keyboard.press('ArrowRight');
  });
  await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('p2') === '30%');
  result = await settled(page);
  assertEqualsCli(result, cli(ZJH_NO_235, ['2h2s2d', '30%']));
  // Raised: the floor moves up by 2δ (δ = 200 hands): the top 6,630 hands become @15,870.
  result = await settledAfter(page, () => page.getByRole('button', { name: /^Raised \+2δ, player 2$/ }).click());
  assert.equal(fragment(page).p2, `@${22_100 - 6_630 + 400}`);
  assertEqualsCli(result, cli(ZJH_NO_235, ['2h2s2d', '@15870']));
  // Won a showdown it was challenged to (+2δ, 004), after δ = 1,000.
  await page.fill('[data-tc-delta]', '1000');
  result = await settledAfter(page, () => page.getByRole('button', { name: /^Won, challenged \+2δ, player 2$/ }).click());
  assert.equal(fragment(page).p2, '@17870');
  assertEqualsCli(result, cli(ZJH_NO_235, ['2h2s2d', '@17870']));
  // Won one it started: +δ.
  result = await settledAfter(page, () => page.getByRole('button', { name: /^Won, started \+δ, player 2$/ }).click());
  assert.equal(fragment(page).p2, '@18870');
  await settledAfter(page, () => page.locator('[data-undo]').first().click());
  assert.equal(fragment(page).p2, '@17870');
  // Undo takes the press back.
  await settledAfter(page, () => page.locator('[data-undo]').first().click());
  assert.equal(fragment(page).p2, '@15870');
  // A mouse drag along the slider: the page follows it to where it ends
  // (the slider stays the element under the pointer while the page redraws).
  await slider.scrollIntoViewIfNeeded();
  const box = await slider.boundingBox();
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width - 8, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, y, { steps: 12 });
  await page.mouse.move(box.x + box.width * 0.2, y, { steps: 12 });
  await page.mouse.up();
  await page.waitForFunction(() => /^(1[5-9]|2[0-5])(\.5)?%$/.test(new URLSearchParams(location.hash.slice(1)).get('p2')));
  await settled(page);
  // The whole drag is one undo step.
  await settledAfter(page, () => page.locator('[data-undo]').first().click());
  assert.equal(fragment(page).p2, '@15870');
  await finish(assert, session);
});

test('the win-rate table: every row exact (3-5 sampled first, then counted), equal to the CLI table', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: TRIPS });
  const { page } = session;
  const result = await settled(page);
  // While rows 3-5 are counted they show the sampled figures with their error.
  const early = await page.waitForFunction(() => {
    const row = document.querySelector('[data-tc-rates-body] tr[data-opponents="5"]');
    return row?.dataset.exact === 'false' ? row.textContent : null;
  }, null, { timeout: 30_000 }).then((h) => h.jsonValue(), () => null);
  if (early) assert.match(early, /±/);
  let rows = await rates(page);
  assert.deepEqual(rows.map((r) => r.opponents), [1, 2, 3, 4, 5]);
  assert.deepEqual(rows.map((r) => r.exact), [true, true, true, true, true]);
  for (const r of rows) assert.doesNotMatch(r.text, /±|sampled/);
  // One opponent: the page's own result.
  assert.equal(rows[0].win, Number(result.players[0].win));
  const same = (page, doc) => doc.rows.forEach((want, i) => {
    assert.ok(want.exact, `CLI row ${i + 1} exact`);
    assert.ok(Math.abs(page[i].equity / 100 - want.equity) < 1e-12, `row ${i + 1} equity`);
    assert.ok(Math.abs(page[i].win / 100 - want.win) < 1e-12, `row ${i + 1} win`);
    assert.ok(Math.abs(page[i].tie / 100 - want.tie) < 1e-12, `row ${i + 1} tie`);
  });
  same(rows, cli(ZJH_NO_235, ['2h2s2d', 'random'], ['--table']));
  assert.match(await page.textContent('[data-tc-rates-note]'), /Exact: every deal counted/);
  // The same top 30% for every opponent (a share cut through a class of
  // equal hands: the slowest count, ~10 s for five opponents).
  await page.selectOption('[data-tc-rates-kind]', 'top');
  await page.fill('[data-tc-rates-top]', '30');
  rows = await rates(page);
  same(rows, cli(ZJH_NO_235, ['2h2s2d', '30%'], ['--table']));
  await finish(assert, session);
});

test('the win-rate table off the path: a small hero range counted in every row, what people type as X%, leaving mid-count', async () => {
  const session = await openOn(suite.browser, TOUCH_PHONE, {
    path: `#game=three-card&rules=zha-jin-hua-235&p1=0.2%25&p2=random`,
  });
  const { page } = session;
  await settled(page);
  // A hero range of 0.2% (44 hands, a few suit orbits): rows 1 and 2 as well
  // as 3 to 5 end exact, equal to the CLI's table.
  let rows = await rates(page);
  assert.deepEqual(rows.map((r) => r.exact), [true, true, true, true, true]);
  cli('zha-jin-hua-235', ['0.2%', 'random'], ['--table']).rows.forEach((want, i) => {
    assert.ok(want.exact);
    assert.ok(Math.abs(rows[i].equity / 100 - want.equity) < 1e-12, `row ${i + 1}`);
  });
  // The top X% field takes "30%" and "3,5" as people type them (row 1,
  // exact at once, equals the CLI's for 30% and 3.5%), and says what is
  // wrong with the rest, on the field itself.
  await page.selectOption('[data-tc-rates-kind]', 'top');
  for (const [typed, share] of [['30%', '30%'], ['3,5', '3.5%']]) {
    await page.fill('[data-tc-rates-top]', typed);
    const want = cli('zha-jin-hua-235', ['0.2%', share]).players[0].equity;
    await page.waitForFunction((want) => {
      const row = document.querySelector('[data-tc-rates-body] tr[data-opponents="1"]');
      return row?.dataset.exact === 'true' && Math.abs(Number(row.dataset.equity) / 100 - want) < 1e-12;
    }, want, { timeout: 30_000 });
  }
  for (const typed of ['abc', '0', '101', '__proto__']) {
    await page.fill('[data-tc-rates-top]', typed);
    await page.waitForFunction(() => document.querySelector('[data-tc-rates]').dataset.status === 'error');
    assert.match(await page.textContent('[data-tc-rates-note]'), /the top X%: give a number above 0 and at most 100/);
    assert.equal(await page.getAttribute('[data-tc-rates-top]', 'aria-invalid'), '');
  }
  // Leaving three-card while a row is being counted, and coming back: the
  // table starts again and ends exact (it used to stay "running").
  await page.goto(new URL('index.html#game=three-card&rules=zha-jin-hua-235&p1=KsQs9s&p2=random', BASE_URL).href);
  await settled(page);
  await page.selectOption('[data-tc-rates-kind]', 'top');
  await page.fill('[data-tc-rates-top]', '30');
  await page.waitForSelector('[data-tc-rates-body] tr[data-counting]', { timeout: 60_000 });
  await page.tap('[data-game-choice][value="holdem"]');
  await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('game') === null);
  await page.tap('[data-game-choice][value="three-card"]');
  rows = await rates(page);
  assert.deepEqual(rows.map((r) => r.exact), [true, true, true, true, true]);
  await finish(assert, session);
});

test('a shared link reopens the same three-card scenario (short deck, no removal)', async () => {
  const session = await openOn(suite.browser, DESKTOP, {
    path: '#game=three-card&rules=teen-patti&p1=AhKhQh&p2=20%25&p3=random&deck=short&removal=off',
  });
  const { page } = session;
  const first = await settled(page);
  assert.equal(await page.inputValue('[data-tc-deck]'), 'short');
  assert.equal(await page.isChecked('[data-tc-removal]'), false);
  assertEqualsCli(first, cli('teen-patti', ['AhKhQh', '20%', 'random'], ['--deck', 'short', '--no-card-removal']));
  // The picker greys out the cards the short deck lacks (2 to 8), and a random hand avoids them
  // (the deck is drawn in a start-up step of its own: wait for the last one).
  await page.waitForSelector('[data-results][data-engine="ready"]');
  const out = await page.$$eval('[data-deck] [data-out-of-deck]', (els) => els.map((el) => el.dataset.card));
  assert.equal(out.length, 28);
  assert.ok(out.includes('2c') && out.includes('8s') && !out.includes('9h'));
  // δ is part of the scenario: the link keeps it.
  await page.fill('[data-tc-delta]', '350');
  await page.press('[data-tc-delta]', 'Tab');
  await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('delta') === '350');
  // The share panel's link carries the game.
  await page.click('[data-share-panel] summary');
  const link = await page.waitForFunction(() => {
    const field = [...document.querySelectorAll('[data-share-panel] input, [data-share-panel] textarea')]
      .find((el) => el.value.includes('index.html#'));
    return field?.value;
  });
  const url = await link.jsonValue();
  assert.match(url, /game=three-card/);
  assert.match(url, /deck=short/);
  assert.match(url, /delta=350/);
  const again = await openOn(suite.browser, DESKTOP, { path: url.slice(url.indexOf('index.html')) });
  const second = await settled(again.page);
  assert.deepEqual(second.players.map((p) => p.wins), first.players.map((p) => p.wins));
  assert.equal(second.exact, first.exact);
  // The reopened page has the same δ, and its strength buttons use it: "checked"
  // moves player 2's floor (from the top 20%) up by δ, 150 hands more than
  // the default δ (200) moves it on a fresh page.
  assert.equal(await again.page.inputValue('[data-tc-delta]'), '350');
  const checked = async (p) => {
    await p.getByRole('button', { name: /^Checked \+δ, player 2$/ }).click();
    await p.waitForFunction(() => /^@\d+$/.test(new URLSearchParams(location.hash.slice(1)).get('p2')));
    return Number(fragment(p).p2.slice(1));
  };
  const moved = await checked(again.page);
  assert.equal(fragment(again.page).delta, '350');
  const plain = await openOn(suite.browser, DESKTOP, {
    path: '#game=three-card&rules=teen-patti&p1=AhKhQh&p2=20%25&p3=random&deck=short&removal=off',
  });
  await settled(plain.page);
  assert.equal(await plain.page.inputValue('[data-tc-delta]'), '200');
  assert.equal(moved - (await checked(plain.page)), 350 - 200);
  await finish(assert, plain);
  await finish(assert, again);
  await finish(assert, session);
});

test('hostile links get a clear message, never a crash', async () => {
  const cases = [
    ['#game=__proto__&p1=AhKh&p2=QsQd', /unknown game "__proto__"/],
    ['#game=three-card&rules=__proto__&p1=2h2s2d&p2=random', /unknown rules "__proto__"/],
    [`#game=three-card&rules=${'casino,'.repeat(400)}&p1=2h2s2d&p2=random`, /too long/],
    ['#game=three-card&p1=2h2s2d&p2=random&deck=constructor', /unknown deck "constructor"/],
    ['#game=three-card&p1=2h2s&p2=random', /expected 3 cards, got 2/],
    ['#game=three-card&p1=2h2s2d&p2=150%25', /not a share of hands/],
    ['#game=three-card&p1=2h2s2d&p2=random&board=AcKcQc', /three-card poker has no board/],
    ['#game=three-card&p1=2h2s2d&p2=random&p3=random&p4=random&p5=random&p6=random&p7=random',
      /1 to 5 opponents/],
  ];
  // A fresh page load each, in one context.
  let session;
  for (const [path, want] of cases) {
    session = session ? await reopen(session, path) : await openOn(suite.browser, DESKTOP, { path });
    const result = await settled(session.page);
    assert.equal(result.status, 'error', path);
    const shown = result.errors.map((e) => e.text).join(' | ');
    assert.match(shown, want, `${path}: ${shown}`);
    if (path.includes('rules=__proto__')) {
      // The menu offers the presets; choosing one computes.
      await session.page.selectOption('[data-rules-preset]', 'teen-patti');
      assert.equal((await settled(session.page)).status, 'done');
      assert.equal(fragment(session.page).rules, 'teen-patti');
    }
    if (path.startsWith('#game=__proto__') || path.includes('deck=constructor')) {
      // A mistake in the link is no card to fix: the note says so, and any
      // change on the page goes on without it.
      assert.match(await session.page.textContent('[data-results]'), /This link has a mistake/);
      await session.page.fill('#p2-input', 'random');
      await session.page.press('#p2-input', 'Tab');
      assert.equal((await settled(session.page)).status, 'done', path);
      assert.doesNotMatch(await session.page.textContent('[data-results]'), /This link has a mistake/);
    }
    if (path.includes('board=')) {
      // The box shows with its error, and clearing it computes.
      await session.page.fill('#board-input', '');
      assert.equal((await settled(session.page)).status, 'done');
      assert.equal(await session.page.isVisible('#board-input'), false);
    }
  }
  await finish(assert, session);
});

test('phone: touch on the slider and the buttons, 44 px targets, screenshots light and dark', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const session = await openOn(suite.browser, TOUCH_PHONE, { path: TRIPS, colorScheme });
    const { page } = session;
    await settled(page);
    const slider = page.locator('[data-tc-slider="2"]');
    await slider.scrollIntoViewIfNeeded();
    const box = await slider.boundingBox();
    assert.ok(box.height >= 44, `slider height ${box.height}`);
    // A tap a third of the way along: about the top third of hands.
    await settledAfter(page, () => page.touchscreen.tap(box.x + box.width / 3, box.y + box.height / 2));
    const p2 = fragment(page).p2;
    assert.match(p2, /^\d+(\.5)?%$/);
    assert.ok(Math.abs(parseFloat(p2) - 33.6) < 5, p2);
    const raise = page.getByRole('button', { name: /^Raised \+2δ, player 2$/ });
    const target = await raise.boundingBox();
    assert.ok(target.height >= 44 && target.width >= 44, JSON.stringify(target));
    await settledAfter(page, () => raise.tap());
    assert.match(fragment(page).p2, /^@\d+$/);
    await rates(page);
    await assertFitsThenShoot(page, `three-card-390x844${colorScheme === 'dark' ? '-dark' : ''}`);
    await finish(assert, session);
  }
  const desk = await openOn(suite.browser, DESKTOP, { path: TRIPS });
  await settled(desk.page);
  await rates(desk.page);
  await assertFitsThenShoot(desk.page, 'three-card-1280x800');
  await finish(assert, desk);
});

test('the embed widget computes a three-card link', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: TRIPS });
  const { page } = session;
  await settled(page);
  const frame = await page.context().newPage();
  await frame.goto(`${BASE_URL}embed.html${TRIPS}`);
  await frame.waitForFunction(() => document.querySelector('[data-status="done"]'), null, { timeout: 30_000 });
  const text = await frame.textContent('body');
  assert.match(text, /Three-card/);
  assert.match(text, /99\.7/);
  await frame.close();
  await finish(assert, session);
});

test('accessibility of the three-card page: axe, 44 px targets, light and dark, phone and desktop', async () => {
  for (const device of [TOUCH_PHONE, DESKTOP]) {
    for (const colorScheme of ['light', 'dark']) {
      const session = await openOn(suite.browser, device, { path: TRIPS, colorScheme });
      const { page } = session;
      await settled(page);
      await rates(page);
      await page.click('.rule-options summary');
      assert.deepEqual(await axeViolations(page), [], `axe (${colorScheme})`);
      assert.deepEqual((await smallTargets(page, { within: '[data-three-card]' })).small, [], 'small targets');
      assert.deepEqual((await smallTargets(page, { within: '[data-game-switch]' })).small, [], 'small targets');
      await finish(assert, session);
    }
  }
});

test('latest input wins: a burst of strength presses settles on the last one', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: `${TRIPS}&p3=random` });
  const { page } = session;
  await settled(page);
  // Five presses as fast as the page takes them, each starting a new job.
  const raise = page.getByRole('button', { name: /^Raised \+2δ, player 3$/ });
  for (let i = 0; i < 5; i++) await raise.click();
  await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('p3') === '@2000');
  const result = await page.waitForFunction(() => {
    const r = document.querySelector('[data-results]');
    return r.dataset.status === 'done' && r.dataset.exact === 'true';
  }).then(() => settled(page));
  assertEqualsCli(result, cli(ZJH_NO_235, ['2h2s2d', 'random', '@2000']));
  await finish(assert, session);
});

test('the <allin-odds> element reads game, rules and deck attributes', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: TRIPS });
  const { page } = session;
  await settled(page);
  await page.evaluate(async () => {
    await import('./allin-odds.js');
    const el = document.createElement('allin-odds');
    for (const [k, v] of [['game', 'three-card'], ['rules', 'zha-jin-hua'],
      ['p1', '2h2s2d'], ['p2', 'random']]) el.setAttribute(k, v);
    el.id = 'tc-element';
    document.body.append(el);
  });
  // (It computes once in sight.)
  await page.locator('#tc-element').scrollIntoViewIfNeeded();
  const widget = page.locator('#tc-element [data-allin-odds]');
  const r = await settledOdds(widget);
  assert.equal(r.status, 'done');
  assert.equal(Number(r.players[0].wins), 18_424 - 48);
  assert.match(await widget.textContent(), /Three-card · Zha Jin Hua(?! ?,).*every deal of the hands, 18,424 showdowns/);
  await finish(assert, session);
});

test('four players and more: Monte Carlo in the workers, the same deals as the CLI, up to six players', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: TRIPS });
  const { page } = session;
  await settled(page);
  await settledAfter(page, () => page.click('[data-add-player]'));
  const result = await settledAfter(page, () => page.click('[data-add-player]'));
  assert.deepEqual(fragment(page).p4, 'random');
  assert.equal(result.exact, false);
  assert.equal(result.method, 'monte-carlo');
  // The page's chunks of 10,000 deals, seed 1, up to the target error
  // (±0.1), are the CLI's as many deals (one run policy, www/model/run-policy.js).
  const deals = /after ([\d,]+) random deals/.exec(await page.textContent('[data-note]'))[1].replaceAll(',', '');
  const doc = cli(ZJH_NO_235, ['2h2s2d', 'random', 'random', 'random'], ['--trials', deals, '--seed', '1']);
  result.players.forEach((p, i) => assert.equal(Number(p.wins), doc.players[i].win, `player ${i + 1}`));
  assert.match(await page.textContent('[data-note]'), /± is one standard error/);
  // Six players at most (a hero and five opponents).
  await settledAfter(page, () => page.click('[data-add-player]'));
  await settledAfter(page, () => page.click('[data-add-player]'));
  assert.equal(await page.isDisabled('[data-add-player]'), true);
  assert.equal((await settled(page)).players.length, 6);
  await finish(assert, session);
});
