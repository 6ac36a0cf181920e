// The JS API's equity() for every game of the catalogue (www/api/allin.mjs,
// through the engine's one Job): each line of tests/data/smoke.txt (a
// scenario a game) counted exactly here and by `allin equity … --exact
// --json` (ALLIN_CLI, set by `cargo xtask test api`), count for count; the
// bad input of tests/data/api_equity.txt; a time budget of a game other
// than Hold'em; threeCard.table against the published counts
// (tests/data/three_card_rates.txt), threeCard.strength, evaluate and rank
// per game.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as allin from '../../www/api/allin.mjs';

await allin.init();

const CLI = process.env.ALLIN_CLI || fileURLToPath(new URL('../../target/debug/allin', import.meta.url));

/** The data lines of a tests/data file. */
function lines(name) {
  return readFileSync(new URL(`../data/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

/** A calculator link's fragment as equity()'s players and options, and the CLI's arguments. */
function scenario(fragment) {
  const f = new URLSearchParams(fragment);
  const players = [];
  for (let i = 1; f.has(`p${i}`); i++) players.push(f.get(`p${i}`));
  const options = { method: 'exact' };
  const args = ['equity', '--exact', '--json'];
  for (const [key, flag] of [['game', '--game'], ['rules', '--rules'], ['deck', '--deck'], ['board', '--board'], ['dead', '--dead']]) {
    if (!f.get(key)) continue;
    options[key] = f.get(key);
    args.push(flag, f.get(key));
  }
  if (f.get('removal') === 'off') {
    options.removal = false;
    args.push('--no-card-removal');
  }
  return { players, options, args: [...args, ...players] };
}

test('equity: every game of smoke.txt, exact, the CLI\'s counts (tests/data/smoke.txt)', async (t) => {
  if (!process.env.ALLIN_CLI && !existsSync(CLI)) {
    t.skip(`no allin binary at ${CLI} (cargo build --bin allin, or set ALLIN_CLI)`);
    return;
  }
  const games = new Set();
  for (const fragment of lines('smoke.txt')) {
    const { players, options, args } = scenario(fragment);
    const cli = JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
    assert.equal(cli.exact, true, fragment);
    const r = await allin.equity(players, options);
    assert.equal(r.exact, true, fragment);
    assert.equal(r.method, 'exact', fragment);
    assert.equal(r.game, options.game ?? 'holdem', fragment);
    games.add(r.game);
    assert.deepEqual(
      r.players.map((p) => [String(p.wins), String(p.ties)]),
      cli.players.map((p) => [String(p.win), String(p.tie)]),
      fragment,
    );
    assert.ok(r.players.every((p) => typeof p.wins === 'bigint' && p.stdError === 0), fragment);
    if (r.game.endsWith('-hilo')) {
      // Hi-Lo's parts: the high shares add up to 1, the low shares and the no-low share too.
      const sum = (k) => r.players.reduce((s, p) => s + p[k], 0);
      assert.ok(Math.abs(sum('highShare') - 1) < 1e-12, fragment);
      assert.ok(Math.abs(sum('lowShare') + r.noLowShare - 1) < 1e-12, fragment);
      assert.equal(typeof r.noLow, 'bigint');
    }
  }
  for (const { name } of allin.games()) assert.ok(games.has(name), `tests/data/smoke.txt has no ${name} line`);
});

test('equity: bad options of every game name their field (tests/data/api_equity.txt)', async () => {
  const cases = lines('api_equity.txt');
  assert.ok(cases.length >= 10);
  for (const line of cases) {
    const [json, outcome] = line.split(' => ');
    const [players, options] = JSON.parse(json);
    const [, field, message] = /^\[(\w+)\] (.*)$/.exec(outcome);
    let error = null;
    try {
      await allin.equity(players, options);
    } catch (err) {
      error = err;
    }
    assert.ok(error instanceof allin.InputError, `${line}: got ${error}`);
    assert.equal(error.field, field, line);
    assert.equal(error.message, message, line);
  }
});

test('equity: a time budget for Omaha Hi-Lo: stopped by the clock, an estimate with its errors', async () => {
  const players = ['AsAhKsKh', 'random', 'random'];
  const r = await allin.equity(players, { game: 'omaha-hilo', timeBudgetMs: 10, seed: 4 });
  assert.equal(r.method, 'monte-carlo');
  assert.equal(r.exact, false);
  assert.match(r.why, /the time budget of 10 ms allowed [\d,]+ trials$/);
  assert.ok(r.trials > 0n && r.trials < BigInt(allin.DEFAULT_TRIALS));
  assert.ok(r.players.every((p) => p.stdError > 0 && p.highShareError > 0));
  assert.ok(r.elapsedMs < 10 + 250, `${r.elapsedMs} ms for a 10 ms budget`);
  // Exact but too slow for the budget: a partial enumeration, or Monte Carlo, saying which.
  const full = await allin.equity(['AhKhQh', 'random', 'random'], { game: 'three-card' });
  assert.equal(full.exact, true);
  const cut = await allin.equity(['AhKhQh', 'random', 'random'], { game: 'three-card', timeBudgetMs: 2, seed: 9 });
  if (cut.method !== 'exact') {
    assert.equal(cut.exact, false);
    assert.match(cut.why, /time budget/);
    for (const [i, p] of cut.players.entries()) {
      assert.ok(Math.abs(p.equity - full.players[i].equity) < 6 * p.stdError + 1e-9, 'within its error');
    }
  }
  assert.ok(cut.elapsedMs < 2 + 250, `${cut.elapsedMs} ms for a 2 ms budget`);
});

/** tests/data/three_card_rates.txt's cases: `{rules, deck, removal, hero, k, opponent, dead, deals, wins, ties}`. */
function rateCases() {
  const re = /^(\S+) (full|short) (removal|independent): (\S+) vs (\d) x (\S+)(?: dead (\S+))? -> deals=(\d+) wins=(\d+) ties=(\d+)$/;
  return lines('three_card_rates.txt').map((line) => {
    const m = re.exec(line);
    assert.ok(m, line);
    const [, rules, deck, deals, hero, k, opponent, dead, n, wins, ties] = m;
    return { line, rules, deck, removal: deals === 'removal', hero, k: Number(k), opponent, dead: dead ?? '', n, wins, ties };
  });
}

test('threeCard.table: every deal counted, the published counts past 2^64 as BigInt (tests/data/three_card_rates.txt)', async () => {
  // (Zha Jin Hua's full-deck counts of known hands take seconds together:
  // the Rust tests count them; the rest, ~0.3 s, include counts past 2^64.)
  const cases = rateCases().filter((c) => !(c.rules.startsWith('zha-jin-hua') && c.deck === 'full' && c.removal && !c.hero.startsWith('@')));
  assert.ok(cases.length >= 10 && cases.some((c) => BigInt(c.n) > 2n ** 64n));
  for (const c of cases) {
    const rows = await allin.threeCard.table(c.hero, c.opponent, {
      rules: c.rules, deck: c.deck, removal: c.removal, dead: c.dead, opponents: c.k,
    });
    assert.equal(rows.length, c.k, c.line);
    const row = rows.at(-1);
    assert.equal(row.exact, true, `${c.line}: ${row.why}`);
    assert.deepEqual([row.deals, row.wins, row.ties], [BigInt(c.n), BigInt(c.wins), BigInt(c.ties)], c.line);
    assert.equal(row.stdError, 0);
  }
});

test('threeCard.table: bad input names its field; a time budget samples the rows it cuts', async () => {
  await assert.rejects(allin.threeCard.table('AhKhQh', 'random', { opponents: 6 }),
    { name: 'InputError', field: 'opponents', message: 'opponents must be a whole number from 1 to 5, got 6' });
  await assert.rejects(allin.threeCard.table('AhKhQh', 'random', { rules: 'nope' }), { field: 'rules' });
  await assert.rejects(allin.threeCard.table('AhKhQh', 'random', { removal: 'no' }),
    { field: 'removal', message: 'card removal: expected true or false, got a string' });
  await assert.rejects(allin.threeCard.table('XhKhQh', 'random'), { field: 'p1' });
  await assert.rejects(allin.threeCard.table('AhKhQh', 'random', { oponents: 2 }), { field: 'options' });
  const rows = await allin.threeCard.table('AhKdQs', '50%', { opponents: 5, timeBudgetMs: 5, seed: 2 });
  assert.equal(rows.length, 5);
  for (const row of rows) {
    if (row.exact) continue;
    assert.match(row.why, /time budget|sampl|take/);
    assert.ok(row.stdError > 0);
  }
});

test('threeCard.strength: 004\'s model (+δ a check, +2δ a raise), errors naming their field', () => {
  assert.deepEqual(allin.threeCard.strength(0, ['check', 'raise'], { delta: 10 }),
    { text: '@30', index: 30, percent: 99.86425339366515, hands: 22100 });
  assert.equal(allin.threeCard.strength('@30', ['won-called'], { delta: 10 }).index, 50);
  assert.throws(() => allin.threeCard.strength(0, ['fold'], { delta: 10 }),
    { field: 'actions', message: 'unknown action "fold" (actions: check, raise, won-started, won-called)' });
  assert.throws(() => allin.threeCard.strength(0, ['check'], { delta: -1 }), { field: 'delta' });
  assert.throws(() => allin.threeCard.strength('AhKhQh', ['check'], { delta: 1 }), { field: 'index' });
});

test('evaluate and rank per game: three-card under its rules, the CLI\'s ranks; bad options name their field', () => {
  for (const [cards, rules] of [['2h3c5d', 'zha-jin-hua-235'], ['AhKhQh', 'casino'], ['Ah2c3d', 'teen-patti'], ['9s9h9d', 'casino']]) {
    const e = allin.evaluate(cards, { game: 'three-card', rules });
    assert.equal(e.rules, rules);
    assert.equal(allin.rank(cards, { game: 'three-card', rules }), e.rank);
    if (existsSync(CLI)) {
      const cli = JSON.parse(execFileSync(CLI, ['eval', '--game', 'three-card', '--rules', rules, cards, '--json'], { encoding: 'utf8' }));
      assert.deepEqual([e.rank, e.category, e.name], [cli.rank, cli.category, cli.name], cards);
    }
    assert.deepEqual(allin.rankHands(allin.cardIds([cards]), 3, { game: 'three-card', rules }), Uint32Array.of(e.rank));
  }
  assert.match(allin.evaluate('2h3c5d', { game: 'three-card', rules: 'zha-jin-hua-235' }).note, /2-3-5/);
  assert.equal(allin.evaluate('AhKhQhJhTh', { game: 'five-card' }).rank, allin.rank('AhKhQhJhTh'));
  assert.throws(() => allin.evaluate('AsAhKsKh2c3h4s', { game: 'omaha', board: '2c3h4s' }), { field: 'cards' });
  assert.throws(() => allin.evaluate('AsAhKsKh', { game: 'omaha' }), { field: 'board' });
  assert.throws(() => allin.evaluate('AhKhQhJhTh', { board: '2c3h4s' }), { field: 'board' });
  assert.throws(() => allin.evaluate('AsAhKsKh', { game: 'omaha', board: '2c3h4s', rules: 'casino' }), { field: 'rules' });
  assert.throws(() => allin.evaluate('As5d', { game: 'shortdeck', board: '6c7h8s' }), { field: 'cards', message: '5d is not in the short deck (6 to A)' });
  assert.throws(() => allin.rankHands(allin.cardIds(['AsAhKsKh2c3h']), 6, { game: 'omaha' }), { field: 'size' });
  assert.throws(() => allin.rankHands(allin.cardIds(['AsAhKsKh', '2c3hAs']), 7, { game: 'omaha' }), { field: 'hands' });
  assert.throws(() => allin.evaluate('AhKhQhJhTh', { rules: 'casino' }), { field: 'rules' });
  assert.throws(() => allin.evaluate('AhKhQh', { game: 'three-card', rules: 'x' }), { field: 'rules' });
  assert.throws(() => allin.rank('AhKhQh', { game: 'poker' }), { field: 'game' });
  assert.throws(() => allin.evaluate('AhKhQhJh', { game: 'three-card' }), { field: 'cards' });
});

test('evaluate, rank and rankHands of every board game: what `allin eval --json` prints (tests/data/api_board_eval.txt)', (t) => {
  const compact = (text) => text.replace(/ /g, '');
  const games = new Set();
  for (const line of lines('api_board_eval.txt')) {
    const args = line.split(/\s+/);
    const options = {};
    for (let i = 0; i < args.length - 1; i += 2) options[args[i].slice(2)] = args[i + 1];
    const hand = args[args.length - 1];
    const e = allin.evaluate(hand, options);
    games.add(e.game);
    assert.equal(allin.rank(hand, options), e.rank, line);
    const { board, ...without } = options;
    const ids = allin.cardIds([hand, ...(board ? [board] : [])]);
    assert.deepEqual(allin.rankHands(ids, ids.length, without), Uint16Array.of(e.rank), line);
    assert.equal(compact(e.cards) + compact(e.board), hand + (board ?? ''), line);
    if (!existsSync(CLI)) continue;
    const cli = JSON.parse(execFileSync(CLI, ['eval', '--json', ...args], { encoding: 'utf8' }));
    assert.deepEqual([e.rank, e.category, e.name], [cli.rank, cli.category, cli.name], line);
    if (e.game === 'shortdeck') {
      // (The CLI shows the hand with its board as one, the best five only of 6 or 7.)
      assert.equal(compact(e.cards) + compact(e.board), cli.cards, line);
      if (cli.best) assert.equal(compact(e.best), cli.best, line);
      assert.equal(e.ordinal, null, line);
      continue;
    }
    assert.deepEqual(
      [e.cards, e.board, e.best, e.bestHole, e.bestBoard].map(compact),
      [cli.cards, cli.board, cli.best, cli.best_hole, cli.best_board],
      line,
    );
    if (!e.game.endsWith('-hilo')) {
      assert.ok(!('low' in e) && !('low' in cli), line);
      continue;
    }
    const low = e.low && { name: e.low.name, best: compact(e.low.best), best_hole: compact(e.low.bestHole), best_board: compact(e.low.bestBoard) };
    assert.deepEqual(low, cli.low, line);
  }
  const boardGames = allin.games().filter((g) => g.family === 'omaha' || g.family === 'shortdeck');
  for (const { name } of boardGames) assert.ok(games.has(name), `tests/data/api_board_eval.txt has no ${name} line`);
  if (!existsSync(CLI)) t.diagnostic(`no allin binary at ${CLI}: the CLI's side not compared`);
});

test('equity: a game name as typed is the engine\'s to read, in either module (HOLDEM, Omaha)', async () => {
  const holdem = await allin.equity(['AhKh', 'QsQd'], { game: 'HOLDEM', board: '2h7hTc' });
  assert.deepEqual([holdem.game, holdem.players[0].wins], ['holdem', 539n]);
  const omaha = await allin.equity(['AsAhKsKh', '9c8c7d6d'], { game: 'Omaha', board: '2c3h4s' });
  assert.deepEqual([omaha.game, omaha.players[0].wins], ['omaha', 599n]);
});

test('evaluate, rank and rankHands of every draw and stud game: what `allin eval --json` prints (tests/data/api_mixed_eval.txt)', (t) => {
  const compact = (text) => text.replace(/ /g, '');
  const games = new Set();
  for (const line of lines('api_mixed_eval.txt')) {
    const args = line.split(/\s+/);
    const options = { game: args[1] };
    const hand = args[2];
    const e = allin.evaluate(hand, options);
    games.add(e.game);
    assert.equal(allin.rank(hand, options), e.rank, line);
    const ids = allin.cardIds(compact(e.cards));
    assert.deepEqual(allin.rankHands(ids, ids.length, options), Uint32Array.of(e.rank), line);
    const playing = e.cards.split(' ').filter((_, i) => e.inBest[i]);
    assert.deepEqual(playing.sort(), e.best.split(' ').sort(), line);
    if (!existsSync(CLI)) continue;
    const cli = JSON.parse(execFileSync(CLI, ['eval', '--json', ...args], { encoding: 'utf8' }));
    assert.deepEqual([compact(e.cards), e.name, compact(e.best)], [cli.cards, cli.name, cli.best], line);
    assert.equal(e.category, cli.category ?? 'low', line);
    if (e.game === 'razz') assert.deepEqual([e.lowRank, 'rank' in cli], [cli.low_rank, false], line);
    else assert.equal(e.rank, cli.rank, line);
    if (e.game !== 'stud8') {
      assert.ok(!('low' in e) && !('low' in cli), line);
      continue;
    }
    assert.deepEqual(e.low && { name: e.low.name, best: compact(e.low.best) }, cli.low, line);
  }
  const mixed = allin.games().filter((g) => g.family === 'draw' || g.family === 'stud');
  assert.equal(mixed.length, 6);
  for (const { name } of mixed) assert.ok(games.has(name), `tests/data/api_mixed_eval.txt has no ${name} line`);
  // Razz's rank orders as its low: the better low ranks higher.
  const [wheel, seven] = ['Ah2h3h4h5hKs', '[Ah2c]8d7s4h3cKd'].map((h) => allin.evaluate(h, { game: 'razz' }));
  assert.ok(wheel.rank > seven.rank && wheel.lowRank < seven.lowRank);
  assert.throws(() => allin.evaluate('8d7h4c3s2h', { game: '2-7-draw', rules: 'casino' }), { field: 'rules' });
  assert.throws(() => allin.evaluate('8d7h4c3s2h', { game: '2-7-draw', board: '2c3h4s' }), { field: 'board' });
  assert.throws(() => allin.evaluate('8d7h4c3s', { game: '2-7-draw' }), { field: 'cards', message: 'expected 5 cards (a final hand of 2-7 Single Draw), got 4' });
  assert.throws(() => allin.rankHands(allin.cardIds('AhKh2c3d'), 4, { game: 'stud' }), { field: 'size' });
  assert.throws(() => allin.rankHands(Uint8Array.of(...allin.cardIds('Ah2c3d4s'), 48, 48, 1, 2), 4, { game: 'badugi' }), { field: 'hands', message: /^hand 2: duplicate card Ac/ });
  if (!existsSync(CLI)) t.diagnostic(`no allin binary at ${CLI}: the CLI's side not compared`);
});
