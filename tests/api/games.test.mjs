// The JS API's equity() for every game of the catalogue (www/api/allin.mjs,
// through the engine's one Job): each line of tests/data/smoke.txt (a
// scenario a game) counted exactly here and by `allin equity … --exact
// --json` (ALLIN_CLI, set by `cargo xtask test api`), count for count; the
// bad input of tests/data/api_equity.txt; a time budget of a game other
// than Hold'em.

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
