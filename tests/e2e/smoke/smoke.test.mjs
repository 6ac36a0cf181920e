// The browser smoke, the default tier's one browser step (`cargo xtask
// test`; the whole suite is `--full`): every page and every game once, in
// one browser and one context, on a server of its own that hosts allin in
// a sub-directory (/allin/) beside a blog post using <allin-odds>.
// - the calculator: every line of tests/data/smoke.txt (every game of the
//   page), exact, wins and ties equal to `allin equity … --exact --json`;
// - the hand evaluator: a Hold'em and a three-card hand, named and ranked
//   as `allin eval --json` does;
// - the iframe widget (embed.html) and the element, equal to the CLI;
// - offline: with the server gone and the network off, the calculator
//   reloads from the service worker's cache and computes Hold'em and a game
//   of the extra module, exact;
// - no request but the site's own files, no page or console error.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GAMES } from '../../../www/model/game.js';
import { serve } from '../static-server.mjs';
import { WWW, readOdds, readResult, readResults, settledOdds, setup, watch } from '../support.mjs';

const CLI = process.env.ALLIN_CLI || fileURLToPath(new URL('../../../target/debug/allin', import.meta.url));
const DATA = new URL('../../data/smoke.txt', import.meta.url);

/** The data file's links, with their line numbers. */
const LINKS = readFileSync(DATA, 'utf8')
  .split('\n')
  .map((text, i) => ({ line: i + 1, fragment: text.trim() }))
  .filter(({ fragment }) => fragment && !fragment.startsWith('#'));

const POST = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>A post</title><link rel="icon" href="data:,">
<script type="module" src="/allin/allin-odds.js"></script></head><body>
<allin-odds p1="AhKh" p2="QsQd" board="2h7hTc"></allin-odds>
<allin-odds game="omaha" p1="AsAhKsKh" p2="9c8c7d6d" board="2c3h4s"></allin-odds>
</body></html>`;

let site;
const suite = setup({
  before: async () => {
    site = await serve(WWW, { prefix: '/allin/', routes: { '/blog/post.html': { body: POST } } });
  },
  after: async () => {
    await site?.close();
  },
});

/** `allin ARGS --json`, parsed. */
function cli(args) {
  assert.ok(existsSync(CLI), `no allin binary at ${CLI}: run \`cargo build --bin allin\` or set ALLIN_CLI`);
  return JSON.parse(execFileSync(CLI, [...args, '--json'], { encoding: 'utf8' }));
}

/** The CLI's arguments for a calculator link (the fragment's own keys). */
function equityArgs(fragment) {
  const f = new URLSearchParams(fragment);
  const args = ['equity', '--exact'];
  const game = f.get('game');
  if (game) args.push('--game', game);
  if (f.get('rules')) args.push('--rules', f.get('rules'));
  if (f.get('deck')) args.push('--deck', f.get('deck'));
  if (f.get('removal') === 'off') args.push('--no-card-removal');
  for (let i = 1; f.has(`p${i}`); i++) args.push(f.get(`p${i}`));
  if (f.get('board')) args.push('--board', f.get('board'));
  if (f.get('dead')) args.push('--dead', f.get('dead'));
  return args;
}

/** Each player's wins and ties from a CLI document, as the page's hooks write them. */
function counts(doc) {
  assert.equal(doc.exact, true, 'the CLI computed it exactly');
  return doc.players.map((p) => ({ wins: String(p.win), ties: String(p.tie) }));
}

/** Sets the calculator's fragment and waits for a new settled result. */
async function compute(page, fragment) {
  const before = await page.$eval('[data-results]', (r) => r.dataset.job ?? '');
  await page.evaluate((h) => {
    location.hash = h;
  }, fragment);
  await page.waitForFunction((old) => {
    const r = document.querySelector('[data-results]');
    return r.dataset.status === 'error' || (r.dataset.status === 'done' && (r.dataset.job ?? '') !== old);
  }, before, { timeout: 60_000 });
  const result = await readResults(page);
  assert.deepEqual(result.errors, [], fragment);
  assert.equal(result.exact, true, `${fragment}: exact`);
  return result.players.map(({ wins, ties }) => ({ wins, ties }));
}

test('every page and every game: exact, equal to the CLI; then offline; only our own files', async () => {
  const games = new Set(LINKS.map(({ fragment }) => new URLSearchParams(fragment).get('game') ?? 'holdem'));
  for (const game of GAMES.keys()) assert.ok(games.has(game), `tests/data/smoke.txt has no ${game} line`);

  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
  const seen = watch(context);
  const page = await context.newPage();
  const base = `${site.url}allin/`;
  await page.goto(base);
  await page.waitForSelector('[data-engine="ready"]');

  // The calculator: every game.
  for (const { line, fragment } of LINKS) {
    const shown = await compute(page, fragment);
    assert.deepEqual(shown, counts(cli(equityArgs(fragment))), `smoke.txt:${line} ${fragment}`);
  }
  await page.waitForSelector('html[data-sw="ready"]');

  // The hand evaluator: Hold'em and three-card.
  for (const [fragment, args] of [
    ['hand=Ah Kh 7c 7d 2s 9h Qc', ['eval', 'Ah Kh 7c 7d 2s 9h Qc']],
    ['hand=Ah Kh Qh&game=three-card&rules=teen-patti', ['eval', '--game', 'three-card', '--rules', 'teen-patti', 'AhKhQh']],
  ]) {
    await page.goto(`${base}evaluator.html#${fragment}`);
    await page.waitForFunction(() => ['done', 'error'].includes(document.querySelector('[data-result]').dataset.status));
    const shown = await readResult(page);
    const want = cli(args);
    assert.equal(shown.error, null, fragment);
    assert.equal(Number(shown.rank), want.rank, `${fragment}: rank`);
    assert.equal(await page.textContent('[data-name]'), want.name, `${fragment}: name`);
  }

  // The iframe widget and the element.
  const flop = counts(cli(['equity', '--exact', 'AhKh', 'QsQd', '--board', '2h7hTc']));
  await page.goto(`${base}embed.html#p1=AhKh&p2=QsQd&board=2h7hTc`);
  const widget = await settledOdds(page.locator('[data-allin-odds]'));
  assert.deepEqual(widget.players.map(({ wins, ties }) => ({ wins, ties })), flop, 'embed.html');
  await page.goto(`${site.url}blog/post.html`);
  const elements = page.locator('allin-odds [data-allin-odds]');
  await elements.nth(1).waitFor();
  const omaha = counts(cli(['equity', '--exact', '--game', 'omaha', 'AsAhKsKh', '9c8c7d6d', '--board', '2c3h4s']));
  for (const [i, want] of [flop, omaha].entries()) {
    const odds = await settledOdds(elements.nth(i));
    assert.equal(odds.error, null);
    assert.deepEqual(odds.players.map(({ wins, ties }) => ({ wins, ties })), want, `<allin-odds> ${i + 1}`);
  }

  // Offline: the server gone, the network off; the calculator from the cache.
  await page.goto(`${base}#${LINKS[0].fragment}`);
  await page.waitForSelector('[data-engine="ready"]');
  await site.close();
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('[data-engine="ready"]');
  assert.equal(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), true);
  const threeCard = LINKS.find(({ fragment }) => fragment.startsWith('game=three-card'));
  for (const { fragment } of [threeCard, LINKS[1]]) {
    assert.deepEqual(await compute(page, fragment), counts(cli(equityArgs(fragment))), `offline: ${fragment}`);
  }

  assert.deepEqual(seen.foreign([site.url]), [], 'a request left the site');
  assert.deepEqual(seen.problems, []);
  assert.deepEqual(seen.dialogs, []);
  await context.close();
});
