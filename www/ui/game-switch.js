// The game switch of the calculator page (part of app.js's page): the
// Hold'em / Three-card / Five-card / Omaha / Short Deck / draw games' radios (Omaha's
// size and Hi-Lo are board-game-view.js's), what switching does (each game
// keeps the scenario it had when the user switched away, for the way
// back), and the words that differ by game. Small and loaded with the
// page; the games' own views (three-card-view.js, five-card-view.js) and
// the engine's extra module load when a game is first shown (app.js).
// The URL fragment says the game (`#game=three-card&…`, scenario.js).

import {
  BOARD_GAMES,
  BOARD_GAME_DEFAULTS,
  DRAW_GAMES,
  DRAW_GAME_DEFAULTS,
  FIVE_CARD_DEFAULTS,
  GAMES,
  STUD_DEFAULTS,
  STUD_GAMES,
  THREE_CARD_DEFAULTS,
  gameOf,
} from '../model/game.js';
import { cloneScenario, DEFAULT_SCENARIO } from '../model/scenario.js';
import { carryRange } from '../engine/range-decks.js';

const $ = (selector, root = document) => root.querySelector(selector);

const els = {
  choices: [...document.querySelectorAll('[data-game-choice]')],
  detail: $('[data-detail]'),
  tagline: $('.tagline'),
  boardTitle: $('#board-title'),
  note: $('[data-game-note]'),
};

/** Words that differ by game: [element, {game: text}] (Hold'em's as the page has them). */
const WORDS = [
  [
    els.tagline,
    {
      // Hold'em's as the page has it; five-card's says showdowns; the others
      // from the catalogue's labels ("Five-card Omaha" → "five-card Omaha").
      ...Object.fromEntries([...GAMES].map(([game, { label }]) => [
        game, `Exact ${label.replace(/^\w+-card\b/, (size) => size.toLowerCase())} odds, worked out in your browser.`,
      ])),
      holdem: els.tagline?.textContent,
      'five-card': 'Exact five-card showdowns, worked out in your browser.',
    },
  ],
  [
    els.boardTitle,
    {
      holdem: els.boardTitle?.textContent,
      'three-card': 'Dead cards',
      'five-card': 'Dead cards',
      ...Object.fromEntries([...DRAW_GAMES].map((g) => [g, 'Dead cards (known discards)'])),
      ...Object.fromEntries([...STUD_GAMES].map((g) => [g, 'Dead cards (folded upcards)'])),
      ...Object.fromEntries([...BOARD_GAMES].map((g) => [g, els.boardTitle?.textContent])),
    },
  ],
];

/** The radio a game is chosen by: its family's for every Omaha ('omaha', the family's radio). */
function choiceOf(game) {
  return GAMES.get(game)?.family === 'omaha' ? 'omaha' : game;
}

/** The page's state and hooks: {state, restore(scenario, origin)}. */
let app = null;
/** What each game's scenario was when the user switched away (back again restores it). */
const left = new Map();

/** The Omaha last played (the Omaha radio goes back to it). */
let lastOmaha = 'omaha';

/** Connects the radios. */
export function connectGameSwitch(context) {
  app = context;
  for (const radio of els.choices) {
    radio.addEventListener('change', () => radio.checked && switchGame(radio.value === 'omaha' ? lastOmaha : radio.value));
  }
}

/**
 * Switches the page to `game`, keeping what the other game had for the
 * way back. With `carry` (Omaha high to Hi-Lo and back: hands of the same
 * size), the cards come along instead.
 */
export function switchGame(game, { carry = false } = {}) {
  const state = app.state;
  const from = gameOf(state.scenario);
  if (!GAMES.has(game) || game === from) return;
  if (els.note) els.note.textContent = '';
  // Hold'em ↔ Short Deck: the players, board and dead cards come along
  // (the engine says what the short deck cannot hold); the board module
  // does that, loaded first.
  const pair = new Set([from, game]);
  if (!carry && pair.has('holdem') && pair.has('shortdeck') && state.engine) {
    const asked = cloneScenario(state.scenario);
    state.engine.loadModule('allin_board').then(
      () => {
        if (gameOf(app.state.scenario) === from) carryShortDeck(asked, game);
      },
      () => switchTo(game, false),
    );
    return;
  }
  switchTo(game, carry);
}

/** Words for the `dropped` names: the first few, and how many more. */
function listed(dropped) {
  const shown = dropped.slice(0, 6).join(', ');
  return dropped.length > 6 ? `${shown} and ${dropped.length - 6} more` : shown;
}

/**
 * Switches from `scenario` (Hold'em or Short Deck) to the other with its
 * players, board and dead cards: what the short deck cannot hold is
 * dropped and said (the note under the switch), never silently.
 */
function carryShortDeck(scenario, game) {
  const engine = app.state.engine;
  const toShort = game === 'shortdeck';
  const said = [];
  const take = (text, who) => {
    const kept = carryRange(engine, text, toShort);
    if (kept.dropped.length) {
      const what = kept.range
        ? `${listed(kept.dropped)} (${kept.droppedCombos} combos)`
        : listed(kept.dropped);
      said.push(`${who} ${kept.text ? 'lost' : 'had'} ${what}${kept.text ? '' : `: ${who === 'the board' || who === 'the dead cards' ? 'cleared' : 'now random'}`}`);
    }
    return kept.text;
  };
  left.set(gameOf(scenario), cloneScenario(scenario));
  const base = left.get(game) ?? {
    ...cloneScenario(DEFAULT_SCENARIO),
    game,
    ...(toShort ? { rules: 'standard' } : {}),
  };
  const next = {
    ...cloneScenario(base),
    game,
    players: scenario.players.map((p, i) => take(p, `Player ${i + 1}`) || 'random'),
    board: take(scenario.board ?? '', 'the board'),
    dead: take(scenario.dead ?? '', 'the dead cards'),
  };
  delete next.problem;
  if (els.detail) els.detail.open = false;
  app.restore({ ...next, heat: null }, 'edit');
  if (els.note) {
    els.note.textContent = said.length
      ? `Short Deck has no cards below six: ${said.join('; ')}.`
      : toShort
        ? 'The players, board and dead cards came along: the short deck holds them all.'
        : 'The players, board and dead cards came along (a Short Deck X% written out as its hands).';
  }
}

function switchTo(game, carry) {
  const state = app.state;
  const from = gameOf(state.scenario);
  if (!GAMES.has(game) || game === from) return;
  left.set(from, cloneScenario(state.scenario));
  if (GAMES.get(game).family === 'omaha') lastOmaha = game;
  const back = left.get(game);
  let next;
  if (carry) {
    next = { ...cloneScenario(state.scenario), game };
    delete next.problem;
  } else if (BOARD_GAMES.has(game)) {
    next = back ?? {
      ...cloneScenario(DEFAULT_SCENARIO),
      game,
      ...(game === 'shortdeck' ? { rules: 'standard' } : {}),
      players: [...BOARD_GAME_DEFAULTS[game]],
    };
  } else if (game === 'three-card') {
    next = back ?? {
      ...cloneScenario(DEFAULT_SCENARIO),
      game: 'three-card',
      rules: THREE_CARD_DEFAULTS.rules,
      deck: THREE_CARD_DEFAULTS.deck,
      removal: THREE_CARD_DEFAULTS.removal,
      delta: THREE_CARD_DEFAULTS.delta,
      players: [...THREE_CARD_DEFAULTS.players],
    };
  } else if (DRAW_GAMES.has(game)) {
    next = back ?? { ...cloneScenario(DEFAULT_SCENARIO), game, players: [...DRAW_GAME_DEFAULTS[game]] };
  } else if (STUD_GAMES.has(game)) {
    next = back ?? { ...cloneScenario(DEFAULT_SCENARIO), game, players: [...STUD_DEFAULTS[game]] };
  } else if (game === 'five-card') {
    next = back ?? { ...cloneScenario(DEFAULT_SCENARIO), game: 'five-card', players: [...FIVE_CARD_DEFAULTS.players] };
  } else {
    next = back ?? cloneScenario(DEFAULT_SCENARIO);
  }
  // Hold'em's detail and heatmap have nothing to say about the other games.
  if (els.detail) els.detail.open = false;
  app.restore({ ...next, heat: null }, 'edit');
}

/** Draws the switch and the words of the scenario's game (after every change). */
export function renderGameSwitch() {
  const game = gameOf(app.state.scenario);
  document.body.dataset.game = game;
  document.body.dataset.family = GAMES.get(game).family;
  if (GAMES.get(game).family === 'omaha') lastOmaha = game;
  for (const radio of els.choices) radio.checked = radio.value === choiceOf(game);
  for (const [el, texts] of WORDS) if (el) el.textContent = texts[game];
}
