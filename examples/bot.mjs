#!/usr/bin/env node
// An example poker bot on allin's JS API (www/api/allin.mjs): given a spot
// (hand, board, opponents and their range, pot, amount to call) it decides
// fold, call or raise (check or bet when there is nothing to call) from
// Effective Hand Strength and the Kelly criterion, within a time budget,
// and prints its reasoning.
//
//   cargo xtask build                      # once: builds www/pkg
//   node examples/bot.mjs --hand AdQc --board 3h4cJh --pot 100 --call 50
//   node examples/bot.mjs --hand 9h8h --board 7h6c2h --opponents 2 --vs "QQ+, AK, random" \
//     --pot 60 --call 20 --budget 50 --json
//
// Strength: on a flop or a turn, EHS = HS·(1 − NPot) + (1 − HS)·PPot
// against the opponents (allin.ehs); preflop and on the river, where
// potential means nothing, the all-in equity (allin.equity). Both are
// exact when the engine can do them inside the budget; when exact would
// not fit (many opponents, wide ranges), the API samples until the budget
// and says so, with a standard error, and the bot decides on a cautious
// strength: the estimate minus CAUTION standard errors, so that noise
// never turns a fold into a call or a call into a raise.
//
// Decision (amounts in any unit): with a call to make, the engine's pot
// odds at that strength give the call's EV and the Kelly fraction
// (b·p − q)/b, b = pot/call. Kelly ≤ 0: fold. Strength ≥ --raise-at and
// Kelly above 0: raise, sized by Kelly (the fraction of --stack, or of the
// pot after calling when no stack is given). Else call. With nothing to
// call: bet when the strength reaches --raise-at, sized by Kelly for a
// pot-sized bet that is called (b = 1), else check.

import { parseArgs } from 'node:util';
import * as allin from '../www/api/allin.mjs';

const USAGE = `usage: node examples/bot.mjs --hand CARDS [--board CARDS] [--opponents N] [--vs RANGE]
                           --pot P --call C [--stack S] [--budget MS] [--raise-at F]
                           [--seed N] [--json]`;
/** Standard errors taken off a sampled strength before deciding. */
const CAUTION = 2;

function fail(message) {
  process.stderr.write(`bot: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function options() {
  try {
    const { values } = parseArgs({
      options: {
        hand: { type: 'string' },
        board: { type: 'string', default: '' },
        dead: { type: 'string', default: '' },
        opponents: { type: 'string', default: '1' },
        vs: { type: 'string', default: 'random' },
        pot: { type: 'string' },
        call: { type: 'string' },
        stack: { type: 'string' },
        budget: { type: 'string', default: '50' },
        'raise-at': { type: 'string', default: '0.7' },
        seed: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    }
    if (!values.hand) fail('--hand is needed (two cards, e.g. AdQc)');
    if (values.pot === undefined || values.call === undefined) fail('--pot and --call are needed (--call 0: nothing to call)');
    const number = (flag, text, test, what) => {
      const x = Number(text);
      if (text.trim() === '' || !test(x)) fail(`--${flag} must be ${what}, got ${JSON.stringify(text)}`);
      return x;
    };
    return {
      hand: values.hand,
      board: values.board,
      dead: values.dead,
      opponents: number('opponents', values.opponents, (x) => Number.isInteger(x) && x >= 1 && x <= 9, 'a whole number from 1 to 9'),
      vs: values.vs,
      pot: values.pot,
      call: values.call,
      stack: values.stack,
      budget: number('budget', values.budget, (x) => x > 0 && Number.isFinite(x), 'milliseconds above 0'),
      raiseAt: number('raise-at', values['raise-at'], (x) => x > 0 && x <= 1, 'a fraction above 0, at most 1'),
      seed: values.seed === undefined ? undefined
        : number('seed', values.seed, (x) => Number.isInteger(x) && x >= 0 && x < 2 ** 32, 'a whole number from 0 to 2^32 − 1'),
      json: values.json,
    };
  } catch (err) {
    return fail(err.message);
  }
}

const pct = (x) => `${(x * 100).toFixed(1)}%`;
const amount = (x) => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2));

/** The hero's strength: EHS on a flop or a turn, else equity; with its error and how it was reached. */
async function strength(spot, budgetMs) {
  const common = { board: spot.board, dead: spot.dead, seed: spot.seed, timeBudgetMs: budgetMs };
  try {
    const r = await allin.ehs(spot.hand, { ...common, vs: spot.vs, opponents: spot.opponents });
    return {
      measure: 'EHS', value: r.ehs, error: r.errors?.ehs ?? 0, exact: r.exact, why: r.why, ms: r.elapsedMs,
      detail: `HS ${r.hs.toFixed(3)}, PPot ${r.ppot.toFixed(3)}, NPot ${r.npot.toFixed(3)}` +
        (r.opponents > 1 ? `, HS^${r.opponents} ${r.hsN.toFixed(3)} for comparison` : ''),
    };
  } catch (err) {
    // EHS is for a flop or a turn: preflop and on the river (or a board
    // the engine refuses: then equity says why), the all-in equity.
    if (!(err instanceof allin.InputError && err.field === 'board')) throw err;
  }
  const r = await allin.equity([spot.hand, ...new Array(spot.opponents).fill(spot.vs)], common);
  const me = r.players[0];
  return {
    measure: 'equity', value: me.equity, error: me.stdError, exact: r.exact, why: r.why, ms: r.elapsedMs,
    detail: `win ${pct(me.win)}, tie ${pct(me.tie)} (${spot.board ? 'the river: no card to come' : 'preflop, all in'})`,
  };
}

/** The decision and its reasons for `spot`, within `spot.budget` ms. */
export async function decide(spot) {
  await allin.init(); // (once per process: not part of a decision's budget)
  const t0 = performance.now();
  // Most of the budget to the strength; the rest is the decision's and slack.
  const s = await strength(spot, spot.budget * 0.9);
  const cautious = Math.max(0, s.value - CAUTION * s.error);
  const lines = [];
  const how = s.exact ? 'exact' : `± ${pct(s.error)} (sampled: ${s.why})`;
  lines.push(`Strength: ${s.measure} ${pct(s.value)} ${how}; ${s.detail}; ${Math.round(s.ms)} ms`);
  if (!s.exact) lines.push(`Deciding on ${pct(cautious)}: the estimate less ${CAUTION} standard errors`);
  const callAmount = Number(spot.call);
  let action;
  let size = null;
  let odds = null;
  if (callAmount === 0) {
    // Nothing to call: a pot-sized bet, if called, is even money (b = 1).
    const bet = allin.potOdds({ pot: spot.pot, call: spot.pot, equity: cautious });
    lines.push(`Nothing to call: a pot-sized bet is ${bet.oddsText}; Kelly at ${pct(cautious)}: ${bet.kelly.toFixed(3)}`);
    if (cautious >= spot.raiseAt && bet.kelly > 0) {
      action = 'bet';
      size = bet.kelly * (spot.stack === undefined ? bet.pot : Number(spot.stack));
      lines.push(`Bet ${amount(size)}: the strength clears the ${pct(spot.raiseAt)} line`);
    } else {
      action = 'check';
      lines.push(`Check: the strength is below the ${pct(spot.raiseAt)} line`);
    }
  } else {
    odds = allin.potOdds({ pot: spot.pot, call: spot.call, equity: cautious });
    lines.push(`Pot odds ${odds.oddsText}: a call needs ${pct(odds.needed)}; at ${pct(cautious)} its EV is ` +
      `${odds.evCall >= 0 ? '+' : ''}${amount(odds.evCall)}, Kelly ${odds.kelly.toFixed(3)}`);
    if (odds.kelly <= 0) {
      action = 'fold';
      lines.push(`Fold: ${pct(cautious)} is short of the ${pct(odds.needed)} a call needs`);
    } else if (cautious >= spot.raiseAt) {
      action = 'raise';
      const base = spot.stack === undefined ? odds.pot + odds.call : Number(spot.stack);
      size = odds.call + odds.kelly * base;
      lines.push(`Raise to ${amount(size)}: call ${amount(odds.call)} plus Kelly ${odds.kelly.toFixed(3)} of ` +
        `${spot.stack === undefined ? 'the pot after calling' : 'the stack'}`);
    } else {
      action = 'call';
      lines.push(`Call: ${pct(cautious)} clears the ${pct(odds.needed)} needed, below the ${pct(spot.raiseAt)} raise line`);
    }
  }
  const elapsedMs = performance.now() - t0;
  lines.push(`Took ${Math.round(elapsedMs)} ms of a ${spot.budget} ms budget`);
  return {
    action,
    size,
    strength: { measure: s.measure, value: s.value, stdError: s.error, exact: s.exact, why: s.why, cautious },
    potOdds: odds && { odds: odds.odds, needed: odds.needed, evCall: odds.evCall, kelly: odds.kelly },
    elapsedMs,
    reasons: lines,
  };
}

// Run as a program (not when imported).
if (import.meta.url === new URL(process.argv[1], 'file:').href) {
  const spot = options();
  try {
    const d = await decide(spot);
    if (spot.json) {
      process.stdout.write(`${JSON.stringify(d)}\n`);
    } else {
      const board = spot.board ? ` on ${spot.board}` : ' preflop';
      process.stdout.write(`Spot: ${spot.hand}${board}, ${spot.opponents} opponent${spot.opponents > 1 ? 's' : ''} ` +
        `(${spot.vs}), pot ${spot.pot}, to call ${spot.call}\n`);
      for (const line of d.reasons) process.stdout.write(`${line}\n`);
      process.stdout.write(`Decision: ${d.action.toUpperCase()}${d.size === null ? '' : ` ${amount(d.size)}`}\n`);
    }
  } catch (err) {
    if (!(err instanceof allin.AllinError)) throw err;
    fail(`${err.field ? `${err.field}: ` : ''}${err.message}`);
  }
}
