// The hand-strength panel ([data-strength]): one player's HS, PPot, NPot
// and EHS on the flop or the turn against every other player (each as
// their box says: two cards, a range, random), computed by the engine in
// the worker pool (engine.strength(), strength-job.js); latest input wins.
//
// Whose strength: the chooser ([data-strength-player]), player 1 unless
// chosen; the panel's heading line names the player and their cards, and
// says how many opponents. It exposes for tests and tools
// `data-status` (idle, running, done, error) and, once known, `data-hs`,
// `data-ppot`, `data-npot`, `data-ehs` (fractions, full precision).
// Numbers come from the engine; an estimate is never shown without its
// error, an exact answer says so.

import { SUIT_SYMBOLS, capitalised, formatEquity } from '../model/format.js';

const $ = (selector, root = document) => root.querySelector(selector);

/** The statistics shown, by the engine's names (StrengthJob.summary). */
const VALUES = ['hs', 'ppot', 'npot', 'ehs', 'ppotWholeTie', 'npotWholeTie', 'ppot1', 'npot1'];
/** The data attributes set on [data-strength]. */
const DATA = ['hs', 'ppot', 'npot', 'ehs'];
const STATES = ['ahead', 'tied', 'behind'];

/** "Ah" -> "A♥" (display only). */
function cardText(code) {
  return `${code.slice(0, -1)}${SUIT_SYMBOLS[code.slice(-1)] ?? code.slice(-1)}`;
}

/** 3 -> "³" (display only). */
function superscript(n) {
  return [...String(n)].map((d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[Number(d)]).join('');
}

/** A decimal count as text, digits grouped: "1234567" -> "1,234,567" (never a JS number). */
function groupDigits(text) {
  return String(text).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Wires the panel to `state` (the page's state object: scenario, check,
 * engine); returns `{update()}`, to call after every change of the
 * scenario once the engine is loaded.
 */
export function connectStrength({ state }) {
  const root = $('[data-strength]');
  const select = $('[data-strength-player]', root);
  const note = $('[data-strength-note]', root);
  const stats = $('[data-strength-stats]', root);
  const more = $('[data-strength-more]', root);
  const hsn = $('[data-strength-hsn]', root);
  const badge = $('[data-strength-badge]', root);
  const vs = $('[data-strength-vs]', root);
  const progress = $('[data-strength-progress]', root);
  const bar = $('[data-strength-progress-bar]', root);
  const counts = $('[data-strength-counts]', root);
  const caption = $('[data-strength-caption]', root);
  /** The chosen player (0-based). */
  let hero = 0;

  select.addEventListener('change', () => {
    hero = Number(select.value) || 0;
    update();
  });

  function setStatus(status) {
    root.dataset.status = status;
  }

  function clearNumbers() {
    for (const key of DATA) delete root.dataset[key];
    stats.hidden = true;
    more.hidden = true;
    hsn.hidden = true;
    badge.textContent = '';
  }

  function showProgress(fraction) {
    progress.hidden = fraction === null;
    if (fraction !== null) bar.value = fraction;
  }

  /** The chooser: one option per player, named with their cards when they hold two. */
  function renderChooser() {
    const players = state.scenario.players;
    if (hero >= players.length) hero = 0;
    const labels = players.map((_, i) => {
      const cards = state.check?.players?.[i]?.cards ?? [];
      const range = state.check?.players?.[i]?.range;
      const what = cards.length === 2 && !range ? ` · ${cards.map(cardText).join('')}` : '';
      return `Player ${i + 1}${what}`;
    });
    const same =
      select.options.length === labels.length && labels.every((l, i) => select.options[i].textContent === l);
    if (!same) {
      select.replaceChildren(
        ...labels.map((label, i) => {
          const option = document.createElement('option');
          option.value = String(i);
          option.textContent = label;
          return option;
        }),
      );
    }
    select.value = String(hero);
    const n = players.length - 1;
    vs.textContent = n === 1 ? 'against the other player' : `against the ${n} other players`;
  }

  /** Recomputes for the current scenario (or explains why not). */
  function update() {
    if (!state.engine) return;
    renderChooser();
    const boardCards = state.check?.board?.cards?.length ?? 0;
    const boardError = state.check?.error?.field === 'board' ? state.check.error.message : null;
    if (boardCards !== 3 && boardCards !== 4) {
      state.engine.cancelStrength();
      clearNumbers();
      showProgress(null);
      setStatus('idle');
      const unread = boardError && boardCards === 0 && (state.scenario.board ?? '').trim() !== '';
      note.textContent = unread
        ? `Hand strength needs a flop or a turn; the board does not read as cards yet: ${boardError}`
        : boardCards === 5
          ? 'Hand strength looks ahead to the cards to come: on the river there are none. Give the board 3 or 4 cards.'
          : `Hand strength needs a flop or a turn: give the board 3 or 4 cards (it has ${boardCards}).`;
      return;
    }
    setStatus('running');
    note.textContent = 'Working…';
    state.engine.strength(state.scenario, hero, show);
  }

  /** Draws an update of the engine's strength job. */
  function show(u) {
    if (u.status === 'error') {
      clearNumbers();
      showProgress(null);
      setStatus('error');
      note.textContent = capitalised(u.error?.message ?? 'hand strength failed');
      return;
    }
    const s = u.summary;
    const ready = s && (s.exact || s.reliable);
    showProgress(u.status === 'running' ? (u.progress ?? 0) : null);
    if (!ready) {
      clearNumbers();
      setStatus('running');
      note.textContent = u.exact ? 'Counting every deal and runout…' : 'Sampling deals…';
      return;
    }
    draw(s, u);
    setStatus(u.status === 'done' ? 'done' : 'running');
  }

  function draw(s, u) {
    const exact = s.exact;
    for (const key of VALUES) {
      const dd = $(`[data-strength-value="${key}"]`, root);
      dd.textContent = formatEquity(s[key], exact ? 0 : (s.errors?.[key] ?? 0), exact);
    }
    for (const key of DATA) root.dataset[key] = String(s[key]);
    for (const el of root.querySelectorAll('[data-strength-flop-only]')) el.hidden = !s.flop;
    stats.hidden = false;
    more.hidden = false;
    const n = s.opponents;
    hsn.hidden = n < 2;
    if (n >= 2) {
      const power = n === 2 ? 'squared' : n === 3 ? 'cubed' : `to the power ${n}`;
      hsn.textContent =
        `HS${superscript(n)} ${formatEquity(s.hsN, 0, true)}: the textbook shortcut, HS against ` +
        `one random hand (${formatEquity(s.hsOneRandom, 0, true)}) ${power}.`;
    }
    const opponents = n === 1 ? '1 opponent' : `${n} opponents`;
    badge.textContent = exact ? 'Exact' : 'Sampled';
    note.textContent = exact
      ? `Exact: against ${opponents}, every deal and every runout to the river.`
      : `Sampled: ${groupDigits(s.total)} random deals and runouts against ${opponents}; ± is one standard error.` +
        (u.whySampled ? ` (${capitalised(u.whySampled)}.)` : '');
    caption.textContent = exact
      ? 'Deals of the opponents now (weighted by their ranges), then deals × runouts by the state at the river'
      : 'Sampled deals, by the state now and at the river';
    const rows = STATES.map((name, i) => {
      const tr = document.createElement('tr');
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = name;
      tr.append(th);
      for (const text of [s[name], ...s.transitions[i]]) {
        const td = document.createElement('td');
        td.textContent = groupDigits(text);
        tr.append(td);
      }
      return tr;
    });
    counts.replaceChildren(...rows);
  }

  return { update };
}
