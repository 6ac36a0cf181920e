// The example bot (examples/bot.mjs) on a few spots, as a program: its
// decision, its reasons, its budget, and its errors; and the bot table
// (examples/table.mjs) for a few hands. Needs www/pkg.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BOT = fileURLToPath(new URL('../../examples/bot.mjs', import.meta.url));

function bot(...args) {
  const run = spawnSync(process.execPath, [BOT, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

function decide(...args) {
  const { code, out, err } = bot(...args, '--json');
  assert.equal(code, 0, err);
  return JSON.parse(out);
}

test('a made hand raises, air folds, a draw with odds calls', () => {
  const quads = decide('--hand', 'AsAh', '--board', 'AdAc7c', '--pot', '100', '--call', '10');
  assert.equal(quads.action, 'raise');
  assert.equal(quads.strength.measure, 'EHS');
  assert.ok(quads.size > 10);
  const air = decide('--hand', '7c2d', '--board', 'AsKsQd', '--vs', 'QQ+', '--pot', '100', '--call', '100');
  assert.equal(air.action, 'fold');
  assert.ok(air.potOdds.kelly < 0 && air.potOdds.evCall < 0);
  // (A budget a loaded machine cannot miss: with the default one, CI's
  // load once left too few trials for the cautious estimate to call.)
  const draw = decide('--hand', '9h8h', '--board', '7h6c2h', '--pot', '60', '--call', '20', '--seed', '1',
    '--budget', '5000');
  assert.equal(draw.action, 'call');
  assert.ok(draw.strength.cautious >= draw.potOdds.needed);
});

test('the published flop spot: EHS from the exact counts, called at 2 : 1', () => {
  // (A budget a loaded machine cannot miss: under a load of 9 the engine's
  // own speed estimate put exact at 6.7 s and sampled within 500 ms.)
  const { code, out } = bot('--hand', 'AdQc', '--board', '3h4cJh', '--pot', '100', '--call', '50', '--budget', '5000');
  assert.equal(code, 0);
  assert.match(out, /^Spot: AdQc on 3h4cJh, 1 opponent \(random\), pot 100, to call 50$/m);
  assert.match(out, /^Strength: EHS 51\.1% exact; HS 0\.585, PPot 0\.208, NPot 0\.274; \d+ ms$/m);
  assert.match(out, /^Pot odds 2 : 1: a call needs 33\.3%; at 51\.1% its EV is \+26\.71, Kelly 0\.267$/m);
  assert.match(out, /^Decision: CALL$/m);
});

test('preflop and on the river it decides on equity; with nothing to call it checks or bets', () => {
  // (A budget a loaded machine cannot miss: this is about what it decides.)
  const preflop = decide('--hand', 'AhAd', '--pot', '3', '--call', '1', '--budget', '5000');
  assert.equal(preflop.strength.measure, 'equity');
  assert.equal(preflop.strength.exact, true);
  assert.equal(preflop.action, 'raise');
  const river = decide('--hand', 'AhKd', '--board', '2c7dTh9sQc', '--pot', '100', '--call', '50');
  assert.equal(river.strength.measure, 'equity');
  assert.equal(river.action, 'call');
  const check = decide('--hand', '7c2d', '--board', 'AsKsQd', '--pot', '100', '--call', '0');
  assert.equal(check.action, 'check');
  const bet = decide('--hand', 'AhAd', '--board', 'AcKd2s', '--pot', '100', '--call', '0', '--budget', '500');
  assert.equal(bet.action, 'bet');
  assert.ok(bet.size > 0 && bet.size <= 100);
});

test('within its budget: when exact would not fit it samples, says so, and decides cautiously', () => {
  const d = decide('--hand', '9h8h', '--board', '7h6c2h', '--opponents', '4', '--pot', '60', '--call', '20',
    '--budget', '30', '--seed', '2');
  assert.equal(d.strength.exact, false);
  assert.match(d.strength.why, /too many deals for exact .*: sampled; the time budget of 27 ms allowed [\d,]+ trials/);
  assert.ok(d.strength.stdError > 0);
  assert.equal(d.strength.cautious, d.strength.value - 2 * d.strength.stdError);
  // A budget, not a timing test: generous slack for a loaded machine.
  assert.ok(d.elapsedMs < 30 + 250, `${d.elapsedMs} ms for a 30 ms budget`);
});

test('bad spots get the engine\'s message and exit 2', () => {
  for (const [args, message] of [
    [['--hand', 'AhAx', '--board', 'AcKd2s', '--pot', '100', '--call', '5'], /hand: player 1: "Ax": unknown suit 'x'/],
    [['--hand', 'AhAd', '--board', 'AcKd', '--pot', '100', '--call', '5'], /board: the board must have 0, 3, 4 or 5 cards, got 2/],
    [['--hand', 'AhAd', '--pot', 'lots', '--call', '5'], /pot: the pot needs an amount like 100, 2\.5 or 1e3, got "lots"/],
    [['--hand', 'AhAd', '--pot', '100', '--call=-5'], /call: the call must be more than 0, got -5/],
    [['--hand', 'AhAd', '--pot', '100'], /--pot and --call are needed/],
    [['--hand', 'AhAd', '--pot', '1', '--call', '1', '--opponents', '12'], /--opponents must be a whole number from 1 to 9/],
    [['--hand', 'AhAd', '--pot', '1', '--call', '1', '--budget', '0'], /--budget must be milliseconds above 0/],
  ]) {
    const { code, err } = bot(...args);
    assert.equal(code, 2, args.join(' '));
    assert.match(err, message);
    assert.match(err, /usage: node examples\/bot\.mjs/);
  }
});

test('examples/table.mjs: a few hands, every decision under 1 s, the chips add up, a seed replays the same game', async () => {
  const { main } = await import('../../examples/table.mjs');
  const play = async () => {
    const lines = [];
    const table = await main(['--hands', '4', '--seed', '3'], (l) => lines.push(l));
    assert.equal(table.hand, 4);
    assert.ok(table.decisions > 0 && table.slowest[0] < 1000);
    return lines.filter((l) => !/decisions in|slowest/.test(l));
  };
  const first = await play();
  assert.match(first[0], /4 hands of no-limit Hold'em, blinds 5\/10, seed 3/);
  assert.equal(first.length, 8);
  assert.deepEqual(await play(), first);
});
