// The game fields of the URL fragment (www/model/game.js through scenario.js):
// three-card links read and written back, and hostile values turned into a
// problem to show, never a crash or an object's own members.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardsPerHand, gameOf, hasBoard, isDealtGame, isDrawGame, isFiveCard, isThreeCard, maxPlayersOf, readGame, topShare } from '../../www/model/game.js';
import { cloneScenario, parseFragment, sameScenario, toFragment } from '../../www/model/scenario.js';

test('a three-card link is read whole', () => {
  const s = parseFragment('#game=three-card&rules=zha-jin-hua-235&p1=2h2s2d&p2=random&p3=30%25');
  assert.equal(s.game, 'three-card');
  assert.equal(s.rules, 'zha-jin-hua-235');
  assert.equal(s.deck, 'full');
  assert.equal(s.removal, true);
  assert.deepEqual(s.players, ['2h2s2d', 'random', '30%']);
  assert.equal(s.problem, undefined);
  assert.ok(isThreeCard(s));
  assert.equal(cardsPerHand(s), 3);
  assert.equal(maxPlayersOf(s), 6);
});

test('the issue\'s own link, with a raw %, and options after a comma', () => {
  const s = parseFragment('#game=three-card&rules=zha-jin-hua&p1=2h2s2d&p2=random&p3=30%');
  assert.equal(s.rules, 'zha-jin-hua');
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
    ['#game=five-card!&p1=AhKh', /unknown game "five-card!"/],
    ['#game=Five-Card!&p1=AhKh', /unknown game "Five-Card!"/],
    ['#game=five-card&game=three-card', /game is given twice/],
    ['#game=five-card&p11=AhKh', /p11 in the link: a table seats at most 10 players/],
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

test('game names are read in any case (issue 33: #game=OMAHA was refused)', () => {
  assert.equal(parseFragment('#game=OMAHA&p1=AsAhKsKh&p2=random').game, 'omaha');
  assert.equal(parseFragment('#game=OMAHA&p1=AsAhKsKh&p2=random').problem, undefined);
  assert.equal(parseFragment('#game=Three-Card&p1=2h2s2d&p2=random').game, 'three-card');
  assert.equal(parseFragment('#game=Five-Card&p1=AhKh').game, 'five-card');
  assert.equal(parseFragment('#game=HoldEm&p1=AhKh').problem, undefined);
  assert.equal(parseFragment('#game=ShortDeck&p1=AhKh').game, 'shortdeck');
});

test('readGame takes any params object', () => {
  assert.deepEqual(readGame(new URLSearchParams()), { fields: {}, problem: null });
  assert.deepEqual(readGame(new URLSearchParams('game=holdem')), { fields: {}, problem: null });
  const { fields } = readGame(new URLSearchParams('game=three-card'));
  assert.deepEqual(fields, { game: 'three-card', rules: 'zha-jin-hua', deck: 'full', removal: true, delta: 200 });
});

test('the strength model\'s δ is kept in the link (written only when not the default 200)', () => {
  const s = parseFragment('#game=three-card&p1=2h2s2d&p2=30%25&p3=%40500&delta=350');
  assert.equal(s.delta, 350);
  assert.equal(s.problem, undefined);
  assert.match(toFragment(s), /(^|&)delta=350(&|$)/);
  assert.deepEqual(parseFragment(toFragment(s)), s);
  assert.doesNotMatch(toFragment({ ...s, delta: 200 }), /delta=/);
  assert.equal(parseFragment('#game=three-card&delta=0').delta, 0);
  assert.equal(parseFragment('#game=three-card&delta=22100').delta, 22_100);
  // δ is three-card only: a Hold'em or five-card link does not carry it.
  assert.doesNotMatch(toFragment(parseFragment('#p1=AhKh&p2=QsQd&delta=300')), /delta=/);
  for (const [hash, want] of [
    ['#game=three-card&delta=22101', /delta="22101".*0 to 22,100/],
    ['#game=three-card&delta=-5', /delta="-5"/],
    ['#game=three-card&delta=1e3', /delta="1e3"/],
    ['#game=three-card&delta=__proto__', /delta="__proto__"/],
    ['#game=three-card&delta=', /delta="".*whole number/],
  ]) {
    const bad = parseFragment(hash);
    assert.match(String(bad.problem), want, hash);
    assert.equal(bad.delta, 200, hash);
  }
});

test('three-card and five-card links carry no empty board or dead keys', () => {
  const three = toFragment(parseFragment('#game=three-card&p1=2h2s2d&p2=random'));
  assert.doesNotMatch(three, /board=|dead=/);
  assert.match(toFragment(parseFragment('#game=three-card&p1=2h2s2d&p2=random&dead=As')), /dead=As/);
  assert.doesNotMatch(toFragment(parseFragment('#game=five-card&p1=AhAdKc7d&p2=QsQhJc')), /board=|dead=/);
  // Hold'em links keep both, as they always have.
  assert.match(toFragment(parseFragment('#p1=AhKh&p2=QsQd')), /board=&dead=/);
});

test('a recent three-card scenario says so in its label', async () => {
  const { recentLabel } = await import('../../www/model/recent.js');
  const s = parseFragment('#game=three-card&rules=teen-patti&p1=2h2s2d&p2=30%25');
  assert.equal(recentLabel(s), '3-card teen-patti · 2h2s2d v 30%');
  assert.equal(recentLabel(parseFragment('#p1=AhKh&p2=QsQd')), 'AhKh v QsQd');
});

test('a five-card link is read whole and written back', () => {
  const s = parseFragment('#game=five-card&p1=AhAdKc7d&p2=QsQhJc&p3=random');
  assert.equal(s.game, 'five-card');
  assert.deepEqual(s.players, ['AhAdKc7d', 'QsQhJc', 'random']);
  assert.equal(s.problem, undefined);
  assert.ok(isFiveCard(s) && !isThreeCard(s));
  assert.equal(gameOf(s), 'five-card');
  assert.equal(cardsPerHand(s), 5);
  assert.equal(maxPlayersOf(s), 10);
  assert.equal(hasBoard(s), false);
  // No three-card settings ride along, even when the link has them.
  assert.deepEqual(Object.keys(readGame(new URLSearchParams('game=five-card&rules=casino&deck=short')).fields), ['game']);
  const back = parseFragment(toFragment(s));
  assert.deepEqual(back, s);
  assert.match(toFragment(s), /^game=five-card&p1=AhAdKc7d&p2=QsQhJc&p3=random/);
  assert.deepEqual(cloneScenario(s), s);
  // Five-card and Hold'em with the same text are different computations.
  assert.ok(!sameScenario(s, { ...s, game: undefined }));
  assert.equal(gameOf({ game: '__proto__' }), 'holdem');
  assert.equal(gameOf(null), 'holdem');
});

test('hostile five-card links: every value stays text, never an object member', () => {
  for (const hash of [
    '#game=five-card&p1=__proto__&p2=constructor',
    `#game=five-card&p1=${'A'.repeat(100_000)}&p2=random`,
    '#game=five-card&p1=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&p2=',
    '#game=five-card&rules=__proto__&deck=__proto__&removal=__proto__',
  ]) {
    const s = parseFragment(hash);
    assert.equal(s.game, 'five-card', hash);
    assert.equal(s.problem, undefined, hash);
    assert.ok(s.players.every((p) => typeof p === 'string'), hash);
    assert.equal(s.rules, undefined, hash);
    assert.doesNotThrow(() => toFragment(s), hash);
    assert.deepEqual(parseFragment(toFragment(s)), s, hash);
  }
});

test('a five-card scenario in recent, the share title and the embed snippet', async () => {
  const { recentLabel } = await import('../../www/model/recent.js');
  const { scenarioTitle, elementCode, calculatorLink } = await import('../../www/model/embedding.js');
  const s = parseFragment('#game=five-card&p1=AhAdKc7d&p2=QsQhJc');
  assert.equal(recentLabel(s), '5-card · AhAdKc7d v QsQhJc');
  assert.equal(scenarioTitle(s), 'five-card, AhAdKc7d vs QsQhJc');
  assert.match(elementCode('https://x.org/', s), /<allin-odds game="five-card" p1="AhAdKc7d"|game="five-card"/);
  assert.match(calculatorLink('https://x.org/', s), /#game=five-card&p1=AhAdKc7d/);
});

test('draw game links (issue 38): read whole, written back, dead cards kept, no board; recent, title, element', async () => {
  const { recentLabel } = await import('../../www/model/recent.js');
  const { scenarioTitle, elementCode } = await import('../../www/model/embedding.js');
  for (const [game, cards] of [['2-7-draw', 5], ['a-5-draw', 5], ['badugi', 4]]) {
    const s = parseFragment(`#game=${game.toUpperCase()}&p1=9h8c4d2h&p2=random&dead=AsKd&rules=casino`);
    assert.equal(s.game, game);
    assert.equal(s.problem, undefined);
    assert.equal(s.rules, undefined);
    assert.ok(isDrawGame(s) && isDealtGame(s) && !isFiveCard(s));
    assert.equal(cardsPerHand(s), cards);
    assert.equal(hasBoard(s), false);
    assert.match(toFragment(s), new RegExp(`^game=${game}&p1=9h8c4d2h&p2=random`));
    assert.deepEqual(parseFragment(toFragment(s)), s);
    assert.match(recentLabel(s), /Single Draw · 9h8c4d2h v random · dead AsKd$/);
    assert.match(scenarioTitle(s), /Single Draw, 9h8c4d2h vs random$/);
    assert.match(elementCode('https://x.org/', s), new RegExp(`game="${game}"`));
  }
});

test('Omaha and Short Deck links (issue 17): read whole, written back, the board kept', async () => {
  const { isBoardGame, isHiLo, isHoldem, moduleOf, omahaGame } = await import('../../www/model/game.js');
  const s = parseFragment('#game=omaha&p1=AsAhKsKh&p2=9c8c7d6d&board=2c3h4s');
  assert.equal(s.game, 'omaha');
  assert.deepEqual(s.players, ['AsAhKsKh', '9c8c7d6d']);
  assert.equal(s.board, '2c3h4s');
  assert.equal(s.problem, undefined);
  assert.ok(isBoardGame(s) && hasBoard(s) && moduleOf(s) === 'allin_board' && !isHoldem(s) && !isHiLo(s));
  assert.equal(cardsPerHand(s), 4);
  assert.equal(toFragment(s), 'game=omaha&p1=AsAhKsKh&p2=9c8c7d6d&board=2c3h4s&dead=');
  assert.deepEqual(parseFragment(toFragment(s)), s);
  for (const [game, cards, most, hilo] of [
    ['omaha5', 5, 9, false], ['omaha6', 6, 7, false], ['omaha-hilo', 4, 10, true], ['omaha5-hilo', 5, 9, true],
  ]) {
    const g = parseFragment(`#game=${game}&p1=random&p2=random`);
    assert.equal(gameOf(g), game);
    assert.equal(cardsPerHand(g), cards);
    assert.equal(maxPlayersOf(g), most);
    assert.equal(isHiLo(g), hilo);
    assert.deepEqual(parseFragment(toFragment(g)), g);
  }
  assert.equal(omahaGame(4, true), 'omaha-hilo');
  assert.equal(omahaGame(6, true), 'omaha6');
  const sd = parseFragment('#game=shortdeck&rules=trips-beat-straight&p1=AsKs&p2=QhQd');
  assert.equal(sd.rules, 'trips-beat-straight');
  assert.match(toFragment(sd), /^game=shortdeck&rules=trips-beat-straight&p1=AsKs/);
  assert.deepEqual(parseFragment(toFragment(sd)), sd);
  const standard = parseFragment('#game=shortdeck&p1=AsKs&p2=QhQd');
  assert.equal(standard.rules, 'standard');
  assert.doesNotMatch(toFragment(standard), /rules=/);
});

test('odd board-game links become a problem to show, never an object\'s members', () => {
  for (const [hash, problem] of [
    ['#game=__proto__&p1=AsKs', /unknown game "__proto__"/],
    ['#game=constructor&p1=AsKs', /unknown game "constructor"/],
    ['#game=shortdeck&rules=__proto__&p1=AsKs', /unknown Short Deck rules "__proto__"/],
    ['#game=omaha&rules=standard&p1=AsKs', /only shortdeck has rules/],
  ]) {
    const s = parseFragment(hash);
    assert.match(s.problem, problem, hash);
    assert.equal(typeof cardsPerHand(s), 'number');
    assert.equal(typeof maxPlayersOf(s), 'number');
  }
  assert.equal(readGame(new URLSearchParams('game=toString')).fields.game, undefined);
});

test("the win-rate table's top X% takes what people type, and refuses the rest", () => {
  for (const [typed, text] of [['30', '30%'], ['30%', '30%'], [' 30 % ', '30%'], ['3,5', '3.5%'], ['1e1', '10%'],
    ['100', '100%'], ['0.005', '0.005%'], ['.5', '0.5%'], ['5.', '5%']]) {
    assert.deepEqual(topShare(typed), { text }, typed);
  }
  for (const typed of ['0', '101', '-5', 'abc', '__proto__', '1e400', '', '30%%', '1,2,3', 'NaN', 'Infinity']) {
    assert.match(topShare(typed).error ?? '', /give a number above 0 and at most 100/, typed);
  }
});
