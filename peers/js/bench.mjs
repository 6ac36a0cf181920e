// cargo xtask bench, JS half: allin's JS API (www/api/allin.mjs, the wasm
// engine on the calling thread, as bot builders use it in Node) against
// npm's poker libraries, `poker-odds-calc` and `poker-evaluator` (bench-only
// dependencies of this folder, from the npm registry), side by side.
//
//   cargo xtask bench                     (builds www/pkg, installs, runs this after the native table)
//   node peers/js/bench.mjs [--reps N] [--all] [--only WORDS]   (after `cargo xtask build` and `npm ci` here)
//
// Every engine runs a workload in this process, warmed up (calls for 300 ms,
// at least one), then `reps` calls each, interleaved (the starting engine
// rotates every round).
// Answers are checked before a time is printed: exact equities equal to
// 1e-9, Monte Carlo within 5 standard errors of allin's exact value,
// evaluator category counts equal. Prints a Markdown table and writes it
// with a JSON copy to target/bench/peers-js.{md,json}.

import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import poc from 'poker-odds-calc';
import pe from 'poker-evaluator';
import * as allin from '../../www/api/allin.mjs';
import { benchDir, benchOptions, median, pairedText, show, spread, WARM_MS, warmUp } from './report.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Two-character card texts from `'AhKh'`. */
const cardsOf = (text) => text.match(/../g) ?? [];

/** poker-odds-calc's heads-up or multiway equities, exact or `limit` random boards. */
function oddsCalc(players, board, limit) {
  const table = new poc.TexasHoldem();
  for (const p of players) table.addPlayer(cardsOf(p));
  if (board) table.setBoard(cardsOf(board));
  if (limit) table.limit(limit);
  else table.exhaustive();
  const r = table.calculate();
  const n = r.getIterations();
  // Its ties count every board a player split, with no share: equity needs
  // the split sizes, which it does not report; heads-up a split is halves.
  const ps = r.getPlayers();
  if (ps.length !== 2 && ps.some((p) => p.getTies() > 0)) {
    return { values: ps.map((p) => p.getWins() / n), work: n, winsOnly: true };
  }
  return { values: ps.map((p) => (p.getWins() + p.getTies() / 2) / n), work: n };
}

/** poker-evaluator's Monte Carlo: win rates (it reports splits by size). */
function evaluatorOdds(players, trials) {
  const hands = players.map((p) => cardsOf(p).map((c) => c.toLowerCase()));
  const r = pe.winningOddsForTable(hands, [], players.length, trials);
  return {
    values: r.players.map((p) => p.winRate + p.splitRates.reduce((s, x) => s + x.rate / x.ways, 0)),
    work: trials,
  };
}

async function allinEquity(players, board, method, trials, seed) {
  const r = await allin.equity(players, { board, method, trials, seed });
  if (method === 'exact' && !r.exact) throw new Error(`allin answered ${r.method}, not exact`);
  return {
    values: r.players.map((p) => p.equity),
    wins: r.players.map((p) => p.win),
    work: method === 'exact' ? 1 : trials,
  };
}

/** `n` random 7-card hands as card texts, from a seeded xorshift. */
function randomHands(n, seed) {
  const ranks = '23456789TJQKA';
  const suits = 'cdhs';
  let s = BigInt(seed);
  const M = (1n << 64n) - 1n;
  const next = () => {
    s ^= (s << 13n) & M;
    s ^= s >> 7n;
    s ^= (s << 17n) & M;
    return s;
  };
  const out = [];
  for (let i = 0; i < n; i++) {
    const used = new Set();
    const hand = [];
    while (hand.length < 7) {
      const c = Number(next() % 52n);
      if (!used.has(c)) {
        used.add(c);
        hand.push(ranks[c >> 2] + suits[c & 3]);
      }
    }
    out.push(hand);
  }
  return out;
}

function countCategories(hands, categoryOf) {
  const counts = new Array(10).fill(0);
  for (const h of hands) counts[categoryOf(h)]++;
  return { values: counts.filter((n) => n > 0), work: 1 };
}

const W3 = ['AhAd', 'KsKc', 'QhQd'];
const MC_TRIALS = 100_000;

const WORKLOADS = [
  {
    name: 'AhKh v QsQd on 2h7hTc, exact (one small job)',
    engines: {
      allin: () => allinEquity(['AhKh', 'QsQd'], '2h7hTc', 'exact'),
      'poker-odds-calc': () => oddsCalc(['AhKh', 'QsQd'], '2h7hTc'),
    },
  },
  {
    name: 'W1: AhKh v QsQd preflop, exact',
    slow: true,
    engines: {
      allin: () => allinEquity(['AhKh', 'QsQd'], '', 'exact'),
      'poker-odds-calc': () => oddsCalc(['AhKh', 'QsQd'], ''),
    },
  },
  {
    name: `AhAd v KsKc v QhQd, Monte Carlo, per ${MC_TRIALS.toLocaleString('en')} trials`,
    monteCarlo: W3,
    engines: {
      allin: (rep) => allinEquity(W3, '', 'monte-carlo', MC_TRIALS, rep + 1),
      'poker-odds-calc': () => oddsCalc(W3, '', MC_TRIALS),
      'poker-evaluator': () => evaluatorOdds(W3, MC_TRIALS),
    },
  },
  {
    name: 'evaluator: 100,000 random 7-card hands (card texts in, one call each)',
    engines: {
      // `rank`: the number alone, as poker-evaluator's `value` (its
      // category is `rank >> 12`); `evaluate` also writes the hand's name,
      // best five and standing, ~10× the time.
      allin: () => countCategories(HANDS, (h) => (allin.rank(h) >> 12) + 1),
      'poker-evaluator': () => countCategories(HANDS, (h) => pe.evalHand(h).handType),
    },
  },
  {
    name: 'evaluator: 1,000,000 random 7-card hands (card ids in; allin: one rankHands call)',
    engines: {
      allin: () => {
        const ranks = allin.rankHands(IDS, 7);
        const counts = new Array(10).fill(0);
        for (const r of ranks) counts[(r >> 12) + 1]++;
        return { values: counts.filter((n) => n > 0), work: 1 };
      },
      'poker-evaluator': () => {
        const counts = new Array(10).fill(0);
        const hand = new Array(7);
        for (let h = 0; h < IDS.length; h += 7) {
          // Its deck numbers cards from 1 (2c) to 52 (As): ours plus one.
          for (let i = 0; i < 7; i++) hand[i] = IDS[h + i] + 1;
          counts[pe.evalHand(hand).handType]++;
        }
        return { values: counts.filter((n) => n > 0), work: 1 };
      },
    },
  },
];
const HANDS = randomHands(100_000, 0x5eed);
/** 1,000,000 random 7-card hands as card ids (rank * 4 + suit), flat, from a seeded xorshift32. */
const IDS = (() => {
  const ids = new Uint8Array(7_000_000);
  let x = 0x5eed;
  for (let h = 0; h < ids.length; h += 7) {
    let used = 0n;
    for (let i = 0; i < 7; ) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      x >>>= 0;
      const c = x % 52;
      const bit = 1n << BigInt(c);
      if (!(used & bit)) {
        used |= bit;
        ids[h + i++] = c;
      }
    }
  }
  return ids;
})();

async function timeOne(fn, rep) {
  const t = performance.now();
  const answer = await fn(rep);
  return { ms: performance.now() - t, answer };
}

function check(name, answers, exact, monteCarlo) {
  for (const [engine, a] of Object.entries(answers)) {
    // Win shares only where an engine cannot tell split sizes apart.
    const reference = a.winsOnly ? exact.wins : exact.values;
    const tol = monteCarlo ? (5 * 0.5) / Math.sqrt(a.work) : 1e-9;
    const ok = a.values.length === reference.length && a.values.every((x, i) => Math.abs(x - reference[i]) <= tol);
    if (!ok) {
      throw new Error(`${name}: ${engine} disagrees: ${JSON.stringify(a.values)} against ${JSON.stringify(reference)} (tolerance ${tol})`);
    }
  }
}

async function run(w, reps) {
  const names = Object.keys(w.engines);
  const last = {};
  for (const n of names) last[n] = (await warmUp(() => w.engines[n](0))).at(-1);
  const times = Object.fromEntries(names.map((n) => [n, []]));
  for (let rep = 0; rep < reps; rep++) {
    for (let k = 0; k < names.length; k++) {
      const n = names[(rep + k) % names.length];
      const { ms, answer } = await timeOne(w.engines[n], rep + 1);
      // Monte Carlo engines may stop near, not at, the trials asked: per MC_TRIALS.
      times[n].push(w.monteCarlo ? (ms * MC_TRIALS) / answer.work : ms);
      last[n] = answer;
    }
  }
  const exact = w.monteCarlo ? await allinEquity(w.monteCarlo, '', 'exact') : last.allin;
  check(w.name, last, exact, Boolean(w.monteCarlo));
  return { name: w.name, times, check: w.monteCarlo ? 'within 5 standard errors of exact' : w.name.startsWith('evaluator') ? 'category counts equal' : 'equities equal to 1e-9' };
}

function markdown(rows) {
  const peers = [];
  for (const r of rows) for (const n of Object.keys(r.times)) if (n !== 'allin' && !peers.includes(n)) peers.push(n);
  const lines = [
    `Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, allin's JS API (wasm, calling thread). ` +
      `Each engine in this process, interleaved runs after a warm-up (calls for ${WARM_MS} ms; every engine once a round); medians, ` +
      "(fastest–slowest); ratio = allin's time over the fastest peer's in the same round, the median (and range) over the rounds.",
    '',
    `| workload | allin | ${peers.join(' | ')} | allin / fastest peer | checked |`,
    `|---|---|${peers.map(() => '---|').join('')}---|---|`,
  ];
  for (const r of rows) {
    const ours = median(r.times.allin);
    const cells = peers.map((p) => (r.times[p] ? `${show(median(r.times[p]))} (${spread(r.times[p])})` : '—'));
    let best = null;
    for (const p of peers) if (r.times[p] && (best === null || median(r.times[p]) < median(r.times[best]))) best = p;
    lines.push(
      `| ${r.name} | ${show(ours)} (${spread(r.times.allin)}) | ${cells.join(' | ')} | ${pairedText(r.times.allin, r.times[best])} ${best} | ${r.check}, ${r.times.allin.length} runs each |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  const o = benchOptions(process.argv.slice(2));
  await allin.init();
  const rows = [];
  for (const w of WORKLOADS) {
    if (o.only && !w.name.toLowerCase().includes(o.only)) continue;
    if (w.slow && !o.all) {
      console.error(`skipped (--all runs it; poker-odds-calc takes about a minute a run): ${w.name}`);
      continue;
    }
    console.error(`${w.name} …`);
    rows.push(await run(w, w.slow ? Math.min(o.reps, 2) : o.reps));
  }
  const table = markdown(rows);
  console.log(table);
  const dir = benchDir(ROOT);
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/peers-js.md`, `${table}\n`);
  writeFileSync(`${dir}/peers-js.json`, `${JSON.stringify({ rows }, null, 2)}\n`);
  console.error(`written: ${dir}/peers-js.md, peers-js.json`);
}

main().catch((e) => {
  console.error(`peers/js/bench.mjs: ${e.message}`);
  process.exit(1);
});
