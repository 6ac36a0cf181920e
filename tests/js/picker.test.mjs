// The picker's DOM-free helpers: random cards (www/random-cards.js) and
// odds as "n : 1" (www/format.js).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { drawRandom, randomBelow } from '../../www/random-cards.js';
import { formatOdds } from '../../www/format.js';

/** A stand-in for crypto whose words are `words`, in order. */
function fixed(words) {
  let i = 0;
  return {
    getRandomValues(array) {
      array[0] = words[i++];
      return array;
    },
  };
}

test('randomBelow rejects the words that would bias it', () => {
  // n = 3: 2^32 = 3 × 1431655765 + 1, so the one word 4294967295 is redrawn.
  assert.equal(randomBelow(3, fixed([4294967295, 7])), 1);
  assert.equal(randomBelow(1, fixed([123])), 0);
  assert.throws(() => randomBelow(0), RangeError);
  assert.throws(() => randomBelow(2.5), RangeError);
});

test('drawRandom: distinct entries of the pool, every one reachable', () => {
  const pool = ['2c', '3c', '4c', '5c', '6c'];
  const seen = new Set();
  for (let i = 0; i < 400; i++) {
    const hand = drawRandom(pool, 2);
    assert.equal(hand.length, 2);
    assert.notEqual(hand[0], hand[1]);
    for (const card of hand) assert.ok(pool.includes(card));
    seen.add([...hand].sort().join(''));
  }
  assert.equal(seen.size, 10, 'every pair of 5 cards drawn in 400 tries');
  assert.deepEqual(drawRandom(['Ah'], 3), ['Ah']);
  assert.deepEqual(drawRandom([], 2), []);
  assert.deepEqual(pool, ['2c', '3c', '4c', '5c', '6c'], 'the pool is not touched');
});

test('odds against as n : 1', () => {
  // [equity, exact, text]: one case a line.
  const cases = [
    [0.25, true, '3 : 1'],
    [0.5, true, '1 : 1'],
    [0.544444, true, '0.84 : 1'],
    [0.455556, true, '1.2 : 1'],
    [0.0909, true, '10 : 1'],
    [0.01, true, '99 : 1'],
    [0.0001, true, '9,999 : 1'],
    [0, true, '∞ : 1'],
    [1, true, '0 : 1'],
    [0.25, false, '≈ 3 : 1'],
    [0.333, false, '≈ 2 : 1'],
  ];
  for (const [equity, exact, text] of cases) assert.equal(formatOdds(equity, exact), text, `${equity}`);
});
