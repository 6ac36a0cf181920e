// The calculator's grid view (part of app.js's page): the 169-hand grid
// (Short Deck's 81 of six to ace when the page plays it: the classes, their
// numbers and the range calls are the game's deck's, engine/range-decks.js),
// coloured by strength or by the heatmap (heatmap-view.js), with the range
// editor beside it (range-editor.js) and what taps, drags and keys do on
// it (grid-gestures.js). It reads and writes the page's one state object
// (app.js); hand classes, ranges and rankings come from the engine
// (engine.js), the grid's geometry from grid-model.js.
//
// The grid shows one number per class: its equity against K random hands
// (the engine's strength table), or, with a heatmap on, what one player
// would have with that class against everyone else (computed live). Each
// cell is deep-coloured as far as the edited player's range holds the
// class, pale elsewhere; its text is readable on both (contrast ≥ 4.5).
// It is an ARIA grid: one tab stop (roving tabindex), arrow keys move,
// Enter or Space toggles the focused class. What a tap does is the grid's
// tool: on a touch screen it starts as "shows its numbers", so that
// touching the grid never edits by accident; with a mouse, as "adds or
// removes it".

import { connectGestures } from './grid-gestures.js';
import { SIZE, strokeWeight, tone } from '../model/grid-model.js';
import { cellLabel, cellValue, gridMetric, legendWords, readoutText } from './grid-words.js';
import { startHeatmap } from './heatmap-view.js';
import {
  advanceTarget,
  allFields,
  fieldCards,
  fieldName,
  fieldRange,
  fieldText,
  setFieldText,
} from './players-view.js';
import {
  announceRange,
  connectRangeEditor,
  gridDeck,
  paintWeight,
  rangeView,
  renderRankingNote,
  renderRangePlayers,
} from './range-editor.js';

export { gridDeck, renderRangePanel, renderRankingNote, showRangeText } from './range-editor.js';

const $ = (selector, root = document) => root.querySelector(selector);

const els = {
  grid: $('[data-hand-grid]'),
  gridBox: $('[data-hand-grid-box]'),
  readout: $('[data-grid-readout]'),
  pick: $('[data-grid-pick]'),
  gridTools: document.querySelectorAll('[data-grid-tool]'),
  gridToolHint: $('[data-grid-tool-hint]'),
  gridColour: $('[data-grid-colour]'),
  gridVs: $('[data-grid-vs]'),
  gridVsBox: $('[data-grid-vs-box]'),
  gridCaption: $('[data-grid-caption]'),
  legendStrong: $('[data-legend-strong]'),
  legendWeak: $('[data-legend-weak]'),
};

/** The page's state and hooks, from connectGrid(): {state, changed(), writeUrl()}. */
let app = null;
let state = null;

/** The grid's own state. */
const grid = {
  /** The deck whose classes the cells show (engine/range-decks.js), and its rows and columns. */
  deck: null,
  size: SIZE,
  /** Grid cells, in handClasses order (row * size + col). */
  cells: [],
  /** The cell holding the grid's one tab stop (and the last one read). */
  activeCell: 0,
  /** What a tap on a hand does: 'read', 'range' (add or remove it) or 'hand' (deal one like it). */
  tool: 'range',
  /** Per cell, the look last drawn (cellLook's key). */
  drawn: [],
  /** Cells whose new look waits for a frame: index → look, oldest first. */
  queued: new Map(),
  /** The pending animation frame of drawGrid(), or 0. */
  frame: 0,
};

/**
 * Adds the grid's rows `from` to `to` - 1 (cells in handClasses order, so
 * rows come in order) and draws their cells. The start builds the grid a
 * few rows per frame (app.js's GRID_ROWS_PER_STEP): 169 cells' style and layout at
 * once would hold a slow phone for a while.
 */
export function addGridRows(from, to) {
  if (from === 0 || grid.deck !== gridDeck()) startGrid();
  const metric = gridMetric(state);
  const { size } = grid;
  // (Rows already there stay: a switch of deck during the start built them.)
  for (let r = grid.cells.length / size; r < Math.min(to, size); r++) {
    const row = document.createElement('div');
    row.className = 'hand-grid-row';
    row.setAttribute('role', 'row');
    for (let c = 0; c < size; c++) {
      const i = r * size + c;
      const cls = grid.deck.handClasses[i];
      const cell = document.createElement('div');
      cell.className = `hand-class-cell kind-${cls.kind}`;
      cell.setAttribute('role', 'gridcell');
      cell.dataset.class = cls.label;
      cell.dataset.index = String(i);
      cell.tabIndex = i === grid.activeCell ? 0 : -1;
      const label = document.createElement('span');
      label.className = 'cell-label';
      label.textContent = cls.label;
      // The number is shown to the eye; the name (label in it, for voice
      // control too) is "AKs, Ace King suited, 67.0%, in range".
      const num = document.createElement('span');
      num.className = 'cell-num';
      num.setAttribute('aria-hidden', 'true');
      const name = document.createElement('span');
      name.className = 'cell-name visually-hidden';
      cell.append(label, num, name);
      row.append(cell);
      grid.cells.push(cell);
      renderCell(i, metric);
    }
    els.grid.append(row);
  }
  els.grid.dataset.metric = metric.kind;
  renderLegend(metric);
}

/**
 * An empty grid for the game's deck: Hold'em's 13 × 13 or Short Deck's
 * 9 × 9 (its size, label and controls: no heatmap, one random opponent).
 */
function startGrid() {
  grid.deck = gridDeck();
  grid.size = grid.deck.size;
  grid.cells = [];
  grid.drawn = [];
  grid.queued.clear();
  if (grid.activeCell >= grid.size * grid.size) grid.activeCell = 0;
  els.grid.replaceChildren();
  els.grid.dataset.size = String(grid.size);
  els.grid.style.setProperty('--grid-size', String(grid.size));
  els.grid.setAttribute('aria-rowcount', String(grid.size));
  els.grid.setAttribute('aria-colcount', String(grid.size));
  els.grid.setAttribute(
    'aria-label',
    grid.deck.heat ? 'The 169 starting hands' : 'The 81 starting hands of the short deck (6 to A)',
  );
  // What only Hold'em's grid shows (a range's texture on a board) stays off.
  if (!grid.deck.heat) delete els.grid.dataset.textureRow;
  showGridControls();
  renderRankingNote();
}

/**
 * Cell `i`'s look under `metric`: what drawCell() writes, and `key`, the
 * whole look as one string (a cell whose key has not changed is left alone).
 */
function cellLook(i, metric) {
  const v = cellValue(i, metric);
  const t = v.value === null ? 0 : tone(v.value, metric.fair, metric.lo, metric.hi);
  const fill = rangeView()?.fill[i] ?? 0;
  const look = {
    tone: Math.sqrt(Math.abs(t)).toFixed(3),
    fill: fill.toFixed(3),
    classes: {
      'is-strong': t > 0,
      'is-weak': t < 0,
      'is-pending': v.state === 'pending',
      'is-na': v.state === 'na',
      'is-sampled': v.state === 'ok' && !v.exact,
      'is-in-range': fill > 0,
      'is-partial': fill > 0 && fill < 1,
    },
    num: v.value !== null ? String(Math.round(v.value * 100)) : v.state === 'na' ? '–' : '',
    name: `, ${cellLabel(state, i, v)}`,
    value: v.value === null ? null : String(v.value),
    fillValue: String(fill),
  };
  look.key = [look.tone, look.fill, look.num, look.name, ...Object.values(look.classes).map(Number)].join('|');
  return look;
}

/**
 * Cell `i`: its data (what scripts and assistive tech read: aria-selected,
 * data-value, data-fill) at once; its colours and text now if it is the
 * only one changing, else queued for drawGrid().
 */
function renderCell(i, metric = gridMetric(state), { queue = false } = {}) {
  const cell = grid.cells[i];
  if (!cell) return;
  const look = cellLook(i, metric);
  // Written only when changed (a partial result a frame: no mutation, no
  // restyle for a cell whose data stays).
  const selected = String(look.classes['is-in-range']);
  if (cell.getAttribute('aria-selected') !== selected) cell.setAttribute('aria-selected', selected);
  if (look.value === null) {
    if ('value' in cell.dataset) delete cell.dataset.value;
  } else if (cell.dataset.value !== look.value) cell.dataset.value = look.value;
  if (cell.dataset.fill !== look.fillValue) cell.dataset.fill = look.fillValue;
  if (grid.drawn[i] === look.key) grid.queued.delete(i);
  else if (queue) grid.queued.set(i, look);
  else {
    grid.queued.delete(i);
    drawCell(i, look);
  }
}

/** Writes cell `i`'s colours, classes and text: its style is recomputed in the next frame. */
function drawCell(i, look) {
  const cell = grid.cells[i];
  cell.style.setProperty('--tone', look.tone);
  cell.style.setProperty('--fill', look.fill);
  for (const [name, on] of Object.entries(look.classes)) cell.classList.toggle(name, on);
  const num = $('.cell-num', cell);
  if (num.textContent !== look.num) num.textContent = look.num;
  const name = $('.cell-name', cell);
  if (name.textContent !== look.name) name.textContent = look.name;
  grid.drawn[i] = look.key;
}

/**
 * Cells whose colours change in one frame at most. Restyling all 169 at
 * once (a new link, a finished heatmap) costs 40–60 ms of style and layout
 * on a slow machine, in one frame with whatever else changed: more than
 * that many are drawn CELLS_PER_FRAME a frame, starting a frame after the
 * change (whose own frame lays out the new rows and fields a link brings:
 * ten players' worth is most of a frame by itself). stress.test.mjs holds
 * every main-thread task under 50 ms. Their data is never late; the grid
 * says `data-drawing` while colours are.
 */
const CELLS_PER_FRAME = 16;

function drawGrid({ now = true } = {}) {
  if (grid.queued.size === 0) {
    if (!grid.frame) delete els.grid.dataset.drawing;
    return;
  }
  if (now && !grid.frame && grid.queued.size <= CELLS_PER_FRAME) {
    drawQueued(CELLS_PER_FRAME);
    delete els.grid.dataset.drawing;
    return;
  }
  els.grid.dataset.drawing = 'true';
  if (grid.frame) return;
  const step = () => {
    drawQueued(CELLS_PER_FRAME);
    grid.frame = grid.queued.size > 0 ? requestAnimationFrame(step) : 0;
    if (!grid.frame) delete els.grid.dataset.drawing;
  };
  grid.frame = requestAnimationFrame(() => {
    grid.frame = requestAnimationFrame(step);
  });
}

function drawQueued(limit) {
  for (const [i, look] of grid.queued) {
    if (limit-- <= 0) break;
    grid.queued.delete(i);
    drawCell(i, look);
  }
}

/** Colours, numbers and range fill of every cell. */
export function renderGridState() {
  if (!state.engine || grid.cells.length === 0) return;
  // The game's deck changed (Hold'em ↔ Short Deck): the grid anew, at once.
  if (grid.deck !== gridDeck()) {
    addGridRows(0, gridDeck().size);
    return;
  }
  const metric = gridMetric(state);
  for (let i = 0; i < grid.cells.length; i++) renderCell(i, metric, { queue: true });
  drawGrid();
  els.grid.dataset.metric = metric.kind;
  renderLegend(metric);
}

function renderLegend(metric) {
  const words = legendWords(state, metric);
  els.legendStrong.textContent = words.strong;
  els.legendWeak.textContent = words.weak;
  els.gridCaption.textContent = words.caption;
}

/** The readout: a class's number and range weight (on hover, focus or tap). */
export function showClass(i) {
  if (!grid.deck?.handClasses[i]) return;
  els.readout.textContent = readoutText(state, i);
}

/** Moves the grid's tab stop to cell `i` (and focus, unless `focus` is false). */
function focusCell(i, { focus = true } = {}) {
  if (!grid.cells[i]) return;
  const before = grid.cells[grid.activeCell];
  if (before) {
    before.tabIndex = -1;
    before.classList.remove('is-active');
  }
  grid.activeCell = i;
  grid.cells[i].tabIndex = 0;
  grid.cells[i].classList.add('is-active');
  if (focus) grid.cells[i].focus({ preventScroll: true });
  showClass(i);
}

/** Sets the classes at `indices` to `weight` in the edited player's range. */
function paint(indices, weight) {
  const field = state.playerTarget;
  const labels = indices.map((i) => grid.deck.handClasses[i].label);
  const view = grid.deck.editRange(fieldText(field), labels, weight);
  setFieldText(field, view.text);
  app.changed();
}

/** The weight a stroke or a tap starting on class `i` gives (toggles like it). */
function weightFrom(i) {
  return strokeWeight(rangeView()?.fill[i] ?? 0, paintWeight());
}

/** A tap (in the `range` or `hand` tool), Enter or Space on cell `i`. */
function activate(i) {
  if (grid.tool === 'hand') {
    focusCell(i, { focus: false });
    pickClass(grid.deck.handClasses[i].label);
    return;
  }
  paint([i], weightFrom(i));
  announceRange();
  focusCell(i, { focus: false });
}

export function renderPlayerChoices() {
  const option = (value, text) => {
    const el = document.createElement('option');
    el.value = value;
    el.textContent = text;
    return el;
  };
  const players = state.scenario.players.map((_, i) => i + 1);
  renderRangePlayers(players);
  els.gridColour.replaceChildren(
    option('random', 'Equity against random hands'),
    ...players.map((n) => option(String(n), `Heatmap: Player ${n} against the others`)),
  );
  showGridControls();
}

/** The grid's view controls, as the scenario has them. */
export function showGridControls() {
  els.gridColour.value = state.scenario.heat ? String(state.scenario.heat) : 'random';
  els.gridVs.value = String(state.scenario.vs);
  // Short Deck's grid: equity against one random hand, no heatmap.
  const holdem = !state.engine || gridDeck().heat;
  els.gridColour.closest('.range-row').hidden = !holdem;
  els.gridVsBox.hidden = Boolean(state.scenario.heat) || !holdem;
}

/** The class whose second tap replaces a range ("p2 AA"), or null. */
let replacing = null;

function pickClass(label) {
  const field = state.playerTarget;
  // A range is never replaced by a single tap: the first says what would
  // happen, a second on the same hand does it (and Undo brings it back).
  const key = `${field} ${label}`;
  if (fieldRange(field) !== null && replacing !== key) {
    replacing = key;
    els.pick.textContent = `${fieldName(field)} holds a range. Tap ${label} again to replace it ` +
      `with one ${label} hand.`;
    return;
  }
  replacing = null;
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
  // (Cells arrive one message at a time, many in a frame: drawn by frames.)
  renderCell(i, gridMetric(state), { queue: true });
  drawGrid({ now: false });
  if (i === grid.activeCell && document.activeElement === grid.cells[i]) showClass(i);
}

/** The grid's cells built so far. */
export function gridCellCount() {
  return grid.cells.length;
}

/** What a tap does, in words, for each tool (touch and mouse alike). */
const TOOL_HINTS = {
  read: 'Tap a hand for its numbers; swipe to scroll. Nothing changes.',
  range: 'Tap a hand to add or remove it. To paint several: drag with a mouse, or touch and hold, then drag. A swipe scrolls.',
  hand: 'Tap a hand: the edited player gets one hand of it, from the cards not in use.',
};

/** Sets what a tap on the grid does (see grid-gestures.js). */
function setTool(tool) {
  grid.tool = tool;
  els.grid.dataset.tool = tool;
  for (const radio of els.gridTools) radio.checked = radio.value === tool;
  els.gridToolHint.textContent = TOOL_HINTS[tool];
  // Bigger cells for tapping may widen the grid: keep the last hand in view.
  const cell = grid.cells[grid.activeCell];
  if (cell && els.gridBox.scrollWidth > els.gridBox.clientWidth) {
    els.gridBox.scrollLeft = cell.offsetLeft - (els.gridBox.clientWidth - cell.offsetWidth) / 2;
  }
}

/** Connects the view to the page's state and hooks, and listens to the grid and the range editor. */
export function connectGrid(context) {
  app = context;
  state = context.state;
  connectRangeEditor(context);
  // A touch screen starts by reading: touching the grid never edits by accident.
  setTool(matchMedia('(pointer: coarse)').matches ? 'read' : 'range');
  for (const radio of els.gridTools) {
    radio.addEventListener('change', () => {
      if (radio.checked) setTool(radio.value);
    });
  }

  connectGestures(els.grid, {
    ready: () => Boolean(state.engine && grid.deck),
    size: () => grid.size,
    tool: () => grid.tool,
    read: (i) => focusCell(i, { focus: false }),
    focus: focusCell,
    activate,
    strokeWeight: weightFrom,
    paint,
    strokeEnded: announceRange,
    hover: showClass,
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
