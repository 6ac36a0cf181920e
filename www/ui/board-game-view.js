// The Omaha and Short Deck side of the calculator page (part of app.js's
// page, loaded when one of these games is first shown): the panel with
// Omaha's hole cards (4, 5, 6) and Hi-Lo toggle, Short Deck's "trips beat
// straights", and what the game is. The players, board, deck picker and
// results are the Hold'em views, which read the game from the scenario
// (game.js); results-view.js adds each Hi-Lo player's scoop, high and low.
// Switching size goes through game-switch.js (each variant keeps its own
// hands: a 4-card hand is no 5-card one); Hi-Lo on or off keeps the cards.

import { GAMES, gameOf, isBoardGame, isOmaha, omahaGame, shortDeckRules, summaryOf } from '../model/game.js';
import { explainOmahaRange } from '../engine/range-text.js';
import { switchGame } from './game-switch.js';
import { renderDeckState } from './players-view.js';

const $ = (selector, root = document) => root.querySelector(selector);

const els = {
  panel: $('[data-board-game]'),
  title: $('[data-bg-title]'),
  omaha: $('[data-bg-omaha]'),
  short: $('[data-bg-short]'),
  cards: [...document.querySelectorAll('[data-bg-cards]')],
  hilo: $('[data-bg-hilo]'),
  trips: $('[data-bg-trips]'),
  hint: $('[data-bg-hint]'),
  ranges: $('[data-bg-ranges]'),
  buildPlayer: $('[data-bg-build-player]'),
  buildTop: $('[data-bg-build-top]'),
  buildPair: $('[data-bg-build-pair]'),
  buildSuits: $('[data-bg-build-suits]'),
  buildRun: $('[data-bg-build-run]'),
  build: $('[data-bg-build]'),
  explain: $('[data-bg-explain]'),
  explainBody: $('[data-bg-explain-body]'),
  explainNote: $('[data-bg-explain-note]'),
};

/**
 * The builder's range text: the chosen top X%, pair, suits and rundown
 * joined by ':' (and), `random` when none is chosen. The syntax is the
 * core's (docs/omaha-ranges.md); the engine reads and counts it.
 */
function builtRange() {
  const top = els.buildTop.disabled ? '' : els.buildTop.value;
  const parts = [top, els.buildPair.value, els.buildSuits.value, els.buildRun.value].filter(Boolean);
  return parts.length ? parts.join(':') : 'random';
}

/** The players' boxes that hold an Omaha range, explained by the engine, as table rows. */
function renderOmahaExplain() {
  const { state } = app;
  const game = gameOf(state.scenario);
  const rows = [];
  const notes = [];
  state.scenario.players.forEach((text, i) => {
    if (!state.engine || !/[^\s]/.test(text) || /^\s*(random|\?)\s*$/i.test(text)) return;
    const result = explainOmahaRange(state.engine, game, text);
    if (!result.ok) {
      notes.push(`Player ${i + 1}: ${result.error?.message ?? 'not a range'}`);
      return;
    }
    for (const item of result.items) {
      const tr = document.createElement('tr');
      const weight = item.weight === 1 ? '' : ` at ${Math.round(item.weight * 1000) / 10}%`;
      for (const cell of [`P${i + 1}`, item.token, `${item.meaning}${weight}`, item.hands.toLocaleString('en-US')]) {
        const td = document.createElement('td');
        td.textContent = cell;
        tr.append(td);
      }
      rows.push(tr);
    }
    notes.push(`Player ${i + 1}: ${result.text}, ${result.hands.toLocaleString('en-US')} of ${result.total.toLocaleString('en-US')} hands`);
  });
  els.explainBody.replaceChildren(...rows);
  els.explainNote.textContent = notes.length ? notes.join(' · ') : 'No player holds a range: type one in a player\'s box (AA:$ds).';
}

/** The page's state and hooks: {state, changed()}. */
let app = null;

/** Connects the controls. */
export function connectBoardGame(context) {
  app = context;
  for (const radio of els.cards) {
    radio.addEventListener('change', () => {
      if (!radio.checked) return;
      const cards = Number(radio.value);
      switchGame(omahaGame(cards, cards !== 6 && els.hilo.checked));
    });
  }
  els.hilo.addEventListener('change', () => {
    const cards = GAMES.get(gameOf(app.state.scenario)).cards;
    switchGame(omahaGame(cards, els.hilo.checked), { carry: true });
  });
  els.build.addEventListener('click', () => {
    const i = Number(els.buildPlayer.value);
    const players = app.state.scenario.players;
    if (!(i >= 0 && i < players.length)) return;
    players[i] = builtRange();
    delete app.state.scenario.problem;
    app.changed();
  });
  els.explain.addEventListener('toggle', () => {
    if (els.explain.open) renderOmahaExplain();
  });
  els.trips.addEventListener('change', () => {
    app.state.scenario.rules = els.trips.checked ? 'trips-beat-straight' : 'standard';
    delete app.state.scenario.problem;
    app.changed();
  });
}


/** Draws the panel (after every change): only for Omaha and Short Deck. */
/** The deck this view put in `app.state.inDeck` (only it is taken back here). */
let ownDeck = null;

function setDeck(cards) {
  const current = app.state.inDeck;
  if (!cards && (!ownDeck || current !== ownDeck)) return;
  if (cards && current && current === ownDeck && [...current].join() === cards.join()) return;
  ownDeck = cards ? new Set(cards) : null;
  app.state.inDeck = ownDeck;
  renderDeckState();
}

export function renderBoardGame() {
  const { scenario } = app.state;
  const shown = isBoardGame(scenario);
  els.panel.hidden = !shown;
  // The deck picker offers the game's deck, as the engine lists it (Short
  // Deck: 6 to A); given back when this game leaves.
  setDeck(shown ? app.state.check?.deck ?? null : null);
  // The board's example: cards the game's deck has (Short Deck's is 6 to A).
  const board = $('[data-field="board"]');
  if (board) board.placeholder = gameOf(scenario) === 'shortdeck' ? '6h 7h Tc' : '2h 7h Tc';
  if (!shown) return;
  const game = gameOf(scenario);
  const info = GAMES.get(game);
  const omaha = isOmaha(scenario);
  els.title.textContent = omaha ? info.label : shortDeckRules(scenario) === 'standard' ? 'Short Deck' : 'Short Deck (trips beat straights)';
  els.omaha.hidden = !omaha;
  els.short.hidden = omaha;
  els.ranges.hidden = !omaha;
  if (omaha) {
    const n = app.state.scenario.players.length;
    if (els.buildPlayer.options.length !== n) {
      const chosen = els.buildPlayer.value;
      els.buildPlayer.replaceChildren(
        ...app.state.scenario.players.map((_, i) => {
          const el = document.createElement('option');
          el.value = String(i);
          el.textContent = `Player ${i + 1}`;
          return el;
        }),
      );
      if (chosen && Number(chosen) < n) els.buildPlayer.value = chosen;
    }
    // Top X% has a ranking for four-card hands only (the core's).
    els.buildTop.disabled = info.cards !== 4;
    if (els.explain.open) renderOmahaExplain();
  }
  for (const radio of els.cards) radio.checked = Number(radio.value) === info.cards;
  els.hilo.checked = info.hilo === true;
  els.hilo.disabled = info.cards === 6;
  els.trips.checked = shortDeckRules(scenario) === 'trips-beat-straight';
  // The game's rules in a sentence: the core's catalogue (game-catalogue.js).
  els.hint.textContent = summaryOf(game);
}
