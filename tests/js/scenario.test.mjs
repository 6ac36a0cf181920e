// URL state of the calculator (www/scenario.js): the fragment holds the
// whole scenario, as typed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_SCENARIO,
  MAX_PLAYERS,
  cloneScenario,
  parseFragment,
  sameScenario,
  toFragment,
} from '../../www/scenario.js';

test('the example link reads as written', () => {
  assert.deepEqual(parseFragment('#p1=AhKh&p2=QsQd&board=2h7hTc&dead='), {
    players: ['AhKh', 'QsQd'],
    board: '2h7hTc',
    dead: '',
    method: 'auto',
  });
  assert.equal(toFragment(parseFragment('#p1=AhKh&p2=QsQd&board=2h7hTc&dead=')),
    'p1=AhKh&p2=QsQd&board=2h7hTc&dead=');
});

test('no fragment (or none of our keys) is the default scenario', () => {
  for (const hash of ['', '#', '#hand=AsKs', '#p0=AhKh', '#p11=AhKh']) {
    assert.deepEqual(parseFragment(hash), cloneScenario(DEFAULT_SCENARIO), hash);
  }
  assert.deepEqual(DEFAULT_SCENARIO.players, ['AhKh', 'QsQd']);
});

test('missing players are empty, and there are always at least two', () => {
  assert.deepEqual(parseFragment('#p1=AhKh').players, ['AhKh', '']);
  assert.deepEqual(parseFragment('#p3=2c2d').players, ['', '', '2c2d']);
  assert.deepEqual(parseFragment('#board=2h7hTc').players, ['', '']);
  assert.equal(parseFragment('#board=2h7hTc').board, '2h7hTc');
  assert.equal(parseFragment(`#p${MAX_PLAYERS}=AhKh`).players.length, MAX_PLAYERS);
  // p11 and beyond are not seats: ignored.
  assert.equal(parseFragment('#p1=AhKh&p2=QsQd&p11=2c2d').players.length, 2);
});

test('text as typed round-trips, however it is written', () => {
  const scenario = {
    players: ['A♥K♦', 'ah kd', '10h 10d', ''],
    board: '2h, 7h; Tc',
    dead: '<img src=x>&x=1#y',
    method: 'auto',
  };
  const fragment = toFragment(scenario);
  assert.ok(!fragment.includes(' ') && !fragment.includes('#'), fragment);
  assert.deepEqual(parseFragment(`#${fragment}`), scenario);
  assert.ok(sameScenario(scenario, parseFragment(fragment)));
  assert.ok(!sameScenario(scenario, { ...scenario, board: '' }));
});

test('hand-written links: + is a space, bad escapes do not throw', () => {
  assert.equal(parseFragment('#p1=Ah+Kh&p2=Qs%20Qd').players.join('|'), 'Ah Kh|Qs Qd');
  assert.equal(parseFragment('#p1=%E2%99%A5&p2=%zz%E0%A4%A').players.length, 2);
});

test('the method is kept only when it is not the default', () => {
  assert.equal(parseFragment('#p1=AhKh&p2=QsQd&method=mc').method, 'monte-carlo');
  assert.equal(parseFragment('#p1=AhKh&p2=QsQd&method=exact').method, 'exact');
  assert.equal(parseFragment('#p1=AhKh&p2=QsQd&method=guess').method, 'auto');
  assert.match(toFragment({ ...cloneScenario(DEFAULT_SCENARIO), method: 'monte-carlo' }),
    /&method=mc$/);
  assert.doesNotMatch(toFragment(cloneScenario(DEFAULT_SCENARIO)), /method/);
});
