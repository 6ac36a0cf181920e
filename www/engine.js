// The page's only door to the wasm engine. It never touches the DOM: the UI
// (app.js) calls these functions and renders what they return.
//
// Everything poker-specific (parsing, canonical card text, category names and
// labels, error messages) comes from the Rust engine; nothing here re-derives
// it.

import init, { evaluate_hand, evaluate_three_card, categories } from './pkg/allin.js';

let loading = null;

/**
 * Loads and instantiates the wasm build (once; later calls share the same
 * promise). The .wasm file is found relative to pkg/allin.js, so the site
 * works from any sub-path.
 * @returns {Promise<Engine>}
 */
export function loadEngine() {
  loading ??= init().then(() => engine);
  return loading;
}

/**
 * @typedef {{cards: string, category: string, label: string, rank: number}} HandResult
 * @typedef {{cards: string, rules: string, category: string, label: string, rank: number,
 *            offSuitTwoThreeFive: boolean}} ThreeCardResult
 * @typedef {{ok: true, value: any} | {ok: false, error: string}} Outcome
 * @typedef {{
 *   evaluateHand(text: string): Outcome,
 *   evaluateThreeCard(text: string, rules: string): Outcome,
 *   categories(): {name: string, label: string}[],
 * }} Engine
 */

/** @type {Engine} */
const engine = Object.freeze({
  /** Evaluates 5 to 7 cards as typed; never throws. */
  evaluateHand(text) {
    return attempt(() => evaluate_hand(text));
  },

  /**
   * Evaluates three cards under three-card rules ("casino", "teen-patti",
   * "zha-jin-hua", options after a comma); never throws.
   */
  evaluateThreeCard(text, rules) {
    return attempt(() => evaluate_three_card(text, rules));
  },

  /** The hand categories, weakest first: [{name, label}, …]. */
  categories() {
    return categories();
  },
});

/** Runs an engine call, turning its thrown Error into {ok: false, error}. */
function attempt(call) {
  try {
    return { ok: true, value: call() };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
