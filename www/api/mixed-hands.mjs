// evaluate(), rank() and rankHands() for the draw games (2-7, A-5,
// Badugi: a final hand) and the stud games (Stud, Stud Hi-Lo, Razz: 5 to
// 7 cards), through the engine's describe_mixed_hand
// (src/wasm/mixed_eval.rs, the core's draw::describe and stud::describe):
// names, the cards that play, Stud Hi-Lo's low and Razz's low rank all
// come from there, as `allin eval --game …` prints them.

import { InputError, engineCall } from './errors.mjs';
import { poisoned, wasm } from './load.mjs';

const call = (fn, field) => engineCall(() => fn(wasm()), field, poisoned);

/** One hand of a draw or stud game `entry` (a games() entry): the engine's answer. */
export function describeMixedHand(entry, cards) {
  const text = Array.isArray(cards) ? cards.join(' ') : cards;
  return call((w) => w.describe_mixed_hand(entry.name, text), 'cards');
}

/** evaluate()'s answer for a draw or stud game: `low` for Stud Hi-Lo, `lowRank` for Razz. */
export function evaluateMixedHand(entry, cards) {
  const d = describeMixedHand(entry, cards);
  return {
    game: d.game,
    cards: d.cards,
    best: d.best,
    inBest: d.inBest,
    category: d.category,
    label: d.label,
    name: d.name,
    rank: d.rank,
    ordinal: d.ordinal,
    ...('lowRank' in d ? { lowRank: d.lowRank } : {}),
    ...('low' in d ? { low: d.low } : {}),
  };
}

/**
 * rankHands() for a draw or stud game: each hand is `size` card ids (a
 * draw game's hand size; stud 5 to 7), one engine call a hand. A
 * Uint32Array of evaluate()'s ranks (higher wins).
 */
export function rankMixedHands(entry, hands, size) {
  const [lo, hi] = entry.family === 'stud' ? [5, 7] : [entry.handCards, entry.handCards];
  if (!(Number.isInteger(size) && size >= lo && size <= hi)) {
    const what = lo === hi ? `${lo} cards` : `${lo} to ${hi} cards`;
    throw new InputError(`${entry.label} hands are ${what}, got size ${String(size)}`, { field: 'size' });
  }
  if (!(hands instanceof Uint8Array)) throw new InputError('hands: expected a Uint8Array of card ids', { field: 'hands' });
  const codes = call((w) => w.deck(), null).map((card) => card.code);
  const ranks = new Uint32Array(Math.floor(hands.length / size));
  for (let h = 0; h < ranks.length; h++) {
    const ids = hands.subarray(size * h, size * h + size);
    if (ids.some((id) => id >= codes.length)) {
      throw new InputError(`hand ${h + 1}: card id ${Math.max(...ids)} is not a card (ids are 0 to 51)`, { field: 'hands' });
    }
    try {
      ranks[h] = describeMixedHand(entry, Array.from(ids, (id) => codes[id]).join('')).rank;
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      throw new InputError(`hand ${h + 1}: ${err.message}`, { field: 'hands', cause: err });
    }
  }
  return ranks;
}
