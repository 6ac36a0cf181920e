// The calculator's fields (shared by players-view.js and deck-view.js): a
// player's box, the board and the dead cards; their text, the cards and
// range the engine read in them (state.check, never re-derived here), and
// which of them show their errors. Split from players-view.js so that the
// deck (deck-view.js) reads and fills the fields without importing the
// players' view that contains it. User text reaches the DOM as text
// (value, textContent), never as HTML.

/**
 * The page's state and its hooks (app.js), from connectFields(): the
 * players' view connects it first.
 */
let app = null;
let state = null;

/**
 * The fields whose errors are shown: those the user typed in or left, and
 * those a link filled. A field just added or just cleared shows none (the
 * results say calmly why nothing is computed).
 */
export const touched = new Set();

/** Textareas grow with their text by CSS where the browser can (field-sizing). */
const CSS_GROWS = globalThis.CSS?.supports?.('field-sizing', 'content') ?? false;

export const isPlayerField = (field) => /^p\d+$/.test(field);
export const playerIndex = (field) => Number(field.slice(1)) - 1;

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
export function fitHeight(input) {
  if (CSS_GROWS || input.localName !== 'textarea') return;
  input.style.height = 'auto';
  input.style.height = `${input.scrollHeight + input.offsetHeight - input.clientHeight}px`;
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
export function touch(field) {
  if (touched.has(field)) return;
  touched.add(field);
  if (state.check) showFieldErrors(state.check.error);
}

/** Connects the fields to the page's state and hooks (players-view.js calls it). */
export function connectFields(context) {
  app = context;
  state = context.state;
}
