// cargo xtask bench, last table: the same Rust loops natively and in wasm,
// with nothing between (peers/floor: a plain wasm module exporting
// `floor_run(i)`, loaded without wasm-bindgen's glue, called once a run;
// the native `allin-floor` binary runs the same function). The first row
// is the evaluator in plain nested loops (~15 instructions a hand
// natively: key sums and two table loads), so its ratio is the least V8
// adds to this code; the others are exact jobs opened and run whole, the
// engine alone (the browser table's rows add the JS API's own costs).
//
// Rounds are interleaved (every engine once a round, the first rotating);
// ratios are taken round by round, the median and range shown. A run is
// as many calls as fill 20 ms after 300 ms of warm-up in every engine (V8
// optimises a wasm function only once it is hot). Checksums of the answers
// must agree. With `--instructions` (and valgrind installed) it also
// counts instructions under callgrind: natively, and in Node with
// `--no-liftoff --single-threaded` (the difference of a few calls and
// more, so that start-up and compiling drop out).
//
//   cargo xtask bench                  (builds both, runs this last)
//   node peers/js/floor.mjs [--reps N] [--only WORDS] [--instructions] [--wasm PATH]
//        (after `cargo build --release -p allin-floor` and
//        `cargo build --release -p allin-floor --lib --target wasm32-unknown-unknown`)
//
// Chromium is Debian's `chromium` through npm `playwright-core`, as in
// browser.mjs (its column is left out without it). Prints a Markdown table
// and writes it with a JSON copy to target/bench/floor.{md,json}.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDir, benchOptions, median, pairedText, show, spread, warmUp } from './report.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NATIVE = join(ROOT, 'target', 'release', 'allin-floor');
/** The module as cargo builds it (`--wasm PATH`: another copy, e.g. the one `cargo xtask bench` optimised). */
const BUILT = join(ROOT, 'target', 'wasm32-unknown-unknown', 'release', 'allin_floor.wasm');
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];
/** The workloads of peers/floor/src/lib.rs (`WORKLOADS`), by index. */
const WORKLOADS = [
  'evaluator: all 133,784,560 7-card hands, nested loops',
  'W1: AhKh v QsQd preflop, exact',
  'W3: AhAd v KsKc v QhQd preflop, exact',
  '6 players preflop, exact',
  'QQ+ v TT+ v 99+ on Kh7d2c, exact',
];
const MIN_RUN_MS = 20;
/** Calls a run, from a warm call's time: at least MIN_RUN_MS, 1 to 1000. */
const callsFor = (ms) => Math.min(1000, Math.max(1, Math.ceil(MIN_RUN_MS / Math.max(ms, 1e-3))));

/**
 * Instantiates the module's bytes; its only imports are wasm-bindgen's
 * (module `__wbindgen_placeholder__`), never called. Self-contained: it
 * also runs in the page and in callgrind's Node, as source.
 */
async function instantiate(bytes) {
  const module = await WebAssembly.compile(bytes);
  const imports = {};
  for (const i of WebAssembly.Module.imports(module)) {
    imports[i.module] ??= {};
    imports[i.module][i.name] = () => {
      throw new Error(`allin-floor called its import ${i.module}.${i.name}`);
    };
  }
  return (await WebAssembly.instantiate(module, imports)).exports;
}

/** `calls` calls of workload `i` in an instance: {ms a call, checksum}. Self-contained, as `instantiate`. */
function timed(exports, i, calls) {
  const t = performance.now();
  let checksum = 0n;
  for (let k = 0; k < calls; k++) checksum = exports.floor_run(i);
  return { ms: (performance.now() - t) / calls, checksum: BigInt.asUintN(64, checksum).toString() };
}

function inNative(i, calls) {
  const doc = JSON.parse(execFileSync(NATIVE, [String(i), String(calls)], { encoding: 'utf8' }));
  return { ms: doc.ms, checksum: doc.checksum };
}

/** Instructions of one call of workload `i`: natively, and in Node's TurboFan code. */
function instructions(i, wasmPath) {
  const count = (cmd, args) => {
    const out = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', cmd, ...args],
      { encoding: 'utf8' });
    const m = /Collected : (\d+)/.exec(out.stderr);
    if (!m) throw new Error(`callgrind of ${cmd} failed: ${out.stderr.slice(-300)}`);
    return Number(m[1]);
  };
  // Calls counted: the difference of `lo` and `lo + more` calls, over
  // `more` (the first calls compile V8's code and fill caches).
  const [lo, more] = i === 0 ? [1, 1] : [3, 20];
  const native = (count(NATIVE, [String(i), String(lo + more), '--cold']) - count(NATIVE, [String(i), String(lo), '--cold'])) / more;
  const script = `(async () => {
      const exports = await (${instantiate})(require('node:fs').readFileSync(${JSON.stringify(wasmPath)}));
      (${timed})(exports, ${i}, Number(process.argv[1]));
    })();`;
  const node = (n) => count(process.execPath, ['--no-liftoff', '--single-threaded', '-e', script, String(n)]);
  const wasm = (node(lo + more) - node(lo)) / more;
  return { native, wasm };
}

async function main() {
  const o = benchOptions(process.argv.slice(2), { instructions: false, wasm: BUILT });
  for (const [what, path] of [['allin-floor', NATIVE], ['the wasm module', o.wasm]]) {
    if (!existsSync(path)) throw new Error(`${what} is not built (${path}): see the top of peers/js/floor.mjs`);
  }
  const bytes = readFileSync(o.wasm);
  const node = await instantiate(bytes);
  const chromium = spawnSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).stdout.trim();
  let browser = null;
  let page = null;
  if (chromium) {
    const { createRequire } = await import('node:module');
    const { chromium: launcher } = createRequire(join(ROOT, 'peers', 'js', 'package.json'))('playwright-core');
    browser = await launcher.launch({ executablePath: chromium, args: FLAGS });
    page = await browser.newPage();
    await page.evaluate(`(async () => {
      const bytes = Uint8Array.from(atob('${bytes.toString('base64')}'), (c) => c.charCodeAt(0));
      window.floor = await (${instantiate})(bytes);
    })()`);
  } else {
    console.log('floor: no `chromium` on PATH: the Chromium column is left out');
  }
  const inChromium = (i, calls) => page.evaluate(`(${timed})(window.floor, ${i}, ${calls})`);

  const rows = [];
  for (const [i, name] of WORKLOADS.entries()) {
    if (o.only && !name.toLowerCase().includes(o.only)) continue;
    // Warm-up: each wasm engine for WARM_MS (report.mjs); its calls a run from the
    // median of its last five warm calls.
    const warmCalls = async (call) => callsFor(median((await warmUp(call, 5)).slice(-5).map((r) => r.ms)));
    const nodeCalls = await warmCalls(() => timed(node, i, 1));
    const chromiumCalls = page ? await warmCalls(() => inChromium(i, 1)) : 0;
    const nativeCalls = callsFor(inNative(i, 1).ms);
    const engines = [
      ['native', () => inNative(i, nativeCalls)],
      ['Node', async () => timed(node, i, nodeCalls)],
      ...(page ? [['Chromium', () => inChromium(i, chromiumCalls)]] : []),
    ];
    const times = Object.fromEntries(engines.map(([e]) => [e, []]));
    const sums = new Set();
    for (let r = 0; r < o.reps; r++) {
      for (let k = 0; k < engines.length; k++) {
        const [engine, run] = engines[(k + r) % engines.length];
        const s = await run();
        times[engine].push(s.ms);
        sums.add(s.checksum);
      }
    }
    if (sums.size !== 1) throw new Error(`${name}: the builds disagree (checksums ${[...sums].join(', ')})`);
    const row = { name, times, checksum: [...sums][0] };
    if (o.instructions) row.instructions = instructions(i, o.wasm);
    rows.push(row);
    console.log(`floor: ${name}: done`);
  }
  await browser?.close();

  const cols = ['Chromium', 'Node', 'native'].filter((e) => rows[0]?.times[e]);
  const head = ['workload', ...cols.map((e) => (e === 'native' ? 'native' : `${e} (wasm)`)),
    ...cols.filter((e) => e !== 'native').map((e) => `${e} / native`),
    ...(o.instructions ? ['instructions: wasm (V8) / native'] : []), 'checked'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const row of rows) {
    const t = row.times;
    const cells = [row.name, ...cols.map((e) => `${show(median(t[e]))} (${spread(t[e])})`),
      ...cols.filter((e) => e !== 'native').map((e) => pairedText(t[e], t.native))];
    if (o.instructions) {
      const { wasm, native } = row.instructions;
      const fmt = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)} M` : `${(n / 1e3).toFixed(1)} k`);
      cells.push(`${fmt(wasm)} / ${fmt(native)} = ${(wasm / native).toFixed(2)}×`);
    }
    cells.push(`checksums equal, ${o.reps} runs each`);
    lines.push(`| ${cells.join(' | ')} |`);
  }
  const table = lines.join('\n');
  console.log(`\nThe same Rust code natively and in wasm, no JS API between (${new Date().toISOString().slice(0, 10)}):\n`);
  console.log(table);
  const out = benchDir(ROOT);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'floor.md'), `${table}\n`);
  writeFileSync(join(out, 'floor.json'), `${JSON.stringify(rows, null, 2)}\n`);
}

main().catch((err) => {
  console.error(`floor: ${err.message}`);
  process.exit(1);
});
