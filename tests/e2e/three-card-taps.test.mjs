// Three-card hands built by taps on a touch phone (issue 33: each tap
// replaced the last card, a cleared box asked to "replace the range
// random?", and Clear cards sampled the empty boxes as random hands).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TOUCH_PHONE, finish, openOn, settled, setup } from './support.mjs';

const suite = setup();

const value = (page, field) => page.inputValue(`[data-field="${field}"]`);

async function tapCard(page, code) {
  const card = page.locator(`[data-deck] [data-card="${code}"]`);
  await card.scrollIntoViewIfNeeded();
  await card.tap();
}

test('phone: three taps fill a player\'s hand, then the deck moves on; Clear cards computes nothing', async () => {
  const session = await openOn(suite.browser, TOUCH_PHONE, {
    path: '#game=three-card&p1=2h2s2d&p2=random',
  });
  const { page } = session;
  assert.equal((await settled(page)).status, 'done');

  // Clear: no random hands made up, no error under a box nobody touched.
  await page.tap('[data-clear]');
  const cleared = await settled(page);
  assert.equal(cleared.status, 'error');
  assert.deepEqual(cleared.errors, []);
  assert.match(await page.textContent('[data-note]'), /^Nothing to compute yet\. The hero \(player 1\): expected 3 cards, got 0/);
  assert.equal(await value(page, 'p1'), '');

  // Three taps: P1's hand, card by card; no question about a range.
  await page.tap('[data-target][value="p1"]');
  await tapCard(page, 'Kh');
  assert.equal(await value(page, 'p1'), 'Kh');
  await tapCard(page, 'Qh');
  assert.equal(await value(page, 'p1'), 'KhQh');
  assert.equal(await page.isVisible('[data-confirm]:not([hidden])'), false, 'no question about a range');
  await tapCard(page, 'Jh');
  assert.equal(await value(page, 'p1'), 'KhQhJh');
  // Full: the deck's target is player 2, whose three taps make a hand too.
  await page.waitForFunction(() => document.querySelector('[data-target][value="p2"]').checked);
  for (const code of ['2c', '2d', '2s']) await tapCard(page, code);
  assert.equal(await value(page, 'p2'), '2c2d2s');
  const r = await settled(page);
  assert.equal(r.status, 'done');
  assert.equal(r.exact, true);
  // A tap on a card of the chosen player's hand takes it back out.
  await page.tap('[data-target][value="p1"]');
  await tapCard(page, 'Qh');
  assert.equal(await value(page, 'p1'), 'KhJh');
  await finish(assert, session);
});
