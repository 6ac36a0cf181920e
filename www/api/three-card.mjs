// threeCard of the JS API (allin.mjs): the exact win-rate table (the
// engine's ThreeCardCount: every deal counted, a step at a time) and 004's
// opponent-strength model (three_card_strength). The rules, the counts and
// the model are the engine's; this file carries values across, steps the
// counts and watches the clock.

import { budgetOption, checkOptions, equity, wholeOption } from './equity.mjs';
import { InputError, engineCall } from './errors.mjs';
import { jobModules, poisoned } from './load.mjs';

/** Most opponents of a table (the page's and the Python package's). */
export const TABLE_MAX_OPPONENTS = 5;
/** States a step of a count (~10 ms), between looks at the clock. */
const STEP_STATES = 10_000;

const extra = () => jobModules('three-card')[0];
const now = () => performance.now();

function text(value, field, what, fallback) {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string') throw new InputError(`${what}: expected text, got ${typeof value}`, { field });
  return value;
}

/**
 * Counts one row exactly: `{done: true, result}`, or `{done: false, why}`
 * when the engine says the count does not apply or would take too long
 * (its field `count`), or when the deadline passes first.
 */
function countRow(players, dead, rules, deck, removal, deadline) {
  let count;
  try {
    count = new (extra().ThreeCardCount)(players, dead, rules, deck, removal);
  } catch (err) {
    if (err?.field === 'count') return { done: false, why: err.message };
    return engineCall(() => {
      throw err;
    }, 'players', poisoned);
  }
  try {
    for (;;) {
      if (engineCall(() => count.step(STEP_STATES), 'count', poisoned)) return { done: true, result: count.result };
      if (now() >= deadline) return { done: false, why: 'the time budget ran out while every deal was counted' };
    }
  } catch (err) {
    if (err?.field === 'count') return { done: false, why: err.message };
    throw err;
  } finally {
    count.free();
  }
}

/**
 * The hero's win, tie and equity against 1 to `opponents` opponents each
 * holding `opponent` (see allin.mjs's threeCard.table).
 */
export async function table(hero, opponent, options = {}) {
  checkOptions(options ?? {}, ['rules', 'deck', 'removal', 'opponents', 'dead', 'seed', 'timeBudgetMs']);
  const o = options ?? {};
  const heroText = text(hero, 'hero', 'the hero', undefined);
  if (heroText === undefined) throw new InputError('the hero: expected text, got undefined', { field: 'hero' });
  const opponentText = text(opponent, 'opponent', 'the opponent', 'random');
  const rules = text(o.rules, 'rules', 'the rules', 'casino');
  const deck = text(o.deck, 'deck', 'the deck', 'full');
  const dead = text(o.dead, 'dead', 'the dead cards', '');
  const removal = o.removal ?? true;
  const opponents = wholeOption(o.opponents, 'opponents', 1, TABLE_MAX_OPPONENTS) ?? TABLE_MAX_OPPONENTS;
  const budget = budgetOption(o.timeBudgetMs);
  const t0 = now();
  const deadline = budget === undefined ? Infinity : t0 + budget;
  const rows = [];
  for (let k = 1; k <= opponents; k++) {
    const players = [heroText, ...Array(k).fill(opponentText)];
    const row = countRow(players, dead, rules, deck, removal, deadline);
    if (row.done) {
      const r = row.result;
      rows.push({
        opponents: k,
        exact: true,
        deals: BigInt(r.deals),
        wins: BigInt(r.wins),
        ties: BigInt(r.ties),
        win: r.win,
        tie: r.tie,
        equity: r.equity,
        stdError: 0,
        why: null,
      });
      continue;
    }
    // Sampled as equity() samples, within what is left of the budget.
    const left = budget === undefined ? undefined : Math.max(1, (deadline - now()) / (opponents - k + 1));
    const e = await equity(players, {
      game: 'three-card',
      rules,
      deck,
      removal,
      dead,
      method: 'monte-carlo',
      seed: o.seed,
      timeBudgetMs: left,
    });
    const p = e.players[0];
    rows.push({
      opponents: k,
      exact: false,
      deals: e.showdowns,
      wins: p.wins,
      ties: p.ties,
      win: p.win,
      tie: p.tie,
      equity: p.equity,
      stdError: p.stdError,
      why: [row.why, e.why].filter(Boolean).join('; '),
    });
  }
  return rows;
}

/**
 * 004's opponent model from ladder position `index` (a number: 0 is any
 * hand), or a holding (`'random'`, `'30%'`, `'@N'`), after each of
 * `actions` (see allin.mjs's threeCard.strength).
 */
export function strength(index, actions, options = {}) {
  checkOptions(options ?? {}, ['delta', 'rules', 'deck']);
  const o = options ?? {};
  let holding;
  if (typeof index === 'number') holding = `@${wholeOption(index, 'index', 0, 2 ** 31)}`;
  else holding = text(index, 'index', 'the holding', undefined);
  if (holding === undefined) throw new InputError('the holding: expected a ladder index or text', { field: 'index' });
  const list = typeof actions === 'string' ? [actions] : actions;
  if (!Array.isArray(list)) throw new InputError(`the actions: expected a list, got ${typeof actions}`, { field: 'actions' });
  const delta = o.delta;
  if (typeof delta !== 'number') {
    throw new InputError(`delta: expected a number of ladder positions, got ${typeof delta}`, { field: 'delta' });
  }
  const rules = text(o.rules, 'rules', 'the rules', 'casino');
  const deck = text(o.deck, 'deck', 'the deck', 'full');
  const w = extra();
  let answer = engineCall(() => w.three_card_strength(holding, 'check', 0, rules, deck), 'index', poisoned);
  engineCall(() => w.three_card_strength(answer.text, 'check', delta, rules, deck), 'delta', poisoned);
  for (const action of list) {
    answer = engineCall(() => w.three_card_strength(answer.text, action, delta, rules, deck), 'actions', poisoned);
  }
  return { text: answer.text, index: answer.index, percent: answer.percent, hands: answer.hands };
}
