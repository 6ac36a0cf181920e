// What the JS halves of `cargo xtask bench` (bench.mjs, browser.mjs) share:
// the warm-up, and what they print times with: medians, spreads, ratios.

/**
 * Every engine is warmed up for at least this long before it is timed: V8
 * optimises JS, and wasm functions, only once they are hot (a wasm
 * function first runs as its baseline compiler, Liftoff, made it, and
 * switches to TurboFan's code some calls later; a native build is
 * optimised from the start). One warm-up call, as before, left the first
 * rounds partly in baseline code (W1: ~4 ms a call cold in Chromium,
 * ~0.5 ms warm).
 */
export const WARM_MS = 300;

/** Calls of `call` for WARM_MS and at least `least` times; what they returned, in order. */
export async function warmUp(call, least = 1) {
  const start = performance.now();
  const out = [];
  while (performance.now() - start < WARM_MS || out.length < least) out.push(await call());
  return out;
}

/**
 * The JS halves' arguments: `--reps N` (1 to 1000; default 5), `--only
 * WORDS` (workloads whose name contains them, any case), `--all`, and a
 * half's own flags, given by their defaults in `own` (`{instructions:
 * false}` for `--instructions`; a text default takes a value: `{wasm: ''}`
 * for `--wasm PATH`).
 */
export function benchOptions(argv, own = {}) {
  const o = { reps: 5, all: false, only: null, ...own };
  const known = ['--reps N', '--only WORDS', '--all',
    ...Object.entries(own).map(([k, v]) => (typeof v === 'boolean' ? `--${k}` : `--${k} ${k.toUpperCase()}`))];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const key = a.slice(2);
    if (a === '--all') o.all = true;
    else if (a === '--reps') {
      o.reps = Number(argv[++i]);
      if (!Number.isInteger(o.reps) || o.reps < 1 || o.reps > 1000) {
        throw new Error(`--reps: ${JSON.stringify(argv[i])} is not a number from 1 to 1000`);
      }
    } else if (a === '--only') o.only = String(argv[++i] ?? '').toLowerCase();
    else if (a.startsWith('--') && Object.hasOwn(own, key)) {
      o[key] = typeof own[key] === 'boolean' ? true : String(argv[++i] ?? '');
    } else throw new Error(`unknown argument ${JSON.stringify(a)} (${known.join(', ')})`);
  }
  return o;
}

/** The median of a list of times. */
export const median = (t) => [...t].sort((a, b) => a - b)[Math.floor(t.length / 2)];
/** A time in ms for people: `1.52 s`, `3.4 ms`, `46.0 µs`. */
export const show = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : ms >= 1 ? `${ms.toFixed(1)} ms` : `${(ms * 1000).toFixed(1)} µs`);
/** Fastest–slowest of a list of times. */
export const spread = (t) => `${show(Math.min(...t))}–${show(Math.max(...t))}`;
/** Two decimals, or three significant digits below 0.1. */
export const ratioText = (r) => (r >= 0.1 ? r.toFixed(2) : r.toPrecision(3));
/**
 * One engine's times over another's, run by run (both ran in each round, one
 * after the other, so a machine that changes speed between rounds moves
 * both): the median ratio and its range, as `1.72× (1.55–1.90)`.
 */
export const pairedText = (ours, theirs) => {
  const r = ours.map((t, i) => t / theirs[i]).sort((a, b) => a - b);
  return `${ratioText(r[Math.floor(r.length / 2)])}× (${ratioText(r[0])}–${ratioText(r[r.length - 1])})`;
};

/** Where the tables go: `ALLIN_BENCH_DIR` (set by `cargo xtask bench`, which
 * then writes them into docs/performance.md), else target/bench. */
export function benchDir(root) {
  return process.env.ALLIN_BENCH_DIR || `${root.replace(/\/$/, '')}/target/bench`;
}
