// The calculator's "share / embed" panel (share-panel.js, which the page
// loads when the panel is first opened): the link, the iframe code and the
// element code follow the scenario; copy buttons put the code on the
// clipboard (or select it where the Clipboard API is refused); the page
// says it requests nothing from elsewhere.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE_URL,
  PHONE,
  finish as finishSession,
  setup,
  openPage,
  screenshotPath,
  settled,
} from './support.mjs';

const suite = setup();

/** Opens the panel; its code (share-panel.js) loads on first opening, then fills it in. */
async function openPanel(page) {
  await page.click('[data-share-panel] summary');
  await page.waitForFunction(() => document.querySelector('[data-share-code="link"]')?.value);
}

const codes = (page) =>
  page.$$eval('[data-share-code]', (els) => Object.fromEntries(els.map((e) => [e.dataset.shareCode, e.value])));

test('the panel shows the current scenario\'s link and code, and copies them', async () => {
  const session = await openPage(suite.browser, { path: '#p1=AhKh&p2=QsQd&board=2h7hTc&dead=' });
  const { page, context } = session;
  await settled(page);
  await openPanel(page);
  let c = await codes(page);
  assert.equal(c.link, `${BASE_URL}index.html#p1=AhKh&p2=QsQd&board=2h7hTc&dead=`);
  assert.match(c.iframe, /^<iframe src="[^"]+embed\.html#p1=AhKh&amp;p2=QsQd&amp;board=2h7hTc&amp;dead=" title="Poker odds: AhKh vs QsQd"/);
  assert.equal(c.element,
    `<script type="module" src="${BASE_URL}allin-odds.js"></script>\n` +
    '<allin-odds p1="AhKh" p2="QsQd" board="2h7hTc"></allin-odds>');
  assert.match(await page.textContent('[data-share-panel]'), /requests nothing outside its own files/);

  // The scenario changes: the code follows.
  await page.fill('[data-field="board"]', '');
  await page.waitForFunction(() => document.querySelector('[data-share-code="link"]').value.endsWith('board=&dead='));
  c = await codes(page);
  assert.equal(c.element,
    `<script type="module" src="${BASE_URL}allin-odds.js"></script>\n<allin-odds p1="AhKh" p2="QsQd"></allin-odds>`);

  // Copy: the Clipboard API where allowed…
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(BASE_URL).origin });
  await page.click('[data-copy="element"]');
  await page.waitForFunction(() => /copied/.test(document.querySelector('[data-share-status]').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), c.element);
  // …and where it is refused, the text is selected for the user to copy.
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });
  await page.click('[data-copy="iframe"]');
  await page.waitForFunction(() => /selected/.test(document.querySelector('[data-share-status]').textContent));
  const selected = await page.evaluate(() => {
    const el = document.activeElement;
    return el.value.slice(el.selectionStart, el.selectionEnd);
  });
  assert.equal(selected, c.iframe);
  await finishSession(assert, session);
});

test('the panel on a phone', async () => {
  const session = await openPage(suite.browser, {
    path: '#p1=AhKh&p2=QsQd&board=2h7hTc&dead=',
    viewport: PHONE.viewport,
  });
  const { page } = session;
  await settled(page);
  await openPanel(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.viewport.width, 'horizontal scroll');
  await page.locator('[data-share-panel]').screenshot({ path: screenshotPath('share-panel-phone') });
  await finishSession(assert, session);
});
