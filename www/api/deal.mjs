// deal() of the JS API (allin.mjs): the "deal and classify" exercise
// (write-up 003), as `allin deal` and the evaluator page's Deal do it:
// hands from one deck the engine shuffles with a 64-bit seed, each hand
// named, and who wins. Dealing, names, ranks, winners and every message
// about the deal are the engine's (`deal_hands`); this file reads the
// seed, draws one when none is given (the engine has no entropy) and
// carries the answer across. A seed travels as decimal text or a BigInt,
// never as a number past 2^53, which would lose its last digits.

import { checkOptions } from './equity.mjs';
import { InputError, engineCall } from './errors.mjs';
import { poisoned, wasm } from './load.mjs';

const OPTIONS = ['players', 'cards', 'game', 'rules', 'dead', 'seed'];
const MAX_SEED = 2n ** 64n - 1n;
const SEED_RANGE = `a whole number from 0 to ${MAX_SEED}`;

/** `value` for a message: JSON-quoted text, at most 40 characters of it. */
function shown(value) {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

/**
 * The seed as a BigInt: `value` (decimal text, a BigInt, or a number up to
 * 2^53 − 1), or a fresh one from crypto.getRandomValues when not given.
 */
export function seedOption(value) {
  const field = 'seed';
  if (value === undefined || value === null) {
    const halves = new Uint32Array(2);
    crypto.getRandomValues(halves);
    return (BigInt(halves[0]) << 32n) | BigInt(halves[1]);
  }
  let seed;
  if (typeof value === 'bigint') {
    seed = value;
  } else if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 0) {
      throw new InputError(`seed must be ${SEED_RANGE}, got ${String(value)}`, { field });
    }
    if (!Number.isSafeInteger(value)) {
      throw new InputError(
        `seed ${String(value)} is past 2^53 − 1, where numbers lose digits: pass the seed as text or a BigInt`,
        { field },
      );
    }
    seed = BigInt(value);
  } else if (typeof value === 'string') {
    if (!/^[0-9]{1,20}$/.test(value)) {
      throw new InputError(`seed must be ${SEED_RANGE} in decimal digits, got ${shown(value)}`, { field });
    }
    seed = BigInt(value);
  } else {
    throw new InputError(`seed: expected decimal text, a BigInt or a number, got ${typeof value}`, { field });
  }
  if (seed < 0n || seed > MAX_SEED) {
    throw new InputError(`seed must be ${SEED_RANGE}, got ${String(seed)}`, { field });
  }
  return seed;
}

/** A count option (`players`, `cards`): a number for the engine to check, or `fallback`. */
function countOption(value, field, fallback) {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number') {
    throw new InputError(`${field}: expected a number, got ${typeof value}`, { field });
  }
  return value;
}

/** See allin.mjs's deal(). */
export function deal(options) {
  checkOptions(options, OPTIONS);
  const game = options.game ?? 'holdem';
  const threeCard = game === 'three-card';
  const rules = options.rules ?? null;
  if (rules !== null && game === 'holdem') {
    throw new InputError("rules apply only to game 'three-card'", { field: 'rules' });
  }
  const players = countOption(options.players, 'players', 2);
  const cards = countOption(options.cards, 'cards', threeCard ? 3 : 5);
  const seed = seedOption(options.seed);
  const hi = Number(seed >> 32n);
  const lo = Number(seed & 0xffffffffn);
  const dead = options.dead ?? undefined;
  const d = engineCall(
    () => wasm().deal_hands(players, cards, game, rules ?? (threeCard ? 'casino' : ''), hi, lo, dead),
    'players',
    poisoned,
  );
  return {
    game: d.game,
    rules: d.rules ?? null,
    seed: String(seed),
    hands: d.hands.map((h) => ({
      cards: h.cards,
      best: h.best,
      name: h.name,
      label: h.label,
      category: h.category,
      rank: h.rank,
      ordinal: h.ordinal,
      winner: h.winner,
    })),
    winners: d.winners.map((seat) => seat + 1),
    cycle: d.cycle,
    note: d.note ?? null,
  };
}
