// The calculator's players view (part of app.js's page): the player rows
// (hands or ranges), the board and dead-card fields, the target field that
// picked cards go to, and the deck. It reads and writes the page's one
// state object (app.js) and re-derives no poker rule: the cards a field
// holds are the engine's reading of it (state.check). User text reaches
// the DOM as text (value, textContent, dataset), never as HTML.

import { SUIT_NAMES, SUIT_SYMBOLS, combosText } from './format.js';
import { MAX_PLAYERS, MIN_PLAYERS } from './scenario.js';

const $ = (selector, root = document) => root.querySelector(selector);

const els = {
  playerList: $('[data-player-list]'),
  addPlayer: $('[data-add-player]'),
  clear: $('[data-clear]'),
  deck: $('[data-deck]'),
  rowTemplate: $('#player-row'),
};

/**
 * The page's state and its hooks, from connectPlayers():
 * {state, changed(), playersRendered(), playerTargetChanged(), playerTextSet(text)}.
 */
let app = null;
let state = null;

// ---- fields ----

export const isPlayerField = (field) => /^p\d+$/.test(field);
const playerIndex = (field) => Number(field.slice(1)) - 1;

export function fieldText(field) {
  if (isPlayerField(field)) return state.scenario.players[playerIndex(field)] ?? '';
  return state.scenario[field] ?? '';
}

export function setFieldText(field, text) {
  if (isPlayerField(field)) state.scenario.players[playerIndex(field)] = text;
  else state.scenario[field] = text;
  const input = fieldInput(field);
  if (input && input.value !== text) input.value = text;
  if (field === state.playerTarget) app.playerTextSet(text);
}

export function fieldInput(field) {
  return document.querySelector(`input[data-field="${field}"]`);
}

/** The field's cards as the engine read them (canonical codes). */
export function fieldCards(field) {
  if (!state.check) return [];
  if (isPlayerField(field)) return state.check.players[playerIndex(field)]?.cards ?? [];
  return state.check[field]?.cards ?? [];
}

export function allFields() {
  return [...state.scenario.players.map((_, i) => `p${i + 1}`), 'board', 'dead'];
}

export function fieldName(field) {
  if (isPlayerField(field)) return `Player ${playerIndex(field) + 1}`;
  return field === 'board' ? 'the board' : 'the dead cards';
}

// ---- players ----

export function renderPlayers() {
  const rows = state.scenario.players.map((text, i) => {
    const n = i + 1;
    const row = els.rowTemplate.content.firstElementChild.cloneNode(true);
    row.dataset.player = String(n);
    const input = $('[data-field]', row);
    input.dataset.field = `p${n}`;
    input.id = `p${n}-input`;
    input.value = text;
    input.setAttribute('aria-label', `Player ${n}'s cards or range`);
    const seat = $('[data-seat]', row);
    seat.textContent = `P${n}`;
    seat.htmlFor = input.id;
    const error = $('[data-error]', row);
    error.dataset.errorFor = `p${n}`;
    error.id = `p${n}-error`;
    input.setAttribute('aria-describedby', `p${n}-class ${error.id}`);
    $('[data-class]', row).id = `p${n}-class`;
    const remove = $('[data-remove]', row);
    remove.setAttribute('aria-label', `Remove player ${n}`);
    remove.disabled = state.scenario.players.length <= MIN_PLAYERS;
    return row;
  });
  els.playerList.replaceChildren(...rows);
  els.addPlayer.disabled = state.scenario.players.length >= MAX_PLAYERS;
  if (!allFields().includes(state.target)) state.target = 'p1';
  if (!allFields().includes(state.playerTarget)) state.playerTarget = 'p1';
  if (state.scenario.heat > state.scenario.players.length) state.scenario.heat = null;
  app.playersRendered();
  markTarget();
}

function addPlayer() {
  if (state.scenario.players.length >= MAX_PLAYERS) return;
  state.scenario.players.push('');
  renderPlayers();
  setTarget(`p${state.scenario.players.length}`);
  app.changed();
}

function removePlayer(index) {
  if (state.scenario.players.length <= MIN_PLAYERS) return;
  state.scenario.players.splice(index, 1);
  const shift = (field) =>
    isPlayerField(field) && playerIndex(field) > index ? `p${playerIndex(field)}` : field;
  state.target = shift(state.target);
  state.playerTarget = shift(state.playerTarget);
  if (state.scenario.heat === index + 1) state.scenario.heat = null;
  else if (state.scenario.heat > index + 1) state.scenario.heat--;
  renderPlayers();
  app.changed();
}

function clearCards() {
  state.scenario.players = state.scenario.players.map(() => '');
  state.scenario.board = '';
  state.scenario.dead = '';
  for (const field of allFields()) setFieldText(field, '');
  setTarget('p1');
  app.changed();
}

// ---- the target field (where picked cards go) ----

export function setTarget(field) {
  state.target = field;
  const newPlayer = isPlayerField(field) && field !== state.playerTarget;
  if (isPlayerField(field)) state.playerTarget = field;
  markTarget();
  renderDeckState();
  if (newPlayer && state.engine) app.playerTargetChanged();
}

function markTarget() {
  for (const box of document.querySelectorAll('[data-player], [data-field-box]')) {
    const field = box.dataset.player ? `p${box.dataset.player}` : box.dataset.fieldBox;
    box.classList.toggle('is-target', field === state.target);
  }
  for (const el of document.querySelectorAll('[data-target-name]')) el.textContent = fieldName(state.target);
  for (const el of document.querySelectorAll('[data-player-target-name]')) {
    el.textContent = fieldName(state.playerTarget);
  }
}

/** After a player's hand is complete: the next player short of cards, else the board. */
export function advanceTarget(from) {
  const players = state.scenario.players.length;
  const start = isPlayerField(from) ? playerIndex(from) : -1;
  for (let k = 1; k <= players; k++) {
    const i = (start + k) % players;
    // A player holding a range needs no cards from the deck.
    if (fieldCards(`p${i + 1}`).length < 2 && !state.check?.players[i]?.range) return setTarget(`p${i + 1}`);
  }
  if (fieldCards('board').length < 5) return setTarget('board');
  return setTarget(from);
}

// ---- the deck ----

export function renderDeck() {
  // Rows by suit (spades, hearts, diamonds, clubs), aces first.
  const cards = [...state.engine.deck].sort(
    (a, b) => b.suitIndex - a.suitIndex || b.rankIndex - a.rankIndex,
  );
  els.deck.replaceChildren(
    ...cards.map((card) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = `deck-card suit-${card.suit}`;
      button.dataset.card = card.code;
      button.setAttribute('aria-label', `${card.rank} of ${SUIT_NAMES[card.suit] ?? card.suit}`);
      const rank = document.createElement('span');
      rank.className = 'deck-rank';
      rank.textContent = card.rank;
      const suit = document.createElement('span');
      suit.className = 'deck-suit';
      suit.textContent = SUIT_SYMBOLS[card.suit] ?? card.suit;
      button.append(rank, suit);
      return button;
    }),
  );
}

export function renderDeckState() {
  if (!state.check) return;
  const owner = new Map();
  for (const field of allFields()) for (const code of fieldCards(field)) owner.set(code, field);
  for (const button of els.deck.children) {
    const field = owner.get(button.dataset.card);
    const mine = field === state.target;
    button.setAttribute('aria-pressed', String(mine));
    button.disabled = field !== undefined && !mine;
    if (field && !mine) button.dataset.usedBy = field;
    else delete button.dataset.usedBy;
  }
}

function pickCard(code) {
  const field = state.target;
  const cards = fieldCards(field);
  let next;
  if (cards.includes(code)) {
    next = cards.filter((c) => c !== code);
  } else if (isPlayerField(field)) {
    next = [...cards, code].slice(-2); // a third card replaces the older one
  } else if (field === 'board' && cards.length >= 5) {
    next = [...cards.slice(0, 4), code]; // a new river
  } else {
    next = [...cards, code];
  }
  setFieldText(field, next.join(''));
  app.changed();
  if (isPlayerField(field) && next.length === 2 && cards.length < 2) advanceTarget(field);
}

/** The players' class or combo labels, their errors and the deck (after a check). */
export function renderPlayerState() {
  showFieldErrors(state.check?.error ?? null);
  for (const row of els.playerList.children) {
    const i = Number(row.dataset.player) - 1;
    const text = state.scenario.players[i] ?? '';
    const range = state.check?.players[i]?.range;
    const label = $('[data-class]', row);
    // A hand shows its class (AKs); a range its combos, its text on hover.
    if (range != null) {
      const combos = state.check.players[i].combos ?? 0;
      label.textContent = combosText(combos);
      label.title = range;
      row.dataset.range = range;
    } else {
      label.textContent = state.engine?.classOf(text) ?? '';
      label.removeAttribute('title');
      delete row.dataset.range;
    }
  }
  renderDeckState();
}

/** Shows `error` ({field, message}, or null) under its field. */
export function showFieldErrors(error) {
  for (const el of document.querySelectorAll('[data-error-for]')) {
    const mine = error && (el.dataset.errorFor === error.field ||
      (el.dataset.errorFor === 'players' && !allFields().includes(error.field)));
    el.hidden = !mine;
    el.textContent = mine ? error.message : '';
    const input = fieldInput(el.dataset.errorFor);
    if (input) input.setAttribute('aria-invalid', String(Boolean(mine)));
  }
}

/** Connects the view to the page's state and hooks, and listens to its fields and deck. */
export function connectPlayers(context) {
  app = context;
  state = context.state;

  els.playerList.addEventListener('input', (event) => {
    const field = event.target.dataset?.field;
    if (!field) return;
    setFieldText(field, event.target.value);
    app.changed();
  });

  for (const field of ['board', 'dead']) {
    const input = fieldInput(field);
    // The page shows before this script arrives: text typed in the meantime
    // wins over the link's (it is the newer input).
    if (input.value !== input.defaultValue) state.scenario[field] = input.value;
    else input.value = state.scenario[field];
    input.addEventListener('input', () => {
      setFieldText(field, input.value);
      app.changed();
    });
  }

  document.addEventListener('focusin', (event) => {
    const field = event.target.dataset?.field;
    if (field && field !== state.target) setTarget(field);
  });

  els.playerList.addEventListener('click', (event) => {
    const remove = event.target.closest('[data-remove]');
    if (remove) {
      removePlayer(Number(remove.closest('[data-player]').dataset.player) - 1);
      return;
    }
    const row = event.target.closest('[data-player]');
    if (row && !event.target.closest('input')) setTarget(`p${row.dataset.player}`);
  });

  for (const box of document.querySelectorAll('[data-field-box]')) {
    box.addEventListener('click', (event) => {
      if (!event.target.closest('input')) setTarget(box.dataset.fieldBox);
    });
  }

  els.addPlayer.addEventListener('click', addPlayer);
  els.clear.addEventListener('click', clearCards);

  els.deck.addEventListener('click', (event) => {
    const button = event.target.closest('[data-card]');
    if (button && !button.disabled) pickCard(button.dataset.card);
  });
}
