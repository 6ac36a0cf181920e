// The picker's DOM-free helpers: random cards (www/model/random-cards.js), the
// deck's keyboard (www/model/deck-keys.js) and odds as "n : 1" (www/model/format.js).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { drawRandom, randomBelow } from '../../www/model/random-cards.js';
import { moveInDeck, typedKey } from '../../www/model/deck-keys.js';
import { formatOdds } from '../../www/model/format.js';

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
    // Review finding: three-card trips at 99.66% read "0 : 1", as if won already.
    [0.9966, true, '< 0.01 : 1'],
    [0.9966, false, '≈ < 0.01 : 1'],
    [0.995, true, '0.01 : 1'],
    [0.25, false, '≈ 3 : 1'],
    [0.333, false, '≈ 2 : 1'],
  ];
  for (const [equity, exact, text] of cases) assert.equal(formatOdds(equity, exact), text, `${equity}`);
});

// The deck as deck-view.js lays it out: spades, hearts, diamonds, clubs;
// aces first. Wide: a row of 13 per suit; narrow (phones): A–8 over 7–2.
const RANKS = 'AKQJT98765432';
const CODES = [...'shdc'].flatMap((suit) => [...RANKS].map((rank) => rank + suit));
const place = (code, narrow) => {
  const col = RANKS.indexOf(code[0]);
  const row = 'shdc'.indexOf(code[1]);
  const half = col < 7 ? 0 : 1;
  return narrow
    ? { x: (col - half * 7) * 50 + 25, y: (half * 4 + row) * 52 + (half ? 8 : 0) + 24, h: 48 }
    : { x: col * 44 + 20, y: row * 56 + 26, h: 52 };
};

test('arrow keys, Home and End move by the cards’ places, in both layouts', () => {
  // [layout, from, key, to]: one case a line.
  const cases = [
    ['wide', 'As', 'ArrowRight', 'Ks'],
    ['wide', '2s', 'ArrowRight', 'Ah'],
    ['wide', '2c', 'ArrowRight', 'As'],
    ['wide', 'Ah', 'ArrowLeft', '2s'],
    ['wide', 'As', 'ArrowLeft', '2c'],
    ['wide', 'Kh', 'ArrowDown', 'Kd'],
    ['wide', 'Kc', 'ArrowDown', 'Ks'],
    ['wide', 'Ks', 'ArrowUp', 'Kc'],
    ['wide', '9d', 'Home', 'Ad'],
    ['wide', '9d', 'End', '2d'],
    ['wide', '9d', 'Ctrl+Home', 'As'],
    ['wide', '9d', 'Ctrl+End', '2c'],
    ['narrow', '8s', 'ArrowRight', 'Ah'],
    ['narrow', '8c', 'ArrowRight', '7s'],
    ['narrow', '2s', 'ArrowRight', '7h'],
    ['narrow', '7s', 'ArrowLeft', '8c'],
    ['narrow', 'Ac', 'ArrowDown', '7s'],
    ['narrow', '8c', 'ArrowDown', '2s'],
    ['narrow', '7s', 'ArrowUp', 'Ac'],
    ['narrow', 'As', 'ArrowUp', '7c'],
    ['narrow', '2c', 'ArrowDown', '9s'],
    ['narrow', '5h', 'Home', '7h'],
    ['narrow', 'Qd', 'End', '8d'],
    ['narrow', 'Qd', 'Ctrl+End', '2c'],
    ['wide', 'Qd', 'Tab', null],
  ];
  for (const [layout, from, key, to] of cases) {
    const boxes = CODES.map((code) => place(code, layout === 'narrow'));
    const ctrl = key.startsWith('Ctrl+');
    const got = moveInDeck(boxes, CODES.indexOf(from), key.replace('Ctrl+', ''), ctrl);
    assert.equal(got === -1 ? null : CODES[got], to, `${layout}: ${key} from ${from}`);
  }
});

test('typed keys: a rank (1 for T), a suit, or nothing', () => {
  const ranks = RANKS;
  const suits = 'cdhs';
  assert.deepEqual(typedKey('a', ranks, suits), { rank: 'A' });
  assert.deepEqual(typedKey('T', ranks, suits), { rank: 'T' });
  assert.deepEqual(typedKey('1', ranks, suits), { rank: 'T' });
  assert.deepEqual(typedKey('7', ranks, suits), { rank: '7' });
  assert.deepEqual(typedKey('H', ranks, suits), { suit: 'h' });
  assert.equal(typedKey('x', ranks, suits), null);
  assert.equal(typedKey('0', ranks, suits), null);
  assert.equal(typedKey('Enter', ranks, suits), null);
});
