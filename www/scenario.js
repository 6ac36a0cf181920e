// The scenario (players' cards, board, dead cards) and its URL fragment.
// DOM-free: the page and the tests (node --test) use the same functions.
//
//   #p1=AhKh&p2=QsQd&board=2h7hTc&dead=
//
// Values are URL-encoded text exactly as typed (the engine parses them);
// p1…p10, a missing one means empty, at least two players. `method=mc`
// (Monte Carlo) or `method=exact` is kept when present; the default is
// `auto` (exact whenever it is affordable).

/** Fewest and most players at a table. */
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 10;

/**
 * @typedef {{players: string[], board: string, dead: string,
 *            method: 'auto' | 'exact' | 'monte-carlo'}} Scenario
 */

/** What the page opens on. */
export const DEFAULT_SCENARIO = Object.freeze({
  players: Object.freeze(['AhKh', 'QsQd']),
  board: '',
  dead: '',
  method: 'auto',
});

const METHODS = { mc: 'monte-carlo', 'monte-carlo': 'monte-carlo', exact: 'exact', auto: 'auto' };
const METHOD_PARAMS = { 'monte-carlo': 'mc', exact: 'exact' };

/** A fresh, mutable copy of `scenario`. */
export function cloneScenario(scenario) {
  return {
    players: [...scenario.players],
    board: scenario.board,
    dead: scenario.dead,
    method: scenario.method ?? 'auto',
  };
}

/**
 * Reads a scenario from a URL fragment (`location.hash`, with or without
 * the `#`). A fragment with none of our keys gives the default scenario.
 * @param {string} hash
 * @returns {Scenario}
 */
export function parseFragment(hash) {
  const params = new URLSearchParams(String(hash ?? '').replace(/^#/, ''));
  let highest = 0;
  let any = false;
  for (const key of params.keys()) {
    const m = /^p([1-9]\d*)$/.exec(key);
    if (m && Number(m[1]) <= MAX_PLAYERS) {
      highest = Math.max(highest, Number(m[1]));
      any = true;
    } else if (key === 'board' || key === 'dead' || key === 'method') {
      any = true;
    }
  }
  if (!any) return cloneScenario(DEFAULT_SCENARIO);
  const count = Math.max(MIN_PLAYERS, highest);
  const players = [];
  for (let i = 1; i <= count; i++) players.push(params.get(`p${i}`) ?? '');
  return {
    players,
    board: params.get('board') ?? '',
    dead: params.get('dead') ?? '',
    method: METHODS[params.get('method') ?? 'auto'] ?? 'auto',
  };
}

/**
 * The fragment (without `#`) for a scenario: `p1=AhKh&p2=QsQd&board=&dead=`.
 * @param {Scenario} scenario
 */
export function toFragment(scenario) {
  const params = new URLSearchParams();
  scenario.players.forEach((text, i) => params.set(`p${i + 1}`, text));
  params.set('board', scenario.board);
  params.set('dead', scenario.dead);
  const method = METHOD_PARAMS[scenario.method];
  if (method) params.set('method', method);
  return params.toString();
}

/** Two scenarios ask for the same computation (same text everywhere). */
export function sameScenario(a, b) {
  return toFragment(a) === toFragment(b);
}
