// The JS API for bot builders (www/api/allin.mjs) in a browser: imported
// from the served site with no bundler, on a page and in a module worker;
// the wasm fetched next to it, nothing from elsewhere.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, DESKTOP, finish, openOn, setup } from './support.mjs';

const suite = setup();

test('the API imports on the served page and answers as in Node', async () => {
  const session = await openOn(suite.browser, DESKTOP, { path: 'index.html' });
  const got = await session.page.evaluate(async () => {
    const allin = await import('./api/allin.mjs');
    await allin.init();
    const eq = await allin.equity(['AhKh', 'QsQd'], { board: '2h7hTc' });
    const strength = await allin.ehs('AdQc', { board: '3h4cJh' });
    const sampled = await allin.equity(['random', 'random', 'random', 'random', 'random'], { timeBudgetMs: 20 });
    // Every game through the one Job (the extra module's): as in Node and the CLI.
    const hilo = await allin.equity(['AsAhKsKh', '9c8c7d6d'], { game: 'omaha-hilo', board: '2c3h4s' });
    const rows = await allin.threeCard.table('AhKhQh', 'random', { opponents: 1 });
    let error = null;
    try {
      await allin.equity(['AhKh', 'AhQd']);
    } catch (err) {
      error = { name: err.name, field: err.field, message: err.message, isError: err instanceof Error };
    }
    return {
      exact: eq.exact,
      wins: eq.players.map((p) => String(p.wins)),
      bigint: typeof eq.showdowns,
      ehs: [String(strength.ahead), String(strength.tied), String(strength.behind), strength.hs.toFixed(3)],
      sampled: [sampled.method, sampled.players[0].stdError > 0, sampled.elapsedMs < 20 + 250],
      royal: allin.evaluate('AsKsQsJsTs').name,
      hilo: [hilo.exact, hilo.players.map((p) => String(p.ties)), String(hilo.noLow)],
      table: [String(rows[0].deals), String(rows[0].wins), String(rows[0].ties)],
      threeCard: allin.evaluate('2h3c5d', { game: 'three-card', rules: 'zha-jin-hua-235' }).ordinal,
      range: allin.parseRange('QQ+, AK@50').count,
      pot: allin.potOdds({ pot: 100, call: 50, equity: 0.5 }),
      dealt: ((d) => [d.hands.map((h) => h.cards), d.winners, d.seed])(allin.deal({ players: 4, seed: '42' })),
      drawnSeed: /^[0-9]{1,20}$/.test(allin.deal().seed),
      error,
    };
  });
  assert.deepEqual(got, {
    exact: true,
    wins: ['539', '451'],
    bigint: 'bigint',
    ehs: ['628', '9', '444', '0.585'],
    sampled: ['monte-carlo', true, true],
    royal: 'Royal flush',
    hilo: [true, ['599', '599'], '0'], // (p2's 8-7 with 4-3-2 always makes a low)
    table: ['18424', '18421', '3'],
    threeCard: 741,
    range: 34,
    pot: { pot: 100, call: 50, odds: 2, oddsText: '2 : 1', needed: 1 / 3, equity: 0.5, evCall: 25, kelly: 0.25 },
    // As in Node and `allin deal --players 4 --seed 42`; a seed drawn from the page's crypto.
    dealt: [['Qh 6d As Jd 2c', 'Tc 4s Th 2d Ad', 'Td Kd Js 5s 9d', 'Ts 7s 6h 2s 3s'], [2], '42'],
    drawnSeed: true,
    error: { name: 'InputError', field: 'p2', message: 'duplicate card Ah: in player 1 and in player 2', isError: true },
  });
  await finish(assert, session);
});

test('the API runs in a module worker (long budgets off the main thread)', async () => {
  // The worker is a blob: URL made here, which allin's own pages refuse
  // (worker-src 'self'): a bot builder's page has its own policy.
  const session = await openOn(suite.browser, { ...DESKTOP, bypassCSP: true }, { path: 'index.html' });
  const got = await session.page.evaluate(async (base) => {
    const source = `import * as allin from '${new URL('api/allin.mjs', base)}';
      await allin.init();
      const r = await allin.equity(['AhKh', 'QQ+, AKs']);
      postMessage({ exact: r.exact, usesTable: r.usesTable, equity: r.players[0].equity });`;
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    const worker = new Worker(url, { type: 'module' });
    try {
      return await new Promise((resolve, reject) => {
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = (event) => reject(new Error(event.message));
      });
    } finally {
      worker.terminate();
    }
  }, BASE_URL);
  assert.equal(got.exact, true);
  assert.equal(got.usesTable, true, 'the preflop table is fetched next to the module');
  assert.ok(got.equity > 0.3 && got.equity < 0.5);
  await finish(assert, session);
});
