// The calculator's grid view (part of app.js's page): the 169-hand grid,
// the range editor beside it (text, summary, %-slider, paint weight,
// explain), coloured by strength or by the heatmap (heatmap-view.js). It
// reads and writes the page's one state object (app.js); hand classes,
// ranges and rankings come from the engine (engine.js), the grid's
// geometry from grid-model.js.
//
// The grid shows one number per class: its equity against K random hands
// (the engine's strength table), or, with a heatmap on, what one player
// would have with that class against everyone else (computed live). Each
// cell's fill shows how much of the class is in the edited player's range.
// It is an ARIA grid: one tab stop (roving tabindex), arrow keys move,
// Enter or Space toggles the focused class.

import { combosText, formatInt } from './format.js';
import {
  SIZE,
  cellAtPoint,
  cellsBetween,
  moveInGrid,
  percentText,
  strokeWeight,
  tone,
} from './grid-model.js';
import { heatValue, startHeatmap } from './heatmap-view.js';
import {
  advanceTarget,
  allFields,
  fieldCards,
  fieldName,
  fieldText,
  setFieldText,
  setTarget,
} from './players-view.js';

const $ = (selector, root = document) => root.querySelector(selector);

const els = {
  grid: $('[data-hand-grid]'),
  readout: $('[data-grid-readout]'),
  pick: $('[data-grid-pick]'),
  rangePlayer: $('[data-range-player]'),
  rangeText: $('[data-range-text]'),
  rangeSummary: $('[data-range-summary]'),
  rangeError: $('[data-range-error]'),
  rangeErrorMessage: $('[data-range-error-message]'),
  rangeCaret: $('[data-range-caret]'),
  rangeSlider: $('[data-range-slider]'),
  rangePercent: $('[data-range-percent]'),
  rangeClear: $('[data-range-clear]'),
  rankingNote: $('[data-ranking-note]'),
  paintWeight: $('[data-paint-weight]'),
  paintWeightOut: $('[data-paint-weight-out]'),
  gridTools: document.querySelectorAll('[data-grid-tool]'),
  gridColour: $('[data-grid-colour]'),
  gridVs: $('[data-grid-vs]'),
  gridVsBox: $('[data-grid-vs-box]'),
  gridCaption: $('[data-grid-caption]'),
  legendStrong: $('[data-legend-strong]'),
  legendWeak: $('[data-legend-weak]'),
  explain: $('[data-explain]'),
  explainBody: $('[data-explain-body]'),
  explainNote: $('[data-explain-note]'),
};

/** The page's state and hooks, from connectGrid(): {state, changed(), writeUrl()}. */
let app = null;
let state = null;

/** The grid's own state. */
const grid = {
  /** Grid cells, in handClasses order (row * 13 + col). */
  cells: [],
  /** The cell holding the grid's one tab stop. */
  activeCell: 0,
  /** The edited player's range, as the engine read it. */
  rangeView: null,
  /** What a tap on the grid does: 'range' (edit the range) or 'hand' (deal one like it). */
  gridTool: 'range',
  /** The weight tapped or painted classes get, 0…1. */
  paintWeight: 1,
  /** The paint stroke under way: {pointerId, weight, last, done: Set}. */
  stroke: null,
  /** The range text the %-slider last produced, and for which player. */
  sliderRange: null,
};

/**
 * Adds the grid's rows `from` to `to` - 1 (cells in handClasses order, so
 * rows come in order) and draws their cells. The start builds the grid a
 * few rows per frame (app.js's GRID_ROWS_PER_STEP): 169 cells' style and layout at
 * once would hold a slow phone for a while.
 */
export function addGridRows(from, to) {
  const metric = gridMetric();
  for (let r = from; r < to; r++) {
    const row = document.createElement('div');
    row.className = 'hand-grid-row';
    row.setAttribute('role', 'row');
    for (let c = 0; c < SIZE; c++) {
      const i = r * SIZE + c;
      const cls = state.engine.handClasses[i];
      const cell = document.createElement('div');
      cell.className = `hand-class-cell kind-${cls.kind}`;
      cell.setAttribute('role', 'gridcell');
      cell.dataset.class = cls.label;
      cell.dataset.index = String(i);
      cell.tabIndex = i === grid.activeCell ? 0 : -1;
      const label = document.createElement('span');
      label.className = 'cell-label';
      label.textContent = cls.label;
      const num = document.createElement('span');
      num.className = 'cell-num';
      cell.append(label, num);
      row.append(cell);
      grid.cells.push(cell);
      renderCell(i, metric);
    }
    els.grid.append(row);
  }
  els.grid.dataset.metric = metric.kind;
  renderLegend(metric);
}

/** What the grid's colours and numbers measure right now. */
function gridMetric() {
  if (state.scenario.heat) {
    return { kind: 'heat', fair: 1 / state.scenario.players.length, lo: 0, hi: 1 };
  }
  const k = state.scenario.vs;
  const values = state.engine.handClasses.map((c) => c.strength[k - 1]);
  return {
    kind: 'random',
    k,
    fair: 1 / (k + 1),
    lo: Math.min(...values),
    hi: Math.max(...values),
    values,
  };
}

/** One class's number under `metric`: {value, state, stdError, exact, error}. */
function cellValue(i, metric) {
  if (metric.kind === 'random') return { value: metric.values[i], state: 'ok', exact: true };
  return heatValue(i);
}

function weightText(fill) {
  return `${Math.round(fill * 100)}%`;
}

/** How much of class `i` the edited range holds, in words ('' for none). */
function rangePart(i) {
  const fill = grid.rangeView?.fill[i] ?? 0;
  if (!(fill > 0)) return '';
  const all = state.engine.handClasses[i].combos;
  const combos = grid.rangeView.counts[i];
  // The mean weight of the combos that are in: fill is over all of them.
  const weight = (fill * all) / combos;
  const at = weight < 1 - 1e-9 ? ` at ${weightText(weight)}` : '';
  return combos < all ? `${combos} of ${all} combos in range${at}` : `in range${at}`;
}

function renderCell(i, metric = gridMetric()) {
  const cell = grid.cells[i];
  if (!cell) return;
  const cls = state.engine.handClasses[i];
  const v = cellValue(i, metric);
  const t = v.value === null ? 0 : tone(v.value, metric.fair, metric.lo, metric.hi);
  cell.style.setProperty('--tone', Math.sqrt(Math.abs(t)).toFixed(3));
  cell.classList.toggle('is-strong', t > 0);
  cell.classList.toggle('is-weak', t < 0);
  cell.classList.toggle('is-pending', v.state === 'pending');
  cell.classList.toggle('is-na', v.state === 'na');
  cell.classList.toggle('is-sampled', v.state === 'ok' && !v.exact);
  const fill = grid.rangeView?.fill[i] ?? 0;
  cell.style.setProperty('--fill', fill.toFixed(3));
  cell.classList.toggle('is-in-range', fill > 0);
  cell.classList.toggle('is-partial', fill > 0 && fill < 1);
  cell.setAttribute('aria-selected', String(fill > 0));
  if (v.value === null) delete cell.dataset.value;
  else cell.dataset.value = String(v.value);
  cell.dataset.fill = String(fill);
  $('.cell-num', cell).textContent =
    v.value !== null ? String(Math.round(v.value * 100)) : v.state === 'na' ? '–' : '';
  const number =
    v.state === 'ok'
      ? `${v.exact ? '' : 'about '}${percentText(v.value)}`
      : v.state === 'na'
        ? 'not possible with these cards'
        : v.state === 'pending'
          ? 'computing'
          : 'no number';
  const range = rangePart(i);
  cell.setAttribute('aria-label', `${cls.name}, ${number}${range ? `, ${range}` : ''}`);
}

/** Colours, numbers and range fill of every cell. */
export function renderGridState() {
  if (!state.engine || grid.cells.length === 0) return;
  const metric = gridMetric();
  for (let i = 0; i < grid.cells.length; i++) renderCell(i, metric);
  els.grid.dataset.metric = metric.kind;
  renderLegend(metric);
}

function renderLegend(metric) {
  const who = fieldName(`p${state.scenario.heat}`);
  els.legendStrong.textContent =
    metric.kind === 'heat' ? `${who} above a fair share (${percentText(metric.fair, 0)})` : 'better than a fair share';
  els.legendWeak.textContent = metric.kind === 'heat' ? 'below a fair share' : 'worse than a fair share';
  els.gridCaption.textContent =
    metric.kind === 'heat'
      ? `Numbers: ${who}'s equity (%) with each hand against the other players, on this board.`
      : `Numbers: equity (%) against ${metric.k === 1 ? 'one random hand' : `${metric.k} random hands`}, preflop; a fair share is ${percentText(metric.fair, 0)}.`;
}

/** The readout: a class's number and range weight (on hover, focus or tap). */
export function showClass(i) {
  const cls = state.engine.handClasses[i];
  if (!cls) return;
  const metric = gridMetric();
  const v = cellValue(i, metric);
  let text;
  if (metric.kind === 'random') {
    const against = metric.k === 1 ? 'one random hand' : `${metric.k} random hands`;
    text = `${cls.label}: ${percentText(v.value, 2)} against ${against}, preflop`;
  } else {
    const who = fieldName(`p${state.scenario.heat}`);
    if (v.state === 'ok') {
      const number = v.exact
        ? `${percentText(v.value, 2)} (exact)`
        : `${percentText(v.value, 1)} ± ${(v.stdError * 100).toFixed(1)} (sampled)`;
      text = `${cls.label}: ${who} would have ${number} against the others (fair share ${percentText(metric.fair, 0)})`;
    } else if (v.state === 'na') {
      text = `${cls.label}: not possible here (${v.error})`;
    } else {
      text = `${cls.label}: ${v.state === 'pending' ? 'computing…' : 'no number yet'}`;
    }
  }
  const range = rangePart(i);
  if (range) text += ` · ${fieldName(state.playerTarget)}: ${range}`;
  els.readout.textContent = text;
}

/** Moves the grid's tab stop to cell `i` (and focus, unless `focus` is false). */
function focusCell(i, { focus = true } = {}) {
  if (!grid.cells[i]) return;
  if (grid.cells[grid.activeCell]) grid.cells[grid.activeCell].tabIndex = -1;
  grid.activeCell = i;
  grid.cells[i].tabIndex = 0;
  if (focus) grid.cells[i].focus();
  showClass(i);
}

/** Sets the classes at `indices` to `weight` in the edited player's range. */
function paint(indices, weight) {
  const field = state.playerTarget;
  const labels = indices.map((i) => state.engine.handClasses[i].label);
  const view = state.engine.editRange(fieldText(field), labels, weight);
  setFieldText(field, view.text);
  app.changed();
}

/** Says what the range now is (politely, for screen readers too). */
function announceRange() {
  const who = fieldName(state.playerTarget);
  els.pick.textContent = grid.rangeView?.ok
    ? `${who}'s range: ${grid.rangeView.text} (${combosText(grid.rangeView.combos)}).`
    : `${who}'s range is empty.`;
}

/** Enter, Space or a tap on cell `i`. */
function activate(i) {
  if (grid.gridTool === 'hand') {
    pickClass(state.engine.handClasses[i].label);
    return;
  }
  paint([i], strokeWeight(grid.rangeView?.fill[i] ?? 0, grid.paintWeight));
  announceRange();
  showClass(i);
}

function paintTo(i) {
  const path = cellsBetween(grid.stroke.last, i).filter((c) => !grid.stroke.done.has(c));
  grid.stroke.last = i;
  for (const c of path) grid.stroke.done.add(c);
  if (path.length) paint(path, grid.stroke.weight);
}

function endStroke() {
  if (!grid.stroke) return;
  grid.stroke = null;
  announceRange();
}

/** The edited player's range: text box, summary, error, explain. */
export function renderRangePanel() {
  const field = state.playerTarget;
  const text = fieldText(field);
  grid.rangeView = state.engine ? state.engine.parseRange(text) : null;
  if (els.rangeText.value !== text) els.rangeText.value = text;
  els.rangePlayer.value = field;
  // The slider shows a percentage only while the range is what it made.
  if (grid.sliderRange?.field !== field || grid.sliderRange.text !== text) {
    grid.sliderRange = null;
    els.rangeSlider.value = '0';
    els.rangePercent.textContent = 'X%';
  }
  const view = grid.rangeView;
  els.rangeError.hidden = true;
  els.rangeText.setAttribute('aria-invalid', 'false');
  if (!view || text.trim() === '') {
    els.rangeSummary.textContent = 'No range yet: type one, tap or drag over hands, or use the slider.';
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
    els.rangeCaret.textContent = pos ? `${text}\n${' '.repeat(Math.max(0, [...text].slice(0, pos - 1).length))}^` : '';
    els.rangeCaret.hidden = !pos;
  }
  if (els.explain.open) renderExplain();
}

function renderExplain() {
  const result = state.engine.explainRange(fieldText(state.playerTarget));
  const rows = result.items.map((item) => {
    const tr = document.createElement('tr');
    const weight = item.weight === 1 ? '' : ` at ${item.weightText}`;
    for (const text of [item.token, `${item.text || '(nothing)'}${weight}`, formatInt(item.comboCount)]) {
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

export function renderPlayerChoices() {
  const option = (value, text) => {
    const el = document.createElement('option');
    el.value = value;
    el.textContent = text;
    return el;
  };
  const players = state.scenario.players.map((_, i) => i + 1);
  els.rangePlayer.replaceChildren(...players.map((n) => option(`p${n}`, `Player ${n}`)));
  els.gridColour.replaceChildren(
    option('random', 'Equity against random hands'),
    ...players.map((n) => option(String(n), `Heatmap: Player ${n} against the others`)),
  );
  els.rangePlayer.value = state.playerTarget;
  showGridControls();
}

/** The grid's view controls, as the scenario has them. */
export function showGridControls() {
  els.gridColour.value = state.scenario.heat ? String(state.scenario.heat) : 'random';
  els.gridVs.value = String(state.scenario.vs);
  els.gridVsBox.hidden = Boolean(state.scenario.heat);
}

/** The range editor's note on what its X% ranks hands by (the engine's ranking). */
export function renderRankingNote() {
  const { description } = state.engine.ranking;
  els.rankingNote.textContent =
    `Top X% of all 1,326 hands by ${description}, as in PokerStove and Equilab.`;
}

function pickClass(label) {
  const field = state.playerTarget;
  const used = allFields()
    .filter((f) => f !== field)
    .flatMap((f) => fieldCards(f));
  const picked = state.engine.pickCombo(label, used);
  els.pick.textContent = picked.ok
    ? `${label}: ${fieldName(field)} gets ${picked.value}.`
    : picked.error;
  if (!picked.ok) return;
  setFieldText(field, picked.value);
  app.changed();
  if (state.target === field) advanceTarget(field);
}

/** Heatmap job `jobId` has class `i`'s number: draw it (and its readout, if focused). */
export function showHeatCell(i, jobId) {
  if (grid.cells[i]) grid.cells[i].dataset.heatJob = String(jobId);
  renderCell(i);
  if (i === grid.activeCell && document.activeElement === grid.cells[i]) showClass(i);
}

/** The grid's cells built so far. */
export function gridCellCount() {
  return grid.cells.length;
}

/** Sets the range text box to the edited player's `text` (typed elsewhere). */
export function showRangeText(text) {
  if (els.rangeText.value !== text) els.rangeText.value = text;
}

// The grid: a tap deals a hand ('hand' tool, on click) or starts a paint
// stroke ('range' tool, on pointerdown: mouse, pen and touch alike).
const cellAt = (node) => node?.closest?.('[role="gridcell"]') ?? null;

/** Connects the view to the page's state and hooks, and listens to the grid and the range editor. */
export function connectGrid(context) {
  app = context;
  state = context.state;
  els.grid.dataset.tool = grid.gridTool;

  els.grid.addEventListener('click', (event) => {
    const cell = cellAt(event.target);
    if (cell && grid.gridTool === 'hand') activate(Number(cell.dataset.index));
  });
  els.grid.addEventListener('pointerdown', (event) => {
    const cell = cellAt(event.target);
    if (!cell || grid.gridTool !== 'range' || event.button !== 0 || !state.engine) return;
    event.preventDefault(); // no text selection, no scrolling: this is a stroke
    const i = Number(cell.dataset.index);
    focusCell(i);
    grid.stroke = {
      pointerId: event.pointerId,
      weight: strokeWeight(grid.rangeView?.fill[i] ?? 0, grid.paintWeight),
      last: i,
      done: new Set(),
    };
    els.grid.setPointerCapture?.(event.pointerId);
    paintTo(i);
  });
  els.grid.addEventListener('pointermove', (event) => {
    if (!grid.stroke || event.pointerId !== grid.stroke.pointerId) return;
    // With the pointer captured, the event's target is the grid: the cell
    // under it comes from the geometry (also right off-screen or mid-gap).
    const i = cellAtPoint(els.grid.getBoundingClientRect(), event.clientX, event.clientY);
    if (i !== null) paintTo(i);
  });
  for (const type of ['pointerup', 'pointercancel', 'lostpointercapture']) {
    els.grid.addEventListener(type, (event) => {
      if (grid.stroke && event.pointerId === grid.stroke.pointerId) endStroke();
    });
  }
  els.grid.addEventListener('keydown', (event) => {
    const cell = cellAt(event.target);
    if (!cell || !state.engine) return;
    const i = Number(cell.dataset.index);
    const next = moveInGrid(i, event.key, { ctrlKey: event.ctrlKey || event.metaKey });
    if (next !== null) {
      event.preventDefault();
      focusCell(next);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      activate(i);
    }
  });
  els.grid.addEventListener('focusin', (event) => {
    const cell = cellAt(event.target);
    if (cell) focusCell(Number(cell.dataset.index), { focus: false });
  });
  els.grid.addEventListener('pointerover', (event) => {
    const cell = cellAt(event.target);
    if (cell && !grid.stroke) showClass(Number(cell.dataset.index));
  });

  // The range editor.
  els.rangePlayer.addEventListener('change', () => setTarget(els.rangePlayer.value));
  els.rangeText.addEventListener('input', () => {
    setFieldText(state.playerTarget, els.rangeText.value);
    app.changed();
  });
  els.rangeSlider.addEventListener('input', () => {
    const percent = Number(els.rangeSlider.value);
    els.rangePercent.textContent = `${percent}%`;
    const view = state.engine?.topRange(percent);
    if (!view) return;
    grid.sliderRange = { field: state.playerTarget, text: view.text };
    setFieldText(state.playerTarget, view.text);
    app.changed();
  });
  els.rangeSlider.addEventListener('change', announceRange);
  els.paintWeight.addEventListener('input', () => {
    grid.paintWeight = Number(els.paintWeight.value) / 100;
    els.paintWeightOut.textContent = `${els.paintWeight.value}%`;
  });
  for (const radio of els.gridTools) {
    radio.addEventListener('change', () => {
      if (radio.checked) grid.gridTool = radio.value;
      els.grid.dataset.tool = grid.gridTool;
    });
  }
  els.rangeClear.addEventListener('click', () => {
    setFieldText(state.playerTarget, '');
    app.changed();
    announceRange();
  });
  els.explain.addEventListener('toggle', () => {
    if (els.explain.open && state.engine) renderExplain();
  });

  // What the grid shows: equity against K random hands, or a player's heatmap.
  els.gridColour.addEventListener('change', () => {
    const value = els.gridColour.value;
    state.scenario.heat = value === 'random' ? null : Number(value);
    els.gridVsBox.hidden = Boolean(state.scenario.heat);
    app.writeUrl();
    startHeatmap();
  });
  els.gridVs.addEventListener('change', () => {
    state.scenario.vs = Number(els.gridVs.value);
    app.writeUrl();
    renderGridState();
    showClass(grid.activeCell);
  });
}
