// Undo, redo and the browser's history for the calculator (part of
// app.js's page). Every edit of the scenario, from any view, reaches
// app.js's changed(), which hands it here: it becomes an undo step
// (undo.js) and the URL, and once settled a history entry and a recent
// scenario. Views need not know: the edges of a step are read from the
// page's own events (a pointer down or up, focus moving, a committed
// field, Enter or Space), and a burst of changes to the same fields is
// one step.
//
// Buttons: every element with `data-undo` or `data-redo`, wherever it is
// (the bar in index.html; another view may add its own, e.g. in a bar
// pinned on a phone), kept aria-disabled when there is nothing to do.
//
// Keyboard: Ctrl+Z / Cmd+Z undo, Ctrl+Shift+Z / Cmd+Shift+Z and Ctrl+Y
// redo. In a text field the browser's own text undo goes first: Ctrl+Z is
// the field's while its text differs from what it held when it got focus
// (the typing of this visit), and the page's once the field is back to
// that text; Ctrl+Shift+Z is the field's while its own undo has something
// to redo, else the page's.
//
// History: the first change after a settled scenario pushes an entry
// (history.pushState, the fragment as its URL); later changes replace it
// (replaceState) until the scenario settles: no change for SETTLE_MS, a
// committed field (`change`), the page being hidden or left. So typing a
// hand is one entry, and Back and Forward walk settled scenarios. A step
// back to where the entry started drops it (history.back()). Back and
// Forward (popstate, hashchange) restore the entry's scenario and never
// push: restoring is an undo step of its own, not a new entry.

import { cloneScenario, parseFragment, sameScenario, toFragment } from '../model/scenario.js';
import { changeKey, createUndoStack, describeKey, shortcutOf } from '../model/undo.js';

/** A scenario unchanged this long (ms) is settled: a history entry, a recent scenario. */
export const SETTLE_MS = 1000;

const $ = (selector, root = document) => root.querySelector(selector);

/**
 * The scenario without the grid's view (heatmap, random opponents), the pot
 * odds and what a link got wrong: what undo keeps. (Review finding: Undo
 * back to a mistaken link brought its message back, the URL clean.)
 */
function snapshot(scenario) {
  const { pot, call, problem, ...rest } = cloneScenario(scenario);
  return Object.freeze({ ...rest, heat: null, vs: 1 });
}

/** A field with its own text undo (an input that takes text, a textarea, an editable element). */
function textField(node) {
  if (!(node instanceof Element)) return null;
  if (node instanceof HTMLTextAreaElement) return node.readOnly ? null : node;
  if (node instanceof HTMLInputElement) {
    const typed = ['text', 'search', 'url', 'tel', 'email', 'password', 'number', ''].includes(node.type);
    return typed && !node.readOnly ? node : null;
  }
  return node.isContentEditable ? node : null;
}

const textOf = (field) => ('value' in field ? field.value : field.textContent);

/** This entry's own state: {settled, prev} (prev: the fragment of the entry before it). */
function entryState() {
  const mine = history.state?.allin;
  if (mine && typeof mine === 'object' && typeof mine.settled === 'boolean') {
    return { settled: mine.settled, prev: typeof mine.prev === 'string' ? mine.prev : null };
  }
  return { settled: true, prev: null }; // the page's first entry, or one the address bar made
}

function setEntryState(settled, prev) {
  history.replaceState({ ...history.state, allin: { settled, prev } }, '', location.href);
}

/**
 * Connects undo, redo and history to the page: `state` (app.js's state
 * object), `restore(scenario, origin)` (shows a scenario: every view
 * redrawn, then changed({origin}) is called) and `settledOn(scenario)`
 * (a scenario the user settled on). Returns {changed(origin), writeView()}
 * for app.js.
 */
export function connectHistory({ state, restore, settledOn }) {
  const els = {
    bar: $('[data-history-bar]'),
    status: $('[data-history-status]'),
  };
  const stack = createUndoStack(snapshot(state.scenario), { equals: sameScenario });
  /** A pointer is down: its changes are one step however slow. */
  let held = false;
  /** A change was recorded in this task: the next one in it is the same action. */
  let inTask = false;
  let settleTimer = null;
  /** Per text field: its text when it got focus, and redos its own undo has. */
  const fieldBase = new WeakMap();
  const fieldRedos = new WeakMap();

  function renderButtons() {
    // Every [data-undo] and [data-redo] on the page (the bar's, and any
    // other view's: a button with the attribute is all it takes).
    // aria-disabled, not disabled: a focused button stays focused.
    for (const button of document.querySelectorAll('[data-undo]')) {
      button.setAttribute('aria-disabled', String(!stack.canUndo));
    }
    for (const button of document.querySelectorAll('[data-redo]')) {
      button.setAttribute('aria-disabled', String(!stack.canRedo));
    }
  }

  /** The bar's data-settled hook: whether the history entry shown is settled. */
  function markSettled() {
    if (els.bar) els.bar.dataset.settled = String(entryState().settled);
  }

  function say(text) {
    if (els.status) els.status.textContent = text;
  }

  // ---- history entries ----

  function writeEntry() {
    const url = `#${toFragment(state.scenario)}`;
    const entry = entryState();
    if (entry.settled && !sameScenario(parseFragment(location.hash), state.scenario)) {
      history.pushState({ allin: { settled: false, prev: location.hash.replace(/^#/, '') } }, '', url);
    } else {
      history.replaceState(history.state, '', url);
    }
    if (!entryState().settled) {
      clearTimeout(settleTimer);
      settleTimer = setTimeout(settle, SETTLE_MS);
    }
    markSettled();
  }

  /** The scenario has settled: its entry is done, and it is a recent scenario. */
  function settle({ leaving = false } = {}) {
    clearTimeout(settleTimer);
    settleTimer = null;
    const entry = entryState();
    if (entry.settled) return;
    setEntryState(true, entry.prev);
    markSettled();
    if (entry.prev !== null && sameScenario(parseFragment(entry.prev), state.scenario)) {
      // Back where the entry started: not a new scenario.
      if (!leaving) history.back();
      return;
    }
    settledOn(state.scenario);
  }

  /** Back, Forward or the address bar: show the entry's scenario (never a new entry). */
  function fromUrl() {
    clearTimeout(settleTimer);
    settleTimer = null;
    const entry = entryState();
    if (!entry.settled) setEntryState(true, entry.prev);
    markSettled();
    const next = parseFragment(location.hash);
    if (toFragment(next) === toFragment(state.scenario) && sameScenario(next, state.scenario)) return;
    restore(next, 'history');
  }

  // ---- undo and redo ----

  /** Shows an undone or redone `scenario`, and says what changed ("Undone: Player 1."). */
  function show(scenario, verb) {
    stack.seal();
    const what = describeKey(changeKey(snapshot(state.scenario), scenario));
    const { pot, call, heat, vs } = state.scenario; // the view and the pot odds stay as they are
    restore({ ...cloneScenario(scenario), heat, vs, pot, call }, 'undo');
    say(what ? `${verb}: ${what}.` : `${verb}.`);
  }

  function undo() {
    stack.seal();
    const scenario = stack.undo();
    if (scenario) show(scenario, 'Undone');
    else say('Nothing to undo.');
    renderButtons();
  }

  function redo() {
    stack.seal();
    const scenario = stack.redo();
    if (scenario) show(scenario, 'Redone');
    else say('Nothing to redo.');
    renderButtons();
  }

  /** The scenario changed (`origin`: 'edit', 'undo', 'history' or 'recent'). */
  function changed(origin = 'edit') {
    const next = snapshot(state.scenario);
    if (origin === 'edit') {
      const key = changeKey(stack.present, next);
      if (stack.record(next, { key, time: performance.now(), hold: held, join: inTask }) && !inTask) {
        inTask = true;
        queueMicrotask(() => {
          inTask = false;
        });
      }
    } else if (origin !== 'undo') {
      stack.seal();
      stack.record(next);
      stack.seal();
    }
    // A restored field's text is its new starting point.
    const field = textField(document.activeElement);
    if (origin !== 'edit' && field) {
      fieldBase.set(field, textOf(field));
      fieldRedos.set(field, 0);
    }
    renderButtons();
    if (origin === 'history') return; // the URL is the entry's already
    writeEntry();
    if (origin === 'recent') settle();
  }

  /** The grid's view changed (heatmap, random opponents): the URL, no new entry. */
  function writeView() {
    history.replaceState(history.state, '', `#${toFragment(state.scenario)}`);
  }

  // ---- the edges of a step ----

  const seal = () => stack.seal();
  window.addEventListener('pointerdown', () => {
    seal();
    held = true;
  }, true);
  for (const type of ['pointerup', 'pointercancel']) {
    window.addEventListener(type, () => {
      held = false;
      seal();
    }, true);
  }
  document.addEventListener('focusin', (event) => {
    seal();
    const field = textField(event.target);
    if (field) {
      fieldBase.set(field, textOf(field));
      fieldRedos.set(field, 0);
    }
  });
  document.addEventListener('focusout', seal);
  document.addEventListener('change', () => {
    seal();
    settle();
  }, true);
  document.addEventListener('input', (event) => {
    const field = textField(event.target);
    if (!field) return;
    const redos = fieldRedos.get(field) ?? 0;
    if (event.inputType === 'historyUndo') fieldRedos.set(field, redos + 1);
    else if (event.inputType === 'historyRedo') fieldRedos.set(field, Math.max(0, redos - 1));
    else fieldRedos.set(field, 0);
  }, true);

  window.addEventListener('keydown', (event) => {
    if ((event.key === 'Enter' || event.key === ' ') && !textField(event.target)) seal();
    const action = shortcutOf(event);
    if (!action) return;
    const field = textField(event.target);
    if (field) {
      const own = action === 'undo'
        ? textOf(field) !== (fieldBase.get(field) ?? textOf(field))
        : (fieldRedos.get(field) ?? 0) > 0;
      if (own) return; // the field's own undo or redo
    }
    event.preventDefault();
    if (action === 'undo') undo();
    else redo();
  });

  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-undo], [data-redo]') : null;
    if (!button) return;
    if (button.hasAttribute('data-undo') && stack.canUndo) undo();
    else if (button.hasAttribute('data-redo') && stack.canRedo) redo();
  });

  // The shortcuts as this platform writes them.
  if (/Mac|iPhone|iPad/.test(navigator.platform ?? '')) {
    for (const el of document.querySelectorAll('[data-undo]')) el.setAttribute('title', 'Undo (⌘Z)');
    for (const el of document.querySelectorAll('[data-redo]')) el.setAttribute('title', 'Redo (⇧⌘Z)');
  }

  // ---- the browser's history ----

  // Chromium fires popstate inside `location.hash = …`: a script setting it
  // forty times in one task gets one restore, once it is done (hashchange
  // alone would miss Back between entries with the same fragment).
  let urlPending = false;
  const fromUrlSoon = () => {
    if (urlPending) return;
    urlPending = true;
    queueMicrotask(() => {
      urlPending = false;
      fromUrl();
    });
  };
  window.addEventListener('popstate', fromUrlSoon);
  window.addEventListener('hashchange', fromUrlSoon);
  // Left mid-burst (a reload, a closed tab, an app switch): settle now.
  window.addEventListener('pagehide', () => settle({ leaving: true }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') settle({ leaving: true });
  });
  // An entry left unsettled (a reload mid-burst) is settled now.
  const entry = entryState();
  if (!entry.settled) setEntryState(true, entry.prev);

  markSettled();
  renderButtons();
  return { changed, writeView, undo, redo };
}
