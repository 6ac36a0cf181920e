// The engine module (www/engine.js) used directly in the page, without the
// UI: its answers and errors come from the Rust core, verbatim.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openPage } from './support.mjs';

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** Runs `calls` ([method, ...args]) on the page's engine and returns the outcomes. */
async function callEngine(page, calls) {
  return page.evaluate(async (list) => {
    const { loadEngine } = await import(new URL('engine.js', document.baseURI).href);
    const engine = await loadEngine();
    return list.map(([method, ...args]) => engine[method](...args));
  }, calls);
}

test('the engine lists the categories, weakest first, with labels from Rust', async () => {
  const { page, context } = await openPage(browser);
  const [categories] = await callEngine(page, [['categories']]);
  assert.equal(categories.length, 9);
  assert.deepEqual(categories[0], { name: 'HighCard', label: 'High card' });
  assert.deepEqual(categories[8], { name: 'StraightFlush', label: 'Straight flush' });
  await context.close();
});

test('three-card hands are ranked under each rule set', async () => {
  const { page, context } = await openPage(browser);
  const [casinoSf, casinoTrips, zjhStraight, zjhFlush, wheel, badCards, badRules] =
    await callEngine(page, [
      ['evaluateThreeCard', 'Qh Kh Ah', 'casino'],
      ['evaluateThreeCard', 'Ac Ad Ah', 'casino'],
      ['evaluateThreeCard', 'Qh Kc Ad', 'zha-jin-hua'],
      ['evaluateThreeCard', '2h 7h 9h', 'zha-jin-hua'],
      ['evaluateThreeCard', '2c 3d 5h', 'ZHA-JIN-HUA'],
      ['evaluateThreeCard', 'Ah Ah Kd', 'casino'],
      ['evaluateThreeCard', 'Ah Kd Qs', 'poker'],
    ]);
  assert.equal(casinoSf.ok, true);
  assert.equal(casinoSf.value.category, 'StraightFlush');
  assert.equal(casinoSf.value.cards, 'Qh Kh Ah');
  assert.equal(casinoSf.value.rules, 'casino');
  assert.equal(casinoTrips.value.category, 'Trips');
  assert.ok(casinoSf.value.rank > casinoTrips.value.rank, 'casino: straight flush beats trips');
  // Zha Jin Hua: a flush beats a straight.
  assert.equal(zjhStraight.value.category, 'Straight');
  assert.equal(zjhFlush.value.category, 'Flush');
  assert.ok(zjhFlush.value.rank > zjhStraight.value.rank);
  assert.equal(wheel.value.offSuitTwoThreeFive, true);
  assert.equal(wheel.value.rules, 'zha-jin-hua');
  assert.deepEqual(badCards, { ok: false, error: 'duplicate card Ah' });
  assert.equal(badRules.ok, false);
  assert.match(badRules.error, /unknown rules "poker"/);
  await context.close();
});
