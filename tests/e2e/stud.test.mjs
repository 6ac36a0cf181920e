// Seven-card Stud, Stud Hi-Lo and Razz on the calculator page (issue 38):
// chosen by tap on a 360 px touch phone (the game switch, finger-size
// targets, a screenshot), numbers equal to `allin equity --game … --json`
// count for count (the Razz and Stud Hi-Lo references, down cards
// in brackets, a dead upcard, eight players and the community card).
// (Offline: offline.test.mjs runs a Razz job and names a Stud Hi-Lo hand
// with the network off.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TOUCH_PHONE, assertFitsThenShoot, finish, fragment, openOn, settled, setup, smallTargets } from './support.mjs';

const suite = setup();

const CLI = process.env.ALLIN_CLI || fileURLToPath(new URL('../../target/debug/allin', import.meta.url));

/** `allin equity --game GAME HANDS [--dead D] --json`'s document. */
function cli(game, players, dead = '') {
  assert.ok(existsSync(CLI), `no allin binary at ${CLI}: run \`cargo build --bin allin\` or set ALLIN_CLI`);
  const args = ['equity', '--game', game, ...players, ...(dead ? ['--dead', dead] : []), '--json'];
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
}

const PHONE_360 = { ...TOUCH_PHONE, viewport: { width: 360, height: 740 } };

/** Sets the fragment and waits for the new result. */
async function show(page, hash) {
  await page.evaluate((h) => { location.hash = h; }, hash);
  await page.waitForFunction((h) => location.hash.slice(1).includes(h.split('&')[0]), hash);
  return settled(page, { timeout: 60_000 });
}

test('phone (360 px, touch): Razz, Stud and Stud Hi-Lo by tap; numbers equal the CLI; screenshot', async () => {
  const session = await openOn(suite.browser, PHONE_360);
  const { page } = session;
  await settled(page);
  for (const game of ['stud', 'stud8', 'razz']) {
    const radio = page.locator(`input[name="game"][value="${game}"]`);
    await radio.scrollIntoViewIfNeeded();
    await radio.tap();
    await page.waitForFunction((g) => location.hash.includes(`game=${g}`), game);
    const r = await settled(page, { timeout: 60_000 });
    assert.equal(fragment(page).game, game);
    assert.equal(r.status, 'done', `${game}: ${JSON.stringify(r.errors)}`);
  }
  assert.deepEqual((await smallTargets(page, { within: '[data-game-switch]' })).small, [], 'small targets');
  const cases = [
    ['razz', ['Ah2h3h4h5h', 'Kh2d3d4d5d'], ''],
    ['stud8', ['KhKd8c7d6h3s2c', 'KsKc8d7h6s5c3d'], ''],
    ['stud', ['[AsAh]AdKc2d3h', '[7c6c]5c4c9hTd', 'KsKd2c2h3s3c'], 'Qs'],
    ['razz', ['Ac2c3c4c5c6c', '7c8c9cTcJcQc', 'Kc2d3d4d5d6d', '7d8d9dTdJdQd', 'Kd2h3h4h5h6h', '7h8h9hThJhQh', 'Kh2s3s4s5s6s', '7s8s9sTsJsQs'], ''],
  ];
  for (const [game, players, dead] of cases) {
    const hash = [`game=${game}`, ...players.map((p, i) => `p${i + 1}=${encodeURIComponent(p)}`), `dead=${dead}`].join('&');
    const r = await show(page, hash);
    assert.equal(r.status, 'done', `${hash}: ${JSON.stringify(r.errors)}`);
    assert.equal(r.exact, true, hash);
    const doc = cli(game, players, dead);
    assert.deepEqual(r.players.map((p) => p.wins), doc.players.map((p) => String(p.win)), `${hash}: wins`);
    assert.deepEqual(r.players.map((p) => p.ties), doc.players.map((p) => String(p.tie)), `${hash}: ties`);
  }
  await show(page, 'game=razz&p1=%5BAh2h%5D3h4h5h&p2=Kh2d3d4d5d&dead=');
  await assertFitsThenShoot(page, 'razz-360x740');
  await finish(assert, session);
});
