// The calculator's players view (part of app.js's page): the player rows
// (hands or ranges), the board and dead-card fields, the target field that
// picked cards go to (the deck itself is deck-view.js), and which fields
// show their errors. It reads and writes the page's one state object
// (app.js) and re-derives no poker rule: the cards a field holds are the
// engine's reading of it (state.check). User text reaches the DOM as text
// (value, textContent, dataset), never as HTML.

import { combosText, formatInt } from '../model/format.js';
import { cardsPerHand, hasBoard, isBoardGame, isFiveCard, isOmaha, isThreeCard, maxPlayersOf } from '../model/game.js';
import { MAX_PLAYERS, MIN_PLAYERS } from '../model/scenario.js';
import { connectDeck, renderDeckState, renderTargets, showPicker } from './deck-view.js';
import { openSheet } from './deck-sheet.js';

export { renderDeck, renderDeckState } from './deck-view.js';

const $ = (selector, root = document) => root.querySelector(selector);

const els = {
  playerList: $('[data-player-list]'),
  addPlayer: $('[data-add-player]'),
  tableFull: $('[data-table-full]'),
  clear: $('[data-clear]'),
  rowTemplate: $('#player-row'),
};

/**
 * The page's state and its hooks, from connectPlayers():
 * {state, changed(), playersRendered(), playerTargetChanged(), playerTextSet(text)}.
 */
let app = null;
let state = null;

/**
 * The fields whose errors are shown: those the user typed in or left, and
 * those a link filled. A field just added or just cleared shows none (the
 * results say calmly why nothing is computed).
 */
const touched = new Set();

/** Textareas grow with their text by CSS where the browser can (field-sizing). */
const CSS_GROWS = globalThis.CSS?.supports?.('field-sizing', 'content') ?? false;

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
  if (input && input.value !== text) {
    input.value = text;
    fitHeight(input);
  }
  if (field === state.playerTarget) app.playerTextSet(text);
}

export function fieldInput(field) {
  return document.querySelector(`[data-field="${field}"]`);
}

/** The field's cards as the engine read them (canonical codes). */
export function fieldCards(field) {
  if (!state.check) return [];
  if (isPlayerField(field)) return state.check.players[playerIndex(field)]?.cards ?? [];
  return state.check[field]?.cards ?? [];
}

/** The range a player holds, canonical, as the engine read it; else null. */
export function fieldRange(field) {
  if (!isPlayerField(field) || !state.check) return null;
  return state.check.players[playerIndex(field)]?.range ?? null;
}

export function allFields() {
  return [...state.scenario.players.map((_, i) => `p${i + 1}`), 'board', 'dead'];
}

export function fieldName(field) {
  if (isPlayerField(field)) return `Player ${playerIndex(field) + 1}`;
  return field === 'board' ? 'the board' : 'the dead cards';
}

/** A player's box grows with its text where CSS cannot do it (field-sizing). */
function fitHeight(input) {
  if (CSS_GROWS || input.localName !== 'textarea') return;
  input.style.height = 'auto';
  input.style.height = `${input.scrollHeight + input.offsetHeight - input.clientHeight}px`;
}

// ---- players ----

export function renderPlayers({ focus = null } = {}) {
  const rows = state.scenario.players.map((text, i) => {
    const n = i + 1;
    // Text that arrived from outside (a link, history) is the user's: its errors show.
    if (text !== '') touched.add(`p${n}`);
    const row = els.rowTemplate.content.firstElementChild.cloneNode(true);
    row.dataset.player = String(n);
    const input = $('[data-field]', row);
    input.dataset.field = `p${n}`;
    input.id = `p${n}-input`;
    input.value = text;
    input.setAttribute('aria-label', `Player ${n}'s cards or range`);
    if (isThreeCard(state.scenario)) input.placeholder = n === 1 ? '3 cards, e.g. 2h 2s 2d' : '3 cards, random, 30%';
    if (isFiveCard(state.scenario)) input.placeholder = '0 to 5 cards, the rest dealt';
    if (isOmaha(state.scenario)) input.placeholder = `${cardsPerHand(state.scenario)} cards or random`;
    else if (isBoardGame(state.scenario)) input.placeholder = '2 cards (6 to A) or random';
    const seat = $('[data-seat]', row);
    seat.textContent = `P${n}`;
    seat.setAttribute('aria-label', `P${n}: pick cards for player ${n} in the deck`);
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
  for (const row of rows) fitHeight($('[data-field]', row));
  for (const field of ['board', 'dead']) if (state.scenario[field] !== '') touched.add(field);
  // At the table's limit "Add player" is off, and a line says why.
  const seats = Math.min(MAX_PLAYERS, maxPlayersOf(state.scenario));
  els.addPlayer.disabled = state.scenario.players.length >= seats;
  els.tableFull.hidden = !els.addPlayer.disabled;
  els.tableFull.textContent = els.addPlayer.disabled ? `A table seats at most ${seats} players.` : '';
  if (!allFields().includes(state.target)) state.target = 'p1';
  if (!allFields().includes(state.playerTarget)) state.playerTarget = 'p1';
  if (state.scenario.heat > state.scenario.players.length) state.scenario.heat = null;
  app.playersRendered();
  renderTargets();
  markTarget();
  if (focus) fieldInput(focus)?.focus();
}

/**
 * Adds a player: the deck's target, and the focused field for typing, but
 * not from a tap (review finding: on a phone the keyboard then covered the
 * deck the new hand is picked from).
 */
function addPlayer(event) {
  if (state.scenario.players.length >= Math.min(MAX_PLAYERS, maxPlayersOf(state.scenario))) return;
  state.scenario.players.push(
    isThreeCard(state.scenario) || isFiveCard(state.scenario) || isBoardGame(state.scenario) ? 'random' : '',
  );
  const field = `p${state.scenario.players.length}`;
  touched.delete(field);
  const tapped = event?.pointerType === 'touch' || event?.pointerType === 'pen';
  renderPlayers(tapped ? {} : { focus: field });
  setTarget(field);
  app.changed();
}

function removePlayer(index) {
  if (state.scenario.players.length <= MIN_PLAYERS) return;
  state.scenario.players.splice(index, 1);
  const shift = (field) =>
    isPlayerField(field) && playerIndex(field) > index ? `p${playerIndex(field)}` : field;
  state.target = shift(state.target);
  state.playerTarget = shift(state.playerTarget);
  const kept = [...touched].filter((field) => field !== `p${index + 1}`).map(shift);
  touched.clear();
  for (const field of kept) touched.add(field);
  if (state.scenario.heat === index + 1) state.scenario.heat = null;
  else if (state.scenario.heat > index + 1) state.scenario.heat--;
  renderPlayers();
  app.changed();
}

/**
 * Clears every hand, the board and the dead cards; the deck's target is
 * player 1. From the keyboard (a click with `detail` 0: Enter or Space)
 * focus goes on to the deck, where the next cards are picked: the new
 * panels between the players and the deck would otherwise cost six tabs.
 * On a phone the deck's sheet opens, whatever cleared (the next cards are
 * picked there).
 */
function clearCards(event) {
  state.scenario.players = state.scenario.players.map(() => '');
  state.scenario.board = '';
  state.scenario.dead = '';
  for (const field of allFields()) setFieldText(field, '');
  touched.clear();
  setTarget('p1');
  app.changed();
  if (event?.detail === 0) showPicker();
  else openSheet();
}

// ---- the target field (where picked cards go) ----

/**
 * Makes `field` the deck's target. Only the user's choice does this (a tap
 * or typing in a field, the target buttons, the range editor's player), or
 * a completed hand (advanceTarget); never focus merely passing by.
 */
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
  for (const radio of document.querySelectorAll('[data-target]')) {
    radio.checked = radio.value === state.target;
  }
}

/** After a player's hand is complete: the next player short of cards, else the board. */
export function advanceTarget(from) {
  const players = state.scenario.players.length;
  const start = isPlayerField(from) ? playerIndex(from) : -1;
  for (let k = 1; k <= players; k++) {
    const i = (start + k) % players;
    // A player holding a range needs no cards from the deck.
    if (fieldCards(`p${i + 1}`).length < cardsPerHand(state.scenario) && !state.check?.players[i]?.range) {
      return setTarget(`p${i + 1}`);
    }
  }
  if (fieldCards('board').length < 5 && hasBoard(state.scenario)) return setTarget('board');
  return setTarget(from);
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
      label.textContent = isThreeCard(state.scenario)
        ? `${formatInt(combos)} hand${combos === 1 ? '' : 's'}`
        : combosText(combos);
      label.title = range;
      row.dataset.range = range;
    } else if (isFiveCard(state.scenario)) {
      // The hand's class once complete (the engine's showdown), else what the deck deals.
      const hand = state.check?.showdown?.hands?.[i];
      const missing = state.check?.missing?.[i];
      label.textContent = hand ? hand.label : missing ? `+${missing} dealt` : '';
      label.title = hand ? hand.name : '';
      delete row.dataset.range;
    } else {
      label.textContent = state.engine?.classOf(text) ?? '';
      label.removeAttribute('title');
      delete row.dataset.range;
    }
  }
  renderDeckState();
}

/**
 * Whether `error` ({field, message}) is shown under its field: errors of
 * the table as a whole always, a field's once the user has touched it.
 */
export function errorShown(error) {
  if (!error) return false;
  return !allFields().includes(error.field) || touched.has(error.field);
}

/**
 * Shows `error` ({field, message}, or null: the scenario's first problem)
 * under its field, and every other field's own error under that field
 * (the check's `fieldErrors`: a bad board and a bad player at once are
 * both marked), each once the user has touched its field.
 */
export function showFieldErrors(error) {
  const fields = allFields();
  const byField = new Map();
  for (const e of [error, ...(error ? (state?.check?.fieldErrors ?? []) : [])]) {
    if (!e) continue;
    const where = fields.includes(e.field) ? e.field : 'players';
    if (!byField.has(where)) byField.set(where, e);
  }
  for (const el of document.querySelectorAll('[data-error-for]')) {
    const e = byField.get(el.dataset.errorFor);
    const mine = e !== undefined && errorShown(e);
    el.hidden = !mine;
    el.textContent = mine ? e.message : '';
    // The scenario's first problem (what the results' note refers to).
    el.toggleAttribute('data-error-first', mine && e === error);
    const input = fieldInput(el.dataset.errorFor);
    if (input) input.setAttribute('aria-invalid', String(Boolean(mine)));
  }
}

/**
 * `field` is being filled from the deck: a card at a time, so its errors
 * (one hole card, a board of two) are a pick in progress, not a mistake;
 * they stay out of sight (nothing above the deck may move while it is
 * tapped) until the field is typed in or left. The results still say why
 * nothing is computed.
 */
export function pickingInto(field) {
  touched.delete(field);
}

/** The user typed in `field`, or left it: its errors show from now on. */
function touch(field) {
  if (touched.has(field)) return;
  touched.add(field);
  if (state.check) showFieldErrors(state.check.error);
}

/** Enter in a player's box (no new lines): on to the next field. */
function nextField(event) {
  if (event.key !== 'Enter' || event.isComposing) return;
  const field = event.target.dataset?.field;
  if (!isPlayerField(field)) return;
  event.preventDefault();
  const fields = allFields();
  fieldInput(fields[fields.indexOf(field) + 1])?.focus();
}

/** Connects the view to the page's state and hooks, and listens to its fields. */
export function connectPlayers(context) {
  app = context;
  state = context.state;

  const typed = (field, text) => {
    touch(field);
    if (field !== state.target) setTarget(field);
    setFieldText(field, text);
    app.changed();
  };

  els.playerList.addEventListener('input', (event) => {
    const field = event.target.dataset?.field;
    if (!field) return;
    fitHeight(event.target);
    typed(field, event.target.value);
  });
  els.playerList.addEventListener('keydown', nextField);

  for (const field of ['board', 'dead']) {
    const input = fieldInput(field);
    // The page shows before this script arrives: text typed in the meantime
    // wins over the link's (it is the newer input).
    if (input.value !== input.defaultValue) state.scenario[field] = input.value;
    else input.value = state.scenario[field];
    if (input.value !== '') touched.add(field);
    input.addEventListener('input', () => typed(field, input.value));
  }

  // Leaving a field it was typed in shows its errors (a field tabbed
  // through untouched stays calm).
  document.addEventListener('change', (event) => {
    const field = event.target.dataset?.field;
    if (field && allFields().includes(field)) touch(field);
  });

  els.playerList.addEventListener('click', (event) => {
    const remove = event.target.closest('[data-remove]');
    if (remove) {
      removePlayer(Number(remove.closest('[data-player]').dataset.player) - 1);
      return;
    }
    const row = event.target.closest('[data-player]');
    if (row && `p${row.dataset.player}` !== state.target) setTarget(`p${row.dataset.player}`);
    // The seat button: on to the deck (a phone's sheet opens).
    if (event.target.closest('[data-seat]')) showPicker();
  });

  for (const box of document.querySelectorAll('[data-field-box]')) {
    box.addEventListener('click', () => {
      if (box.dataset.fieldBox !== state.target) setTarget(box.dataset.fieldBox);
    });
  }

  els.addPlayer.addEventListener('click', addPlayer);
  els.clear.addEventListener('click', clearCards);

  connectDeck(context);
}
