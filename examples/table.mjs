#!/usr/bin/env node
// The write-ups' bot table in JS: the twin of examples/table.py's Hold'em
// game (its docstring states the game and the bots), on allin's JS API.
//
//   cargo xtask build                       # once: builds www/pkg
//   node examples/table.mjs --hands 100 --seed 1
//
// Five seats (always-bet twice, card-score, EHS + Kelly, bot.mjs's logic),
// blinds 5/10, one betting round a street, side pots. Each decision is
// timed and asserted under 1 s. A seeded shuffle and seeded engine calls
// sized by trials (no time budgets): a seed replays the same game (not table.py's: Python's
// generator is another). table.py's three-card variant is not here.

import { parseArgs } from 'node:util';
import * as allin from '../www/api/allin.mjs';

const [STACK, SMALL, BIG, LIMIT_MS] = [1000, 5, 10, 1000];
const RANKS = '23456789TJQKA';
const DECK = [...RANKS].flatMap((r) => [...'cdhs'].map((s) => r + s));
const PHASE_WEIGHT = [0.01, 0.01, 0.03, 0.05, 0.05, 0.1];
const [ALPHA, CAUTION, RAISE_AT] = [0.2, 2, 0.7];
const phase = (board) => ({ 0: 2, 3: 3, 4: 4, 5: 5 })[board.length];

/** A seeded generator (mulberry32): floats in [0, 1). */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const alwaysBet = (s) => (s.chips >= s.minBet ? Math.min(s.maxBet, s.minBet) : 0);
/** 001's card_comb * 100 + card_rank on allin's evaluation. */
function cardScore(cards) {
  const e = allin.evaluate(cards);
  return (e.rank >> 12) * 100 + RANKS.indexOf(e.best[0]) + 2;
}

function cardScoreBot(s) {
  const weight = { 3: 0.02, 4: 0.02, 5: 0.03 };
  const p = phase(s.board);
  if (p > 2) {
    const mine = cardScore([...s.cards, ...s.board]);
    const board = s.board.length === 5 ? cardScore(s.board) : 0;
    const strength = mine > board ? mine : 0;
    if (strength > 10) return Math.floor(Math.max(s.minBet * weight[p] * 100, (weight[p] * strength) / 10));
    if (strength < 20 && p > 3) return 0;
  }
  return Math.min(s.minBet, 1);
}
/** [value, standard error]: EHS on the flop and turn, else the all-in equity
 *  (sized by trials, never by the clock: a time budget would make a replay differ). */
async function strength(s) {
  const hand = s.cards.join('');
  if (s.board.length === 3 || s.board.length === 4) {
    const many = s.opponents > 1;
    const r = await allin.ehs(hand, { board: s.board.join(''), opponents: Math.min(s.opponents, 9), seed: s.seed, ...(many ? { method: 'monte-carlo', trials: 10_000 } : {}) });
    return [r.ehs, r.errors?.ehs ?? 0];
  }
  const method = s.opponents === 1 ? 'auto' : 'monte-carlo';
  const r = await allin.equity([hand, ...Array(s.opponents).fill('random')], { board: s.board.join(''), method, trials: 20_000, seed: s.seed });
  return [r.players[0].equity, r.players[0].stdError];
}

async function ehsKelly(s) {
  const w = PHASE_WEIGHT[phase(s.board)];
  const [win] = await strength(s);
  const lose = 1 - win;
  const dividend = Math.max(s.pot, 1) / Math.max(1, s.bets.reduce((a, b) => a + b, 0));
  const kelly = (dividend * win - lose) / dividend;
  if (lose + ALPHA > win || kelly < 0) return s.pot < s.chips * w && lose > 0.4 ? s.minBet : 0;
  const bet = Math.floor((s.chips * win - (s.bets.length ? Math.min(...s.bets) : 0)) * kelly * w);
  return Math.min(Math.max(bet, s.minBet), s.maxBet);
}
async function botMjs(s) {
  const [value, error] = await strength(s);
  const cautious = Math.max(0, value - CAUTION * error);
  if (s.minBet === 0) {
    const bet = allin.potOdds({ pot: Math.max(s.pot, 1), call: Math.max(s.pot, 1), equity: cautious });
    return cautious >= RAISE_AT && bet.kelly > 0 ? Math.floor(bet.kelly * s.chips) : 0;
  }
  const odds = allin.potOdds({ pot: s.pot, call: s.minBet, equity: cautious });
  if (odds.kelly <= 0) return 0;
  return cautious >= RAISE_AT ? Math.floor(s.minBet + odds.kelly * s.chips) : s.minBet;
}
const BOTS = { 'always-bet': alwaysBet, 'card-score': cardScoreBot, 'ehs-kelly': ehsKelly, 'bot.mjs': botMjs };
const ROSTER = ['always-bet', 'card-score', 'ehs-kelly', 'bot.mjs', 'always-bet'];

class Table {
  constructor(seed) {
    Object.assign(this, { seed, random: generator(seed), hand: 0, decisions: 0, ms: 0, slowest: [0, ''] });
    this.seats = ROSTER.map((name, i) => ({ name: `${name}#${i + 1}`, chips: STACK, buys: 1, put: 0, street: 0 }));
  }

  async playHand(button) {
    this.hand += 1;
    for (const s of this.seats) if (s.chips === 0) Object.assign(s, { chips: STACK, buys: s.buys + 1 });
    const deck = [...DECK];
    for (let i = deck.length - 1; i > 0; i--) {
      const j = Math.floor(this.random() * (i + 1));
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    for (const s of this.seats) Object.assign(s, { cards: [deck.pop(), deck.pop()], put: 0, street: 0, folded: false });
    const b = button % this.seats.length;
    const order = [...this.seats.slice(b), ...this.seats.slice(0, b)];
    const board = [];
    this.post(order[1], SMALL);
    this.post(order[2], BIG);
    let first = 3;
    for (const [street, deal] of [0, 3, 1, 1].entries()) {
      board.push(...deck.splice(deck.length - deal, deal).reverse());
      if (street) {
        for (const s of order) s.street = 0;
        first = 1;
      }
      if (order.filter((s) => !s.folded).length < 2) break;
      await this.betting([...order.slice(first), ...order.slice(0, first)], board, street);
    }
    this.showdown(order, board);
  }
  post(seat, amount) {
    const paid = Math.min(amount, seat.chips);
    Object.assign(seat, { chips: seat.chips - paid, put: seat.put + paid, street: seat.street + paid });
  }
  async betting(order, board, street) {
    for (const rematch of [false, true]) {
      for (const s of order) {
        const top = Math.max(...order.map((x) => x.street));
        if (s.folded || s.chips === 0 || (rematch && s.street >= top)) continue;
        if (order.filter((x) => !x.folded).length < 2) return;
        const toCall = top - s.street;
        let answer = await this.ask(s, order, board, Math.min(toCall, s.chips), street);
        if (rematch) answer = Math.min(answer, toCall);
        if (answer <= 0 && toCall > 0) s.folded = true;
        else this.post(s, answer >= toCall + BIG ? answer : toCall);
      }
    }
  }
  async ask(s, order, board, toCall, street) {
    const others = order.filter((x) => x !== s && !x.folded);
    const state = {
      chips: s.chips, cards: [...s.cards], board: [...board], minBet: toCall, maxBet: s.chips,
      pot: this.seats.reduce((a, x) => a + x.put, 0), bets: others.map((x) => x.put), opponents: others.length,
      seed: (this.seed * 1_000_003 + this.hand * 101 + street) >>> 0,
    };
    const started = performance.now();
    const answer = Math.floor(await BOTS[s.name.split('#')[0]](state));
    const took = performance.now() - started;
    this.decisions += 1;
    this.ms += took;
    if (took > this.slowest[0]) this.slowest = [took, `${s.name}, hand ${this.hand}, ${['preflop', 'flop', 'turn', 'river'][street]}`];
    if (!(took < LIMIT_MS)) throw new Error(`${s.name} took ${took.toFixed(0)} ms, over 001's 1 s`);
    return Math.max(0, Math.min(answer, s.chips));
  }
  showdown(order, board) {
    const contenders = order.filter((s) => !s.folded);
    const ranks = new Map(contenders.map((s) => [s, contenders.length > 1 ? allin.rank([...s.cards, ...board]) : 0]));
    let floor = 0;
    for (const level of [...new Set(this.seats.map((s) => s.put).filter((p) => p > 0))].sort((a, b) => a - b)) {
      const pot = this.seats.reduce((a, s) => a + Math.min(s.put, level) - Math.min(s.put, floor), 0);
      let eligible = contenders.filter((s) => s.put >= level);
      if (!eligible.length) eligible = contenders;
      const best = Math.max(...eligible.map((s) => ranks.get(s)));
      const winners = eligible.filter((s) => ranks.get(s) === best);
      winners.forEach((w, i) => (w.chips += Math.floor(pot / winners.length) + (i < pot % winners.length ? 1 : 0)));
      floor = level;
    }
    for (const s of this.seats) s.put = 0;
  }
}

export async function main(argv = process.argv.slice(2), print = console.log) {
  const { values } = parseArgs({ args: argv, options: { hands: { type: 'string', default: '100' }, seed: { type: 'string', default: '1' } } });
  const [hands, seed] = [Number(values.hands), Number(values.seed)];
  await allin.init();
  const table = new Table(seed);
  const started = performance.now();
  for (let button = 0; table.hand < hands; button++) await table.playHand(button);
  const wall = (performance.now() - started) / 1000;
  const total = table.seats.reduce((a, s) => a + s.chips, 0);
  if (total !== STACK * table.seats.reduce((a, s) => a + s.buys, 0)) throw new Error(`chips do not add up: ${total}`);
  print(`allin bot table: ${table.hand} hands of no-limit Hold'em, blinds ${SMALL}/${BIG}, seed ${seed}`);
  print(`  ${'bot'.padEnd(14)} ${'chips'.padStart(6)} ${'buy-ins'.padStart(7)} ${'net'.padStart(7)}`);
  const net = (s) => s.chips - STACK * s.buys;
  for (const s of [...table.seats].sort((a, b) => net(b) - net(a))) {
    const shown = `${net(s) >= 0 ? '+' : ''}${net(s)}`;
    print(`  ${s.name.padEnd(14)} ${String(s.chips).padStart(6)} ${String(s.buys).padStart(7)} ${shown.padStart(7)}`);
  }
  const rate = table.decisions / (table.ms / 1000);
  print(`${table.decisions} decisions in ${(table.ms / 1000).toFixed(2)} s (${Math.round(rate).toLocaleString('en')} decisions/s; ${wall.toFixed(2)} s in all)`);
  print(`slowest decision: ${table.slowest[0].toFixed(1)} ms (${table.slowest[1]}); limit 1 s each`);
  print(`replay: node examples/table.mjs --hands ${hands} --seed ${seed}`);
  return table;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
