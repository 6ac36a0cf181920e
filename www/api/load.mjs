// Loading the wasm engine for the JS API (allin.mjs), in Node (the .wasm
// read from disk next to this module) or in a browser (fetched), with no
// bundler. The glue module is imported under its own URL fragment, so the
// API's instance never meets the one of a page that also uses the engine
// (engine.js), and after a trap a fresh copy gets a fresh instance.
//
// The engine is four wasm modules (core: Hold'em equity, ranges, pot odds;
// the lazy ones of engine-support.js: extra (hand strength, three- and
// five-card and the rest), board (Omaha, Short Deck), mixed (draw, stud)):
// the API loads them all and hands its callers one namespace with every
// export, so they never need to know which is which.

import { EngineError } from './errors.mjs';
import { LAZY_MODULES } from '../engine/engine-support.js';

const WASM_URL = new URL('../pkg/allin_bg.wasm', import.meta.url);
const GLUE_URL = new URL('../pkg/allin.js', import.meta.url);
/** Every module: the core first. */
const MODULES = [{ wasm: WASM_URL, glue: GLUE_URL }, ...Object.values(LAZY_MODULES)];
const TABLE_URL = new URL('../data/preflop-hu.bin', import.meta.url);

const inNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';

/** The bytes of `url`: from disk in Node, fetched in a browser. */
async function readBytes(url) {
  if (inNode && url.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    return readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return new Uint8Array(await response.arrayBuffer());
}

let compiled = null;
let copies = 0;
/** Every glue module's exports over live instances (one namespace, the core's first), or null. */
let current = null;
let loading = null;
let tableBytes = null;
/** The glue modules apart, for their `Job`s: [{glue, games}], the core first. */
let modules = null;

/** Compiles the modules once (later instances reuse them), in MODULES' order. */
function compile() {
  const compileOne = (url) => readBytes(url).then((bytes) => WebAssembly.compile(bytes));
  compiled ??= Promise.all(MODULES.map((m) => compileOne(m.wasm)))
    .catch((err) => {
      compiled = null;
      throw new EngineError(
        `cannot load the engine (${WASM_URL.href}): ${err.message}; ` +
          'build it first with `cargo xtask build`',
        { cause: err },
      );
    });
  return compiled;
}

/** Loads the engine (once; again after a trap). Resolves to every glue module's exports. */
export function load() {
  if (current) return Promise.resolve(current);
  loading ??= (async () => {
    const compiledModules = await compile();
    const copy = ++copies;
    const glues = await Promise.all(
      MODULES.map((m) => {
        const url = new URL(m.glue);
        url.hash = `allin-api-${copy}`;
        return import(url.href);
      }),
    );
    glues.forEach((g, i) => g.initSync({ module: compiledModules[i] }));
    const glue = Object.freeze(Object.assign({}, ...glues.slice(1), glues[0]));
    // Each module's own `Job` opens the games its job_games() names.
    modules = glues.map((g) => ({ glue: g, games: new Set(g.job_games()) }));
    if (tableBytes) glue.load_preflop_table(tableBytes);
    // A few milliseconds of the engine's hot loops, so that the first
    // call's time budget is not spent compiling them.
    glue.warm_up();
    glue.pot_odds(100, 50, 0.5);
    glue.describe_hand('AsKsQsJsTs');
    warmStrength(glue);
    current = glue;
    return glue;
  })().finally(() => {
    loading = null;
  });
  return loading;
}

/** The same for the strength engine (ehs): a few sampled deals and an exact chunk. */
function warmStrength(glue) {
  if (typeof glue.StrengthJob !== 'function') return;
  for (const [players, method] of [[['AdQc', 'random', 'random', 'random'], 'auto'], [['AdQc', 'random'], 'exact']]) {
    const job = new glue.StrengthJob(players, 0, '3h4cJh', '', method);
    try {
      job.summary(job.exact ? job.run_strided(0, 64) : job.run_trials(1, 0, 500));
      void [job.why_sampled, job.cost, job.total_units()]; // (the first call of each is slow)
    } finally {
      job.free();
    }
  }
}

/** The loaded glue module; throws if `init()` has not finished. */
export function wasm() {
  if (!current) throw new EngineError('the engine is not loaded: await init() first');
  return current;
}

/**
 * The glue modules whose `Job` may open `game`, to try in turn: the one
 * whose `job_games()` names it (the core module when no game is given);
 * for a name as typed otherwise (`'Omaha'`, `' holdem'`: the engine reads
 * names, not this file) all, the core first, each refusing the others'
 * games with an error for `game`.
 */
export function jobModules(game) {
  wasm();
  if (game === undefined) return [modules[0].glue];
  const owner = modules.find((m) => m.games.has(game));
  return owner ? [owner.glue] : modules.map((m) => m.glue);
}

/** After a trap: the instance is never used again (the next init() makes a new one). */
export function poisoned() {
  current = null;
}

/**
 * Loads the heads-up preflop table (564 KB, once) into the instance.
 * Returns false if it cannot be read (jobs then run without it: slower,
 * never wrong).
 */
export async function loadTable() {
  if (!tableBytes) {
    try {
      tableBytes = new Uint8Array(await readBytes(TABLE_URL));
    } catch {
      return false;
    }
  }
  const glue = wasm();
  if (!glue.preflop_table_loaded()) glue.load_preflop_table(tableBytes);
  return true;
}
