// The pot-odds panel (www/ui/pot-odds-view.js): its numbers are the CLI's
// (`allin equity … --pot P --call C --json`, the `pot` object), the URL
// keeps the amounts, bad input gets a message beside its field, an
// estimate's EV carries its error, and it works by touch on a 390 px phone
// and by keyboard. Needs the built `allin` (`ALLIN_CLI`, as agree.test.mjs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  BASE_URL,
  DESKTOP,
  TOUCH_PHONE,
  finish,
  fragment,
  openOn,
  screenshotPath,
  settled,
  setup,
  axeViolations,
  lowContrastText,
  smallTargets,
  weakEdges,
} from './support.mjs';

const CLI = process.env.ALLIN_CLI || fileURLToPath(new URL('../../target/debug/allin', import.meta.url));

const suite = setup();

/** The panel through its hooks. */
function readPanel(page) {
  return page.$eval('[data-pot-odds]', (root) => ({
    status: root.dataset.status,
    open: root.open,
    odds: root.dataset.odds ?? null,
    needed: root.dataset.needed ?? null,
    equity: root.dataset.equity ?? null,
    ev: root.dataset.ev ?? null,
    kelly: root.dataset.kelly ?? null,
    player: root.dataset.forPlayer ?? null,
    exact: root.dataset.exact ?? null,
    shown: Object.fromEntries([...root.querySelectorAll('[data-pot-show]')].map((el) => [el.dataset.potShow, el.textContent])),
    errors: Object.fromEntries([...root.querySelectorAll('[data-pot-error]')]
      .filter((el) => !el.hidden).map((el) => [el.dataset.potError, el.textContent])),
    invalid: [...root.querySelectorAll('[aria-invalid="true"]')].map((el) => el.dataset.potField),
    note: root.querySelector('[data-pot-note]').textContent,
  }));
}

/** Waits for the panel to show numbers with an equity (or `status`). */
async function panelReady(page, { status = 'ready', withEquity = status === 'ready' } = {}) {
  await page.waitForFunction(([want, equity]) => {
    const root = document.querySelector('[data-pot-odds]');
    return root.dataset.status === want && (!equity || root.dataset.ev !== undefined);
  }, [status, withEquity], { timeout: 60_000 });
  return readPanel(page);
}

function cliPot(players, { board = '', pot, call }) {
  const args = ['equity', ...players, '--json', '--pot', pot, '--call', call];
  if (board) args.push('--board', board);
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
}

const close = (a, b, what) => assert.ok(Math.abs(Number(a) - Number(b)) <= 1e-12 * Math.max(1, Math.abs(b)),
  `${what}: page ${a}, CLI ${b}`);

test('the numbers are the CLI\'s: odds, needed, EV and Kelly at player 1\'s exact equity', async () => {
  assert.ok(existsSync(CLI), `no allin binary at ${CLI}: run \`cargo build --bin allin\` or set ALLIN_CLI`);
  const session = await openOn(suite.browser, DESKTOP);
  for (const [players, board, pot, call] of [
    [['AhKh', 'QsQd'], '2h7hTc', '100', '50'],
    [['AhKh', 'QQ+, AKs'], '', '1000', '250'],
    [['7c2d', 'AsAd', 'KhKd'], 'Ac2c3h', '35.5', '120'],
    [['AhKh', 'QsQd'], '2h7hTc', '1 000', '2,5'],
    [['AhKh', 'QsQd'], '2h7hTc8d', '3', '1e3'],
  ]) {
    const cli = cliPot(players, { board, pot, call });
    assert.equal(cli.exact, true);
    const params = new URLSearchParams();
    players.forEach((p, i) => params.set(`p${i + 1}`, p));
    params.set('board', board);
    params.set('pot', pot);
    params.set('call', call);
    await session.page.goto(`${BASE_URL}#${params}`);
    const results = await settled(session.page);
    assert.equal(results.exact, true);
    const panel = await panelReady(session.page);
    assert.equal(panel.open, true, 'a link with amounts opens the panel');
    assert.equal(panel.exact, 'true');
    assert.equal(panel.player, '1');
    close(panel.equity, cli.players[0].equity, 'equity');
    close(panel.odds, cli.pot.odds, 'odds');
    close(panel.needed, cli.pot.needed, 'needed');
    close(panel.ev, cli.pot.ev_call, 'ev_call');
    close(panel.kelly, cli.pot.kelly, 'kelly');
    assert.match(panel.note, /\(exact\)/);
    assert.doesNotMatch(panel.shown.ev, /±/);
  }
  const panel = await readPanel(session.page);
  assert.deepEqual(panel.shown, { odds: '0.003 : 1', needed: '99.70%', ev: '−658.07', kelly: '−219.356' });
  await finish(assert, session);
});

test('typed amounts go to the URL and the share link, and come back from them', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: '#p1=AhKh&p2=QsQd&board=2h7hTc&dead=' });
  const { page } = session;
  const panel0 = await readPanel(page);
  assert.equal(panel0.open, false, 'closed until wanted');
  assert.equal(panel0.status, 'empty');
  await page.click('.pot-summary');
  await page.fill('[data-pot-field="pot"]', '1 000');
  await page.fill('[data-pot-field="call"]', '2,5');
  let panel = await panelReady(page);
  assert.equal(panel.odds, '400');
  assert.equal(panel.shown.odds, '400 : 1');
  assert.deepEqual([fragment(page).pot, fragment(page).call], ['1 000', '2,5']);
  // The share panel's link carries them.
  await page.click('[data-share-panel] summary');
  const link = await page.waitForFunction(
    () => document.querySelector('[data-share-code="link"]')?.value || null,
  ).then((h) => h.jsonValue());
  assert.match(link, /pot=1%20000&call=2%2C5/);
  // Player 2's equity on request.
  await page.selectOption('[data-pot-player]', '2');
  panel = await panelReady(page);
  assert.equal(panel.player, '2');
  assert.equal(Number(panel.equity), 451 / 990);
  // Back from the URL (a new page on the link).
  const again = await openOn(suite.browser, DESKTOP, { path: link.slice(link.indexOf('#')) });
  await settled(again.page);
  const restored = await panelReady(again.page);
  assert.equal(await again.page.inputValue('[data-pot-field="pot"]'), '1 000');
  assert.equal(await again.page.inputValue('[data-pot-field="call"]'), '2,5');
  assert.equal(restored.odds, '400');
  // Clearing an amount leaves it out of the URL.
  await again.page.fill('[data-pot-field="call"]', '');
  assert.equal((await readPanel(again.page)).status, 'empty');
  assert.equal(fragment(again.page).call, undefined);
  // Undo of a card change keeps the amounts as they are.
  await again.page.fill('[data-field="board"]', '2h7hTc9s');
  await settled(again.page);
  await again.page.keyboard.press('Control+z');
  await settled(again.page);
  assert.equal(await again.page.inputValue('[data-pot-field="pot"]'), '1 000');
  await finish(assert, again);
  await finish(assert, session);
});

test('bad amounts get the engine\'s message beside their field', async () => {
  const session = await openOn(suite.browser, DESKTOP, {
    path: '#p1=AhKh&p2=QsQd&board=&dead=&pot=__proto__&call=1e999',
  });
  const { page } = session;
  let panel = await panelReady(page, { status: 'error' });
  assert.deepEqual(panel.errors, {
    pot: 'the pot needs an amount like 100, 2.5 or 1e3, got "__proto__"',
    call: 'the call must be at most 1e15, got a number past 1e308',
  });
  assert.deepEqual(panel.invalid, ['pot', 'call']);
  assert.equal(panel.needed, null);
  for (const [pot, message] of [
    ['-5', 'the pot must be more than 0, got -5'],
    ['0', 'the pot must be more than 0, got 0'],
    ['abc', 'the pot needs an amount like 100, 2.5 or 1e3, got "abc"'],
    ['1e16', 'the pot must be at most 1e15, got 1e16'],
    ['1,000', 'the pot: is "1,000" a thousand or one? Write 1000, or 1.5 with a point'],
  ]) {
    await page.fill('[data-pot-field="pot"]', pot);
    await page.fill('[data-pot-field="call"]', '10');
    await page.locator('[data-pot-field="call"]').blur();
    panel = await readPanel(page);
    assert.equal(panel.status, 'error', pot);
    assert.deepEqual(panel.errors, { pot: message });
    assert.deepEqual(panel.invalid, ['pot']);
    assert.equal(fragment(page).pot, pot, 'kept as typed');
  }
  // Fixed: the error goes at once.
  await page.fill('[data-pot-field="pot"]', '100');
  panel = await panelReady(page);
  assert.deepEqual(panel.errors, {});
  assert.deepEqual(panel.invalid, []);
  // Empty is not an error: the panel asks for what is missing.
  await page.fill('[data-pot-field="pot"]', '');
  panel = await readPanel(page);
  assert.equal(panel.status, 'empty');
  assert.deepEqual(panel.errors, {});
  assert.match(panel.note, /Enter the pot/);
  await finish(assert, session);
});

test('an estimated equity: EV and Kelly with their error, and which player', async () => {
  const session = await openOn(suite.browser, DESKTOP, {
    path: '#p1=AhKh&p2=random&p3=random&p4=random&board=&dead=&method=mc&pot=60&call=20',
  });
  await settled(session.page, { timeout: 60_000 });
  const panel = await panelReady(session.page);
  assert.equal(panel.exact, 'false');
  assert.match(panel.shown.ev, /^[+−][\d,.]+ ± [\d,.]+$/);
  assert.match(panel.shown.kelly, /^−?[\d.]+ ± 0\.0*[1-9]\d*$/, 'the error shows a digit');
  assert.match(panel.note, /^Player 1's equity is [\d.]+% ± [\d.]+ \(an estimate, ± one standard error\)/);
  await finish(assert, session);
});

test('phone, 390 px, by touch: numeric keyboard, fits, targets big enough', async () => {
  const session = await openOn(suite.browser, TOUCH_PHONE, { path: '#p1=AhKh&p2=QsQd&board=2h7hTc&dead=' });
  const { page } = session;
  await settled(page);
  await page.locator('.pot-summary').scrollIntoViewIfNeeded();
  await page.tap('.pot-summary');
  assert.equal((await readPanel(page)).open, true);
  for (const field of ['pot', 'call']) {
    assert.equal(await page.getAttribute(`[data-pot-field="${field}"]`, 'inputmode'), 'decimal');
  }
  await page.tap('[data-pot-field="pot"]');
  await page.keyboard.type('100');
  await page.tap('[data-pot-field="call"]');
  await page.keyboard.type('50');
  const panel = await panelReady(page);
  assert.equal(panel.shown.odds, '2 : 1');
  assert.equal(panel.shown.needed, '33.33%');
  const width = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(width[0] <= width[1], `no sideways scroll: ${width}`);
  const small = await smallTargets(page, { within: '[data-pot-odds]' });
  assert.deepEqual(small, { small: [], inline: [] }, 'touch targets of at least 44 px');
  await page.locator('[data-pot-odds]').screenshot({ path: screenshotPath('pot-odds-phone') });
  // Accessible, light and dark, with an error showing.
  await page.fill('[data-pot-field="call"]', '-5');
  await page.locator('[data-pot-field="call"]').blur();
  assert.equal((await readPanel(page)).status, 'error');
  // Its foot above the deck's bar at the foot of a phone's window (deck-sheet.js).
  await page.locator('[data-pot-odds]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    assert.deepEqual(await axeViolations(page, { include: ['[data-pot-odds]'] }), [], colorScheme);
    assert.deepEqual(await weakEdges(page, { within: '[data-pot-odds]' }), [], colorScheme);
    const texts = '[data-pot-odds] :is(dt, dd, .field-label, .pot-hint, .field-error:not([hidden]), .pot-note, .pot-title)';
    assert.deepEqual(await lowContrastText(page, texts), [], colorScheme);
  }
  await page.locator('[data-pot-odds]').screenshot({ path: screenshotPath('pot-odds-phone-dark-error') });
  await finish(assert, session);
});

test('keyboard only: open, type, choose the player', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: '#p1=AhKh&p2=QsQd&board=2h7hTc&dead=' });
  const { page } = session;
  await settled(page);
  await page.focus('.pot-summary');
  await page.keyboard.press('Enter');
  assert.equal((await readPanel(page)).open, true);
  // The panel's script loads when it is first opened: its player choice
  // has its options once it has run (under CI's load an ArrowDown came
  // first, on an empty choice).
  await page.waitForFunction(() => document.querySelectorAll('[data-pot-player] option').length === 2);
  await page.keyboard.press('Tab');
  await page.keyboard.type('90');
  await page.keyboard.press('Tab');
  await page.keyboard.type('30');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  const panel = await panelReady(page);
  assert.equal(panel.odds, '3');
  assert.equal(panel.player, '2');
  await page.locator('[data-pot-odds]').screenshot({ path: screenshotPath('pot-odds-desktop') });
  await finish(assert, session);
});
