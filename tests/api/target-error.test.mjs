// Sampling to a target error gives the same answer on every surface
// (tests/data/target_error.txt): the JS API's `targetError` and the CLI's
// `allin equity --error` (ALLIN_CLI, set by `cargo xtask test api`) stop
// at the same deal with the same counts, the core's rule.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as allin from '../../www/api/allin.mjs';

const CLI = process.env.ALLIN_CLI || fileURLToPath(new URL('../../target/debug/allin', import.meta.url));

/** The cases: `{game, players, board, target, seed, trials, wtl}`. */
function cases() {
  return readFileSync(new URL('../data/target_error.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((line) => {
      const [input, expected] = line.split(' => ');
      const [game, players, board, target, seed] = input.split('|').map((s) => s.trim());
      const [trials, wtl] = expected.split('|').map((s) => s.trim());
      return { game, players: players.split(';'), board, target: Number(target), seed: Number(seed), trials, wtl, line };
    });
}

const wtlOf = (players) => players.map((p) => `${p.wins ?? p.win}/${p.ties ?? p.tie}/${p.losses ?? p.lose}`).join(' ');

test('targetError: the seeded cases of tests/data/target_error.txt, as the CLI', async () => {
  await allin.init();
  const cli = existsSync(CLI);
  for (const c of cases()) {
    const r = await allin.equity(c.players, {
      game: c.game,
      board: c.board,
      method: 'monte-carlo',
      targetError: c.target,
      seed: c.seed,
    });
    assert.equal(String(r.trials), c.trials, c.line);
    assert.equal(wtlOf(r.players), c.wtl, c.line);
    assert.equal(r.targetError, c.target);
    assert.ok(r.error <= c.target && r.error > 0, `${c.line}: error ${r.error}`);
    if (!cli) continue;
    const args = ['equity', '--game', c.game, ...c.players, '--error', String(c.target), '--seed', String(c.seed), '--json'];
    if (c.board) args.push('--board', c.board);
    const out = JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
    assert.equal(String(out.trials), c.trials, `CLI: ${c.line}`);
    assert.equal(wtlOf(out.players), c.wtl, `CLI: ${c.line}`);
    assert.equal(out.error, r.error, `CLI: ${c.line}`);
  }
});

test('targetError: bad values name the field; a cap stops short of the target', async () => {
  await allin.init();
  for (const bad of [0, -1, 51, NaN, '0.1', true]) {
    await assert.rejects(allin.equity(['AhKh', 'QsQd'], { targetError: bad }), (e) => e.field === 'targetError', String(bad));
  }
  const r = await allin.equity(['AhKh', 'QsQd'], { method: 'monte-carlo', targetError: 0.01, trials: 20_000, seed: 1 });
  assert.equal(r.trials, 20_000n);
  assert.ok(r.error > 0.01);
  // An exact job is exact: the target applies when the job samples.
  const exact = await allin.equity(['AhKh', 'QsQd'], { board: '2h7hTc', targetError: 0.1 });
  assert.equal(exact.method, 'exact');
});
