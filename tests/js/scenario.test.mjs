// URL state of the calculator (www/model/scenario.js): the fragment holds the
// whole scenario, as typed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_SCENARIO,
  MAX_AMOUNT_TEXT,
  MAX_PLAYERS,
  MAX_VS,
  cloneScenario,
  methodOf,
  parseFragment,
  sameScenario,
  toFragment,
} from '../../www/model/scenario.js';

test('the example link reads as written', () => {
  assert.deepEqual(parseFragment('#p1=AhKh&p2=QsQd&board=2h7hTc&dead='), {
    players: ['AhKh', 'QsQd'],
    board: '2h7hTc',
    dead: '',
    method: 'auto',
    heat: null,
    vs: 1,
  });
  assert.equal(toFragment(parseFragment('#p1=AhKh&p2=QsQd&board=2h7hTc&dead=')),
    'p1=AhKh&p2=QsQd&board=2h7hTc&dead=');
});

test('no fragment (or none of our keys) is the default scenario', () => {
  for (const hash of ['', '#', '#hand=AsKs', '#p0=AhKh']) {
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
    heat: null,
    vs: 1,
  };
  const fragment = toFragment(scenario);
  assert.ok(!fragment.includes(' ') && !fragment.includes('#'), fragment);
  assert.deepEqual(parseFragment(`#${fragment}`), scenario);
  assert.ok(sameScenario(scenario, parseFragment(fragment)));
  assert.ok(!sameScenario(scenario, { ...scenario, board: '' }));
});

test('hand-written links: + is a space, bad escapes do not throw', () => {
  assert.equal(parseFragment('#p1=Ah+Kh&p2=Qs%20Qd').players.join('|'), 'Ah Kh|Qs Qd');
  // Pluses written by hand, where range text has them, stay pluses.
  for (const [fragment, p2] of [
    ['#p1=AhKh&p2=QQ+,AKs&board=2h7hTc', 'QQ+,AKs'],
    ['#p1=AhKh&p2=QQ+', 'QQ+'],
    ['#p2=QQ+&p1=AhKh', 'QQ+'],
    ['#p1=AhKh&p2=KTo+@50,A2s+:0.5', 'KTo+@50,A2s+:0.5'],
    ['#p1=AhKh&p2=QQ%2B%2C+AKs', 'QQ+, AKs'],
    ['#p1=AhKh&p2=QQ+%2C+AKs', 'QQ %2C AKs'.replace('%2C', ',')],
  ]) assert.equal(parseFragment(fragment).players[1], p2, fragment);
  assert.equal(toFragment({ ...parseFragment('#p1=Ah Kh&p2=QQ+, AKs'), method: 'auto' }),
    'p1=Ah%20Kh&p2=QQ%2B%2C%20AKs&board=&dead=');
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

test('ranges travel URL-encoded and come back as typed', () => {
  const scenario = parseFragment('#p1=QQ%2B&p2=TT%2B');
  assert.deepEqual(scenario.players, ['QQ+', 'TT+']);
  assert.equal(toFragment(scenario), 'p1=QQ%2B&p2=TT%2B&board=&dead=');
  const typed = { ...cloneScenario(DEFAULT_SCENARIO), players: ['QQ+, AKs:0.5', '10%', 'AK@50;A5s-A2s'] };
  const fragment = toFragment(typed);
  assert.match(fragment, /^p1=QQ%2B%2C%20AKs%3A0\.5&p2=10%25&p3=AK%4050%3BA5s-A2s&/);
  assert.deepEqual(parseFragment(fragment), typed);
});

test('the grid view (heatmap player, random opponents) is shareable, defaults left out', () => {
  const s = parseFragment('#p1=QQ%2B&p2=AhKh&heat=2&vs=3');
  assert.equal(s.heat, 2);
  assert.equal(s.vs, 3);
  assert.equal(toFragment(s), 'p1=QQ%2B&p2=AhKh&board=&dead=&heat=2&vs=3');
  assert.doesNotMatch(toFragment(cloneScenario(DEFAULT_SCENARIO)), /heat|vs/);
  // Out of range or junk: the default.
  for (const [hash, heat, vs] of [
    ['#p1=A&p2=B&heat=3&vs=0', null, 1],
    ['#p1=A&p2=B&heat=0&vs=10', null, 1],
    ['#p1=A&p2=B&heat=1.5&vs=2e0', null, 1],
    ['#p1=A&p2=B&heat=%3Cb%3E&vs=-1', null, 1],
    [`#p1=A&p2=B&heat=2&vs=${MAX_VS}`, 2, MAX_VS],
  ]) {
    const r = parseFragment(hash);
    assert.deepEqual([r.heat, r.vs], [heat, vs], hash);
  }
  // Only the grid's view differs: the same computation.
  assert.ok(sameScenario(s, { ...s, heat: null, vs: 1 }));
  // A fragment with only grid keys is still ours.
  assert.equal(parseFragment('#heat=1').heat, 1);
});

test('Object.prototype names are not methods: auto, and the state compares by method', () => {
  // Issue 11, finding 3: `METHODS[name]` on a plain object gave
  // Object.prototype for `__proto__` (and functions for the others).
  for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '']) {
    const s = parseFragment(`#p1=AhKh&p2=QsQd&method=${name}`);
    assert.equal(s.method, 'auto', name);
    assert.equal(methodOf(name), 'auto', name);
    assert.doesNotMatch(toFragment(s), /method/);
  }
  assert.equal(methodOf(Object.prototype), 'auto');
  assert.equal(methodOf(undefined), 'auto');
  assert.equal(methodOf('mc'), 'monte-carlo');
  assert.equal(cloneScenario({ ...DEFAULT_SCENARIO, method: '__proto__' }).method, 'auto');
  const auto = parseFragment('#p1=AhKh&p2=QsQd');
  const mc = parseFragment('#p1=AhKh&p2=QsQd&method=mc');
  assert.equal(sameScenario(auto, mc), false, 'the method is part of the computation');
  assert.equal(sameScenario(auto, parseFragment('#p1=AhKh&p2=QsQd&method=__proto__')), true);
  // The names as keys or values elsewhere are text like any other.
  const s = parseFragment('#p1=__proto__&p2=constructor&board=toString&__proto__=1&valueOf=2');
  assert.deepEqual(s.players, ['__proto__', 'constructor']);
  assert.equal(s.board, 'toString');
});

test('a link is never read silently in part: too many players, a key twice (issue 11, finding 8)', () => {
  assert.equal(parseFragment('#p11=AhKh').problem, 'p11 in the link: a table seats at most 10 players (p1 to p10)');
  assert.equal(
    parseFragment('#p1=AhKh&p2=QsQd&p10=JsJd&p11=TsTd').problem,
    'p11 in the link: a table seats at most 10 players (p1 to p10)',
  );
  // The key is named: two players given are not "12" (issue 33).
  assert.equal(
    parseFragment('#p1=AhKh&p12=QsQd').problem,
    'p12 in the link: a table seats at most 10 players (p1 to p10)',
  );
  assert.equal(
    parseFragment(`#p1=AhKh&p${'9'.repeat(40)}=QsQd`).problem,
    'p99999999999… in the link: a table seats at most 10 players (p1 to p10)',
  );
  assert.equal(
    parseFragment('#p1=AhKh&p1=KsKd&p2=QsQd').problem,
    'p1 is given twice in the link; give it once',
  );
  assert.equal(
    parseFragment('#p1=AhKh&p2=QsQd&board=2c3c4c&board=').problem,
    'board is given twice in the link; give it once',
  );
  const clean = parseFragment('#p1=AhKh&p2=QsQd');
  assert.equal('problem' in clean, false);
  assert.ok(!sameScenario(clean, parseFragment('#p1=AhKh&p1=AhKh&p2=QsQd')));
});

test('the pot odds: pot and call kept as typed, left out when empty', () => {
  const s = parseFragment('#p1=AhKh&p2=QsQd&board=&dead=&pot=100&call=50');
  assert.equal(s.pot, '100');
  assert.equal(s.call, '50');
  assert.equal(toFragment(s), 'p1=AhKh&p2=QsQd&board=&dead=&pot=100&call=50');
  assert.deepEqual(parseFragment(`#${toFragment(s)}`), s);
  // Typed amounts round-trip: spaces, commas, signs, exponents.
  for (const [pot, call] of [['1 000', '2,5'], ['1e3', '.5'], ['1_000', '+7'], ['A♥', '<b>']]) {
    const typed = { ...cloneScenario(DEFAULT_SCENARIO), pot, call };
    assert.deepEqual(parseFragment(toFragment(typed)), typed, `${pot} ${call}`);
  }
  // Empty or missing: absent, and not written.
  for (const hash of ['#p1=AhKh&p2=QsQd&pot=&call=', '#p1=AhKh&p2=QsQd']) {
    const read = parseFragment(hash);
    assert.ok(!('pot' in read) && !('call' in read), hash);
    assert.ok(!toFragment(read).includes('pot') && !toFragment(read).includes('call'));
  }
  // Only one given: kept alone (the panel says what is missing).
  assert.deepEqual([parseFragment('#pot=100').pot, parseFragment('#pot=100').call], ['100', undefined]);
  // The pot odds do not change what is computed.
  assert.ok(sameScenario(s, { ...s, pot: '7', call: '' }));
  assert.deepEqual(cloneScenario(s), s);
});

test('the pot odds: hostile values stay text for the engine to refuse', () => {
  for (const value of ['__proto__', 'constructor', '1e999', '-5', 'NaN', 'Infinity', '0x10', '%zz']) {
    const s = parseFragment(`#p1=AhKh&p2=QsQd&pot=${encodeURIComponent(value)}&call=${encodeURIComponent(value)}`);
    assert.equal(s.pot, value);
    assert.equal(s.call, value);
    assert.equal(Object.getPrototypeOf(s), Object.prototype, 'no prototype swapped in');
    assert.deepEqual(parseFragment(toFragment(s)), s);
  }
  // A raw, undecodable escape is read as URLSearchParams reads it; never a throw.
  assert.equal(typeof parseFragment('#pot=%E0%A4%A').pot, 'string');
  // Too long to be an amount: cut, so a link cannot carry a page of text.
  const long = parseFragment(`#pot=${'9'.repeat(5000)}`);
  assert.equal(long.pot.length, MAX_AMOUNT_TEXT);
  // Not strings (a scenario built by code): dropped.
  assert.ok(!('pot' in cloneScenario({ ...DEFAULT_SCENARIO, pot: 100, call: { toString: () => '5' } })));
  // Given twice: the link's problem, as for any key.
  assert.equal(parseFragment('#p1=AhKh&p2=QsQd&pot=1&pot=2').problem, 'pot is given twice in the link; give it once');
});

test('the target error of sampled jobs: in the link when not the default, one of the run policy\'s', () => {
  const s = parseFragment('p1=AhKh&p2=QsQd&error=0.01');
  assert.equal(s.error, 0.01);
  assert.match(toFragment(s), /&error=0\.01/);
  assert.deepEqual(parseFragment(toFragment(s)), s);
  for (const other of ['error=0.1', 'error=0.5', 'error=x', 'error=__proto__']) {
    const t = parseFragment(`p1=AhKh&p2=QsQd&${other}`);
    assert.equal('error' in t, false, other);
    assert.doesNotMatch(toFragment(t), /error/, other);
  }
  assert.equal(sameScenario(s, { ...s, error: undefined }), false);
  assert.equal(cloneScenario({ ...s, error: 1 }).error, 1);
});
