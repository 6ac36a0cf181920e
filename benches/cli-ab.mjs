// Two builds of the `allin` CLI side by side: interleaved runs of the same
// commands (`--threads 1 --json`), the ratio B/A per round, its median.
// Used to decide whether building for the host CPU pays (docs/performance.md).
//
//   cargo build --release -p allin-cli
//   CARGO_TARGET_DIR=target/cpu-native RUSTFLAGS='-C target-cpu=native' cargo build --release -p allin-cli
//   node benches/cli-ab.mjs target/release/allin target/cpu-native/release/allin [--reps N] [--only WORDS]
//
// Whole processes, as people run them (start-up included: ~2 ms). The two
// outputs must be equal before any time is kept; a sample repeats the
// command to ~300 ms; the build that goes first alternates.

import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

function options(argv) {
  const o = { bins: [], reps: 7, only: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--reps') o.reps = Number(argv[++i]);
    else if (argv[i] === '--only') o.only = String(argv[++i] ?? '').toLowerCase().split(',');
    else o.bins.push(argv[i]);
  }
  if (o.bins.length !== 2 || !(o.reps >= 1)) {
    throw new Error('usage: node benches/cli-ab.mjs ALLIN_A ALLIN_B [--reps N] [--only WORDS]');
  }
  return o;
}

const WORKLOADS = [
  ['AhKh QsQd (preflop table)', ['AhKh', 'QsQd']],
  ['AhAd KsKc QhQd preflop, exact', ['AhAd', 'KsKc', 'QhQd']],
  ['AA KK QQ (ranges) preflop, exact', ['AA', 'KK', 'QQ']],
  ['6 players preflop, exact', ['AhKh', 'QsQd', 'JcTc', '9s9d', '8h7h', '5c5d']],
  ['QQ+ TT+ 99+ --board Kh7d2c', ['QQ+', 'TT+', '99+', '--board', 'Kh7d2c']],
  ['AhKh random --dead 2c (Monte Carlo)', ['AhKh', 'random', '--dead', '2c']],
  ['AhKh random --dead 2c --exact', ['AhKh', 'random', '--dead', '2c', '--exact']],
  ['AhAd KsKc QhQd --trials 1e6', ['AhAd', 'KsKc', 'QhQd', '--trials', '1e6']],
];

/** Runs `allin equity ARGS --threads 1 --json` `times` times: [ms per run, output]. */
function run(bin, args, times) {
  let out = '';
  const start = performance.now();
  for (let i = 0; i < times; i++) {
    const r = spawnSync(bin, ['equity', ...args, '--threads', '1', '--json'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${bin} equity ${args.join(' ')}: ${r.stderr || r.error}`);
    out = r.stdout;
  }
  return [(performance.now() - start) / times, out];
}

const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];

const o = options(process.argv.slice(2));
const [a, b] = o.bins;
console.log(`A = ${a}, B = ${b}, ${o.reps} rounds`);
for (const [name, args] of WORKLOADS) {
  if (o.only && !o.only.some((w) => name.toLowerCase().includes(w))) continue;
  const [ms, outA] = run(a, args, 1);
  const [, outB] = run(b, args, 1);
  if (outA !== outB) throw new Error(`${name}: the builds disagree`);
  const times = Math.max(1, Math.round(300 / ms));
  const t = { a: [], b: [] };
  for (let round = 0; round < o.reps; round++) {
    for (const side of round % 2 ? ['b', 'a'] : ['a', 'b']) {
      t[side].push(run(side === 'a' ? a : b, args, times)[0]);
    }
  }
  const ratios = t.a.map((x, i) => t.b[i] / x).sort((x, y) => x - y);
  console.log(
    `${name.padEnd(38)} A ${median(t.a).toFixed(1).padStart(7)} ms  B ${median(t.b).toFixed(1).padStart(7)} ms` +
      `  B/A ${median(ratios).toFixed(3)} (${ratios[0].toFixed(3)}–${ratios.at(-1).toFixed(3)})`,
  );
}
