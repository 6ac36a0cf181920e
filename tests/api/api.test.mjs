// The JS API for bot builders (www/api/allin.mjs) in Node: every function,
// bad input, counts that do not lose digits, time budgets. Needs www/pkg
// (`cargo xtask build`); run by `cargo xtask test api`, which sets
// ALLIN_CLI to the built `allin` that deal() is compared with (by hand:
// `cargo build --bin allin`, and target/debug/allin is used).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as allin from '../../www/api/allin.mjs';

await allin.init();

/** The thrown error, checked to be `type` with `field` and `message` (a RegExp or the exact text). */
function thrown(fn, type, field, message) {
  let error = null;
  try {
    fn();
  } catch (err) {
    error = err;
  }
  assert.ok(error instanceof type, `expected a ${type.name}, got ${error}`);
  assert.ok(error instanceof allin.AllinError && error instanceof Error);
  assert.equal(error.field, field);
  if (message instanceof RegExp) assert.match(error.message, message);
  else assert.equal(error.message, message);
  return error;
}

async function rejects(promise, type, field, message) {
  let error = null;
  try {
    await promise;
  } catch (err) {
    error = err;
  }
  return thrown(() => {
    if (error) throw error;
  }, type, field, message);
}

test('init twice is one engine', async () => {
  await Promise.all([allin.init(), allin.init()]);
});

test('equity: exact, with integer counts (AhKh vs QsQd on 2h7hTc: 990 boards)', async () => {
  const r = await allin.equity(['AhKh', 'QsQd'], { board: '2h7hTc' });
  assert.equal(r.exact, true);
  assert.equal(r.method, 'exact');
  assert.equal(r.why, null);
  assert.equal(r.showdowns, 990n);
  assert.deepEqual(r.players.map((p) => [p.hand, p.wins, p.ties, p.losses, p.stdError]), [
    ['AhKh', 539n, 0n, 451n, 0],
    ['QsQd', 451n, 0n, 539n, 0],
  ]);
  assert.equal(r.players[0].equity, 539 / 990);
  assert.equal(typeof r.seed, 'number');
});

test('equity: preflop and three-way, exact; splits counted', async () => {
  const r = await allin.equity(['AhKh', 'QsQd']);
  assert.equal(r.exact, true);
  assert.equal(r.showdowns, 1712304n);
  assert.equal(r.players[0].wins + r.players[0].ties + r.players[0].losses, r.showdowns);
  const tie = await allin.equity(['AhKd', 'AsKc'], { board: '2c7d9hJsQc' });
  assert.deepEqual(tie.splits, [{ players: [1, 2], count: 1n, stdError: 0 }]);
  assert.equal(tie.splitError, 0);
  assert.equal(tie.players[0].equity, 0.5);
});

test('equity: ranges, the preflop table, and JSON with a replacer', async () => {
  const r = await allin.equity(['AhKh', 'QQ+, AKs']);
  assert.equal(r.exact, true);
  assert.equal(r.ranges, true);
  assert.equal(r.usesTable, true);
  const json = JSON.stringify(r, (_, v) => (typeof v === 'bigint' ? String(v) : v));
  assert.match(json, /"showdowns":"\d+"/);
});

test('equity: Monte Carlo is reproducible from its seed', async () => {
  const a = await allin.equity(['AhKh', 'random', 'random'], { method: 'monte-carlo', trials: 10_000, seed: 7 });
  const b = await allin.equity(['AhKh', 'random', 'random'], { method: 'monte-carlo', trials: 10_000, seed: 7 });
  assert.equal(a.method, 'monte-carlo');
  assert.equal(a.exact, false);
  assert.equal(a.trials, 10_000n);
  assert.equal(a.showdowns, 10_000n);
  assert.deepEqual(a.players, b.players);
  assert.ok(a.players[0].stdError > 0 && a.players[0].stdError < 0.01);
  // Every share has its error: win, tie, each split, the split pots together.
  assert.ok(a.players.every((p) => p.winError > 0 && p.tieError > 0));
  assert.ok(a.splits.length > 0 && a.splits.every((s) => s.stdError > 0));
  const split = a.splits.reduce((n, s) => n + Number(s.count), 0) / 10_000;
  assert.ok(Math.abs(a.splitError - Math.sqrt((split * (1 - split)) / 9_999)) < 1e-12, String(a.splitError));
  const c = await allin.equity(['AhKh', 'random', 'random'], { method: 'monte-carlo', trials: 10_000, seed: 8 });
  assert.notDeepEqual(a.players, c.players);
});

test('equity: a job too big for exact samples and says why', async () => {
  const r = await allin.equity(['random', 'random', 'random', 'random'], { trials: 4_000, seed: 1 });
  assert.equal(r.method, 'monte-carlo');
  assert.match(r.why, /too many boards for exact \(≈[\d.e]+ evaluations\): Monte Carlo/);
  assert.ok(r.cost > 2n ** 53n, 'the cost is a BigInt beyond 2^53, not a rounded number');
  assert.equal(typeof r.cost, 'bigint');
});

/** An exact job of ~100 ms in 1,024 chunks (the time budget tests). */
const SLOW_EXACT = ['AhKh', '10%', 'random'];
const SLOW_BOARD = '2d7cTc5s9s';

test('equity: the time budget is respected: it stops, and reports an estimate with its error', async () => {
  // ~100 ms exact here (on the river, one unit per assignment: ~130,000 of
  // them; on a flop, ranges now run by the ranks to come, a few ms for this
  // one, and their opening eats a short budget): cut short by a 10 ms
  // budget, it is a random sample of the enumeration's chunks, with its error.
  const full = await allin.equity(SLOW_EXACT, { board: SLOW_BOARD });
  assert.equal(full.exact, true);
  const r = await allin.equity(SLOW_EXACT, { board: SLOW_BOARD, timeBudgetMs: 10, seed: 3 });
  assert.equal(r.exact, false);
  if (r.method === 'partial') {
    assert.match(r.why, /^the time budget ran out after \d+ of 1024 chunks of the exact enumeration \(\d+ ms\), drawn at random: an estimate$/);
    assert.ok(r.chunks >= allin.MIN_CHUNKS && r.chunks < r.totalChunks, `${r.chunks} chunks`);
  } else {
    // A machine too busy for MIN_CHUNKS (64) chunks in 10 ms: Monte Carlo, saying so.
    assert.equal(r.method, 'monte-carlo');
    assert.match(r.why, /^exact would take about \d+ ms/);
  }
  assert.equal(r.reliable, true);
  for (const [i, p] of r.players.entries()) {
    assert.ok(p.stdError > 0 && p.stdError < 0.05, `${p.stdError}`);
    assert.ok(Math.abs(p.equity - full.players[i].equity) < 6 * p.stdError + 1e-9, 'within its error');
  }
  // A budget, not a timing test: generous slack for a loaded machine.
  assert.ok(r.elapsedMs < 10 + 250, `${r.elapsedMs} ms for a 10 ms budget`);
  // Beyond any exact enumeration: sampled, stopped by the clock.
  const mc = await allin.equity(['random', 'random', 'random', 'random', 'random'], { timeBudgetMs: 10 });
  assert.equal(mc.method, 'monte-carlo');
  assert.match(mc.why, /the time budget of 10 ms allowed [\d,]+ trials/);
  assert.ok(mc.trials < BigInt(allin.DEFAULT_TRIALS) && mc.players[0].stdError > 0);
  assert.ok(mc.elapsedMs < 10 + 250, `${mc.elapsedMs} ms for a 10 ms budget`);
});

test('equity: a budget too short for enough exact chunks goes to Monte Carlo, saying so', async () => {
  const r = await allin.equity(SLOW_EXACT, { board: SLOW_BOARD, timeBudgetMs: 1, seed: 5 });
  assert.equal(r.method, 'monte-carlo');
  assert.match(r.why, /^exact would take about \d+ ms \(1024 chunks of [\d.]+ ms\), more than the time budget: Monte Carlo; the time budget of 1 ms allowed [\d,]+ trials$/);
  assert.ok(r.players[0].stdError > 0);
});

test('equity: bad input names its field, in the engine\'s words', async () => {
  await rejects(allin.equity(['AhKh', 'AhQd']), allin.InputError, 'p2', 'duplicate card Ah: in player 1 and in player 2');
  await rejects(allin.equity(['AhKh', 'QsQd'], { board: '2c3c' }), allin.InputError, 'board',
    'the board must have 0, 3, 4 or 5 cards, got 2');
  await rejects(allin.equity(['AhKh']), allin.InputError, 'players', /at least 2 players/);
  await rejects(allin.equity('AhKh QsQd'), allin.InputError, 'players', /expected a list/);
  await rejects(allin.equity(['AhKh', 'QsQd'], { method: 'fast' }), allin.InputError, 'method',
    'unknown method "fast" (methods are auto, exact, monte-carlo)');
  await rejects(allin.equity(['AhKh', 'QsQd'], { trials: -1 }), allin.InputError, 'trials', /whole number/);
  await rejects(allin.equity(['AhKh', 'QsQd'], { trials: 1.5 }), allin.InputError, 'trials', /whole number/);
  await rejects(allin.equity(['AhKh', 'QsQd'], { seed: 2 ** 32 }), allin.InputError, 'seed', /whole number/);
  await rejects(allin.equity(['AhKh', 'QsQd'], { timeBudgetMs: 0 }), allin.InputError, 'timeBudgetMs', /above 0/);
  await rejects(allin.equity(['AhKh', 'QsQd'], { timeBudgetMs: NaN }), allin.InputError, 'timeBudgetMs', /above 0/);
  await rejects(allin.equity(['AhKh', 'QsQd'], { board: 5 }), allin.InputError, 'board', /expected text/);
  await rejects(allin.equity(['AhKh', { toString: () => 'QsQd' }]), allin.InputError, 'p2', /expected text/);
  // A misspelt option is refused, not ignored (review finding: `Board` gave the preflop answer).
  await rejects(allin.equity(['AhKh', 'QsQd'], { Board: '2h7hTc' }), allin.InputError, 'options',
    'unknown option "Board" (options are game, rules, deck, removal, board, dead, method, trials, seed, timeBudgetMs, targetError)');
  await rejects(allin.equity(['AhKh', 'QsQd'], { metod: 'monte-carlo' }), allin.InputError, 'options', /unknown option "metod"/);
  await rejects(allin.equity(['AhKh', 'QsQd'], { ['x\u0000'.repeat(30)]: 1 }), allin.InputError, 'options',
    /^unknown option "(x\\u0000){20}…"/);
  await rejects(allin.equity(['AhKh', 'QsQd'], '2h7hTc'), allin.InputError, 'options', /expected an object/);
});

test('evaluate: category, names and rank from the engine', () => {
  const royal = allin.evaluate('AsKsQsJsTs');
  assert.deepEqual(royal, {
    game: 'holdem', cards: 'As Ks Qs Js Ts', best: 'As Ks Qs Js Ts', category: 'StraightFlush',
    label: 'Straight flush', name: 'Royal flush', rank: royal.rank, ordinal: 1,
  });
  const pair = allin.evaluate(['Qh', 'Qd', 'Ac', 'Kd', '2s', '7c', 'Th']);
  assert.equal(pair.category, 'Pair');
  assert.match(pair.name, /pair of queens/i);
  assert.ok(royal.rank > pair.rank);
  thrown(() => allin.evaluate('As Kx'), allin.InputError, 'cards', /unknown suit 'x' at position 5/);
  thrown(() => allin.evaluate('AsKs'), allin.InputError, 'cards', /5 to 7 cards, got 2/);
  thrown(() => allin.evaluate(42), allin.InputError, 'cards', 'the hand: expected text, got a number');
  assert.equal(allin.categories().length, 9);
});

/** What `fn()` gives: `{rank}` or `{error: [class name, field, message]}`. */
function outcome(fn) {
  try {
    return { rank: fn() };
  } catch (err) {
    return { error: [err.constructor.name, err.field, err.message] };
  }
}

test('rank: the rank evaluate gives, fast for plain cards, the same errors (tests/data/api_rank.txt)', () => {
  const lines = readFileSync(new URL('../data/api_rank.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'));
  assert.ok(lines.length >= 30);
  for (const line of lines) {
    const cards = JSON.parse(line);
    const want = outcome(() => allin.evaluate(cards).rank);
    assert.deepEqual(outcome(() => allin.rank(cards)), want, line);
    if (want.error) assert.equal(want.error[0], 'InputError', line);
  }
  // Random hands of 5 to 7 cards, as lists and run together.
  const names = [...'23456789TJQKA'].flatMap((r) => [...'cdhs'].map((s) => r + s));
  let x = 0x5eed;
  for (let i = 0; i < 3000; i++) {
    const deck = [...names];
    const hand = [];
    for (let k = 0; k < 5 + (i % 3); k++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      x >>>= 0;
      hand.push(deck.splice(x % deck.length, 1)[0]);
    }
    const want = allin.evaluate(hand).rank;
    assert.equal(allin.rank(hand), want, hand.join(''));
    assert.equal(allin.rank(hand.join('')), want, hand.join(''));
  }
});

test('rankHands: many hands in one call, the ranks evaluate gives', () => {
  const hands = ['AsKsQsJsTs9h2c', 'QhQdAcKd2s7cTh', '2c3d4h5s7c8dTh', '7h7d7c2s2d9hJc'];
  const ids = allin.cardIds(hands);
  assert.ok(ids instanceof Uint8Array);
  assert.equal(ids.length, 28);
  assert.deepEqual([...allin.cardIds('2c 3d As')], [0, 5, 51]);
  const ranks = allin.rankHands(ids, 7);
  assert.ok(ranks instanceof Uint16Array);
  assert.deepEqual([...ranks], hands.map((h) => allin.evaluate(h).rank));
  const names = allin.categories().map((c) => c.name);
  assert.deepEqual([...ranks].map((r) => names[r >> 12]), ['StraightFlush', 'Pair', 'HighCard', 'FullHouse']);
  // Five cards a hand: the first five of each.
  const five = allin.rankHands(allin.cardIds(['AsKsQsJsTs', '2c3d4h5s7c']), 5);
  assert.deepEqual([...five], [allin.evaluate('AsKsQsJsTs').rank, allin.evaluate('2c3d4h5s7c').rank]);
  thrown(() => allin.rankHands(new Uint8Array(7), 7), allin.InputError, 'hands', 'hand ranks: hand 1: 2c twice');
  thrown(() => allin.rankHands([0, 4, 8, 12, 16], 5), allin.InputError, 'hands', /expected a Uint8Array of card ids, got a list/);
  thrown(() => allin.rankHands(new Uint8Array(6), 5), allin.InputError, 'hands', /6 card ids do not make hands of 5/);
  thrown(() => allin.cardIds('Ah Ah'), allin.InputError, 'cards', 'duplicate card Ah');
});

test('parseRange: combos with weights, canonical text, errors with a position', () => {
  const r = allin.parseRange('QQ+, AK@50');
  assert.equal(r.count, 18 + 16);
  assert.equal(r.weighted, 18 + 8);
  assert.equal(r.combos.length, r.count);
  assert.ok(r.combos.every((c) => /^[2-9TJQKA][cdhs][2-9TJQKA][cdhs]$/.test(c.cards)));
  assert.deepEqual(new Set(r.combos.map((c) => c.weight)), new Set([1, 0.5]));
  assert.equal(allin.parseRange(r.text).count, r.count, 'the canonical text reads back');
  assert.equal(allin.parseRange('random').count, 1326);
  const e = thrown(() => allin.parseRange('QQ+, AKx'), allin.RangeTextError, 'range', /expected 's' or 'o' at position 8/);
  assert.equal(e.position, 8);
  thrown(() => allin.parseRange(''), allin.RangeTextError, 'range', /empty range/);
  thrown(() => allin.parseRange(Object.prototype), allin.RangeTextError, 'range', 'the range: expected text, got an object');
});

test('potOdds: the engine\'s numbers, as the CLI gives them', () => {
  assert.deepEqual(allin.potOdds({ pot: 100, call: 50, equity: 0.5 }), {
    pot: 100, call: 50, odds: 2, oddsText: '2 : 1', needed: 1 / 3, equity: 0.5, evCall: 25, kelly: 0.25,
  });
  const noEquity = allin.potOdds({ pot: '1 000', call: '2,5' });
  assert.equal(noEquity.pot, 1000);
  assert.equal(noEquity.call, 2.5);
  assert.equal(noEquity.oddsText, '400 : 1');
  assert.equal(noEquity.evCall, null);
  assert.equal(allin.potOdds({ pot: 30, call: 90 }).oddsText, '0.33 : 1');
  assert.ok(allin.potOdds({ pot: 100, call: 50, equity: 0.2 }).kelly < 0);
});

test('potOdds: bad amounts say which and why', () => {
  thrown(() => allin.potOdds({ pot: -5, call: 1 }), allin.InputError, 'pot', 'the pot must be more than 0, got -5');
  thrown(() => allin.potOdds({ pot: 100, call: 0 }), allin.InputError, 'call', 'the call must be more than 0, got 0');
  thrown(() => allin.potOdds({ pot: 1e16, call: 1 }), allin.InputError, 'pot', 'the pot must be at most 1e15, got 1e16');
  thrown(() => allin.potOdds({ pot: 'lots', call: 1 }), allin.InputError, 'pot',
    'the pot needs an amount like 100, 2.5 or 1e3, got "lots"');
  thrown(() => allin.potOdds({ pot: 100 }), allin.InputError, 'call', 'the call: expected a number or text, got nothing');
  thrown(() => allin.potOdds({ pot: 100, call: 50, equity: 2 }), allin.InputError, 'equity',
    'the equity must be a fraction from 0 to 1, got 2');
  thrown(() => allin.potOdds(), allin.InputError, 'pot', 'the pot: expected a number or text, got nothing');
  // Too small to be money: infinite odds and NaN Kelly before (review finding).
  thrown(() => allin.potOdds({ pot: 1e15, call: 1e-300, equity: 0.5 }), allin.InputError, 'call',
    'the call must be at least 0.000001 (a millionth)');
  thrown(() => allin.potOdds({ pot: 100, cal: 50 }), allin.InputError, 'options', /unknown option "cal"/);
  assert.equal(allin.potOdds({ pot: 1e15, call: 1e-6, equity: 0.5 }).kelly, 0.5);
});

test('counts never go through lossy numbers', async () => {
  const r = await allin.equity(['AhKh', 'QsQd', '2c2d'], { method: 'exact' });
  for (const p of r.players) {
    for (const n of [p.wins, p.ties, p.losses]) assert.equal(typeof n, 'bigint');
  }
  assert.equal(typeof r.showdowns, 'bigint');
  assert.equal(typeof r.cost, 'bigint');
});

test('ehs: the published example (AdQc on 3h4cJh vs one random hand), exact', async () => {
  const r = await allin.ehs('AdQc', { board: '3h4cJh' });
  assert.equal(r.exact, true);
  assert.equal(r.method, 'exact');
  assert.equal(r.street, 'flop');
  assert.equal(r.opponents, 1);
  assert.deepEqual([r.ahead, r.tied, r.behind], [628n, 9n, 444n]);
  assert.equal(r.hs.toFixed(3), '0.585');
  assert.equal(r.ppot.toFixed(3), '0.208');
  assert.equal(r.npot.toFixed(3), '0.274');
  assert.equal(r.ehs, r.hs * (1 - r.npot) + (1 - r.hs) * r.ppot);
  assert.equal(r.errors, null);
  assert.equal(r.transitions.length, 3);
  assert.ok(r.transitions.flat().every((n) => typeof n === 'bigint'));
  // Rows of the transitions add up to the holdings now, times the 990 runouts.
  assert.equal(r.transitions[0].reduce((a, b) => a + b), 628n * 990n);
});

test('ehs: a range, several opponents, turn; sampled when exact would not fit, with errors', async () => {
  const turn = await allin.ehs('AdQc', { board: '3h4cJh2s', vs: 'QQ+, AK, JTs' });
  assert.equal(turn.street, 'turn');
  assert.equal(turn.exact, true);
  const two = await allin.ehs('AdQc', { board: '3h4cJh', vs: ['random', 'QQ+'] });
  assert.equal(two.opponents, 2);
  const many = await allin.ehs('AdQc', { board: '3h4cJh', opponents: 5, timeBudgetMs: 20, seed: 9 });
  assert.equal(many.exact, false);
  assert.equal(many.method, 'monte-carlo');
  assert.match(many.why, /too many deals for exact .*: sampled; the time budget of 20 ms allowed [\d,]+ trials/);
  assert.ok(many.errors.ehs > 0 && many.errors.ehs < 0.05);
  assert.ok(many.hsN > 0 && many.hsN < many.hsOneRandom);
  assert.ok(many.elapsedMs < 20 + 250, `${many.elapsedMs} ms for a 20 ms budget`);
  const again = await allin.ehs('AdQc', { board: '3h4cJh', opponents: 5, trials: 4000, seed: 9 });
  const same = await allin.ehs('AdQc', { board: '3h4cJh', opponents: 5, trials: 4000, seed: 9 });
  assert.equal(again.trials, 4000n);
  assert.equal(again.ehs, same.ehs, 'a seed and a number of trials give the same answer');
});

test('ehs: bad input names its field', async () => {
  for (const [board, n] of [['', 0], ['3h', 1], ['3h4c', 2], ['3h4cJh2s5d', 5]]) {
    await rejects(allin.ehs('AdQc', { board }), allin.InputError, 'board',
      `hand strength needs a flop or a turn: the board has ${n} card${n === 1 ? '' : 's'}, give 3 or 4`);
  }
  await rejects(allin.ehs('QQ+', { board: '3h4cJh' }), allin.InputError, 'hand',
    'hand strength is for a known hand: give player 1 two cards, e.g. AdQc');
  await rejects(allin.ehs('AdQc', { board: '3h4cJh', vs: 'JJ', dead: 'JdJc' }), allin.InputError, 'vs',
    'player 2: no hand of the range is possible with the cards in play');
  await rejects(allin.ehs('AdQc', { board: '3hQcJh' }), allin.InputError, 'board', /duplicate card Qc/);
  await rejects(allin.ehs('AdQc', { board: '3h4cJh', opponents: 0 }), allin.InputError, 'opponents', /whole number from 1 to 9/);
  await rejects(allin.ehs('AdQc', { board: '3h4cJh', opponents: 2, vs: ['QQ+'] }), allin.InputError, 'opponents',
    'opponents is 2 but vs lists 1 ranges');
  await rejects(allin.ehs('AdQc', { board: '3h4cJh', vs: 5 }), allin.InputError, 'vs', /expected range text/);
  await rejects(allin.ehs('AdQc', { board: '3h4cJh', opponent: 2 }), allin.InputError, 'options', /unknown option "opponent"/);
});

test('sampling projected past an hour without a budget is refused with its estimate, as the CLI does', async () => {
  const { refuseLongSampling, REFUSE_MS } = await import('../../www/api/equity.mjs');
  assert.equal(REFUSE_MS, 3_600_000);
  // 2,000 trials in 0.5 s: 1e10 would take ~694 h; 1e6 some 250 s.
  thrown(() => refuseLongSampling(1e10, 2000, 500), allin.InputError, 'trials',
    'trials: 10,000,000,000 would take about 694.4 h here (timed over 2,000 sample trials); ' +
    'use fewer trials, or timeBudgetMs for a time budget');
  assert.equal(refuseLongSampling(1e6, 2000, 500), undefined);
  assert.equal(refuseLongSampling(1e10, 2000, 100), undefined, 'not timed long enough to project');
});

/** tests/data/api_deal.txt: `[options, null]` for a deal, `[options, [field, message]]` for an error. */
function dealCases() {
  return readFileSync(new URL('../data/api_deal.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((line) => {
      const [json, outcome] = line.split(' => ');
      const error = outcome === undefined ? null : /^\[(\w+)\] (.*)$/.exec(outcome).slice(1);
      return [JSON.parse(json), error, line];
    });
}

test('deal: bad input names its field, in the engine\'s words (tests/data/api_deal.txt)', () => {
  const cases = dealCases().filter(([, error]) => error);
  assert.ok(cases.length >= 25);
  for (const [options, [field, message], line] of cases) {
    const error = thrown(() => allin.deal(options), allin.InputError, field, message);
    assert.ok(!(error instanceof allin.RangeTextError), line);
  }
  thrown(() => allin.deal({ seed: 2n ** 64n }), allin.InputError, 'seed',
    'seed must be a whole number from 0 to 18446744073709551615, got 18446744073709551616');
  thrown(() => allin.deal({ seed: -1n }), allin.InputError, 'seed', /got -1$/);
  thrown(() => allin.deal({ seed: NaN }), allin.InputError, 'seed', /got NaN$/);
  thrown(() => allin.deal({ players: 4n }), allin.InputError, 'players', 'players: expected a number, got bigint');
  thrown(() => allin.deal({ players: NaN }), allin.InputError, 'players', /NaN is not a whole number/);
  thrown(() => allin.deal({ dead: { toString: () => 'As' } }), allin.InputError, 'dead', /expected text/);
  thrown(() => allin.deal('4 players'), allin.InputError, 'options', /expected an object/);
});

const CLI = process.env.ALLIN_CLI || fileURLToPath(new URL('../../target/debug/allin', import.meta.url));

test('deal: the same hands, names and winners as `allin deal --seed S --json` (tests/data/api_deal.txt)', (t) => {
  if (!process.env.ALLIN_CLI && !existsSync(CLI)) {
    t.skip(`no allin binary at ${CLI} (cargo build --bin allin, or set ALLIN_CLI)`);
    return;
  }
  const cases = dealCases().filter(([, error]) => !error);
  assert.ok(cases.length >= 10);
  const seen = { split: false, cycle: false, threeCard: false };
  for (const [options, , line] of cases) {
    const args = ['deal', '--json'];
    for (const [key, value] of Object.entries(options)) args.push(`--${key}`, String(value));
    const text = execFileSync(CLI, args, { encoding: 'utf8' });
    const cli = JSON.parse(text);
    const r = allin.deal(options);
    // The CLI's seed is a JSON number that can exceed 2^53: read as text.
    assert.equal(/"seed":(\d+)/.exec(text)[1], options.seed, line);
    assert.equal(r.seed, options.seed, line);
    assert.equal(r.game, cli.game, line);
    assert.equal(r.rules, cli.rules ?? null, line);
    assert.deepEqual(
      r.hands.map((h) => ({ cards: h.cards.replaceAll(' ', ''), category: h.category, name: h.name, rank: h.rank })),
      cli.hands,
      line,
    );
    assert.deepEqual(r.winners, cli.winners, line);
    assert.equal(r.cycle, cli.cycle ?? false, line);
    assert.deepEqual(r.hands.map((h) => h.winner), r.hands.map((_, i) => r.winners.includes(i + 1)), line);
    seen.split ||= r.winners.length > 1;
    seen.cycle ||= r.cycle;
    seen.threeCard ||= r.game === 'three-card';
  }
  assert.deepEqual(seen, { split: true, cycle: true, threeCard: true });
});

test('deal: a seed drawn when none is given, returned as text; the same seed deals the same hands', () => {
  const first = allin.deal({ players: 6, cards: 7 });
  assert.match(first.seed, /^[0-9]{1,20}$/);
  assert.ok(BigInt(first.seed) < 2n ** 64n);
  assert.deepEqual(allin.deal({ players: 6, cards: 7, seed: first.seed }), first);
  assert.deepEqual(allin.deal({ players: 6, cards: 7, seed: BigInt(first.seed) }), first);
  assert.notEqual(allin.deal({ players: 6, cards: 7 }).seed, first.seed); // (2^-64 to fail)
  // A seed as a number, a BigInt or text is one seed; past 2^53 only text or a BigInt carry it.
  const small = allin.deal({ seed: 42 });
  assert.deepEqual(allin.deal({ seed: 42n }), small);
  assert.deepEqual(allin.deal({ seed: '42' }), small);
  assert.equal(small.seed, '42');
  const big = allin.deal({ seed: 2n ** 53n + 1n });
  assert.equal(big.seed, '9007199254740993');
  assert.notDeepEqual(big.hands, allin.deal({ seed: '9007199254740992' }).hands);
  // Defaults: two players, five cards of Hold'em; three-card: three each, casino rules.
  const plain = allin.deal();
  assert.equal(plain.game, 'holdem');
  assert.equal(plain.rules, null);
  assert.deepEqual(plain.hands.map((h) => h.cards.split(' ').length), [5, 5]);
  const three = allin.deal({ game: 'three-card', players: 4, seed: '1' });
  assert.equal(three.rules, 'casino');
  assert.ok(three.hands.every((h) => h.cards.split(' ').length === 3 && h.best === h.cards));
  // Every card once; a winner's flag and the winners agree.
  const all = allin.deal({ players: 10, cards: 5, seed: '99' }).hands.flatMap((h) => h.cards.split(' '));
  assert.equal(new Set(all).size, 50);
  assert.deepEqual(Object.keys(first.hands[0]), ['cards', 'best', 'name', 'label', 'category', 'rank', 'ordinal', 'winner']);
  assert.ok(first.hands.some((h) => h.winner));
  const cycle = allin.deal({ game: 'three-card', rules: 'zha-jin-hua-235', players: 10, seed: '3162' });
  assert.equal(cycle.cycle, true);
  assert.match(cycle.note, /circle/);
  assert.equal(JSON.parse(JSON.stringify(cycle)).seed, '3162'); // plain JSON: no BigInt inside
});

test('games: the engine\'s catalogue, the same as `allin games --json`, and the page\'s game list agrees', async (t) => {
  const games = allin.games();
  assert.deepEqual(games.map((g) => g.name),
    ['holdem', 'three-card', 'five-card', 'omaha', 'omaha5', 'omaha6', 'omaha-hilo', 'omaha5-hilo', 'shortdeck', '2-7-draw', 'a-5-draw', 'badugi', 'stud', 'stud8', 'razz']);
  const three = games.find((g) => g.name === 'three-card');
  assert.deepEqual(three.rules, { default: 'casino', presets: ['casino', 'teen-patti', 'zha-jin-hua', 'zha-jin-hua-235'], options: true });
  assert.ok(three.questions.includes('table'));
  // The page's table (www/model/game.js, from the generated game-catalogue.js)
  // says what the engine's catalogue says.
  const { GAMES } = await import('../../www/model/game.js');
  assert.deepEqual([...GAMES.keys()], games.map((g) => g.name));
  for (const g of games) {
    const page = GAMES.get(g.name);
    assert.equal(page.label, g.label, g.name);
    assert.equal(page.cards, g.handCards, g.name);
    assert.equal(page.maxPlayers, g.maxPlayers, g.name);
    assert.equal(Boolean(page.hilo), g.hilo, g.name);
    assert.equal(Boolean(page.board), g.name !== 'holdem' && g.boardSizes.length > 0, g.name);
  }
  if (!process.env.ALLIN_CLI && !existsSync(CLI)) {
    t.skip(`no allin binary at ${CLI}`);
    return;
  }
  const cli = JSON.parse(execFileSync(CLI, ['games', '--json'], { encoding: 'utf8' })).games;
  assert.deepEqual(cli.map((g) => ({
    name: g.name, label: g.label, family: g.family, handCards: g.hand_cards, boardSizes: g.board_sizes, deck: g.deck,
    maxPlayers: g.max_players, hilo: g.hilo, rules: g.rules, questions: g.questions, summary: g.summary,
    example: g.example,
  })), games);
});

test('one run policy: a sampled job with no count gives the CLI\'s counts for the same seed', async (t) => {
  if (!process.env.ALLIN_CLI && !existsSync(CLI)) {
    t.skip(`no allin binary at ${CLI}`);
    return;
  }
  await allin.init();
  // (The CLI's seed is 1 unless --trials or --time come with --seed.)
  const r = await allin.equity(['AsKs', 'random', 'random'], { seed: 1 });
  assert.equal(r.method, 'monte-carlo');
  assert.equal(r.trials, BigInt(allin.DEFAULT_TRIALS));
  const cli = JSON.parse(execFileSync(CLI, ['equity', 'AsKs', 'random', 'random', '--json'], { encoding: 'utf8' }));
  assert.equal(cli.trials, allin.DEFAULT_TRIALS);
  cli.players.forEach((p, i) => {
    assert.equal(r.players[i].wins, BigInt(p.win), `player ${i + 1} wins`);
    assert.equal(r.players[i].ties, BigInt(p.tie), `player ${i + 1} ties`);
  });
});
