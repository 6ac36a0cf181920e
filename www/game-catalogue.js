// Generated from the core's game catalogue (src/game.rs): do not edit.
// `ALLIN_BLESS=1 cargo test --test it catalogue` rewrites it; the test
// (tests/it/catalogue_js.rs) keeps it equal to the core's.

/** Every game, in the order to list them (as wasm games() and `allin games --json`). */
export const CATALOGUE = Object.freeze([
  Object.freeze({
    name: 'holdem', label: "Hold'em", family: 'holdem', handCards: 2, boardSizes: [0, 3, 4, 5], deck: 52,
    maxPlayers: 10, hilo: false, rules: null,
    questions: ['equity', 'ranges', 'detail', 'strength', 'eval', 'deal'],
  }),
  Object.freeze({
    name: 'three-card', label: 'Three-card', family: 'three-card', handCards: 3, boardSizes: [], deck: 52,
    maxPlayers: 6, hilo: false, rules: { default: 'casino', presets: ['casino', 'teen-patti', 'zha-jin-hua', 'zha-jin-hua-235'], options: true },
    questions: ['equity', 'strength', 'table', 'eval', 'deal'],
  }),
  Object.freeze({
    name: 'five-card', label: 'Five-card', family: 'five-card', handCards: 5, boardSizes: [], deck: 52,
    maxPlayers: 10, hilo: false, rules: null,
    questions: ['equity'],
  }),
  Object.freeze({
    name: 'omaha', label: 'Omaha', family: 'omaha', handCards: 4, boardSizes: [0, 3, 4, 5], deck: 52,
    maxPlayers: 10, hilo: false, rules: null,
    questions: ['equity', 'eval'],
  }),
  Object.freeze({
    name: 'omaha5', label: 'Five-card Omaha', family: 'omaha', handCards: 5, boardSizes: [0, 3, 4, 5], deck: 52,
    maxPlayers: 9, hilo: false, rules: null,
    questions: ['equity', 'eval'],
  }),
  Object.freeze({
    name: 'omaha6', label: 'Six-card Omaha', family: 'omaha', handCards: 6, boardSizes: [0, 3, 4, 5], deck: 52,
    maxPlayers: 7, hilo: false, rules: null,
    questions: ['equity', 'eval'],
  }),
  Object.freeze({
    name: 'omaha-hilo', label: 'Omaha Hi-Lo', family: 'omaha', handCards: 4, boardSizes: [0, 3, 4, 5], deck: 52,
    maxPlayers: 10, hilo: true, rules: null,
    questions: ['equity', 'eval'],
  }),
  Object.freeze({
    name: 'omaha5-hilo', label: 'Five-card Omaha Hi-Lo', family: 'omaha', handCards: 5, boardSizes: [0, 3, 4, 5], deck: 52,
    maxPlayers: 9, hilo: true, rules: null,
    questions: ['equity', 'eval'],
  }),
  Object.freeze({
    name: 'shortdeck', label: 'Short Deck', family: 'shortdeck', handCards: 2, boardSizes: [0, 3, 4, 5], deck: 36,
    maxPlayers: 10, hilo: false, rules: { default: 'standard', presets: ['standard', 'trips-beat-straight'], options: false },
    questions: ['equity', 'eval'],
  }),
]);
