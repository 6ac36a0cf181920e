// Which game the calculator plays (Hold'em, three-card poker or five-card
// showdowns) and the three-card settings of the URL fragment. DOM-free: scenario.js, the
// views and the tests (node --test) use the same functions.
//
//   #game=three-card&rules=zha-jin-hua&p1=2h2s2d&p2=random&p3=30%25
//   …&deck=short&removal=off&delta=300
//   #game=five-card&p1=AhAdKc7d&p2=QsQhJc&p3=random
//
// Hold'em is the default and writes no `game`. A three-card link keeps its
// rules spec as typed (the engine reads it, and says what is wrong with
// it), `deck=short` (9 to A) and `removal=off` (the write-up's independent
// draws). Anything else (an unknown game, deck or removal value, a rules
// spec longer than any real one, a δ that is not a whole number of hands
// from 0 to 22,100) is not read silently: it becomes the
// scenario's `problem`, shown as the error to fix. A five-card link has
// no settings (0 to 5 known cards a player, the rest dealt; no board); the
// three-card keys in it are not read.
//
//   #game=omaha&p1=AsAhKsKh&p2=9c8c7d6d&board=2c3h4s
//   #game=shortdeck&rules=trips-beat-straight&p1=AsKs&p2=QhQd
//
// The stud games (STUD_GAMES: stud, stud8, razz) have dead cards and no
// board or settings: `#game=razz&p1=%5BAh2h%5D3h&p2=5h6h7h&dead=Kc` (0 to
// 7 cards a player, down cards in brackets, the rest dealt).
//
// The board games (BOARD_GAMES: Omaha with 4, 5 or 6 cards, high or Hi-Lo,
// and Short Deck) have a board and dead cards like Hold'em; Short Deck
// alone reads `rules` (standard, the default, or trips-beat-straight).
//
//   #game=2-7-draw&p1=9h8c4d2h&p2=9d7h5s2d&dead=AsKd
//
// The draw games (DRAW_GAMES: 2-7, A-5, Badugi; single draw) are five-card
// links of their own game: each player's cards kept (0 to 5, Badugi 0 to
// 4), known discards as dead cards, no board and no settings.

import { CATALOGUE } from './game-catalogue.js';

/**
 * The games, by URL value: label, cards per hand, players at most, whether
 * it is a board game besides Hold'em, Hi-Lo, the wasm module that opens it. From the core's catalogue
 * (game-catalogue.js, generated from src/game.rs): the one list of games.
 */
export const GAMES = new Map(CATALOGUE.map((g) => [g.name, Object.freeze({
  label: g.label,
  cards: g.handCards,
  maxPlayers: g.maxPlayers,
  family: g.family,
  board: g.family === 'omaha' || g.family === 'shortdeck',
  hilo: g.hilo,
  module: g.module,
})]));

// The views branch on a game's family (its own view, fields and link keys);
// the names of the families' games come from the catalogue, never from here.
/** The game of a family that has one (Hold'em, three-card, five-card, Short Deck). */
const onlyOf = (family) => CATALOGUE.find((g) => g.family === family).name;
const HOLDEM = onlyOf('holdem');
const THREE_CARD = onlyOf('three-card');
const FIVE_CARD = onlyOf('five-card');
const SHORT_DECK = onlyOf('shortdeck');
/** Short Deck's rules: the catalogue's default and presets. */
const SHORT_DECK_RULE_OPTIONS = CATALOGUE.find((g) => g.name === SHORT_DECK).rules;

/** The draw games (family 'draw': 2-7, A-5, Badugi), by URL value. */
export const DRAW_GAMES = new Set([...GAMES].filter(([, g]) => g.family === 'draw').map(([name]) => name));

/** The board games besides Hold'em (Omaha and Short Deck), by URL value. */
export const BOARD_GAMES = new Set([...GAMES].filter(([, g]) => g.board).map(([name]) => name));

/** Short Deck rules by URL value (standard is the default and written as nothing). */
export const SHORT_DECK_RULES = new Set(SHORT_DECK_RULE_OPTIONS.presets);

/** The Omaha game of `cards` hole cards (4, 5, 6), Hi-Lo or not (no such Hi-Lo game: high). */
export function omahaGame(cards, hilo) {
  const omaha = CATALOGUE.filter((g) => g.family === 'omaha' && g.handCards === cards);
  return (omaha.find((g) => g.hilo === hilo) ?? omaha.find((g) => !g.hilo) ?? CATALOGUE.find((g) => g.family === 'omaha')).name;
}

/** Hands a game's scenario starts from (a link or the switch): the catalogue's example. */
const exampleOf = (name) => Object.freeze([...CATALOGUE.find((g) => g.name === name).example]);

/** Players a board game starts from (a link or the switch). */
export const BOARD_GAME_DEFAULTS = Object.freeze(Object.fromEntries([...BOARD_GAMES].map((g) => [g, exampleOf(g)])));

/** Players a draw game starts from (a link or the switch): the catalogue's example. */
export const DRAW_GAME_DEFAULTS = Object.freeze(Object.fromEntries([...DRAW_GAMES].map((g) => [g, exampleOf(g)])));

/** Five-card players a scenario starts from (a pair of aces drawing, vs a pair of queens drawing). */
export const FIVE_CARD_DEFAULTS = Object.freeze({ players: exampleOf(FIVE_CARD) });

/** The game's rules in a sentence, for people (the catalogue's summary); '' for no such game. */
export function summaryOf(name) {
  return CATALOGUE.find((g) => g.name === name)?.summary ?? '';
}

/** Three-card settings a scenario starts from. */
export const THREE_CARD_DEFAULTS = Object.freeze({
  rules: 'zha-jin-hua',
  deck: 'full',
  removal: true,
  /** The opponent-strength model's step δ, in hands (the write-up's 200). */
  delta: 200,
  players: exampleOf(THREE_CARD),
});

/** Longest rules spec read from a link (every preset and option spelled out is ~110). */
export const MAX_RULES_LENGTH = 200;

/** Most hands δ can move a floor by: all the hands there are. */
export const MAX_DELTA = 22_100;

const DECKS = new Set(['full', 'short']);

/** δ read from a link: a whole number of hands 0…MAX_DELTA, else null. */
function readDelta(text) {
  if (!/^[0-9]{1,6}$/.test(text)) return null;
  const n = Number(text);
  return n <= MAX_DELTA ? n : null;
}

/** A scenario's δ, or the default when it has none that can be read. */
export function deltaOf(scenario) {
  const n = scenario?.delta;
  return Number.isInteger(n) && n >= 0 && n <= MAX_DELTA ? n : THREE_CARD_DEFAULTS.delta;
}
const REMOVALS = new Map([['on', true], ['off', false]]);

/** Whether `scenario` is a three-card one. */
export function isThreeCard(scenario) {
  return familyOf(scenario) === 'three-card';
}

/** Whether `scenario` is a five-card showdown. */
export function isFiveCard(scenario) {
  return familyOf(scenario) === 'five-card';
}

/** Whether `scenario` is a draw game (2-7, A-5, Badugi: cards kept, the rest drawn). */
export function isDrawGame(scenario) {
  return familyOf(scenario) === 'draw';
}

/** Whether `scenario`'s players hold some cards and are dealt the rest (five-card, the draw games). */
export function isDealtGame(scenario) {
  return isFiveCard(scenario) || isDrawGame(scenario);
}

/** The stud games (Seven-card Stud, Stud Hi-Lo, Razz), by URL value: no board, 0 to 7 cards each. */
export const STUD_GAMES = new Set(CATALOGUE.filter((g) => g.family === 'stud').map((g) => g.name));

/** Players a stud game starts from (a link or the switch). */
export const STUD_DEFAULTS = Object.freeze(Object.fromEntries([...STUD_GAMES].map((g) => [g, exampleOf(g)])));

/** Whether `scenario` is a stud game. */
export function isStud(scenario) {
  return familyOf(scenario) === 'stud';
}

/** Whether `scenario` is Omaha (any size, high or Hi-Lo) or Short Deck. */
export function isBoardGame(scenario) {
  return BOARD_GAMES.has(gameOf(scenario));
}

/** Whether `scenario` is Omaha (any size, high or Hi-Lo). */
export function isOmaha(scenario) {
  return familyOf(scenario) === 'omaha';
}

/** Whether `scenario`'s pot is split high-low (Omaha Hi-Lo). */
export function isHiLo(scenario) {
  return GAMES.get(gameOf(scenario)).hilo === true;
}

/** Whether `scenario` is Hold'em (the grid, detail, strength and texture panels are Hold'em's). */
export function isHoldem(scenario) {
  return familyOf(scenario) === 'holdem';
}

/** `scenario`'s game's family: 'holdem', 'three-card', 'five-card', 'omaha', 'shortdeck' or 'draw'. */
export function familyOf(scenario) {
  return GAMES.get(gameOf(scenario)).family;
}

/** The wasm module whose Job opens `scenario`'s game: 'allin' (the core) or a lazy one (engine.js loadModule). */
export function moduleOf(scenario) {
  return GAMES.get(gameOf(scenario)).module;
}

/** `scenario`'s game, by name; Hold'em (the catalogue's first) when it names none. */
export function gameOf(scenario) {
  const game = scenario?.game;
  return typeof game === 'string' && GAMES.has(game) ? game : HOLDEM;
}

/** Whether `scenario`'s game has a board (Hold'em and the board games). */
export function hasBoard(scenario) {
  const game = gameOf(scenario);
  return game === HOLDEM || BOARD_GAMES.has(game);
}

/** Short Deck's rules of `scenario` (one of the catalogue's presets; else its default, standard). */
export function shortDeckRules(scenario) {
  const rules = scenario?.rules;
  return typeof rules === 'string' && SHORT_DECK_RULES.has(rules) ? rules : SHORT_DECK_RULE_OPTIONS.default;
}

/** Cards in one player's hand in `scenario`'s game (at most, for five-card). */
export function cardsPerHand(scenario) {
  return GAMES.get(gameOf(scenario)).cards;
}

/** Most players at the table in `scenario`'s game. */
export function maxPlayersOf(scenario) {
  return GAMES.get(gameOf(scenario)).maxPlayers;
}

/** A short quote of link text for a message (never the whole of a huge value). */
function quoted(text) {
  const s = String(text);
  return JSON.stringify(s.length > 24 ? `${s.slice(0, 24)}…` : s);
}

/**
 * The game fields of a fragment's params: `{game, rules, deck, removal, delta}`
 * (three-card) or none (Hold'em), and `problem` (a sentence) when a
 * value cannot be read.
 * @param {URLSearchParams} params
 */
export function readGame(params) {
  // Game names in any case (`game=OMAHA`), as people type them.
  const raw = params.get('game');
  const game = raw?.toLowerCase() ?? null;
  if (game === null || game === HOLDEM) return { fields: {}, problem: null };
  if (game === FIVE_CARD) return { fields: { game: FIVE_CARD }, problem: null };
  if (DRAW_GAMES.has(game)) return { fields: { game }, problem: null };
  if (STUD_GAMES.has(game)) return { fields: { game }, problem: null };
  if (BOARD_GAMES.has(game)) return readBoardGame(game, params);
  if (game !== THREE_CARD) {
    return {
      fields: {},
      problem:
        `unknown game ${quoted(raw)} in the link (games: ${[...GAMES.keys()].join(', ')})`,
    };
  }
  const rules = params.get('rules') ?? THREE_CARD_DEFAULTS.rules;
  const deck = params.get('deck') ?? 'full';
  const removal = params.get('removal') ?? 'on';
  const deltaText = params.get('delta') ?? String(THREE_CARD_DEFAULTS.delta);
  const delta = readDelta(deltaText);
  let problem = null;
  if (rules.length > MAX_RULES_LENGTH) problem = `the rules in the link are too long (${rules.length} characters)`;
  else if (!DECKS.has(deck)) problem = `unknown deck ${quoted(deck)} in the link (decks: full, short)`;
  else if (!REMOVALS.has(removal)) problem = `removal=${quoted(removal)} in the link: give on or off`;
  else if (delta === null) {
    problem = `delta=${quoted(deltaText)} in the link: give a whole number of hands from 0 to 22,100`;
  }
  return {
    fields: {
      game: THREE_CARD,
      rules: rules.length > MAX_RULES_LENGTH ? THREE_CARD_DEFAULTS.rules : rules,
      deck: DECKS.has(deck) ? deck : 'full',
      removal: REMOVALS.get(removal) ?? true,
      delta: delta ?? THREE_CARD_DEFAULTS.delta,
    },
    problem,
  };
}

/** A board game's fields from a link: Short Deck's rules; none for Omaha. */
function readBoardGame(game, params) {
  const rules = params.get('rules');
  if (game !== SHORT_DECK) {
    const problem = rules === null ? null : `rules=${quoted(rules)} in the link: only ${SHORT_DECK} has rules`;
    return { fields: { game }, problem };
  }
  if (rules === null || SHORT_DECK_RULES.has(rules)) {
    return { fields: { game, rules: rules ?? SHORT_DECK_RULE_OPTIONS.default }, problem: null };
  }
  return {
    fields: { game, rules: SHORT_DECK_RULE_OPTIONS.default },
    problem: `unknown ${GAMES.get(SHORT_DECK).label} rules ${quoted(rules)} in the link (rules: ${[...SHORT_DECK_RULES].join(', ')})`,
  };
}

/** The game fields of a scenario, copied (Hold'em, the default, has none). */
export function gameFields(scenario) {
  if (isFiveCard(scenario)) return { game: FIVE_CARD };
  if (isDrawGame(scenario)) return { game: gameOf(scenario) };
  if (isStud(scenario)) return { game: gameOf(scenario) };
  if (isBoardGame(scenario)) {
    const game = gameOf(scenario);
    return game === SHORT_DECK ? { game, rules: shortDeckRules(scenario) } : { game };
  }
  if (!isThreeCard(scenario)) return {};
  return {
    game: THREE_CARD,
    rules: String(scenario.rules ?? THREE_CARD_DEFAULTS.rules),
    deck: scenario.deck === 'short' ? 'short' : 'full',
    removal: scenario.removal !== false,
    delta: deltaOf(scenario),
  };
}

/**
 * What the engine's `new Job(spec)` and `check(spec)` take for `scenario`
 * (and a worker's `open` request carries): its game and the game's fields
 * (gameFields), the players, board and dead cards as typed, and `method`
 * when given. The engine reads only what the game uses.
 */
export function jobSpec(scenario, method) {
  return {
    ...gameFields(scenario),
    game: gameOf(scenario),
    players: Array.isArray(scenario?.players) ? [...scenario.players] : [],
    board: scenario?.board ?? '',
    dead: scenario?.dead ?? '',
    ...(method === undefined ? {} : { method }),
  };
}

/** Writes the game fields into `params` (nothing for Hold'em, the game alone for five-card). */
export function writeGame(params, scenario) {
  if (isFiveCard(scenario)) params.set('game', FIVE_CARD);
  if (isDrawGame(scenario)) params.set('game', gameOf(scenario));
  if (isStud(scenario)) params.set('game', gameOf(scenario));
  if (isBoardGame(scenario)) {
    params.set('game', gameOf(scenario));
    const rules = shortDeckRules(scenario);
    if (gameOf(scenario) === SHORT_DECK && rules !== SHORT_DECK_RULE_OPTIONS.default) params.set('rules', rules);
  }
  if (!isThreeCard(scenario)) return;
  params.set('game', THREE_CARD);
  params.set('rules', String(scenario.rules ?? THREE_CARD_DEFAULTS.rules));
  if (scenario.deck === 'short') params.set('deck', 'short');
  if (scenario.removal === false) params.set('removal', 'off');
  if (deltaOf(scenario) !== THREE_CARD_DEFAULTS.delta) params.set('delta', String(deltaOf(scenario)));
}

/** The keys game.js reads from a fragment. */
export const GAME_KEYS = ['game', 'rules', 'deck', 'removal', 'delta'];

/**
 * The three-card win-rate table's top-X% field as a share: `{text}` (`'30%'`, the number as
 * JS writes it: `1e1` is `10%`) or `{error}`. Takes what people type: a
 * `%` sign, a decimal comma, spaces.
 */
export function topShare(typed) {
  const t = String(typed).trim().replace(/%$/, '').trim().replace(',', '.');
  const x = /^[+]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t) ? Number(t) : NaN;
  if (!(x > 0 && x <= 100)) {
    return { error: 'the top X%: give a number above 0 and at most 100 (e.g. 30)' };
  }
  return { text: `${x}%` };
}
