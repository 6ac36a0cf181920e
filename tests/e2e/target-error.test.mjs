// Sampling to a target error on the page (issue 40): a Monte Carlo job
// stops at the first chunk, in order, whose counts reach the target (±0.1
// by default), with the CLI's deals and counts for the same seed
// (tests/data/target_error.txt's first line), and the ±1 / ±0.1 / ±0.01
// setting recomputes and goes into the link.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { finish as finishSession, fragment, openPage, settled, setup } from './support.mjs';

const suite = setup();

function finish(session) {
  return finishSession(assert, session);
}

test('Monte Carlo stops at the target error: the CLI\'s deals and counts (tests/data/target_error.txt), and the setting', async () => {
  // The data file's first line: the page's seed (1) and default target (±0.1).
  const line = readFileSync(new URL('../data/target_error.txt', import.meta.url), 'utf8')
    .split('\n').find((l) => l.trim() && !l.startsWith('#'));
  const [given, expected] = line.split(' => ');
  const [, players, , target, seed] = given.split('|').map((f) => f.trim());
  const [trials, wtl] = expected.split('|').map((f) => f.trim());
  assert.deepEqual([target, seed], ['0.1', '1']);
  const hands = players.split(';');
  const link = `#${hands.map((h, i) => `p${i + 1}=${h}`).join('&')}&board=&dead=&method=mc`;
  const session = await openPage(suite.browser, { path: link });
  const { page } = session;
  let r = await settled(page, { timeout: 60_000 });
  assert.equal(r.method, 'monte-carlo');
  const wins = wtl.split(' ').map((w) => w.split('/').slice(0, 2));
  assert.deepEqual(r.players.map((p) => [p.wins, p.ties]), wins);
  const deals = Number(trials).toLocaleString('en-US');
  assert.match(await page.textContent('[data-note]'), new RegExp(`^Monte Carlo: ±0\\.0\\d+ after ${deals} random deals \\(to ±0\\.1\\)\\.`));
  // ±1: one chunk of 10,000 deals, and the link says so.
  await page.selectOption('[data-target-error]', '1');
  await page.waitForFunction(() => /after 10,000 random deals/.test(document.querySelector('[data-note]').textContent));
  r = await settled(page);
  assert.equal((await fragment(page)).error, '1');
  await finish(session);
});
