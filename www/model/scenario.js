// The scenario (players' cards or ranges, board, dead cards) and its URL
// fragment. DOM-free: the page and the tests (node --test) use the same
// functions.
//
//   #p1=AhKh&p2=QsQd&board=2h7hTc&dead=
//   #p1=QQ%2B%2C+AKs&p2=10%25&board=&dead=&heat=1&vs=3
//
// Values are URL-encoded text exactly as typed (the engine parses them: two
// cards are a hand, anything else a range); p1…p10, a missing one means
// empty, at least two players. `method=mc` (Monte Carlo) or `method=exact`
// is kept when present; the default is `auto` (exact whenever it is
// affordable). The grid's view is shareable too: `heat=N` shows player N's
// heatmap, `vs=K` colours the grid by equity against K random hands (1 to
// 9, default 1); defaults are left out. The pot-odds panel's amounts are
// kept as typed, `pot=100&call=50` (the engine reads them: `1 000`, `2,5`;
// anything else is its error to show), left out when empty, and at most
// MAX_AMOUNT_TEXT characters. A link that gives a key twice or
// names a player past p10 is not read silently: the scenario's `problem`
// says so, and the page shows it as the error to fix.

import { GAME_KEYS, gameFields, hasBoard, readGame, writeGame } from './game.js';
import { DEFAULT_TARGET_ERROR, TARGET_ERRORS } from './run-policy.js';

/** Fewest and most players at a table. */
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 10;
/** Random opponents the grid's colours can be measured against. */
export const MAX_VS = 9;
/** Longest pot or call text a link keeps (longer is cut: no amount is that long). */
export const MAX_AMOUNT_TEXT = 32;

/**
 * @typedef {{players: string[], board: string, dead: string,
 *            method: 'auto' | 'exact' | 'monte-carlo',
 *            heat: number | null, vs: number, problem?: string | null,
 *            pot?: string, call?: string}} Scenario
 * `heat`: the player (1-based) whose heatmap the grid shows, or null;
 * `vs`: random opponents for the grid's colours when no heatmap is shown;
 * `problem`: what is wrong with the link itself (a key given twice, too
 * many players); absent when nothing is. `pot`, `call`: the pot-odds
 * panel's amounts as typed; absent when empty. `error`: the target error
 * a sampled job stops at (percentage points, one of the run policy's
 * TARGET_ERRORS); absent for the default, DEFAULT_TARGET_ERROR.
 */

/** What the page opens on. */
export const DEFAULT_SCENARIO = Object.freeze({
  players: Object.freeze(['AhKh', 'QsQd']),
  board: '',
  dead: '',
  method: 'auto',
  heat: null,
  vs: 1,
});

// Maps, not plain objects: a key such as `__proto__`, `constructor` or
// `toString` must not find Object.prototype's members (issue 11, finding 3).
const METHODS = new Map([
  ['mc', 'monte-carlo'],
  ['monte-carlo', 'monte-carlo'],
  ['exact', 'exact'],
  ['auto', 'auto'],
]);
const METHOD_PARAMS = new Map([
  ['monte-carlo', 'mc'],
  ['exact', 'exact'],
]);

/**
 * The method a URL value or an attribute names (`mc`, `monte-carlo`,
 * `exact`, `auto`); anything else is `auto`, as other unreadable values of
 * the fragment fall back to their defaults.
 * @returns {'auto' | 'exact' | 'monte-carlo'}
 */
export function methodOf(text) {
  return (typeof text === 'string' && METHODS.get(text)) || 'auto';
}

/** `{error}` of `scenario` when it is one of the run policy's and not the default; else `{}`. */
function targetError(value) {
  const e = typeof value === 'string' ? Number(value) : value;
  return TARGET_ERRORS.includes(e) && e !== DEFAULT_TARGET_ERROR ? { error: e } : {};
}

/** Pot or call text as kept: a string, at most MAX_AMOUNT_TEXT characters; '' for anything else. */
export function amountText(value) {
  return typeof value === 'string' ? [...value].slice(0, MAX_AMOUNT_TEXT).join('') : '';
}

/** `{pot, call}` of `scenario`, each only when not empty. */
function amounts(scenario) {
  const pot = amountText(scenario?.pot);
  const call = amountText(scenario?.call);
  return { ...(pot ? { pot } : {}), ...(call ? { call } : {}) };
}

/** A fresh, mutable copy of `scenario`. */
export function cloneScenario(scenario) {
  return {
    players: [...scenario.players],
    board: scenario.board,
    dead: scenario.dead,
    method: methodOf(scenario.method),
    heat: scenario.heat ?? null,
    vs: scenario.vs ?? 1,
    ...gameFields(scenario),
    ...(scenario.problem ? { problem: scenario.problem } : {}),
    ...amounts(scenario),
    ...targetError(scenario.error),
  };
}

/** A whole number from `text` if it is one, in `lo…hi`; else null. */
function intIn(text, lo, hi) {
  if (text === null || !/^\d{1,2}$/.test(text)) return null;
  const n = Number(text);
  return n >= lo && n <= hi ? n : null;
}

/**
 * A `+` in a query string stands for a space, but people write links by
 * hand (`#p2=QQ+,AKs`), and chat apps and blogs keep them as typed. So a
 * raw `+` after some text that ends a value or comes right before `,` `@`
 * `:` (where range text has its `+`: `QQ+`, `A2s+,`, `KTo+@50`) stays a `+`; any other (`Ah+Kh`,
 * `%2C+AKs`: a space written the old way) is a space. toFragment never
 * writes a raw `+` (spaces are `%20`, pluses `%2B`), so its links round-trip.
 * @param {string} query
 */
function literalPluses(query) {
  return query.replace(/(?<![=&,+])\+(?=$|[&,@:])/g, '%2B');
}

/**
 * Reads a scenario from a URL fragment (`location.hash`, with or without
 * the `#`). A fragment with none of our keys gives the default scenario.
 * @param {string} hash
 * @returns {Scenario}
 */
export function parseFragment(hash) {
  const params = new URLSearchParams(literalPluses(String(hash ?? '').replace(/^#/, '')));
  let highest = 0;
  /** The first player key past the table (`p12`), as written. */
  let beyond = null;
  let any = false;
  const seen = new Set();
  let twice = null;
  for (const key of params.keys()) {
    const m = /^p([1-9]\d*)$/.exec(key);
    const ours = m || ['board', 'dead', 'method', 'heat', 'vs', 'pot', 'call', 'error', ...GAME_KEYS].includes(key);
    if (ours && seen.has(key)) twice ??= key;
    if (ours) seen.add(key);
    if (m && Number(m[1]) <= MAX_PLAYERS) {
      highest = Math.max(highest, Number(m[1]));
      any = true;
    } else if (m) {
      beyond ??= key.length > 12 ? `${key.slice(0, 12)}…` : key;
      any = true;
    } else if (ours) {
      any = true;
    }
  }
  const game = readGame(params);
  let problem = null;
  if (beyond) problem = `${beyond} in the link: a table seats at most ${MAX_PLAYERS} players (p1 to p${MAX_PLAYERS})`;
  else if (twice) problem = `${twice} is given twice in the link; give it once`;
  else if (game.problem) problem = game.problem;
  if (!any) return cloneScenario(DEFAULT_SCENARIO);
  const count = Math.max(MIN_PLAYERS, highest);
  const players = [];
  for (let i = 1; i <= count; i++) players.push(params.get(`p${i}`) ?? '');
  return {
    players,
    board: params.get('board') ?? '',
    dead: params.get('dead') ?? '',
    method: methodOf(params.get('method')),
    heat: intIn(params.get('heat'), 1, count),
    vs: intIn(params.get('vs'), 1, MAX_VS) ?? 1,
    ...game.fields,
    ...(problem ? { problem } : {}),
    ...amounts({ pot: params.get('pot'), call: params.get('call') }),
    ...targetError(params.get('error')),
  };
}

/**
 * The fragment (without `#`) for a scenario: `p1=AhKh&p2=QsQd&board=&dead=`.
 * @param {Scenario} scenario
 */
export function toFragment(scenario) {
  const params = new URLSearchParams();
  writeGame(params, scenario);
  scenario.players.forEach((text, i) => params.set(`p${i + 1}`, text));
  // Hold'em links always name both fields; the other games have no board
  // (a hand-written one is kept, to be shown and cleared) and name dead
  // cards only when there are some.
  if (hasBoard(scenario) || scenario.board) params.set('board', scenario.board);
  if (hasBoard(scenario) || scenario.dead) params.set('dead', scenario.dead);
  const method = METHOD_PARAMS.get(scenario.method);
  if (method) params.set('method', method);
  const { error } = targetError(scenario.error);
  if (error !== undefined) params.set('error', String(error));
  if (scenario.heat) params.set('heat', String(scenario.heat));
  if (scenario.vs && scenario.vs !== 1) params.set('vs', String(scenario.vs));
  const { pot, call } = amounts(scenario);
  if (pot) params.set('pot', pot);
  if (call) params.set('call', call);
  // URLSearchParams writes a space as `+`: `%20` instead (see literalPluses).
  return params.toString().replaceAll('+', '%20');
}

/** Two scenarios ask for the same computation (same text everywhere; the grid's view and the pot odds aside). */
export function sameScenario(a, b) {
  const computed = (s) => toFragment({ ...s, heat: null, vs: 1, pot: '', call: '' });
  return computed(a) === computed(b) && (a.problem ?? null) === (b.problem ?? null);
}
