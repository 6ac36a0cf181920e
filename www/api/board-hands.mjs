// evaluate(), rank() and rankHands() for the board games besides Hold'em
// (Omaha 4/5/6, Hi and Hi-Lo; Short Deck), through the engine's
// describe_board_hand (src/wasm/board_eval.rs, the core's
// board_game::hand): names, best five, its hole and board cards and
// Hi-Lo's low all come from there, as `allin eval --game …` prints them.

import { InputError, engineCall } from './errors.mjs';
import { poisoned, wasm } from './load.mjs';

const call = (fn, field) => engineCall(() => fn(wasm()), field, poisoned);

/** Card texts: a string as it is, a list joined. */
const cardText = (cards) => (Array.isArray(cards) ? cards.join(' ') : cards);

/**
 * One hand of a board game `entry` (a games() entry): `cards` the hole
 * cards (Short Deck: 5 to 7 cards, or 2 with a board), `board` 3 to 5
 * cards or nothing, `rules` Short Deck's or null. The engine's answer.
 */
export function describeBoardHand(entry, cards, board, rules) {
  const boardText = board === undefined || board === null ? undefined : cardText(board);
  return call((w) => w.describe_board_hand(entry.name, cardText(cards), boardText, rules ?? undefined), 'cards');
}

/** evaluate()'s answer for a board game: the engine's fields, `low` for Hi-Lo only. */
export function evaluateBoardHand(entry, cards, board, rules) {
  const d = describeBoardHand(entry, cards, board, rules);
  return {
    game: d.game,
    cards: d.cards,
    board: d.board,
    best: d.best,
    bestHole: d.bestHole,
    bestBoard: d.bestBoard,
    category: d.category,
    label: d.label,
    name: d.name,
    rank: d.rank,
    ordinal: d.ordinal,
    rules: d.rules,
    ...(entry.hilo ? { low: d.low } : {}),
  };
}

/**
 * rankHands() for a board game: each hand is `size` card ids, Omaha its
 * hole cards (the game's handCards) then the board (3 to 5), Short Deck
 * 5 to 7 cards; one engine call a hand. A Uint16Array of ranks.
 */
export function rankBoardHands(entry, hands, size, rules) {
  const hole = entry.family === 'omaha' ? entry.handCards : 0;
  const [lo, hi] = entry.family === 'omaha' ? [hole + 3, hole + 5] : [5, 7];
  if (!(Number.isInteger(size) && size >= lo && size <= hi)) {
    const what = entry.family === 'omaha' ? `${hole} hole cards and a board of 3 to 5` : '5 to 7 cards';
    throw new InputError(`${entry.label} hands are ${what}: size ${lo} to ${hi}, got ${String(size)}`, { field: 'size' });
  }
  if (!(hands instanceof Uint8Array)) throw new InputError('hands: expected a Uint8Array of card ids', { field: 'hands' });
  const codes = call((w) => w.deck(), null).map((card) => card.code);
  const ranks = new Uint16Array(Math.floor(hands.length / size));
  for (let h = 0; h < ranks.length; h++) {
    const ids = hands.subarray(size * h, size * h + size);
    if (ids.some((id) => id >= codes.length)) {
      throw new InputError(`hand ${h + 1}: card id ${Math.max(...ids)} is not a card (ids are 0 to 51)`, { field: 'hands' });
    }
    const text = (part) => Array.from(part, (id) => codes[id]).join('');
    const [own, board] = hole ? [ids.subarray(0, hole), ids.subarray(hole)] : [ids, null];
    try {
      ranks[h] = describeBoardHand(entry, text(own), board && text(board), rules).rank;
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      throw new InputError(`hand ${h + 1}: ${err.message}`, { field: 'hands', cause: err });
    }
  }
  return ranks;
}
