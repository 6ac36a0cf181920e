// The game fields of the URL fragment (www/game.js through scenario.js):
// three-card links read and written back, and hostile values turned into a
// problem to show, never a crash or an object's own members.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardsPerHand, isThreeCard, maxPlayersOf, readGame } from '../../www/game.js';
import { cloneScenario, parseFragment, sameScenario, toFragment } from '../../www/scenario.js';

test('a three-card link is read whole', () => {
  const s = parseFragment('#game=three-card&rules=zha-jin-hua&p1=2h2s2d&p2=random&p3=30%25');
  assert.equal(s.game, 'three-card');
  assert.equal(s.rules, 'zha-jin-hua');
  assert.equal(s.deck, 'full');
  assert.equal(s.removal, true);
  assert.deepEqual(s.players, ['2h2s2d', 'random', '30%']);
  assert.equal(s.problem, undefined);
  assert.ok(isThreeCard(s));
  assert.equal(cardsPerHand(s), 3);
  assert.equal(maxPlayersOf(s), 6);
});

test('the issue\'s own link, with a raw %, and options after a comma', () => {
  const s = parseFragment('#game=three-card&rules=zha-jin-hua,235-beats-trips=no&p1=2h2s2d&p2=random&p3=30%');
  assert.equal(s.rules, 'zha-jin-hua,235-beats-trips=no');
  assert.equal(s.players[2], '30%');
});

test('deck and removal round-trip; Hold\'em writes no game', () => {
  const s = parseFragment('#game=three-card&rules=casino&p1=AhKhQh&p2=10%25&deck=short&removal=off');
  assert.equal(s.deck, 'short');
  assert.equal(s.removal, false);
  const back = parseFragment(toFragment(s));
  assert.deepEqual(back, s);
  assert.ok(sameScenario(back, s));
  assert.deepEqual(cloneScenario(s), s);
  const holdem = parseFragment('#p1=AhKh&p2=QsQd');
  assert.equal(holdem.game, undefined);
  assert.doesNotMatch(toFragment(holdem), /game=/);
  assert.equal(cardsPerHand(holdem), 2);
  // The game is part of what is computed.
  assert.ok(!sameScenario(holdem, { ...holdem, game: 'three-card', rules: 'casino', deck: 'full', removal: true }));
});

test('hostile or unknown values are a problem to show, not a crash', () => {
  const cases = [
    ['#game=__proto__&p1=AhKh&p2=QsQd', /unknown game "__proto__"/],
    ['#game=constructor', /unknown game "constructor"/],
    ['#game=five-card&p1=AhKh', /unknown game "five-card"/],
    [`#game=${'x'.repeat(100_000)}`, /unknown game "x{24}…"/],
    ['#game=three-card&deck=__proto__', /unknown deck "__proto__"/],
    ['#game=three-card&deck=toString', /unknown deck "toString"/],
    ['#game=three-card&removal=hasOwnProperty', /removal="hasOwnProperty".*on or off/],
    [`#game=three-card&rules=${'casino,'.repeat(100)}`, /too long \(700 characters\)/],
    ['#game=three-card&game=holdem', /game is given twice/],
  ];
  for (const [hash, want] of cases) {
    const s = parseFragment(hash);
    assert.match(String(s.problem), want, hash);
    // Whatever was read is a plain, usable scenario.
    assert.ok(Array.isArray(s.players) && s.players.length >= 2, hash);
    assert.ok(['full', 'short', undefined].includes(s.deck), hash);
    assert.doesNotThrow(() => toFragment(s), hash);
  }
  // An unknown game stays Hold'em; a too-long rules spec is not kept.
  assert.equal(parseFragment('#game=__proto__').game, undefined);
  assert.equal(parseFragment(`#game=three-card&rules=${'a'.repeat(300)}`).rules, 'zha-jin-hua');
});

test('readGame takes any params object', () => {
  assert.deepEqual(readGame(new URLSearchParams()), { fields: {}, problem: null });
  assert.deepEqual(readGame(new URLSearchParams('game=holdem')), { fields: {}, problem: null });
  const { fields } = readGame(new URLSearchParams('game=three-card'));
  assert.deepEqual(fields, { game: 'three-card', rules: 'zha-jin-hua', deck: 'full', removal: true });
});

test('a recent three-card scenario says so in its label', async () => {
  const { recentLabel } = await import('../../www/recent.js');
  const s = parseFragment('#game=three-card&rules=teen-patti&p1=2h2s2d&p2=30%25');
  assert.equal(recentLabel(s), '3-card teen-patti · 2h2s2d v 30%');
  assert.equal(recentLabel(parseFragment('#p1=AhKh&p2=QsQd')), 'AhKh v QsQd');
});
