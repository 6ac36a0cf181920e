// Two builds of the wasm engine side by side, through the JS API, in one
// Node process: interleaved runs, the ratio B/A per round, its median.
// Used to decide whether a build flag pays (e.g. `+simd128`, see
// ARCHITECTURE.md, "Why these choices").
//
//   cargo xtask build && cp -r www /tmp/a
//   CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS='-C target-feature=+simd128' cargo xtask build && cp -r www /tmp/b
//   node benches/wasm-ab.mjs /tmp/a /tmp/b [--reps N] [--only WORDS]
//
// Each build's npm package (`files` of its www/package.json: `api/`, `pkg/`
// and the modules the API imports) is copied to a temporary directory of
// its own (two module graphs, two instances), without `data/`: no preflop table, so every exact job enumerates. A workload's
// answers must be equal in both builds before any time is kept; a sample
// repeats the call to ~200 ms; the build that goes first alternates.

import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

function options(argv) {
  const o = { dirs: [], reps: 9, only: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--reps') o.reps = Number(argv[++i]);
    else if (argv[i] === '--only') o.only = String(argv[++i] ?? '').toLowerCase().split(',');
    else o.dirs.push(argv[i]);
  }
  if (o.dirs.length !== 2 || !(o.reps >= 1)) {
    throw new Error('usage: node benches/wasm-ab.mjs WWW_A WWW_B [--reps N] [--only WORDS]');
  }
  return o;
}

/** The API of the build in `www`, from a private copy without the preflop table. */
async function load(www, label) {
  const dir = mkdtempSync(join(tmpdir(), `allin-ab-${label}-`));
  const { files } = JSON.parse(readFileSync(join(resolve(www), 'package.json'), 'utf8'));
  for (const part of files.filter((file) => !file.startsWith('data/'))) {
    cpSync(join(resolve(www), part), join(dir, part), { recursive: true });
  }
  const api = await import(pathToFileURL(join(dir, 'api', 'allin.mjs')).href);
  await api.init();
  return { api, dir };
}

/** 1,000,000 random 7-card hands as card ids, flat, from a seeded xorshift32. */
function randomHands() {
  const ids = new Uint8Array(7_000_000);
  let x = 0x5eed;
  for (let h = 0; h < ids.length; h += 7) {
    let used = 0n;
    for (let i = 0; i < 7; ) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      x >>>= 0;
      const bit = 1n << BigInt(x % 52);
      if (!(used & bit)) {
        used |= bit;
        ids[h + i++] = x % 52;
      }
    }
  }
  return ids;
}

const equity = (players, opts) => async (api) => {
  const r = await api.equity(players, opts);
  if (opts.method === 'exact' && !r.exact) throw new Error(`${players}: not exact`);
  return JSON.stringify(r.players.map((p) => [p.win, p.tie, p.equity]));
};

const WORKLOADS = [
  ['W1: AhKh v QsQd preflop, exact', equity(['AhKh', 'QsQd'], { method: 'exact' })],
  ['AhAd v KsKc v QhQd preflop, exact', equity(['AhAd', 'KsKc', 'QhQd'], { method: 'exact' })],
  ['6 players preflop, exact', equity(['AhKh', 'QsQd', 'JcTc', '9s9d', '8h7h', '5c5d'], { method: 'exact' })],
  ['AhKh v random, dead 2c, exact', equity(['AhKh', 'random'], { method: 'exact', dead: '2c' })],
  ['QQ+ v TT+ v 99+ on Kh7d2c, exact', equity(['QQ+', 'TT+', '99+'], { method: 'exact', board: 'Kh7d2c' })],
  ['AhKh v QsQd, 1M Monte Carlo', equity(['AhKh', 'QsQd'], { method: 'monte-carlo', trials: 1_000_000, seed: 7 })],
  ['rankHands, 1M random 7-card hands', (() => {
    let ids = null;
    return async (api) => {
      ids ??= randomHands();
      let sum = 0;
      for (const r of api.rankHands(ids, 7)) sum = (sum + r) % 1_000_003;
      return String(sum);
    };
  })()],
];

const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];

const o = options(process.argv.slice(2));
const a = await load(o.dirs[0], 'a');
const b = await load(o.dirs[1], 'b');
try {
  console.log(`A = ${o.dirs[0]}, B = ${o.dirs[1]}, ${o.reps} rounds, node ${process.version}`);
  for (const [name, run] of WORKLOADS) {
    if (o.only && !o.only.some((w) => name.toLowerCase().includes(w))) continue;
    const [ra, rb] = [await run(a.api), await run(b.api)];
    if (ra !== rb) throw new Error(`${name}: the builds disagree: ${ra} vs ${rb}`);
    const t0 = performance.now();
    await run(a.api);
    const calls = Math.max(1, Math.ceil(200 / (performance.now() - t0)));
    const times = { a: [], b: [] };
    for (let round = 0; round < o.reps; round++) {
      for (const side of round % 2 ? ['b', 'a'] : ['a', 'b']) {
        const api = side === 'a' ? a.api : b.api;
        const start = performance.now();
        for (let i = 0; i < calls; i++) await run(api);
        times[side].push((performance.now() - start) / calls);
      }
    }
    const ratios = times.a.map((t, i) => times.b[i] / t).sort((x, y) => x - y);
    console.log(
      `${name.padEnd(36)} A ${median(times.a).toFixed(1).padStart(7)} ms  B ${median(times.b).toFixed(1).padStart(7)} ms` +
        `  B/A ${median(ratios).toFixed(3)} (${ratios[0].toFixed(3)}–${ratios.at(-1).toFixed(3)})`,
    );
  }
} finally {
  rmSync(a.dir, { recursive: true, force: true });
  rmSync(b.dir, { recursive: true, force: true });
}
