// The calculator's players view (part of app.js's page): the player rows
// (hands or ranges), the board and dead-card fields, the target field that
// picked cards go to (the deck itself is deck-view.js, with the target;
// the fields' text, cards and errors are fields.js). It reads and writes
// the page's one state object (app.js) and re-derives no poker rule: the
// cards a field holds are the engine's reading of it (state.check). User text reaches the DOM as text
// (value, textContent, dataset), never as HTML.

import { combosText, formatInt } from '../model/format.js';
import { cardsPerHand, isBoardGame, isDealtGame, isDrawGame, isFiveCard, isOmaha, isStud, isThreeCard, maxPlayersOf } from '../model/game.js';
import { MAX_PLAYERS, MIN_PLAYERS } from '../model/scenario.js';
import { connectDeck, markTarget, renderDeckState, renderTargets, setTarget, showPicker } from './deck-view.js';
import { openSheet } from './deck-sheet.js';
import {
  allFields,
  connectFields,
  fieldInput,
  fitHeight,
  isPlayerField,
  playerIndex,
  setFieldText,
  showFieldErrors,
  touch,
  touched,
} from './fields.js';

export { advanceTarget, renderDeck, renderDeckState, setTarget } from './deck-view.js';
export {
  allFields,
  errorShown,
  fieldCards,
  fieldInput,
  fieldName,
  fieldRange,
  fieldText,
  isPlayerField,
  pickingInto,
  setFieldText,
  showFieldErrors,
} from './fields.js';

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
    if (isDrawGame(state.scenario)) input.placeholder = `0 to ${cardsPerHand(state.scenario)} cards kept, the rest drawn`;
    if (isStud(state.scenario)) input.placeholder = '0 to 7 cards, [down] up, the rest dealt';
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
 * not from a tap (on a phone the keyboard then covered the
 * deck the new hand is picked from).
 */
function addPlayer(event) {
  if (state.scenario.players.length >= Math.min(MAX_PLAYERS, maxPlayersOf(state.scenario))) return;
  state.scenario.players.push(
    isThreeCard(state.scenario) || isDealtGame(state.scenario) || isStud(state.scenario) || isBoardGame(state.scenario) ? 'random' : '',
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
    } else if (isStud(state.scenario)) {
      // What the deck deals each player (the engine's check).
      const missing = state.check?.missing?.[i];
      label.textContent = missing ? `+${missing} dealt` : '';
      label.title = state.check?.community ? 'the seventh card is one community card' : '';
      delete row.dataset.range;
    } else if (isDealtGame(state.scenario)) {
      // The hand's class once complete (the engine's showdown), else what the deck deals.
      const hand = state.check?.showdown?.hands?.[i];
      const missing = state.check?.missing?.[i];
      const more = isDrawGame(state.scenario) ? 'drawn' : 'dealt';
      label.textContent = hand ? hand.label : missing ? `+${missing} ${more}` : '';
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
  connectFields(context);

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
