// The page and the CLI agree: a few random scenarios (seeded: 2–4 players
// holding known hands or small ranges, flop or turn boards, dead cards)
// computed exactly on the calculator page and by the `allin` binary
// (`ALLIN_CLI`, set by `cargo xtask test e2e`; by hand, `cargo build --bin
// allin` and it uses target/debug/allin), with every player's win and tie
// counts compared exactly.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BASE_URL, launchBrowser } from './support.mjs';

const CLI = process.env.ALLIN_CLI || fileURLToPath(new URL('../../target/debug/allin', import.meta.url));
const SPECS = Number(process.env.ALLIN_AGREE_SPECS) || 6;
const SEED = Number(process.env.ALLIN_FUZZ_SEED) || 0x0a111100;

const RANKS = '23456789TJQKA';
const SUITS = 'cdhs';
const RANGES = ['QQ+', 'AKs', 'JJ,AQs', '99', 'KQs,KJs', 'TT+,AKo'];

/** A tiny seeded generator (mulberry32). */
function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { below: (n) => Math.floor(next() * n) };
}

/** Seeded random scenarios: `{players, board, dead}` as text. */
export function randomScenarios(seed, count) {
  const r = rng(seed);
  const out = [];
  for (let i = 0; i < count; i++) {
    const deck = [];
    for (const rank of RANKS) for (const suit of SUITS) deck.push(rank + suit);
    for (let j = deck.length - 1; j > 0; j--) {
      const k = r.below(j + 1);
      [deck[j], deck[k]] = [deck[k], deck[j]];
    }
    const n = 2 + r.below(3);
    const players = [];
    for (let p = 0; p < n; p++) {
      // At most one range, so the exact job stays small.
      if (p === n - 1 && r.below(3) === 0) players.push(RANGES[r.below(RANGES.length)]);
      else players.push(deck.pop() + deck.pop());
    }
    const board = Array.from({ length: 3 + r.below(2) }, () => deck.pop()).join('');
    const dead = Array.from({ length: r.below(3) }, () => deck.pop()).join('');
    out.push({ players, board, dead });
  }
  return out;
}

let browser;

before(async () => {
  assert.ok(existsSync(CLI), `no allin binary at ${CLI}: run \`cargo build --bin allin\` or set ALLIN_CLI`);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

function cliCounts({ players, board, dead }) {
  const args = ['equity', ...players, '--exact', '--json'];
  if (board) args.push('--board', board);
  if (dead) args.push('--dead', dead);
  const out = JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
  assert.equal(out.exact, true);
  return out.players.map((p) => ({ wins: String(p.win), ties: String(p.tie) }));
}

async function pageCounts(page, { players, board, dead }) {
  const params = new URLSearchParams();
  players.forEach((p, i) => params.set(`p${i + 1}`, p));
  params.set('board', board);
  params.set('dead', dead);
  params.set('method', 'exact');
  await page.goto(`${BASE_URL}#${params}`);
  await page.waitForFunction(() => {
    const root = document.querySelector('[data-results]');
    return root.dataset.status === 'error' || (root.dataset.status === 'done' && root.dataset.exact === 'true');
  }, null, { timeout: 60_000 });
  return page.$eval('[data-results]', (root) => {
    if (root.dataset.status === 'error') {
      return [...document.querySelectorAll('[data-error]:not([hidden])')].map((e) => e.textContent).join(' | ');
    }
    return [...root.querySelectorAll('[data-player]')].map((row) => ({
      wins: row.dataset.wins,
      ties: row.dataset.ties,
    }));
  });
}

test('the page and the CLI give the same exact counts', async () => {
  const context = await browser.newContext();
  const problems = [];
  const scenarios = randomScenarios(SEED, SPECS);
  for (const s of scenarios) {
    const cli = cliCounts(s);
    // A fresh page each time: no earlier result can be read as this one's.
    const page = await context.newPage();
    page.on('pageerror', (err) => problems.push(err.message));
    const shown = await pageCounts(page, s);
    await page.close();
    assert.deepEqual(shown, cli, `${s.players.join(' vs ')} | board ${s.board} | dead ${s.dead}`);
  }
  await context.close();
  assert.deepEqual(problems, []);
  console.log(`agree: ${scenarios.length} scenarios, page and CLI counts equal`);
});
