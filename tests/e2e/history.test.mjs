// Undo, redo, the browser's history and recent scenarios on the calculator
// (history-view.js, undo.js, recent-view.js, recent.js) in headless Chromium,
// on a touch-emulated phone (390×844) and a desktop: every kind of edit is
// undone exactly and redone, Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y outside and
// inside text fields, settled scenarios as history entries (Back, Forward,
// typing is one entry), the Recent list (stores, restores with one tap,
// clears, survives a reload, ignores corrupt storage, works when storage
// throws), and none of it makes a request.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { BASE_URL, setup, settled } from './support.mjs';

const suite = setup();

const SHOTS = '/tmp/shots-history/';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const DEVICES = [['phone', PHONE], ['desktop', DESKTOP]];

/**
 * Opens the calculator at `hash` on `device` and waits for the engine; every
 * request (method, URL) and page error is recorded.
 */
async function open(device, { hash = '', initScript, colorScheme = 'light' } = {}) {
  const context = await suite.browser.newContext({ ...device, colorScheme });
  const page = await context.newPage();
  if (initScript) await page.addInitScript(initScript);
  const requests = [];
  const problems = [];
  context.on('request', (request) => requests.push({ method: request.method(), url: request.url() }));
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  await page.goto(BASE_URL + hash);
  await page.waitForSelector('[data-engine="ready"]');
  const touch = Boolean(device.hasTouch);
  /** A tap on a phone, a click on a desktop. */
  const press = (selector) => (touch ? page.locator(selector).tap() : page.locator(selector).click());
  return { context, page, requests, problems, press };
}

/**
 * Ends a session: no page errors, and every request a GET of one of the
 * page's own files (no query, nothing sent: the scenario stays on the page).
 */
async function finish({ context, requests, problems }) {
  const origin = new URL(BASE_URL).origin;
  for (const { method, url } of requests) {
    const u = new URL(url);
    if (u.protocol === 'blob:' || u.protocol === 'data:') continue;
    assert.equal(method, 'GET', url);
    assert.equal(u.origin, origin, url);
    assert.equal(u.search, '', `a request with a query: ${url}`);
  }
  assert.deepEqual(problems, []);
  await context.close();
}

/** The scenario as the page shows it: every field's text, and the URL's fragment. */
function shown(page) {
  return page.evaluate(() => ({
    fields: Object.fromEntries(
      [...document.querySelectorAll('input[data-field], textarea[data-field]')].map((el) => [el.dataset.field, el.value]),
    ),
    // The fragment's keys and values (decoded: %20 and + are both a space).
    url: Object.fromEntries(new URLSearchParams(location.hash.slice(1))),
  }));
}

/** Waits until the history entry shown is settled (the bar's data-settled hook). */
function entrySettled(page) {
  return page.waitForSelector('[data-history-bar][data-settled="true"]');
}

const historyLength = (page) => page.evaluate(() => history.length);
const disabled = (page, which) => page.getAttribute(`[data-${which}]`, 'aria-disabled');

async function shoot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}${name}.png` });
}

// A range as a user might type it: spaces, a weight, mixed case.
const RANGE = 'QQ+,  AKs, a5s-A2s@50 ';
const RANGE_HASH = `#p1=${encodeURIComponent(RANGE)}&p2=AhKh&board=&dead=`;

for (const [name, device] of DEVICES) {
  test(`${name}: Clear cards, then Undo brings a range back character for character; Redo clears again`,
    async () => {
      const session = await open(device, { hash: RANGE_HASH });
      const { page, press } = session;
      const before = await shown(page);
      assert.equal(before.fields.p1, RANGE);
      assert.equal(await disabled(page, 'undo'), 'true');
      assert.equal(await disabled(page, 'redo'), 'true');

      await press('[data-clear]');
      assert.deepEqual((await shown(page)).fields, { p1: '', p2: '', board: '', dead: '' });
      assert.equal(await disabled(page, 'undo'), 'false');

      await press('[data-history-bar] [data-undo]');
      assert.deepEqual(await shown(page), before);
      assert.equal(await page.inputValue('[data-range-text]'), RANGE, 'the range editor shows it too');
      assert.equal(await page.textContent('[data-history-status]'), 'Undone: Player 1 and Player 2.');
      assert.equal(await disabled(page, 'undo'), 'true');
      assert.equal(await disabled(page, 'redo'), 'false');
      const result = await settled(page);
      assert.equal(result.status, 'done');
      assert.ok(result.players[0].equity, 'the restored scenario is computed');

      await press('[data-history-bar] [data-redo]');
      assert.deepEqual((await shown(page)).fields, { p1: '', p2: '', board: '', dead: '' });
      assert.equal(await disabled(page, 'redo'), 'true');
      // Pressing a disabled button does nothing.
      await page.locator('[data-history-bar] [data-redo]')[name === 'phone' ? 'tap' : 'click']({ force: true });
      assert.deepEqual((await shown(page)).fields, { p1: '', p2: '', board: '', dead: '' });

      // Thumb-sized buttons.
      for (const selector of ['[data-history-bar] [data-undo]', '[data-history-bar] [data-redo]', '[data-recent] summary']) {
        const box = await page.locator(selector).boundingBox();
        assert.ok(box.width >= 44 && box.height >= 44, `${selector}: ${box.width}×${box.height}`);
      }
      if (name === 'phone') await shoot(page, 'phone-undo-redo');
      await finish(session);
    });
}

/**
 * Edits, each undone by one Ctrl+Z (focus outside any text field) back to
 * the scenario before it, and redone by Ctrl+Shift+Z.
 */
const EDITS = [
  ['a deck card', async (page) => {
    await page.click('#p1-input');
    await page.click('[data-card="Ah"]'); // Player 1's: taken back
  }, { p1: 'Kh' }],
  ['a grid tap', async (page) => {
    await page.click('#p1-input');
    await page.click('[data-hand-grid] [data-class="AKs"]');
  }],
  ['a grid drag (one step)', async (page) => {
    await page.click('#p1-input');
    await page.locator('[data-hand-grid]').scrollIntoViewIfNeeded();
    const centre = async (label) => {
      const box = await page.locator(`[data-hand-grid] [data-class="${label}"]`).boundingBox();
      return [box.x + box.width / 2, box.y + box.height / 2];
    };
    await page.mouse.move(...(await centre('22')));
    await page.mouse.down();
    for (const label of ['33', '44', '55', '66']) {
      await page.mouse.move(...(await centre(label)), { steps: 4 });
      await page.waitForTimeout(300); // slower than a burst: still one stroke
    }
    await page.mouse.up();
  }],
  ['the range box, typed', async (page) => {
    await page.click('#p2-input');
    await page.locator('[data-range-text]').fill('');
    await page.locator('[data-range-text]').pressSequentially('TT+, AQs');
    await page.locator('[data-range-text]').blur();
  }, { p2: 'TT+, AQs' }],
  ['the X% slider, dragged', async (page) => {
    const slider = page.locator('[data-range-slider]');
    await slider.scrollIntoViewIfNeeded();
    const box = await slider.boundingBox();
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 4, y);
    await page.mouse.down();
    for (const f of [0.1, 0.2, 0.3]) await page.mouse.move(box.x + box.width * f, y, { steps: 3 });
    await page.mouse.up();
  }],
  ['Clear range', async (page) => {
    await page.click('#p1-input');
    await page.click('[data-range-clear]');
  }, { p1: '' }],
  ['Add player', async (page) => {
    await page.click('[data-add-player]');
  }, { p4: '' }],
  ['remove a player', async (page) => {
    await page.click('[data-player="1"] [data-remove]');
  }, { p1: 'QsQd' }],
  ['the board, typed', async (page) => {
    await page.locator('[data-field="board"]').pressSequentially('2h7hTc');
  }, { board: '2h7hTc' }],
  ['dead cards, typed', async (page) => {
    await page.locator('[data-field="dead"]').pressSequentially('5c');
  }, { dead: '5c' }],
];

test('desktop: every kind of edit is one step that Ctrl+Z undoes and Ctrl+Shift+Z / Ctrl+Y redo', async () => {
  const session = await open(DESKTOP, { hash: '#p1=AhKh&p2=QsQd&p3=2c2d&board=&dead=' });
  const { page } = session;
  for (const [what, edit, expect] of EDITS) {
    await page.locator('body').click({ position: { x: 2, y: 2 } }); // focus outside the fields
    const before = await shown(page);
    await edit(page);
    const after = await shown(page);
    assert.notDeepEqual(after.fields, before.fields, `${what}: changed nothing`);
    for (const [field, text] of Object.entries(expect ?? {})) assert.equal(after.fields[field], text, what);
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('Control+z');
    assert.deepEqual(await shown(page), before, `${what}: one Ctrl+Z undoes it exactly`);
    await page.keyboard.press('Control+Shift+z');
    assert.deepEqual((await shown(page)).fields, after.fields, `${what}: Ctrl+Shift+Z redoes it`);
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+y');
    assert.deepEqual((await shown(page)).fields, after.fields, `${what}: Ctrl+Y redoes it`);
    await page.keyboard.press('Control+z');
    assert.deepEqual((await shown(page)).fields, before.fields, what);
  }
  assert.equal((await settled(page)).status, 'done');
  await finish(session);
});

// Review finding: after an edit, Undo brought a mistaken link's message
// back ("unknown game", "at most 10 players", "given twice") with the URL
// clean and no odds. What the link got wrong is not part of the scenario.
test('desktop: Undo after a mistaken link goes back to its scenario, computed, not to its message', async () => {
  for (const hash of ['#game=chess&p1=AhKh&p2=QsQd', '#p11=2c2d&p1=AhKh&p2=QsQd', '#p1=AhKh&p2=QsQd&p1=2c2d']) {
    const session = await open(DESKTOP, { hash });
    const { page } = session;
    assert.equal((await settled(page)).status, 'error', hash);
    assert.match(await page.textContent('[data-note]'), /This link has a mistake/, hash);
    await page.locator('[data-field="board"]').fill('2h7hTc');
    assert.equal((await settled(page)).status, 'done', hash);
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('Control+z');
    const undone = await settled(page);
    assert.equal(undone.status, 'done', `${hash}: ${await page.textContent('[data-note]')}`);
    assert.equal((await shown(page)).fields.board, '', hash);
    assert.doesNotMatch(await page.textContent('[data-note]'), /mistake/, hash);
    await finish(session);
  }
});

test('desktop: any [data-undo] / [data-redo] button on the page works, kept disabled when there is nothing to do', async () => {
  const session = await open(DESKTOP, { hash: '#p1=AhKh&p2=QsQd&board=&dead=' });
  const { page } = session;
  await page.evaluate(() => {
    const bar = document.createElement('div');
    bar.innerHTML = '<button type="button" data-undo id="u2">Undo</button><button type="button" data-redo id="r2">Redo</button>';
    document.querySelector('main').prepend(bar);
  });
  await page.locator('[data-field="board"]').fill('2h7hTc');
  assert.equal(await page.getAttribute('#u2', 'aria-disabled'), 'false');
  assert.equal(await page.getAttribute('#r2', 'aria-disabled'), 'true');
  await page.click('#u2');
  assert.equal((await shown(page)).fields.board, '');
  assert.equal(await page.getAttribute('#u2', 'aria-disabled'), 'true');
  assert.equal(await page.getAttribute('[data-history-bar] [data-redo]', 'aria-disabled'), 'false');
  await page.click('#r2');
  assert.equal((await shown(page)).fields.board, '2h7hTc');
  await finish(session);
});

test('desktop: in a text field, Ctrl+Z undoes its own typing first, then the page\'s last step', async () => {
  const session = await open(DESKTOP, { hash: '#p1=AhKh&p2=QsQd&board=&dead=' });
  const { page } = session;
  const board = page.locator('[data-field="board"]');
  await board.pressSequentially('2h7hTc');
  await board.blur();
  const p2 = page.locator('#p2-input');
  await p2.click();
  await p2.press('End');
  await p2.press('Backspace');
  await p2.press('Backspace');
  assert.equal(await p2.inputValue(), 'Qs');
  // The field's own undo: the board is untouched.
  while ((await p2.inputValue()) !== 'QsQd') {
    await page.keyboard.press('Control+z');
    assert.ok(['Qs', 'QsQ', 'QsQd'].includes(await p2.inputValue()), await p2.inputValue());
    assert.equal((await shown(page)).fields.board, '2h7hTc');
  }
  // Back to its text at focus: now Ctrl+Z is the page's (the board goes).
  await page.keyboard.press('Control+z');
  assert.deepEqual((await shown(page)).fields, { p1: 'AhKh', p2: 'QsQd', board: '', dead: '' });
  assert.equal(await page.evaluate(() => document.activeElement.id), 'p2-input', 'focus stays');
  // Redo in the field: nothing of its own to redo, so the page's.
  await page.keyboard.press('Control+Shift+z');
  assert.equal((await shown(page)).fields.board, '2h7hTc');
  await finish(session);
});

test('phone: each settled scenario is one history entry; Back and Forward walk them', async () => {
  const session = await open(PHONE, { hash: '#p1=&p2=QsQd&board=&dead=' });
  const { page } = session;
  const start = await historyLength(page);
  const first = await shown(page);

  // Typing a hand, keystroke by keystroke as a person does: one entry, not four.
  await page.locator('#p1-input').tap();
  await page.locator('#p1-input').pressSequentially('AsAd', { delay: 120 });
  assert.equal(await historyLength(page), start + 1, 'the first keystroke made an entry');
  await entrySettled(page);
  assert.equal(await historyLength(page), start + 1, 'typing a hand is one entry');
  const second = await shown(page);
  assert.deepEqual(second.url, { p1: 'AsAd', p2: 'QsQd', board: '', dead: '' });

  // A committed field (Enter, blur) settles at once.
  await page.locator('[data-field="board"]').tap();
  await page.locator('[data-field="board"]').pressSequentially('2h7hTc');
  await page.locator('[data-field="board"]').press('Enter');
  assert.equal(await page.getAttribute('[data-history-bar]', 'data-settled'), 'true');
  assert.equal(await historyLength(page), start + 2);
  const third = await shown(page);

  // Undo is a change like any other: a new entry once settled.
  await page.locator('[data-history-bar] [data-undo]').tap();
  await entrySettled(page);
  assert.equal(await historyLength(page), start + 3);
  assert.deepEqual(await shown(page), second);

  await page.goBack();
  assert.deepEqual(await shown(page), third, 'Back: the scenario before the undo');
  await page.goBack();
  assert.deepEqual(await shown(page), second);
  assert.equal((await settled(page)).status, 'done', 'the restored scenario is computed');
  await page.goBack();
  assert.deepEqual(await shown(page), first);
  assert.equal(await historyLength(page), start + 3, 'restoring pushes nothing');
  await page.goForward();
  assert.deepEqual(await shown(page), second, 'Forward');
  await page.goForward();
  assert.deepEqual(await shown(page), third);
  // Back through restored scenarios is undoable too.
  await page.locator('[data-history-bar] [data-undo]').tap();
  assert.deepEqual(await shown(page), second);
  await shoot(page, 'phone-history');

  // Back from the first scenario leaves the page, as usual.
  await page.goBack();
  await page.goBack();
  await page.goBack();
  await page.goBack();
  assert.equal(page.url(), 'about:blank');
  await finish(session);
});

test('desktop: a change that comes back to the settled scenario makes no entry', async () => {
  const session = await open(DESKTOP, { hash: '#p1=AhKh&p2=QsQd&board=&dead=' });
  const { page } = session;
  const start = await historyLength(page);
  await page.locator('#p1-input').click();
  await page.locator('#p1-input').press('End');
  await page.locator('#p1-input').press('Backspace');
  await page.locator('#p1-input').type('h');
  await entrySettled(page);
  await page.waitForFunction((n) => history.length === n, start + 1); // (the pushed one, stepped back from)
  await page.goBack();
  assert.equal(page.url(), 'about:blank', 'no entry between the page and where it began');
  await finish(session);
});

test('desktop: Back in the middle of typing goes to the scenario before it; Forward to what was typed', async () => {
  const session = await open(DESKTOP, { hash: '#p1=AhKh&p2=QsQd&board=&dead=' });
  const { page } = session;
  const before = await shown(page);
  await page.locator('[data-field="board"]').pressSequentially('2h7h');
  assert.equal(await page.getAttribute('[data-history-bar]', 'data-settled'), 'false');
  await page.goBack();
  assert.deepEqual(await shown(page), before);
  assert.equal(await page.getAttribute('[data-history-bar]', 'data-settled'), 'true');
  await page.goForward();
  assert.equal((await shown(page)).fields.board, '2h7h');
  await page.goBack();
  // A new edit here drops the entry ahead, as a browser does.
  const length = await historyLength(page);
  await page.locator('[data-field="dead"]').fill('5c');
  await page.locator('[data-field="dead"]').press('Enter');
  assert.equal(await historyLength(page), length);
  assert.deepEqual((await shown(page)).url, { p1: 'AhKh', p2: 'QsQd', board: '', dead: '5c' });
  await finish(session);
});

/** The Recent list's items: their labels. */
function recentLabels(page) {
  return page.$$eval('[data-recent-list] .recent-label', (els) => els.map((el) => el.textContent));
}

async function openRecent(page, press) {
  if (!(await page.$eval('[data-recent]', (el) => el.open))) await press('[data-recent] summary');
  await page.waitForSelector('[data-recent][open]');
}

for (const [name, device] of DEVICES) {
  test(`${name}: the Recent list keeps settled scenarios, restores one with one tap, survives a reload, clears`,
    async () => {
      const session = await open(device, { hash: '#p1=AhKh&p2=QsQd&board=2h7hTc&dead=' });
      const { page, press } = session;
      await openRecent(page, press);
      assert.deepEqual(await recentLabels(page), ['AhKh v QsQd · 2h7hTc'], 'the link opened on');
      await press('[data-recent] summary');

      // A settled scenario joins, newest first; unsettled typing does not.
      await page.locator('#p2-input').fill('QQ+, AKs');
      await page.locator('#p2-input').press('Enter');
      await page.locator('#p2-input').fill('JJ');
      await page.locator('#p2-input').press('Enter');
      await page.locator('[data-field="dead"]').fill('5');
      await page.locator('[data-field="dead"]').press('Enter'); // an error: not kept
      await openRecent(page, press);
      assert.deepEqual(await recentLabels(page), [
        'AhKh v JJ · 2h7hTc',
        'AhKh v QQ+, AKs · 2h7hTc',
        'AhKh v QsQd · 2h7hTc',
      ]);
      assert.match(await page.textContent('[data-recent-list] .recent-time'), /just now/);
      if (name === 'phone') await shoot(page, 'phone-recent-open');

      // One tap restores (and closes the list).
      await press('[data-recent-list] li:nth-child(2) button');
      assert.equal(await page.$eval('[data-recent]', (el) => el.open), false);
      assert.deepEqual((await shown(page)).fields, { p1: 'AhKh', p2: 'QQ+, AKs', board: '2h7hTc', dead: '' });
      assert.equal((await settled(page)).status, 'done');
      await openRecent(page, press);
      assert.equal((await recentLabels(page))[0], 'AhKh v QQ+, AKs · 2h7hTc', 'restored: newest');
      assert.equal(await page.getAttribute('[data-recent-list] li:first-child button', 'aria-current'), 'true');
      // Escape closes the list, focus on its button; so does a tap elsewhere.
      await page.keyboard.press('Escape');
      assert.equal(await page.$eval('[data-recent]', (el) => el.open), false);
      await openRecent(page, press);
      await press('.tagline');
      assert.equal(await page.$eval('[data-recent]', (el) => el.open), false);
      // Undo after restoring goes back to what was there.
      await press('[data-history-bar] [data-undo]');
      assert.equal((await shown(page)).fields.dead, '5');

      // A reload keeps the list.
      await page.reload();
      await page.waitForSelector('[data-engine="ready"]');
      await openRecent(page, press);
      assert.equal((await recentLabels(page)).length, 3);
      for (const selector of ['[data-recent-list] button', '[data-recent-clear]']) {
        const box = await page.locator(selector).first().boundingBox();
        assert.ok(box.height >= 44, `${selector}: ${box.height} px high`);
      }

      // Clear recent empties it, for good.
      await press('[data-recent-clear]');
      assert.deepEqual(await recentLabels(page), []);
      assert.match(await page.textContent('[data-recent-note]'), /appear here/);
      assert.equal(await page.evaluate(() => localStorage.getItem('allin:recent')), null);
      await page.reload();
      await page.waitForSelector('[data-engine="ready"]');
      await openRecent(page, press);
      assert.deepEqual(await recentLabels(page), []);
      // Only allin: keys.
      assert.deepEqual(await page.evaluate(() => Object.keys(localStorage)), []);
      await finish(session);
    });
}

test('desktop: a scenario settled in another tab shows in this tab\'s open list', async () => {
  const session = await open(DESKTOP, { hash: '#p1=AhKh&p2=QsQd&board=2h7hTc&dead=' });
  const { page, context } = session;
  await page.click('[data-recent] summary');
  assert.deepEqual(await recentLabels(page), ['AhKh v QsQd · 2h7hTc']);
  const other = await context.newPage();
  await other.goto(`${BASE_URL}#p1=AsAd&p2=KsKd&board=&dead=`);
  await other.waitForSelector('[data-engine="ready"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-recent-list] li').length === 2);
  assert.deepEqual(await recentLabels(page), ['AsAd v KsKd', 'AhKh v QsQd · 2h7hTc']);
  await other.close();
  await finish(session);
});

test('phone, dark: the Recent list open', async () => {
  const stored = JSON.stringify({
    v: 1,
    items: [
      { f: 'p1=AhKh&p2=QsQd&board=2h7hTc&dead=', t: Date.now() - 90e3 },
      { f: 'p1=QQ%2B%2C+AKs%2C+A5s-A2s&p2=10%25&board=&dead=', t: Date.now() - 5 * 3600e3 },
      { f: 'p1=AsAd&p2=KsKd&p3=random&board=Jh9c2s&dead=5c', t: Date.now() - 3 * 86400e3 },
    ],
  });
  const session = await open(PHONE, {
    colorScheme: 'dark',
    initScript: `localStorage.setItem('allin:recent', ${JSON.stringify(stored)})`,
  });
  const { page, press } = session;
  await openRecent(page, press);
  assert.deepEqual(await page.$$eval('[data-recent-list] .recent-time', (els) => els.map((e) => e.textContent)),
    ['1 minute ago', '5 hours ago', '3 days ago']);
  await shoot(page, 'phone-dark-recent-open');
  await finish(session);
});

// Stored text a page might find under allin:recent, and the items that show
// from it (after the scenario the page opened on).
const GOOD = { f: 'p1=AsAd&p2=KsKd&board=&dead=', t: 1 };
const CORRUPT = [
  ['not JSON', '{"v":1,"items":[{"f":', []],
  ['the wrong shape', JSON.stringify([GOOD]), []],
  ['a __proto__ key', `{"__proto__":{"v":1,"items":[${JSON.stringify(GOOD)}]}}`, []],
  ['bad items beside good ones', JSON.stringify({
    v: 1,
    items: [null, 7, 'p1=AA', { f: { toString: 1 } }, { f: `p1=${'x'.repeat(5000)}`, t: 1 }, GOOD,
      { f: 'p1=%3Cimg+src%3Dx+onerror%3Dalert(1)%3E&p2=KK', t: 0 }],
  }), ['AsAd v KsKd', '<img src=x onerror=aler… v KK']],
  ['a huge string', `{"v":1,"items":[${JSON.stringify(GOOD)}],"pad":"${'x'.repeat(3_000_000)}"}`, []],
];

test('desktop: corrupt storage is ignored safely', async () => {
  for (const [what, text, rest] of CORRUPT) {
    const session = await open(DESKTOP, {
      hash: '#p1=AhKh&p2=QsQd&board=2h7hTc&dead=',
      initScript: `if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('allin:recent', ${JSON.stringify(text)});
      }`,
    });
    const { page, press } = session;
    assert.equal((await settled(page)).status, 'done', what);
    await openRecent(page, press);
    assert.deepEqual(await recentLabels(page), ['AhKh v QsQd · 2h7hTc', ...rest], what);
    assert.equal(await page.$$eval('[data-recent] img', (els) => els.length), 0, 'text, never HTML');
    // The list was written back in the page's own form.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('allin:recent')));
    assert.equal(stored.v, 1, what);
    assert.equal(stored.items.length, 1 + rest.length, what);
    assert.ok(stored.items.every((i) => typeof i.f === 'string' && typeof i.t === 'number'), what);
    await finish(session);
  }
});

// Storage that throws, as private modes and full quotas do.
const THROWING = [
  ['every Storage method throws', `for (const name of ['getItem', 'setItem', 'removeItem', 'key', 'clear']) {
    Object.defineProperty(Storage.prototype, name, {
      value() { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); },
    });
  }`],
  ['reading localStorage throws', `Object.defineProperty(window, 'localStorage', {
    get() { throw new DOMException('Access is denied for this document.', 'SecurityError'); },
  })`],
];

for (const [what, initScript] of THROWING) {
  test(`phone: ${what}: the page works, Recent says so and lasts for the page`, async () => {
    const session = await open(PHONE, { hash: '#p1=AhKh&p2=QsQd&board=2h7hTc&dead=', initScript });
    const { page, press } = session;
    assert.equal((await settled(page)).status, 'done');
    await openRecent(page, press);
    assert.match(await page.textContent('[data-recent-note]'), /does not allow storage/);
    assert.equal(await page.getAttribute('[data-recent]', 'data-storage'), 'no');
    await shoot(page, `phone-recent-no-storage-${THROWING.findIndex(([w]) => w === what)}`);
    await press('[data-recent] summary');
    await page.locator('#p2-input').fill('JJ');
    await page.locator('#p2-input').press('Enter');
    await openRecent(page, press);
    assert.deepEqual(await recentLabels(page), ['AhKh v JJ · 2h7hTc', 'AhKh v QsQd · 2h7hTc']);
    await press('[data-recent-list] li:nth-child(2) button');
    assert.equal((await shown(page)).fields.p2, 'QsQd');
    await press('[data-history-bar] [data-undo]');
    assert.equal((await shown(page)).fields.p2, 'JJ');
    await finish(session);
  });
}
