// The grid's ranges by game (issue 37): Hold'em's 169 classes of the
// 52-card deck, or Short Deck's 81 of the 36-card deck (six to ace), each
// with its class list, its X% ranking and its range calls, all from the
// engine (the core module's for Hold'em; the board module's
// src/wasm/short_range.rs for Short Deck, loaded with any Short Deck job).
// The grid, the range editor and the game switch ask `rangeDeck(engine,
// game)` and never branch on the rules themselves. On the engine's
// main-thread instance (attempt(): never throws).

import { emptyRange, text } from './engine-support.js';

/** Per engine, the decks made so far (class lists are read once). */
const made = new WeakMap();

/** The weight 0…1 in whole per mille, as the engine takes it. */
const permille = (weight) => Math.round(Math.min(1, Math.max(0, Number(weight) || 0)) * 1000);
const hundredths = (percent) => Math.round(Math.min(100, Math.max(0, Number(percent) || 0)) * 100);

/** A deck whose calls are the exports named in `names`, on `engine`. */
function deck(engine, { game, size, deckCombos, heat, names, needsExtra }) {
  /** `w`, or a clear error when the calls' extra module is not loaded yet (engine.extra()). */
  const on = (w) => (needsExtra ? engine.extra(w) : w);
  const range = (call, classes) => {
    const result = engine.attempt(call);
    return result.ok ? result.value : emptyRange(result.error, classes);
  };
  let classes = null;
  let ranking = null;
  return {
    game,
    /** Rows and columns of the grid (13 or 9). */
    size,
    /** Two-card combos of the deck (1,326 or 630). */
    deckCombos,
    /** Whether the grid can show a heatmap and equity against several random hands (Hold'em only). */
    heat,
    /** The classes in grid order: [{label, name, row, col, kind, combos, vsRandom, strength, rank}]. */
    get handClasses() {
      return (classes ??= engine.quick((w) => w[names.classes]()));
    },
    /** The ranking behind X%: {opponents, description, max_opponents}. */
    get ranking() {
      return (ranking ??= engine.quick((w) => w[names.ranking]()));
    },
    /** Range text read: {ok, text, combos, weighted, percent, fill, counts, error}. */
    parseRange(t) {
      return range((w) => w[names.parse](text(t)), size * size);
    },
    /** `t`'s range with the classes `labels` set to `weight` (0…1). */
    editRange(t, labels, weight) {
      return range((w) => w[names.edit](text(t), [...labels], permille(weight)), size * size);
    },
    /** The top `percent`% of the deck's combos by its ranking. */
    topRange(percent) {
      return range((w) => w[names.top](hundredths(percent)), size * size);
    },
    /** Whether explainRange and writeRange need the engine's extra module loaded first (Hold'em's live there). */
    needsExtra,
    /** Range text item by item: {ok, items, error}. */
    explainRange(t) {
      const result = engine.attempt((w) => on(w)[names.explain](text(t)));
      return result.ok ? result.value : { ok: false, items: [], error: { message: result.error, position: null } };
    },
    /** Range text written as `format` (allin, pio, gtoplus): {ok, text} or {ok: false, error}. */
    writeRange(t, format) {
      const result = engine.attempt((w) => on(w)[names.write](text(t), text(format)));
      return result.ok ? { ok: true, text: result.value } : { ok: false, error: result.error };
    },
  };
}

const HOLDEM = {
  game: 'holdem',
  size: 13,
  deckCombos: 1326,
  heat: true,
  needsExtra: true,
  names: {
    classes: 'hand_classes',
    ranking: 'ranking_info',
    parse: 'parse_range',
    edit: 'edit_range',
    top: 'range_top',
    explain: 'explain_range',
    write: 'write_range',
  },
};

const SHORT_DECK = {
  game: 'shortdeck',
  size: 9,
  deckCombos: 630,
  heat: false,
  needsExtra: false,
  names: {
    classes: 'short_hand_classes',
    ranking: 'short_ranking_info',
    parse: 'parse_short_range',
    edit: 'edit_short_range',
    top: 'short_range_top',
    explain: 'explain_short_range',
    write: 'write_short_range',
  },
};

/**
 * The grid's deck for `game`: Short Deck's once the board module is
 * loaded (engine.ready() of a Short Deck scenario), else Hold'em's.
 */
export function rangeDeck(engine, game) {
  const key = game === 'shortdeck' && engine.loaded('allin_board') ? 'shortdeck' : 'holdem';
  let decks = made.get(engine);
  if (!decks) made.set(engine, (decks = {}));
  return (decks[key] ??= deck(engine, key === 'shortdeck' ? SHORT_DECK : HOLDEM));
}

/**
 * A player's range text taken from Hold'em to Short Deck (`toShort`) or
 * back, by the engine (needs the board module): {text, dropped: [labels],
 * droppedCombos}. Short Deck keeps the hands of six to ace and names the
 * classes it drops; Hold'em gets the same hands with X% and `random`
 * written out (they mean other hands there). Text that is no range, or
 * cards, comes back as it was.
 */
export function carryRange(engine, range, toShort) {
  const same = { text: text(range), dropped: [], droppedCombos: 0 };
  if (!engine.loaded('allin_board')) return same;
  if (toShort) {
    const result = engine.attempt((w) => w.short_range_from_holdem(text(range)));
    return result.ok ? result.value : same;
  }
  const result = engine.attempt((w) => w.holdem_range_from_short(text(range)));
  return result.ok ? { ...same, text: result.value } : same;
}
