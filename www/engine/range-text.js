// Range text beyond the Hold'em box's own (issue 37), on the engine's
// main-thread instance (engine.js's attempt(): never throws): an Omaha
// range explained (the Omaha panel). The text comes from the core
// (src/omaha/range.rs); nothing is derived here. (A range written for
// another tool, the range editor's Copy menu, is the grid's deck's:
// range-decks.js.)

import { text } from './engine-support.js';

/**
 * An Omaha range of `game` explained: {ok, text, hands, weighted, total,
 * items: [{token, position, text, meaning, hands, weight}], error}. Needs
 * the board module (loaded with any Omaha job).
 */
export function explainOmahaRange(engine, game, range) {
  const failed = (message) => ({ ok: false, items: [], error: { message, position: null } });
  if (!engine.loaded('allin_board')) return failed('the Omaha engine is still loading');
  const result = engine.attempt((w) => w.explain_omaha_range(text(game), text(range)));
  return result.ok ? result.value : failed(result.error);
}
