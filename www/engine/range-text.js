// Range text beyond the Hold'em box's own (issue 37), on the engine's
// main-thread instance (engine.js's attempt(): never throws): a Hold'em
// range written for another tool (the range editor's Copy menu) and an
// Omaha range explained (the Omaha panel). The text comes from the core
// (src/range/formats.rs, src/omaha/range.rs); nothing is derived here.

import { text } from './engine-support.js';

/** (The extra module: the caller loads it first.) Hold'em range text written as `format` (`allin`, `pio`, `gtoplus`): {ok, text} or {ok: false, error}. */
export function writeRange(engine, range, format) {
  const result = engine.attempt((w) => engine.extra(w).write_range(text(range), text(format)));
  return result.ok ? { ok: true, text: result.value } : { ok: false, error: result.error };
}

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
