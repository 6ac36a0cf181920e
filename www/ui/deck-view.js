// The calculator's card picker (part of players-view.js's view): the deck,
// the buttons that choose where picked cards go, the question asked before
// a card replaces a player's range, and random hands and boards. The deck
// is one tab stop (roving tabindex): arrow keys move by the cards' places
// on screen (one row of 13 per suit, in the page or in a phone's sheet,
// deck-sheet.js), Home/End go to the ends of a row (with Ctrl: of the
// deck), Enter or Space picks, and a rank key then a suit key (`a` `h`)
// picks that card. Which cards are in use, and by whom, is the engine's
// reading of the fields (state.check), never re-derived here.

import { cardsPerHand, hasBoard } from '../model/game.js';
import { SUIT_NAMES, SUIT_SYMBOLS } from '../model/format.js';
import {
  allFields,
  fieldCards,
  fieldName,
  fieldRange,
  isPlayerField,
  pickingInto,
  playerIndex,
  setFieldText,
} from './fields.js';
import { moveInDeck, typedKey } from '../model/deck-keys.js';
import { drawRandom } from '../model/random-cards.js';
import { connectSheet, isSheet, openSheet } from './deck-sheet.js';

const $ = (selector, root = document) => root.querySelector(selector);

const els = {
  deck: $('[data-deck]'),
  panel: $('.deck-panel'),
  targets: $('[data-targets]'),
  confirm: $('[data-confirm]'),
  confirmText: $('[data-confirm-text]'),
  confirmYes: $('[data-confirm-yes]'),
  confirmNo: $('[data-confirm-no]'),
  pickStatus: $('[data-pick-status]'),
  randomHand: $('[data-random-hand]'),
  randomBoard: $('[data-random-board]'),
};

let app = null;
let state = null;

/** A rank key waiting for its suit key (type-ahead), or null. */
let pendingRank = null;

/** What the open question will do if the user says yes. */
let pendingAction = null;

const short = (field) => (isPlayerField(field) ? field.toUpperCase() : field === 'board' ? 'B' : 'D');
const cardText = (code) => `${code[0]}${SUIT_SYMBOLS[code[1]] ?? code[1]}`;
const cards = () => [...els.deck.children];

// ---- drawing ----

export function renderDeck() {
  // Aces first; a row of 13 per suit (spades, hearts, diamonds, clubs).
  const deck = [...state.engine.deck].sort(
    (a, b) => b.suitIndex - a.suitIndex || b.rankIndex - a.rankIndex,
  );
  els.deck.replaceChildren(
    ...deck.map((card, i) => {
      const column = 12 - card.rankIndex;
      const suitRow = 3 - card.suitIndex;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = `deck-card suit-${card.suit}`;
      button.dataset.card = card.code;
      button.dataset.rank = card.rank;
      button.dataset.suit = card.suit;
      button.tabIndex = i === 0 ? 0 : -1;
      button.style.cssText = `--row: ${suitRow + 1}; --col: ${column + 1}`;
      button.dataset.name = `${card.rank} of ${SUIT_NAMES[card.suit] ?? card.suit}`;
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
  renderDeckState();
}

/** Which cards are in use and by whom; the target's are pressed. */
export function renderDeckState() {
  renderButtons();
  // A question about another field's range, or about a range since
  // changed, is no longer the user's (typing a new range
  // kept the question naming the old one, and Yes replaced the new one).
  if (pendingAction && ((pendingAction.field !== state.target &&
    pendingAction.field !== state.playerTarget) || !stillAsked(pendingAction))) {
    closeQuestion({ restoreFocus: false });
  }
  if (!state.check) return;
  const owner = new Map();
  for (const field of allFields()) for (const code of fieldCards(field)) owner.set(code, field);
  for (const button of cards()) {
    const field = owner.get(button.dataset.card);
    const mine = field === state.target;
    button.setAttribute('aria-pressed', String(mine));
    button.setAttribute('aria-disabled', String(field !== undefined && !mine));
    // Who holds it, drawn by CSS (its name says it in words).
    if (field) button.dataset.holder = short(field);
    else delete button.dataset.holder;
    const holder = !field ? '' : field === 'board' ? ', on the board'
      : field === 'dead' ? ', a dead card' : `, held by ${fieldName(field)}`;
    button.setAttribute('aria-label', `${button.dataset.name}${holder}`);
    if (field && !mine) button.dataset.usedBy = field;
    else delete button.dataset.usedBy;
    // Not in the game's deck (three-card's short deck: state.inDeck, from the engine).
    const out = Boolean(state.inDeck && !state.inDeck.has(button.dataset.card));
    button.toggleAttribute('data-out-of-deck', out);
    if (out) button.setAttribute('aria-label', `${button.dataset.name}, not in this deck`);
  }
}

/** The buttons choosing where cards go: one per player, the board, the dead cards. */
export function renderTargets() {
  const radios = allFields().map((field) => {
    const label = document.createElement('label');
    label.className = 'target';
    const radio = document.createElement('input');
    radio.type = 'radio';
    radio.name = 'deck-target';
    radio.value = field;
    radio.dataset.target = '';
    radio.checked = field === state.target;
    radio.setAttribute('aria-label', fieldName(field).replace(/^the /, ''));
    const text = document.createElement('span');
    text.textContent = isPlayerField(field) ? short(field) : field === 'board' ? 'Board' : 'Dead';
    label.append(radio, text);
    return label;
  });
  els.targets.replaceChildren(...radios);
}

/** The random buttons say what they will do. */
function renderButtons() {
  // A player's random hand only while picking for a player.
  els.randomHand.hidden = !isPlayerField(state.target);
  const player = isPlayerField(state.target) ? state.target : state.playerTarget;
  els.randomHand.textContent = `Random ${short(player)} hand`;
  els.randomHand.setAttribute('aria-label', `Random ${short(player)} hand, for ${fieldName(player)}`);
  const board = fieldCards('board').length;
  els.randomBoard.textContent = ['Random flop', 'Random flop', 'Random flop', 'Random turn',
    'Random river', 'New random flop'][board] ?? 'New random flop';
}

// ---- picking ----

function say(text) {
  els.pickStatus.textContent = text;
}

/** A card of the deck was chosen (tap, Enter, Space or type-ahead). */
function pickCard(button) {
  const code = button.dataset.card;
  const holder = button.dataset.usedBy;
  if (holder) {
    say(`${cardText(code)} is ${holder === 'board' ? 'on the board' : holder === 'dead'
      ? 'a dead card' : `${fieldName(holder)}’s`}: choose ${holder === 'board' || holder === 'dead'
      ? 'it' : 'that player'} above and tap it to take it back.`);
    return;
  }
  const field = state.target;
  const range = fieldRange(field);
  if (range !== null) {
    ask(field, `${fieldName(field)} holds the range ${range}. Replace it with ${cardText(code)}?`,
      `Replace with ${cardText(code)}`, () => applyPick(field, code), button);
    return;
  }
  applyPick(field, code);
}

function applyPick(field, code) {
  const cardsNow = fieldCards(field);
  let next;
  if (cardsNow.includes(code)) {
    next = cardsNow.filter((c) => c !== code);
  } else if (isPlayerField(field)) {
    // One card more than a hand replaces the oldest.
    next = [...(fieldRange(field) === null ? cardsNow : []), code].slice(-cardsPerHand(state.scenario));
  } else if (field === 'board' && cardsNow.length >= 5) {
    next = [...cardsNow.slice(0, 4), code]; // a new river
  } else {
    next = [...cardsNow, code];
  }
  say('');
  pickingInto(field);
  setFieldText(field, next.join(''));
  app.changed();
  const full = cardsPerHand(state.scenario);
  if (isPlayerField(field) && next.length === full && cardsNow.length < full) {
    advanceTarget(field);
    if (state.target !== field) {
      say(`${fieldName(field)}: ${next.map(cardText).join(' ')}. Next: ${fieldName(state.target)}.`);
    }
  }
}

// ---- the question before a range is replaced ----

function ask(field, question, yes, action, returnTo) {
  pendingAction = { field, action, returnTo, range: fieldRange(field) };
  els.confirmText.textContent = question;
  els.confirmYes.textContent = yes;
  els.confirm.hidden = false;
  els.confirmYes.focus();
}

/** The field still holds the range the question named. */
function stillAsked({ field, range }) {
  return fieldRange(field) === range;
}

function closeQuestion({ restoreFocus = true } = {}) {
  if (!pendingAction) return;
  const { returnTo } = pendingAction;
  pendingAction = null;
  els.confirm.hidden = true;
  if (restoreFocus && returnTo?.isConnected) returnTo.focus();
}

// ---- random hands and boards (the device's randomness, nothing sent) ----

function usedCards({ except = null } = {}) {
  const used = new Set();
  for (const field of allFields()) {
    if (field !== except) for (const code of fieldCards(field)) used.add(code);
  }
  return used;
}

function freeCards(used) {
  return state.engine.deck.map((card) => card.code)
    .filter((code) => !used.has(code) && (!state.inDeck || state.inDeck.has(code)));
}

function randomHand() {
  if (!state.check) return;
  const field = isPlayerField(state.target) ? state.target : state.playerTarget;
  const deal = () => {
    const hand = drawRandom(freeCards(usedCards({ except: field })), cardsPerHand(state.scenario));
    if (state.target !== field) setTarget(field);
    setFieldText(field, hand.join(''));
    say(`${fieldName(field)} gets ${hand.map(cardText).join(' ')}.`);
    app.changed();
  };
  const range = fieldRange(field);
  if (range !== null) {
    ask(field, `${fieldName(field)} holds the range ${range}. Replace it with a random hand?`,
      'Replace with a random hand', deal, els.randomHand);
    return;
  }
  deal();
}

function randomBoard() {
  if (!state.check) return;
  const board = fieldCards('board');
  const keep = board.length >= 5 ? [] : board;
  const want = keep.length < 3 ? 3 : keep.length + 1;
  const drawn = drawRandom(freeCards(usedCards({ except: keep.length ? null : 'board' })), want - keep.length);
  const next = [...keep, ...drawn];
  setFieldText('board', next.join(''));
  say(`Board: ${next.map(cardText).join(' ')}.`);
  app.changed();
}

/**
 * Brings the picker into sight (a phone's sheet opens; a wider screen
 * scrolls to it, smoothly unless the user asks for less motion) and the
 * keyboard into the deck, at its current card.
 */
export function showPicker() {
  openSheet();
  const card = cards().find((el) => el.tabIndex === 0);
  card?.focus({ preventScroll: true });
  if (isSheet()) return;
  const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
  els.panel.scrollIntoView({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
}

// ---- the keyboard in the deck ----

function focusCard(button) {
  for (const el of cards()) el.tabIndex = el === button ? 0 : -1;
  button.focus();
}

function onDeckKey(event) {
  const from = event.target.closest('[data-card]');
  if (!from || event.altKey || event.metaKey) return;
  const all = cards();
  const boxes = all.map((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, h: r.height };
  });
  const to = moveInDeck(boxes, all.indexOf(from), event.key, event.ctrlKey);
  if (to >= 0) {
    event.preventDefault();
    pendingRank = null;
    focusCard(all[to]);
    return;
  }
  if (event.ctrlKey) return;
  if (event.key === '0' && pendingRank === 'T') return event.preventDefault(); // 1 0: T
  const typed = typedKey(event.key, all.map((el) => el.dataset.rank).join(''),
    all.map((el) => el.dataset.suit).join(''));
  if (!typed) return;
  event.preventDefault();
  if (typed.rank) {
    // The rank in the focused card's suit; the suit key picks.
    pendingRank = typed.rank;
    const byRank = all.filter((el) => el.dataset.rank === typed.rank);
    focusCard(byRank.find((el) => el.dataset.suit === from.dataset.suit) ?? byRank[0]);
    return;
  }
  const card = all.find((el) => el.dataset.suit === typed.suit &&
    el.dataset.rank === (pendingRank ?? from.dataset.rank));
  if (!card) return;
  focusCard(card);
  if (pendingRank) pickCard(card);
  pendingRank = null;
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

export function markTarget() {
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

/** Connects the picker to the page's state and hooks, and listens to it. */
export function connectDeck(context) {
  app = context;
  state = context.state;
  els.deck.addEventListener('click', (event) => {
    const button = event.target.closest('[data-card]');
    if (!button) return;
    for (const el of cards()) el.tabIndex = el === button ? 0 : -1;
    pendingRank = null;
    pickCard(button);
  });
  els.deck.addEventListener('keydown', onDeckKey);
  els.deck.addEventListener('focusout', (event) => {
    if (!els.deck.contains(event.relatedTarget)) pendingRank = null;
  });
  els.targets.addEventListener('change', (event) => {
    if (!event.target.matches('[data-target]')) return;
    closeQuestion({ restoreFocus: false });
    say('');
    setTarget(event.target.value);
  });
  els.confirmYes.addEventListener('click', () => {
    const asked = pendingAction;
    closeQuestion();
    if (asked && stillAsked(asked)) asked.action();
  });
  els.confirmNo.addEventListener('click', () => closeQuestion());
  els.confirm.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') closeQuestion();
  });
  els.randomHand.addEventListener('click', randomHand);
  els.randomBoard.addEventListener('click', randomBoard);
  connectSheet();
}
