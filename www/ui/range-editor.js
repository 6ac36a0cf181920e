// The range editor beside the grid (part of grid-view.js's panel): the
// edited player, the range text box (grows with its text), the summary or
// the error with a caret, the top X% slider and its number field, the
// weight of added hands, Clear, Explain and Copy as (allin, PioSolver,
// GTO+: the text written by the engine, put on the clipboard and shown). It reads and writes the page's
// one state object (app.js); ranges, rankings and explanations come from
// the engine (engine.js), never from rules of its own: those of the
// game's deck (engine/range-decks.js: Hold'em's 169 classes, or Short
// Deck's 81 of six to ace).

import { rangeDeck } from '../engine/range-decks.js';
import { gameOf } from '../model/game.js';
import { caretLines, combosText, formatInt } from '../model/format.js';
import { parsePercent } from '../model/grid-model.js';
import { fieldName, fieldText, setFieldText, setTarget } from './players-view.js';

/** How long typing in the X% field pauses before the value applies. */
const TYPED_PERCENT_PAUSE_MS = 400;

const $ = (selector, root = document) => root.querySelector(selector);

const els = {
  rangePlayer: $('[data-range-player]'),
  rangeText: $('[data-range-text]'),
  rangeSummary: $('[data-range-summary]'),
  rangeError: $('[data-range-error]'),
  rangeErrorMessage: $('[data-range-error-message]'),
  rangeCaret: $('[data-range-caret]'),
  slider: $('[data-range-slider]'),
  percent: $('[data-range-percent]'),
  percentError: $('[data-range-percent-error]'),
  rankingNote: $('[data-ranking-note]'),
  paintWeight: $('[data-paint-weight]'),
  paintWeightOut: $('[data-paint-weight-out]'),
  rangeClear: $('[data-range-clear]'),
  pick: $('[data-grid-pick]'),
  explain: $('[data-explain]'),
  explainBody: $('[data-explain-body]'),
  explainNote: $('[data-explain-note]'),
  copyButtons: [...document.querySelectorAll('[data-copy-format]')],
  copyOut: $('[data-copy-out]'),
};

/** The page's state and hooks, from connectRangeEditor(): {state, changed()}. */
let app = null;
let state = null;

const editor = {
  /** The edited player's range, as the engine read it. */
  view: null,
  /** The weight added hands get, 0…1. */
  paintWeight: 1,
  /**
   * Per player field, the top X% it holds: {percent, text}, kept while the
   * field's text is the one that X% made (until the range is edited by hand).
   */
  top: new Map(),
};

/** The grid's deck of ranges for the scenario's game (engine/range-decks.js); null before the engine. */
export function gridDeck() {
  return state?.engine ? rangeDeck(state.engine, gameOf(state.scenario)) : null;
}

/** The edited player's range as the engine read it (null before the engine). */
export function rangeView() {
  return editor.view;
}

/** The weight the grid gives the hands it adds, 0…1. */
export function paintWeight() {
  return editor.paintWeight;
}

/** Says what the range now is (politely, for screen readers too). */
export function announceRange() {
  const who = fieldName(state.playerTarget);
  els.pick.textContent = editor.view?.ok
    ? `${who}'s range: ${editor.view.text} (${combosText(editor.view.combos)}).`
    : `${who}'s range is empty.`;
}

/** `12.5` → `"12.5"`: as typed back into the number field. */
function percentValue(percent) {
  return String(Math.round(percent * 100) / 100);
}

/** The X% controls: the player's top X% while its range is what X% made, else empty. */
function renderTop(field, text) {
  const top = editor.top.get(field);
  if (top && top.text !== text) editor.top.delete(field);
  const held = editor.top.get(field);
  els.slider.value = held ? String(held.percent) : '0';
  // Never rewrite what the user is typing.
  if (document.activeElement !== els.percent) {
    els.percent.value = held ? percentValue(held.percent) : '';
    showPercentError(null);
  }
}

function showPercentError(message) {
  els.percentError.hidden = !message;
  els.percentError.textContent = message ? `Top X%: ${message}` : '';
  els.percent.setAttribute('aria-invalid', String(Boolean(message)));
}

/** The range box grows to show all its text (where CSS field-sizing cannot). */
function fitRangeText() {
  if (CSS.supports?.('field-sizing', 'content')) return;
  const box = els.rangeText;
  box.style.height = 'auto';
  box.style.height = `${box.scrollHeight + (box.offsetHeight - box.clientHeight)}px`;
}

/** The edited player's range: text box, summary, error, X%, explain. */
export function renderRangePanel() {
  const field = state.playerTarget;
  const text = fieldText(field);
  editor.view = state.engine ? gridDeck().parseRange(text) : null;
  if (els.rangeText.value !== text) {
    els.rangeText.value = text;
    fitRangeText();
  }
  els.rangePlayer.value = field;
  renderTop(field, text);
  const view = editor.view;
  els.rangeError.hidden = true;
  els.rangeText.setAttribute('aria-invalid', 'false');
  if (!view || text.trim() === '') {
    els.rangeSummary.textContent = 'No range yet: type one, use Top X%, or add hands on the grid.';
  } else if (view.ok) {
    const reads = view.text === text.trim() ? '' : `Reads as ${view.text} · `;
    els.rangeSummary.textContent =
      `${reads}${combosText(view.combos)}` +
      (Math.abs(view.weighted - view.combos) > 1e-9 ? ` (${view.weighted.toFixed(1)} by weight)` : '') +
      `, ${view.percent.toFixed(1)}% of all hands`;
  } else {
    els.rangeSummary.textContent = '';
    els.rangeError.hidden = false;
    els.rangeText.setAttribute('aria-invalid', 'true');
    els.rangeErrorMessage.textContent = view.error?.message ?? 'not a range';
    // A caret under the character the error points at.
    const pos = view.error?.position;
    els.rangeCaret.textContent = pos ? caretLines(text, pos) : '';
    els.rangeCaret.hidden = !pos;
  }
  if (els.explain.open) renderExplain();
}

/**
 * Calls `then` once the engine's extra module (where Hold'em's
 * explaining and writing ranges live: the first number does not wait for
 * them) is on this thread, if the grid's deck needs it (`needsExtra`): at once if it is, else after loading it, saying so meanwhile in
 * `note` (the load's failure too).
 */
function withExtra(note, then) {
  const engine = state.engine;
  if (!engine) return;
  if (engine.extraLoaded || !gridDeck().needsExtra) {
    then();
    return;
  }
  note.textContent = 'Loading…';
  engine.loadExtra().then(then, (err) => {
    note.textContent = `Could not load this part of the engine: ${err instanceof Error ? err.message : err}`;
  });
}

function renderExplain() {
  withExtra(els.explainNote, explainNow);
}

function explainNow() {
  const result = gridDeck().explainRange(fieldText(state.playerTarget));
  const rows = result.items.map((item) => {
    const tr = document.createElement('tr');
    const weight = item.weight === 1 ? '' : item.weight === 0 ? ', removed (weight 0)' : ` at ${item.weightText}`;
    for (const text of [item.token, `${item.standsFor}${weight}`, formatInt(item.comboCount)]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.append(td);
    }
    return tr;
  });
  els.explainBody.replaceChildren(...rows);
  els.explainNote.textContent = result.ok
    ? result.items.length > 1
      ? 'Items apply left to right: a later one sets the weight of hands an earlier one named.'
      : ''
    : result.error?.message ?? '';
}

/** The "Range of" choices: one per player. */
export function renderRangePlayers(players) {
  els.rangePlayer.replaceChildren(
    ...players.map((n) => {
      const el = document.createElement('option');
      el.value = `p${n}`;
      el.textContent = `Player ${n}`;
      return el;
    }),
  );
  els.rangePlayer.value = state.playerTarget;
}

/** The range editor's note on what its X% ranks hands by (the engine's ranking). */
export function renderRankingNote() {
  const deck = gridDeck();
  const { description } = deck.ranking;
  els.rankingNote.textContent = deck.heat
    ? `Top X% of all 1,326 hands by ${description}, as in PokerStove and Equilab.`
    : `Top X% of all ${formatInt(deck.deckCombos)} short-deck hands (6 to A) by ${description}.`;
}

/** Sets the range text box to the edited player's `text` (typed elsewhere). */
export function showRangeText(text) {
  if (els.rangeText.value !== text) {
    els.rangeText.value = text;
    fitRangeText();
  }
}

/** Gives the edited player the top `percent`% of hands (the slider or the number field). */
function applyTop(percent) {
  const view = gridDeck()?.topRange(percent);
  if (!view) return;
  const field = state.playerTarget;
  editor.top.set(field, { percent, text: view.text });
  setFieldText(field, view.text);
  app.changed();
}

/**
 * Writes the edited player's range for another tool (`format`: allin, pio,
 * gtoplus) with the engine, shows it and puts it on the clipboard (where
 * the browser allows: the text stays shown to copy by hand).
 */
function copyRange(format) {
  withExtra(els.copyOut, () => copyNow(format));
}

function copyNow(format) {
  const result = gridDeck().writeRange(fieldText(state.playerTarget), format);
  els.copyOut.dataset.format = format;
  if (!result.ok) {
    els.copyOut.textContent = result.error;
    els.copyOut.dataset.copied = 'no';
    return;
  }
  els.copyOut.textContent = result.text;
  els.copyOut.dataset.copied = 'pending';
  const copied = navigator.clipboard?.writeText(result.text) ?? Promise.reject(new Error('no clipboard'));
  copied.then(
    () => { if (els.copyOut.textContent === result.text) els.copyOut.dataset.copied = 'yes'; },
    () => { if (els.copyOut.textContent === result.text) els.copyOut.dataset.copied = 'no'; },
  );
}

/** Connects the editor to the page's state and hooks, and listens to its controls. */
export function connectRangeEditor(context) {
  app = context;
  state = context.state;
  // On a touch screen the slider moves in whole percents (the number field
  // takes finer values): half-percent steps are 1.7 px apart on a phone.
  if (matchMedia('(pointer: coarse)').matches) els.slider.step = '1';

  els.rangePlayer.addEventListener('change', () => setTarget(els.rangePlayer.value));
  els.rangeText.addEventListener('keydown', (event) => {
    // One line of range text, however many lines it wraps to: Enter is "done".
    if (event.key === 'Enter' && !event.isComposing) event.preventDefault();
  });
  els.rangeText.addEventListener('input', () => {
    // Line breaks (pasted) separate items like blanks do.
    if (/[\r\n]/.test(els.rangeText.value)) {
      const at = els.rangeText.selectionStart;
      els.rangeText.value = els.rangeText.value.replace(/\r\n?|\n/g, ' ');
      els.rangeText.setSelectionRange(at, at);
    }
    fitRangeText();
    setFieldText(state.playerTarget, els.rangeText.value);
    app.changed();
  });
  els.slider.addEventListener('input', () => {
    const percent = Number(els.slider.value);
    els.percent.value = percentValue(percent);
    showPercentError(null);
    applyTop(percent);
  });
  els.slider.addEventListener('change', announceRange);
  // A typed X% applies once the typing pauses (or on Enter, or on leaving
  // the field), so that typing 101 never gives the range 10% on the way.
  let pending = 0;
  const applyTyped = () => {
    clearTimeout(pending);
    pending = 0;
    const read = parsePercent(els.percent.value);
    showPercentError(read.ok ? null : read.error);
    if (!read.ok || read.value === null) return;
    els.slider.value = String(read.value);
    if (editor.top.get(state.playerTarget)?.percent !== read.value) applyTop(read.value);
  };
  els.percent.addEventListener('input', () => {
    clearTimeout(pending);
    // An error shows at once (it changes nothing); a value waits for the pause.
    const read = parsePercent(els.percent.value);
    showPercentError(read.ok ? null : read.error);
    pending = read.ok && read.value !== null ? setTimeout(applyTyped, TYPED_PERCENT_PAUSE_MS) : 0;
  });
  els.percent.addEventListener('change', () => {
    applyTyped();
    if (parsePercent(els.percent.value).ok) announceRange();
  });
  els.percent.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') els.percent.blur();
  });
  els.percent.addEventListener('blur', () => {
    if (pending) applyTyped();
    // Leaving the field shows what the range holds (an error stays, to be fixed).
    if (!parsePercent(els.percent.value).ok) return;
    const held = editor.top.get(state.playerTarget);
    els.percent.value = held ? percentValue(held.percent) : '';
  });
  els.paintWeight.addEventListener('input', () => {
    editor.paintWeight = Number(els.paintWeight.value) / 100;
    els.paintWeightOut.textContent = `${els.paintWeight.value}%`;
  });
  els.rangeClear.addEventListener('click', () => {
    setFieldText(state.playerTarget, '');
    app.changed();
    announceRange();
  });
  els.explain.addEventListener('toggle', () => {
    if (els.explain.open && state.engine) renderExplain();
  });
  for (const button of els.copyButtons) {
    button.addEventListener('click', () => copyRange(button.dataset.copyFormat));
    // Reaching a Copy button starts the extra module's load, so a click
    // rarely waits for it (and the clipboard still sees the click's gesture).
    for (const type of ['pointerover', 'focusin']) {
      button.addEventListener(type, () => state.engine && gridDeck().needsExtra && state.engine.loadExtra().catch(() => {}), { once: true });
    }
  }
  fitRangeText();
}
