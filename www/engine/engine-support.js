// What engine.js builds on and nothing else needs: where the glue modules
// and the wasm files are, a glue module's spare copy, compiling the wasm,
// text for the engine, the empty range answer, a job's handle, the worker
// count. A leaf: it imports nothing of the page.

/** The core's glue module. */
export const GLUE_URL = new URL('../pkg/allin.js', import.meta.url);

/**
 * The modules loaded when first needed (the catalogue's `module` of a game,
 * or 'allin_extra' for the Hold'em panels): each one's glue and wasm.
 * (xtask/src/wasm.rs builds them; tests/it/catalogue_js.rs checks the names.)
 */
export const LAZY_MODULES = Object.freeze({
  allin_extra: Object.freeze({
    glue: new URL('../pkg/allin_extra.js', import.meta.url),
    wasm: new URL('../pkg/allin_extra_bg.wasm', import.meta.url),
  }),
  allin_board: Object.freeze({
    glue: new URL('../pkg/allin_board.js', import.meta.url),
    wasm: new URL('../pkg/allin_board_bg.wasm', import.meta.url),
  }),
  allin_mixed: Object.freeze({
    glue: new URL('../pkg/allin_mixed.js', import.meta.url),
    wasm: new URL('../pkg/allin_mixed_bg.wasm', import.meta.url),
  }),
});

/**
 * Copy `n` of a glue module: the same file under the fragment
 * `#instance-n`, so a separate module (with its own instance slot) that
 * fetches, and is cached, as the file itself.
 */
export function importGlue(n, base = GLUE_URL) {
  const url = new URL(base);
  url.hash = `instance-${n}`;
  return import(url.href);
}

/** One namespace for main-thread calls: the core's exports over the loaded lazy modules' (glue namespaces). */
export function merged(core, lazy = []) {
  return lazy.length ? Object.freeze(Object.assign({}, ...lazy, core)) : core;
}

export async function compile(url) {
  if (typeof WebAssembly.compileStreaming === 'function') {
    try {
      return await WebAssembly.compileStreaming(fetch(url));
    } catch (err) {
      // Hosts that send .wasm with the wrong MIME type: compile the bytes.
      if (!(err instanceof TypeError)) throw err;
    }
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status}`);
  return WebAssembly.compile(await response.arrayBuffer());
}

/** Text for the engine: strings as they are, nothing as empty, anything else as its text. */
export function text(value) {
  return typeof value === 'string' ? value : String(value ?? '');
}

/** What parseRange and friends answer when the engine throws (it should not), on a grid of `cells`. */
export function emptyRange(message, cells = 169) {
  return {
    ok: false,
    text: '',
    combos: 0,
    weighted: 0,
    percent: 0,
    fill: new Array(cells).fill(0),
    counts: new Array(cells).fill(0),
    error: { message, position: null },
  };
}

/**
 * The handle of a compute or heatmap job: `cancel()` marks it no longer
 * `live` and cancels its run (set once the job has one).
 */
export function jobHandle(id) {
  const handle = {
    id,
    live: true,
    run: null,
    done: null,
    cancel: () => {
      handle.live = false;
      handle.run?.cancel();
    },
  };
  return handle;
}


/** Workers for a device: one core stays with the page. */
export function defaultWorkerCount() {
  const cores = globalThis.navigator?.hardwareConcurrency ?? 2;
  return Math.max(1, cores - 1);
}

/** Engine.check()'s answer when the engine could not check: no cards, `message` as the error. */
export function notChecked(players, tableLoaded, message) {
  return {
    players: players.map(() => ({ cards: [] })),
    board: { cards: [] },
    dead: { cards: [] },
    error: { field: null, message },
    method: null,
    whySampled: null,
    boards: 0,
    cost: '0',
    ranges: false,
    tableFits: false,
    tableLoaded,
  };
}

/**
 * An update's `estimate` is null until its error means something (enough
 * chunks or trials): the UI then says "Working…", never a bare number.
 * @typedef {{players: string[], board: string, dead: string, method?: string}} Scenario
 * @typedef {{
 *   id: number, status: 'running' | 'done' | 'error',
 *   waiting?: 'table' | 'engine',
 *   exact: boolean, method: 'exact' | 'monte-carlo' | null,
 *   whySampled?: string | null,
 *   labels: string[],
 *   estimate: any | null,
 *   progress: {fraction: number, work: number, totalWork: number,
 *              showdowns: number, elapsedMs: number, perSecond: number} | null,
 *   error: {field: string | null, message: string} | null,
 * }} Update
 */
