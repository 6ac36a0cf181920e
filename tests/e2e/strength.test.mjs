// The hand-strength panel ([data-strength], strength-view.js): the
// published check (A♦Q♣ on 3♥4♣J♥ against one random hand: HS 0.5851…,
// PPot 0.2083…, NPot 0.2737…) and two opponents on a flop and on a turn,
// each equal to the CLI's `allin ehs … --json` to the last digit; whose
// strength (the chooser, by mouse and by keyboard); board sizes the panel
// cannot use; bad input;
// a sampled job with its ±; and a touch phone, light and dark.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DESKTOP, TOUCH_PHONE, assertFitsThenShoot, finish, openOn, setup } from './support.mjs';

const CLI = process.env.ALLIN_CLI || fileURLToPath(new URL('../../target/debug/allin', import.meta.url));

const suite = setup();

/** `allin ehs ARGS --json`, parsed. */
function cli(...args) {
  assert.ok(existsSync(CLI), `no allin binary at ${CLI}: run \`cargo build --bin allin\` or set ALLIN_CLI`);
  return JSON.parse(execFileSync(CLI, ['ehs', ...args, '--json'], { encoding: 'utf8' }));
}

/** Waits for the panel to settle on `status` (done, error or idle) and reads its hooks. */
async function strength(page, status = 'done', { timeout = 60_000 } = {}) {
  await page.waitForFunction(
    (want) => document.querySelector('[data-strength]').dataset.status === want,
    status,
    { timeout },
  );
  return page.$eval('[data-strength]', (el) => ({
    status: el.dataset.status,
    hs: el.dataset.hs ?? null,
    ppot: el.dataset.ppot ?? null,
    npot: el.dataset.npot ?? null,
    ehs: el.dataset.ehs ?? null,
    note: el.querySelector('[data-strength-note]').textContent,
    badge: el.querySelector('[data-strength-badge]').textContent,
    hsn: el.querySelector('[data-strength-hsn]').hidden
      ? null
      : el.querySelector('[data-strength-hsn]').textContent,
    shown: Object.fromEntries(
      [...el.querySelectorAll('[data-strength-value]')].map((dd) => [dd.dataset.strengthValue, dd.textContent]),
    ),
  }));
}

/** The page's four numbers equal the CLI's JSON, to the last digit. */
function assertSame(got, json, what) {
  for (const key of ['hs', 'ppot', 'npot', 'ehs']) {
    assert.equal(Number(got[key]), json[key], `${what}: ${key}`);
  }
}

/** Sets the board field and waits for the panel to leave its old state. */
async function setBoard(page, board) {
  await page.fill('[data-field="board"]', board);
}

test('the published check: AdQc vs random on 3h4cJh, as the CLI says', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: '#p1=AdQc&p2=random&board=3h4cJh&dead=' });
  const { page } = session;
  const got = await strength(page);
  // 0.585, 0.208, 0.274 in the paper; to four decimals 0.5851, 0.2083, 0.2737.
  assert.ok(Math.abs(Number(got.hs) - 0.5851) < 5e-5, got.hs);
  assert.ok(Math.abs(Number(got.ppot) - 0.2083) < 5e-5, got.ppot);
  assert.ok(Math.abs(Number(got.npot) - 0.2737) < 5e-5, got.npot);
  assertSame(got, cli('AdQc', '--board', '3h4cJh'), 'published');
  assert.equal(got.badge, 'Exact');
  assert.equal(got.shown.hs, '58.51%');
  assert.equal(got.hsn, null, 'no HS^N against one opponent');
  assert.match(got.note, /Exact: against 1 opponent/);
  // The counts, on demand.
  await page.click('[data-strength-more] summary');
  const rows = await page.$$eval('[data-strength-counts] tr', (trs) => trs.map((tr) => tr.textContent));
  assert.deepEqual(rows, ['ahead628449,0053,211169,504', 'tied908,370540', 'behind44491,9811,036346,543']);
  await finish(assert, session);
});

test('two opponents on a flop and on a turn; whose strength', async () => {
  const session = await openOn(suite.browser, DESKTOP, {
    path: '#p1=AdQc&p2=random&p3=random&board=3h4cJh&dead=',
  });
  const { page } = session;
  const flop = await strength(page);
  assertSame(flop, cli('AdQc', '--board', '3h4cJh', '--opponents', '2'), 'flop, 2 opponents');
  const json = cli('AdQc', '--board', '3h4cJh', '--opponents', '2');
  assert.match(flop.hsn, /^HS² /);
  assert.ok(flop.hsn.includes(`${(json.hs_n * 100).toFixed(2)}%`), flop.hsn);
  assert.match(flop.note, /Exact: against 2 opponents/);

  await setBoard(page, '3h4cJh2s');
  await page.waitForFunction((hs) => document.querySelector('[data-strength]').dataset.hs !== hs, flop.hs);
  const turn = await strength(page);
  assertSame(turn, cli('AdQc', '--board', '3h4cJh2s', '--opponents', '2'), 'turn, 2 opponents');
  await page.click('[data-strength-more] summary');
  assert.equal(await page.isVisible('[data-strength-value="ppot1"]'), false, 'no one-card look-ahead on the turn');

  // Player 2 holds a hand: choosing it computes its strength (against
  // player 1's AdQc and player 3's random hand), the chooser naming it.
  await page.fill('[data-field="p2"]', 'AhKh');
  const before = await strength(page);
  await page.selectOption('[data-strength-player]', '1');
  await page.waitForFunction((hs) => document.querySelector('[data-strength]').dataset.hs !== hs, before.hs);
  const p2 = await strength(page);
  assert.match(await page.$eval('[data-strength-player]', (s) => s.selectedOptions[0].textContent), /Player 2 · A♥K♥/);
  assert.match(await page.textContent('[data-strength-vs]'), /against the 2 other players/);
  assert.ok(Number(p2.hs) > 0 && Number(p2.hs) < 1);
  await finish(assert, session);
});

test('one opponent chosen: player 2 against player 1, as the CLI says', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: '#p1=AdQc&p2=AhKh&board=3h4cJh&dead=' });
  const { page } = session;
  await strength(page);
  const first = await strength(page);
  await page.selectOption('[data-strength-player]', '1');
  await page.waitForFunction((hs) => document.querySelector('[data-strength]').dataset.hs !== hs, first.hs);
  const got = await strength(page);
  assertSame(got, cli('AhKh', '--board', '3h4cJh', '--vs', 'AdQc'), 'player 2');
  await finish(assert, session);
});

test('by keyboard: the chooser and the counts', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: '#p1=AdQc&p2=AhKh&board=3h4cJh&dead=' });
  const { page } = session;
  const first = await strength(page);
  await page.focus('[data-strength-player]');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction((hs) => document.querySelector('[data-strength]').dataset.hs !== hs, first.hs);
  const got = await strength(page);
  assertSame(got, cli('AhKh', '--board', '3h4cJh', '--vs', 'AdQc'), 'player 2 by keyboard');
  await page.focus('[data-strength-more] summary');
  await page.keyboard.press('Enter');
  assert.equal(await page.isVisible('[data-strength-counts]'), true);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.matches('.strength-table-wrap')), true,
    'the counts table scrolls by keyboard');
  await finish(assert, session);
});

test('board sizes: explained for 0, 1, 2 and 5 cards, computed for 3 and 4', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: '#p1=AdQc&p2=random&board=&dead=' });
  const { page } = session;
  let got = await strength(page, 'idle');
  assert.match(got.note, /needs a flop or a turn.*it has 0/);
  assert.equal(got.hs, null);
  for (const [board, has] of [['3h', 1], ['3h4c', 2]]) {
    await setBoard(page, board);
    await page.waitForFunction((n) => document.querySelector('[data-strength-note]').textContent.includes(`it has ${n}`), has);
    got = await strength(page, 'idle');
    assert.equal(got.hs, null);
  }
  await setBoard(page, '3h4cJh');
  got = await strength(page);
  assert.match(got.hs, /^0\.5851/);
  // A board that does not read: explained with the engine's own words.
  await setBoard(page, '3h4x');
  await page.waitForFunction(() => /does not read/.test(document.querySelector('[data-strength-note]').textContent));
  got = await strength(page, 'idle');
  assert.match(got.note, /"4x"/);
  await setBoard(page, '3h4cJh2s9d');
  got = await strength(page, 'idle');
  assert.match(got.note, /on the river there are none/);
  assert.equal(got.hs, null, 'the river clears the numbers');
  assert.equal(await page.isVisible('[data-strength-stats]'), false);
  await finish(assert, session);
});

test('bad input: a range for the chosen player, a card twice, a contested deal', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: '#p1=QQ%2B&p2=random&board=3h4cJh&dead=' });
  const { page } = session;
  let got = await strength(page, 'error');
  assert.match(got.note, /known hand: give player 1 two cards/);
  assert.equal(got.hs, null);
  await page.fill('[data-field="p1"]', 'AdQc');
  got = await strength(page);
  await page.fill('[data-field="p2"]', 'Ad2c');
  got = await strength(page, 'error');
  assert.match(got.note, /Ad/);
  await page.fill('[data-field="p2"]', 'AsAh');
  await page.click('[data-add-player]');
  await page.fill('[data-field="p3"]', 'AsAh');
  got = await strength(page, 'error');
  assert.match(got.note, /As/);
  await finish(assert, session);
});

test('sampled when exact is too costly: every number with its ±', async () => {
  const path = '#p1=AdQc&p2=random&p3=random&p4=random&p5=random&board=3h4cJh&dead=';
  const session = await openOn(suite.browser, DESKTOP, { path });
  const { page } = session;
  const got = await strength(page, 'done', { timeout: 120_000 });
  assert.equal(got.badge, 'Sampled');
  for (const key of ['hs', 'ppot', 'npot', 'ehs']) assert.match(got.shown[key], /% ± /, key);
  assert.match(got.note, /200,000 random deals/);
  assert.match(got.hsn, /^HS⁴ /);
  // Within a few standard errors of the CLI's own sample (another seed's deals).
  const json = cli('AdQc', '--board', '3h4cJh', '--opponents', '4');
  assert.ok(Math.abs(Number(got.ehs) - json.ehs) < 6 * json.se.ehs, `${got.ehs} vs ${json.ehs}`);
  await finish(assert, session);
});

for (const colorScheme of ['light', 'dark']) {
  test(`a touch phone, ${colorScheme}: the panel fits, the counts open by touch`, async () => {
    const session = await openOn(suite.browser, TOUCH_PHONE, {
      path: '#p1=AdQc&p2=random&p3=random&board=3h4cJh&dead=',
      colorScheme,
    });
    const { page } = session;
    const got = await strength(page);
    assertSame(got, cli('AdQc', '--board', '3h4cJh', '--opponents', '2'), 'phone');
    await page.locator('[data-strength]').scrollIntoViewIfNeeded();
    await page.tap('[data-strength-more] summary');
    assert.equal(await page.isVisible('[data-strength-counts]'), true);
    const box = await page.locator('[data-strength-more] summary').boundingBox();
    assert.ok(box.height >= 44, `the counts' summary is a thumb high (${box.height})`);
    const panel = await page.locator('[data-strength]').boundingBox();
    assert.ok(panel.x >= 0 && panel.x + panel.width <= 390, `the panel fits (${JSON.stringify(panel)})`);
    await assertFitsThenShoot(page, `strength-390-${colorScheme}`);
    await page.locator('[data-strength]').screenshot({ path: `${process.env.ALLIN_SHOTS ?? '/tmp'}/strength-panel-390-${colorScheme}.png` });
    await finish(assert, session);
  });
}
