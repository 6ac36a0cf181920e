// The worker protocol, written once: what the page (worker-pool.js, on
// behalf of engine.js) and an engine worker (engine-worker.js) say to each
// other. Messages are structured clones; tallies travel as transferable
// Float64Arrays. DOM-free, no imports: both sides import this module.
//
// Every request is `{id, op, ...args}` (`id` unique per pool, set by the
// pool); the worker answers each request once, in order:
//   {id, ok: true, result}                       a Reply of the op, or
//   {id, ok: false, error, fatal, field?}        an ErrorReply.
// A fatal error (a wasm trap, or any error in `init`, `chunks` or
// `trials`) means the worker is no longer trusted: the pool replaces it
// and the request runs again elsewhere. A non-fatal one is an answer (an
// input error, e.g. a heatmap class that cannot be dealt): `field` says
// which input it is about, as in the engine's errors.
//
// The preflop table travels once per worker (a `table` request before
// the first request that needs it); a job is opened once per worker
// (`open`) and then worked on in `chunks` (exact) or `trials` (Monte
// Carlo) by the scheduler (scheduler.js).

/** The ops a worker answers. */
export const OP = Object.freeze({
  /** Instantiate the module and warm up: InitRequest -> InitReply. */
  init: 'init',
  /** Load the heads-up preflop table: TableRequest -> TableReply. */
  table: 'table',
  /** Open a job (one at a time per worker): OpenRequest -> OpenReply. */
  open: 'open',
  /** Exact work: chunks of the open job's units: ChunksRequest -> CountsReply. */
  chunks: 'chunks',
  /** Monte Carlo work: chunks of the open job's trials: TrialsRequest -> CountsReply. */
  trials: 'trials',
  /** One whole small job (a heatmap cell), the open job left alone: CellRequest -> CellReply. */
  cell: 'cell',
  /** One chunk of a categories/outs detail (detail-job.js): DetailRequest -> CountsReply. */
  detail: 'detail',
  /** One piece of a hand-strength job, opened and run whole, the open job left alone: StrengthRequest -> StrengthReply. */
  strength: 'strength',
  /** One row of the three-card win-rate table (three-card-job.js): ThreeCardRowRequest -> ThreeCardRowReply. */
  threeCardRow: 'threeCardRow',
  /** A step of a row's count of every deal, kept in the worker between steps: ThreeCardCountRequest -> ThreeCardCountReply. */
  threeCardCount: 'threeCardCount',
  /** Tests only: die as a crashed worker does (never answers). */
  crash: 'crash',
});

/** Ops whose requests carry `items` and whose replies carry `ms`: they teach the pool's watchdog. */
export const MEASURED_OPS = Object.freeze([OP.chunks, OP.trials]);

/** Ops any error of which is fatal (their input was validated before: see the header). */
export const FATAL_OPS = Object.freeze([OP.init, OP.chunks, OP.trials]);

/**
 * @typedef {{id: number, op: 'init', module: WebAssembly.Module}} InitRequest
 * @typedef {{warmUpMs: number}} InitReply
 *
 * @typedef {{id: number, op: 'table', bytes: ArrayBuffer}} TableRequest
 *   (a copy of the bytes per worker)
 * @typedef {{matchups: number, ms: number}} TableReply
 *
 * @typedef {{id: number, op: 'open', job: number, game?: string, players: string[],
 *   board: string, dead: string, rules?: string, deck?: string, removal?: boolean,
 *   method: 'auto' | 'exact' | 'monte-carlo', table: boolean, module?: string,
 *   compiled?: WebAssembly.Module | null}} OpenRequest
 *   the engine's job spec (game.js's jobSpec: `new Job(spec)` reads only
 *   its own keys) with `job`, the scheduler's job id; `module` the wasm
 *   module whose Job opens the game (the catalogue's; absent: the core),
 *   `compiled` that module as the page compiled it (a lazy module's; the
 *   worker instantiates it rather than fetch and compile its own; detail,
 *   strength and the three-card rows carry the extra module's the same way);
 *   `table: true`
 *   requires the worker to have the preflop table, so its units match the
 *   page's plan. No `game`: the engine's default (Hold'em).
 * @typedef {{players: number, exact: boolean, totalUnits: number, chunks: number, usesTable: boolean}} OpenReply
 *
 * @typedef {{id: number, op: 'chunks', job: number, items: number[], stride: number,
 *   fault?: string}} ChunksRequest
 * @typedef {{id: number, op: 'trials', job: number, items: number[], seed: number,
 *   trials: number, fault?: string}} TrialsRequest
 *   `fault` (tests only, honoured in a worker named for faults): see engine-worker.js.
 * @typedef {{counts: Float64Array, ms: number}} CountsReply
 *   the tallies of the items (transferred) and the engine's time for them
 *
 * @typedef {{id: number, op: 'cell', players: string[], board: string, dead: string,
 *   player: number, exactCost: number, trials: number, seed: number}} CellRequest
 *   exact when it costs at most `exactCost`, else `trials` random deals;
 *   `player` (0-based) is the one whose equity is answered
 * @typedef {{equity: number, stdError: number, exact: boolean, showdowns: number,
 *   ms: number}} CellReply
 *
 * @typedef {{id: number, op: 'detail', players: string[], board: string, dead: string,
 *   exact: boolean, item: number, stride: number, seed: number, trials: number}} DetailRequest
 *   exact: strided chunk `item` of `stride`; else Monte Carlo chunk `item`
 *   of `trials` deals seeded `seed`. Answers that chunk's flat detail
 *   counts (a CountsReply); the open job is left alone.
 * @typedef {{id: number, op: 'strength', players: string[], hero: number, board: string,
 *   dead: string, method: 'auto' | 'exact' | 'monte-carlo', first?: number, stride?: number,
 *   seed?: number, chunk?: number, trials?: number}} StrengthRequest
 *   units first, first + stride, … of an exact job, or `trials` sampled
 *   deals of chunk `chunk` (seed `seed`) of a sampled one (strength-job.js)
 * @typedef {{counts: string[], exact: boolean, ms: number}} StrengthReply
 *   21 decimal counts (src/wasm/strength.rs)
 *
 * @typedef {{id: number, op: 'threeCardRow', players: string[], dead: string, rules: string,
 *   deck: 'full' | 'short', removal: boolean, trials: number, seed: number}} ThreeCardRowRequest
 *   the hero (players[0]) against the others, whole: exact when the engine
 *   would be, else `trials` deals; the open job is left alone
 * @typedef {{win: number, tie: number, equity: number, stdError: number, exact: boolean,
 *   showdowns: number, hands: number, ms: number}} ThreeCardRowReply
 *
 * @typedef {{id: number, op: 'threeCardCount', key: number, players: string[], dead: string,
 *   rules: string, deck: 'full' | 'short', removal: boolean, budget: number}} ThreeCardCountRequest
 *   a step of about `budget` states of the count `key` (a new key starts a
 *   new count, dropping the worker's last one); an error with field
 *   `count` means this count does not apply or would take too long
 * @typedef {{done: boolean, progress: number, ms: number, result?: {win: number, tie: number,
 *   equity: number, exact: true, deals: string, wins: string, ties: string}}} ThreeCardCountReply
 *
 * A CountsReply's counts are the job's `counts_width` per chunk (a tally,
 * or wider: Omaha's pot counts), the first 2^players of them its showdowns.
 *
 * @typedef {{id: number, op: 'crash'}} CrashRequest
 *
 * @typedef {InitRequest | TableRequest | OpenRequest | ChunksRequest | TrialsRequest |
 *   CellRequest | DetailRequest | StrengthRequest | CrashRequest} Request
 * @typedef {{id: number, ok: true, result: InitReply | TableReply | OpenReply |
 *   CountsReply | CellReply | StrengthReply}} OkReply
 * @typedef {{id: number, ok: false, error: string, fatal?: boolean,
 *   field?: string | null}} ErrorReply
 *   `error` is the message; `fatal` as in the header (an unknown op's reply
 *   has none: not fatal); `field` the input the error is about, when the
 *   engine says (e.g. 'board', 'p2').
 * @typedef {OkReply | ErrorReply} Reply
 */
