// The draw games on the calculator page (issue 38: 2-7 and A-5 lowball,
// Badugi; single draw): each game's link exact and equal to `allin equity
// --game … --json` (wins, ties, equity), the board hidden and the dead
// cards (known discards) shown, the "+N drawn" labels, the game switch
// into the URL with the catalogue's example, a player added as random
// (sampled with its ±), a board in a link refused on its field, and a touch
// phone picking a kept card by tap, with light and dark screenshots.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DESKTOP, TOUCH_PHONE, assertFitsThenShoot, finish, fragment, openDeck, openOn, settled, setup } from './support.mjs';

const suite = setup();

const CLI = process.env.ALLIN_CLI || fileURLToPath(new URL('../../target/debug/allin', import.meta.url));

/** `allin equity --game GAME HANDS [--dead D] --json`'s document. */
function cli(game, players, dead = '') {
  assert.ok(existsSync(CLI), `no allin binary at ${CLI}: run \`cargo build --bin allin\` or set ALLIN_CLI`);
  const args = ['equity', '--game', game, ...players, ...(dead ? ['--dead', dead] : []), '--json'];
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
}

/** The page's players equal to the CLI's counts and equity. */
function assertEqualsCli(result, doc) {
  assert.equal(result.status, 'done');
  assert.equal(result.exact, doc.exact);
  assert.equal(result.players.length, doc.players.length);
  doc.players.forEach((p, i) => {
    const shown = result.players[i];
    assert.equal(Number(shown.wins), p.win, `player ${i + 1} wins`);
    assert.equal(Number(shown.ties), p.tie, `player ${i + 1} ties`);
    assert.ok(Math.abs(Number(shown.equity) / 100 - p.equity) < 1e-12, `player ${i + 1} equity`);
  });
}

/** Waits for a new settled result after `action` (the job id changes). */
async function settledAfter(page, action) {
  const before = await page.$eval('[data-results]', (r) => r.dataset.job ?? '');
  await action();
  await page.waitForFunction(
    (old) => {
      const r = document.querySelector('[data-results]');
      return r.dataset.status === 'done' && (r.dataset.job ?? '') !== old;
    },
    before,
    { timeout: 60_000 },
  );
  return settled(page);
}

const CASES = [
  // The issue's reference: 45.470383 / 54.529617.
  ['2-7-draw', ['9h8c4d2h', '9d7h5s2d'], 'AsKd', ['+1 drawn', '+1 drawn']],
  ['a-5-draw', ['5h4c3d2s', '8d6h3sAc'], '', ['+1 drawn', '+1 drawn']],
  // A pat hand is named once every player stands pat (one showdown).
  ['badugi', ['Qd6sKh', 'Kc9h', '4s3d2cAh'], 'As', ['+1 drawn', '+2 drawn', '']],
  ['badugi', ['4s3d2cAh', '7h3s2dAs'], '', ['badugi, 4 high', 'three-card badugi, 7 high']],
];

test('each draw game: exact, equal to the CLI; no board, dead cards shown, what each draws', async () => {
  const session = await openOn(suite.browser, DESKTOP);
  const { page } = session;
  for (const [game, players, dead, labels] of CASES) {
    const hash = `game=${game}&${players.map((p, i) => `p${i + 1}=${p}`).join('&')}${dead ? `&dead=${dead}` : ''}`;
    const result = await settledAfter(page, () => page.evaluate((h) => {
      location.hash = h;
    }, hash));
    assertEqualsCli(result, cli(game, players, dead));
    assert.equal(await page.isVisible('#board-input'), false, game);
    assert.equal(await page.isVisible('[data-hand-grid]'), false, game);
    assert.equal(await page.isVisible('[data-target][value="dead"]'), true, game);
    const shown = await page.$$eval('[data-player-list] [data-class]', (els) => els.map((e) => e.textContent));
    assert.deepEqual(shown, labels, game);
    assert.match(await page.textContent('[data-results]'), /every way to draw|one showdown/);
  }
  await finish(assert, session);
});

test('the switch to 2-7 draw: the catalogue\'s example in the URL; a random player sampled with ±; a board refused', async () => {
  const session = await openOn(suite.browser, DESKTOP);
  const { page } = session;
  await settled(page);
  let result = await settledAfter(page, () => page.getByRole('radio', { name: '2-7 draw' }).check());
  assert.equal(fragment(page).game, '2-7-draw');
  assert.equal(fragment(page).p1, '9h8c4d2h');
  assertEqualsCli(result, cli('2-7-draw', ['9h8c4d2h', '9d7h5s2d']));
  result = await settledAfter(page, () => page.getByRole('button', { name: 'Add player' }).click());
  assert.equal(fragment(page).p3, 'random');
  assert.equal(result.exact, false);
  assert.match(await page.textContent('[data-results]'), /±/);
  // A board in a draw game's link: the error on the board field.
  await page.evaluate(() => {
    location.hash = 'game=badugi&p1=Ah2d&p2=3c4s&board=2c3c4c';
  });
  await page.waitForFunction(() => document.querySelector('[data-results]').dataset.status === 'error');
  const errors = (await settled(page)).errors;
  assert.ok(errors.some((e) => e.for === 'board' && /no board/.test(e.text)), JSON.stringify(errors));
  await finish(assert, session);
});

test('phone (touch): a kept card by tap, the result fits; light and dark screenshots', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const session = await openOn(suite.browser, TOUCH_PHONE, {
      path: '#game=badugi&p1=Qd6sKh&p2=Kc9h&dead=As',
      colorScheme,
    });
    const { page } = session;
    await settled(page);
    await openDeck(page);
    await page.tap('[data-target][value="p2"]');
    const card = page.locator('[data-card="2s"]');
    await card.scrollIntoViewIfNeeded();
    const result = await settledAfter(page, () => card.tap());
    assert.equal(fragment(page).p2.replace(/\s/g, ''), 'Kc9h2s');
    assertEqualsCli(result, cli('badugi', ['Qd6sKh', 'Kc9h2s'], 'As'));
    await assertFitsThenShoot(page, `draw-badugi-phone${colorScheme === 'dark' ? '-dark' : ''}`);
    await finish(assert, session);
  }
});
