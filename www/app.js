// The calculator page's UI: players (hands or ranges), board and dead
// cards typed or picked (deck, 169-hand grid with the range editor and the
// heatmap), results rendered live. It talks to the engine (engine.js)
// only, never to workers, and re-derives no poker rule: card text, classes,
// range text, rankings, errors and statistics come from the engine. All
// user text reaches the DOM as text (textContent, value, dataset), never
// as HTML.

import { loadEngine } from './engine.js';
import {
  SIZE,
  cellsBetween,
  moveInGrid,
  percentText,
  strokeWeight,
  tone,
} from './grid-model.js';
import { MAX_PLAYERS, MIN_PLAYERS, parseFragment, toFragment } from './scenario.js';
// Update offers only when idle. (The share / embed panel, share-panel.js,
// loads when it is first opened: see ensureSharePanel.)
import { setEngineBusy } from './sw-register.js';

// First things first: the engine downloads, compiles and boots its workers
// while the page sets itself up.
const engineLoading = loadEngine({ workers: true });

const $ = (selector, root = document) => root.querySelector(selector);

const els = {
  results: $('[data-results]'),
  badge: $('[data-badge]'),
  playerList: $('[data-player-list]'),
  addPlayer: $('[data-add-player]'),
  clear: $('[data-clear]'),
  progress: $('[data-progress]'),
  progressBar: $('[data-progress-bar]'),
  progressText: $('[data-progress-text]'),
  note: $('[data-note]'),
  splits: $('[data-splits]'),
  deck: $('[data-deck]'),
  grid: $('[data-hand-grid]'),
  readout: $('[data-grid-readout]'),
  pick: $('[data-grid-pick]'),
  rowTemplate: $('#player-row'),
  announce: $('[data-announce]'),
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
  heatStatus: $('[data-heat-status]'),
  explain: $('[data-explain]'),
  explainBody: $('[data-explain-body]'),
  explainNote: $('[data-explain-note]'),
};

// Display only: how the engine's canonical suit letters are drawn.
const SUIT_SYMBOLS = { c: '♣', d: '♦', h: '♥', s: '♠' };
const SUIT_NAMES = { c: 'clubs', d: 'diamonds', h: 'hearts', s: 'spades' };
/** Rows of the 169-hand grid the start builds per frame. */
const GRID_ROWS_PER_STEP = 5;
/** How long a job may run before its progress bar appears ("a blink"). */
const PROGRESS_DELAY_MS = 150;

/** 1234567 -> "1,234,567" (Intl.NumberFormat costs ~20 ms to create at load). */
function formatInt(n) {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 1234567 -> "1.2M". */
function formatCompact(n) {
  const units = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [size, suffix] of units) {
    if (n >= size) return `${(n / size).toFixed(1).replace(/\.0$/, '')}${suffix}`;
  }
  return String(Math.round(n));
}

/** @type {import('./engine.js').Engine | null} */
let engine = null;
let scenario = parseFragment(location.hash);
/** The share / embed panel, once loaded (a promise of its {update()}). */
let sharePanel = null;
/** The engine's reading of the scenario (cards per field, first error). */
let check = null;
/** The field the deck writes into, and the player the grid writes into. */
let target = 'p1';
let playerTarget = 'p1';
/** The running job's id; updates of older jobs are dropped. */
let jobId = 0;
let pendingUpdate = null;
let frame = 0;
let progressTimer = 0;

// ---- fields ----

const isPlayerField = (field) => /^p\d+$/.test(field);
const playerIndex = (field) => Number(field.slice(1)) - 1;

function fieldText(field) {
  if (isPlayerField(field)) return scenario.players[playerIndex(field)] ?? '';
  return scenario[field] ?? '';
}

function setFieldText(field, text) {
  if (isPlayerField(field)) scenario.players[playerIndex(field)] = text;
  else scenario[field] = text;
  const input = fieldInput(field);
  if (input && input.value !== text) input.value = text;
  if (field === playerTarget && els.rangeText.value !== text) els.rangeText.value = text;
}

function fieldInput(field) {
  return document.querySelector(`input[data-field="${field}"]`);
}

/** The field's cards as the engine read them (canonical codes). */
function fieldCards(field) {
  if (!check) return [];
  if (isPlayerField(field)) return check.players[playerIndex(field)]?.cards ?? [];
  return check[field]?.cards ?? [];
}

function allFields() {
  return [...scenario.players.map((_, i) => `p${i + 1}`), 'board', 'dead'];
}

function fieldName(field) {
  if (isPlayerField(field)) return `Player ${playerIndex(field) + 1}`;
  return field === 'board' ? 'the board' : 'the dead cards';
}

// ---- players ----

function renderPlayers() {
  const rows = scenario.players.map((text, i) => {
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
    remove.disabled = scenario.players.length <= MIN_PLAYERS;
    return row;
  });
  els.playerList.replaceChildren(...rows);
  els.addPlayer.disabled = scenario.players.length >= MAX_PLAYERS;
  if (!allFields().includes(target)) target = 'p1';
  if (!allFields().includes(playerTarget)) playerTarget = 'p1';
  if (scenario.heat > scenario.players.length) scenario.heat = null;
  renderPlayerChoices();
  markTarget();
}

function addPlayer() {
  if (scenario.players.length >= MAX_PLAYERS) return;
  scenario.players.push('');
  renderPlayers();
  setTarget(`p${scenario.players.length}`);
  changed();
}

function removePlayer(index) {
  if (scenario.players.length <= MIN_PLAYERS) return;
  scenario.players.splice(index, 1);
  const shift = (field) =>
    isPlayerField(field) && playerIndex(field) > index ? `p${playerIndex(field)}` : field;
  target = shift(target);
  playerTarget = shift(playerTarget);
  if (scenario.heat === index + 1) scenario.heat = null;
  else if (scenario.heat > index + 1) scenario.heat--;
  renderPlayers();
  changed();
}

function clearCards() {
  scenario.players = scenario.players.map(() => '');
  scenario.board = '';
  scenario.dead = '';
  for (const field of allFields()) setFieldText(field, '');
  setTarget('p1');
  changed();
}

// ---- the target field (where picked cards go) ----

function setTarget(field) {
  target = field;
  const newPlayer = isPlayerField(field) && field !== playerTarget;
  if (isPlayerField(field)) playerTarget = field;
  markTarget();
  renderDeckState();
  if (newPlayer && engine) {
    renderRangePanel();
    renderGridState();
  }
}

function markTarget() {
  for (const box of document.querySelectorAll('[data-player], [data-field-box]')) {
    const field = box.dataset.player ? `p${box.dataset.player}` : box.dataset.fieldBox;
    box.classList.toggle('is-target', field === target);
  }
  for (const el of document.querySelectorAll('[data-target-name]')) el.textContent = fieldName(target);
  for (const el of document.querySelectorAll('[data-player-target-name]')) {
    el.textContent = fieldName(playerTarget);
  }
}

/** After a player's hand is complete: the next player short of cards, else the board. */
function advanceTarget(from) {
  const players = scenario.players.length;
  const start = isPlayerField(from) ? playerIndex(from) : -1;
  for (let k = 1; k <= players; k++) {
    const i = (start + k) % players;
    // A player holding a range needs no cards from the deck.
    if (fieldCards(`p${i + 1}`).length < 2 && !check?.players[i]?.range) return setTarget(`p${i + 1}`);
  }
  if (fieldCards('board').length < 5) return setTarget('board');
  return setTarget(from);
}

// ---- the deck ----

function renderDeck() {
  // Rows by suit (spades, hearts, diamonds, clubs), aces first.
  const cards = [...engine.deck].sort(
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

function renderDeckState() {
  if (!check) return;
  const owner = new Map();
  for (const field of allFields()) for (const code of fieldCards(field)) owner.set(code, field);
  for (const button of els.deck.children) {
    const field = owner.get(button.dataset.card);
    const mine = field === target;
    button.setAttribute('aria-pressed', String(mine));
    button.disabled = field !== undefined && !mine;
    if (field && !mine) button.dataset.usedBy = field;
    else delete button.dataset.usedBy;
  }
}

function pickCard(code) {
  const field = target;
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
  changed();
  if (isPlayerField(field) && next.length === 2 && cards.length < 2) advanceTarget(field);
}

// ---- the 169-hand grid and the range editor ----
//
// The grid shows one number per class: its equity against K random hands
// (the engine's strength table), or, with a heatmap on, what one player
// would have with that class against everyone else (computed live). Each
// cell's fill shows how much of the class is in the edited player's range.
// It is an ARIA grid: one tab stop (roving tabindex), arrow keys move,
// Enter or Space toggles the focused class.

/** Grid cells, in handClasses order (row * 13 + col). */
let cells = [];
/** The cell holding the grid's one tab stop. */
let activeCell = 0;
/** The edited player's range, as the engine read it. */
let rangeView = null;
/** What a tap on the grid does: 'range' (edit the range) or 'hand' (deal one like it). */
let gridTool = 'range';
/** The weight tapped or painted classes get, 0…1. */
let paintWeight = 1;
/** The paint stroke under way: {pointerId, weight, last, done: Set}. */
let stroke = null;
/** The heatmap: one entry per class once computed, its handle and state. */
let heatCells = [];
let heatHandle = null;
let heatState = 'off';
let heatDone = 0;
let heatStatusTimer = 0;
/** The range text the %-slider last produced, and for which player. */
let sliderRange = null;

/**
 * Adds the grid's rows `from` to `to` - 1 (cells in handClasses order, so
 * rows come in order) and draws their cells. The start builds the grid a
 * few rows per frame (GRID_ROWS_PER_STEP): 169 cells' style and layout at
 * once would hold a slow phone for a while.
 */
function addGridRows(from, to) {
  const metric = gridMetric();
  for (let r = from; r < to; r++) {
    const row = document.createElement('div');
    row.className = 'hand-grid-row';
    row.setAttribute('role', 'row');
    for (let c = 0; c < SIZE; c++) {
      const i = r * SIZE + c;
      const cls = engine.handClasses[i];
      const cell = document.createElement('div');
      cell.className = `hand-class-cell kind-${cls.kind}`;
      cell.setAttribute('role', 'gridcell');
      cell.dataset.class = cls.label;
      cell.dataset.index = String(i);
      cell.tabIndex = i === activeCell ? 0 : -1;
      const label = document.createElement('span');
      label.className = 'cell-label';
      label.textContent = cls.label;
      const num = document.createElement('span');
      num.className = 'cell-num';
      cell.append(label, num);
      row.append(cell);
      cells.push(cell);
      renderCell(i, metric);
    }
    els.grid.append(row);
  }
  els.grid.dataset.metric = metric.kind;
  renderLegend(metric);
}

/** What the grid's colours and numbers measure right now. */
function gridMetric() {
  if (scenario.heat) {
    return { kind: 'heat', fair: 1 / scenario.players.length, lo: 0, hi: 1 };
  }
  const k = scenario.vs;
  const values = engine.handClasses.map((c) => c.strength[k - 1]);
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
  const h = heatCells[i];
  if (!h) return { value: null, state: heatState === 'running' ? 'pending' : 'blank' };
  if (h.error) return { value: null, state: 'na', error: h.error.message };
  return { value: h.equity, state: 'ok', exact: h.exact, stdError: h.stdError };
}

function combosText(n) {
  return `${formatInt(n)} combo${n === 1 ? '' : 's'}`;
}

function weightText(fill) {
  return `${Math.round(fill * 100)}%`;
}

/** How much of class `i` the edited range holds, in words ('' for none). */
function rangePart(i) {
  const fill = rangeView?.fill[i] ?? 0;
  if (!(fill > 0)) return '';
  const all = engine.handClasses[i].combos;
  const combos = rangeView.counts[i];
  // The mean weight of the combos that are in: fill is over all of them.
  const weight = (fill * all) / combos;
  const at = weight < 1 - 1e-9 ? ` at ${weightText(weight)}` : '';
  return combos < all ? `${combos} of ${all} combos in range${at}` : `in range${at}`;
}

function renderCell(i, metric = gridMetric()) {
  const cell = cells[i];
  if (!cell) return;
  const cls = engine.handClasses[i];
  const v = cellValue(i, metric);
  const t = v.value === null ? 0 : tone(v.value, metric.fair, metric.lo, metric.hi);
  cell.style.setProperty('--tone', Math.sqrt(Math.abs(t)).toFixed(3));
  cell.classList.toggle('is-strong', t > 0);
  cell.classList.toggle('is-weak', t < 0);
  cell.classList.toggle('is-pending', v.state === 'pending');
  cell.classList.toggle('is-na', v.state === 'na');
  cell.classList.toggle('is-sampled', v.state === 'ok' && !v.exact);
  const fill = rangeView?.fill[i] ?? 0;
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
function renderGridState() {
  if (!engine || cells.length === 0) return;
  const metric = gridMetric();
  for (let i = 0; i < cells.length; i++) renderCell(i, metric);
  els.grid.dataset.metric = metric.kind;
  renderLegend(metric);
}

function renderLegend(metric) {
  const who = fieldName(`p${scenario.heat}`);
  els.legendStrong.textContent =
    metric.kind === 'heat' ? `${who} above a fair share (${percentText(metric.fair, 0)})` : 'better than a fair share';
  els.legendWeak.textContent = metric.kind === 'heat' ? 'below a fair share' : 'worse than a fair share';
  els.gridCaption.textContent =
    metric.kind === 'heat'
      ? `Numbers: ${who}'s equity (%) with each hand against the other players, on this board.`
      : `Numbers: equity (%) against ${metric.k === 1 ? 'one random hand' : `${metric.k} random hands`}, preflop; a fair share is ${percentText(metric.fair, 0)}.`;
}

/** The readout: a class's number and range weight (on hover, focus or tap). */
function showClass(i) {
  const cls = engine.handClasses[i];
  if (!cls) return;
  const metric = gridMetric();
  const v = cellValue(i, metric);
  let text;
  if (metric.kind === 'random') {
    const against = metric.k === 1 ? 'one random hand' : `${metric.k} random hands`;
    text = `${cls.label}: ${percentText(v.value, 2)} against ${against}, preflop`;
  } else {
    const who = fieldName(`p${scenario.heat}`);
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
  if (range) text += ` · ${fieldName(playerTarget)}: ${range}`;
  els.readout.textContent = text;
}

/** Moves the grid's tab stop to cell `i` (and focus, unless `focus` is false). */
function focusCell(i, { focus = true } = {}) {
  if (!cells[i]) return;
  if (cells[activeCell]) cells[activeCell].tabIndex = -1;
  activeCell = i;
  cells[i].tabIndex = 0;
  if (focus) cells[i].focus();
  showClass(i);
}

/** Sets the classes at `indices` to `weight` in the edited player's range. */
function paint(indices, weight) {
  const field = playerTarget;
  const labels = indices.map((i) => engine.handClasses[i].label);
  const view = engine.editRange(fieldText(field), labels, weight);
  setFieldText(field, view.text);
  changed();
}

/** Says what the range now is (politely, for screen readers too). */
function announceRange() {
  const who = fieldName(playerTarget);
  els.pick.textContent = rangeView?.ok
    ? `${who}'s range: ${rangeView.text} (${combosText(rangeView.combos)}).`
    : `${who}'s range is empty.`;
}

/** Enter, Space or a tap on cell `i`. */
function activate(i) {
  if (gridTool === 'hand') {
    pickClass(engine.handClasses[i].label);
    return;
  }
  paint([i], strokeWeight(rangeView?.fill[i] ?? 0, paintWeight));
  announceRange();
  showClass(i);
}

function paintTo(i) {
  const path = cellsBetween(stroke.last, i).filter((c) => !stroke.done.has(c));
  stroke.last = i;
  for (const c of path) stroke.done.add(c);
  if (path.length) paint(path, stroke.weight);
}

function endStroke() {
  if (!stroke) return;
  stroke = null;
  announceRange();
}

/** The edited player's range: text box, summary, error, explain. */
function renderRangePanel() {
  const field = playerTarget;
  const text = fieldText(field);
  rangeView = engine ? engine.parseRange(text) : null;
  if (els.rangeText.value !== text) els.rangeText.value = text;
  els.rangePlayer.value = field;
  // The slider shows a percentage only while the range is what it made.
  if (sliderRange?.field !== field || sliderRange.text !== text) {
    sliderRange = null;
    els.rangeSlider.value = '0';
    els.rangePercent.textContent = 'X%';
  }
  const view = rangeView;
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
  const result = engine.explainRange(fieldText(playerTarget));
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

function renderPlayerChoices() {
  const options = (select, make) =>
    select.replaceChildren(
      ...scenario.players.map((_, i) => {
        const option = document.createElement('option');
        make(option, i + 1);
        return option;
      }),
    );
  options(els.rangePlayer, (option, n) => {
    option.value = `p${n}`;
    option.textContent = `Player ${n}`;
  });
  const random = document.createElement('option');
  random.value = 'random';
  random.textContent = 'Equity against random hands';
  els.gridColour.replaceChildren(
    random,
    ...scenario.players.map((_, i) => {
      const option = document.createElement('option');
      option.value = String(i + 1);
      option.textContent = `Heatmap: Player ${i + 1} against the others`;
      return option;
    }),
  );
  els.rangePlayer.value = playerTarget;
  els.gridColour.value = scenario.heat ? String(scenario.heat) : 'random';
  els.gridVs.value = String(scenario.vs);
  els.gridVsBox.hidden = Boolean(scenario.heat);
}

// ---- the heatmap ----

function setHeatStatus(text) {
  els.heatStatus.textContent = text;
  els.heatStatus.hidden = !text;
}

/** Starts (or stops) the heatmap for the current scenario; latest input wins. */
function startHeatmap() {
  heatHandle?.cancel();
  heatHandle = null;
  engine?.cancelHeatmap();
  clearTimeout(heatStatusTimer);
  heatCells = [];
  heatDone = 0;
  if (!engine || !scenario.heat) {
    heatState = 'off';
    els.grid.dataset.heat = 'off';
    delete els.grid.dataset.heatJob;
    setHeatStatus('');
    renderGridState();
    return;
  }
  const player = scenario.heat - 1;
  const who = fieldName(`p${scenario.heat}`);
  heatState = 'running';
  els.grid.dataset.heat = 'running';
  els.grid.dataset.heatDone = '0';
  renderGridState();
  setHeatStatus(`Heatmap of ${who}: starting…`);
  const t0 = performance.now();
  const handle = engine.heatmap(scenario, player, (cell) => {
    if (heatHandle !== handle) return;
    heatCells[cell.index] = cell;
    heatDone++;
    els.grid.dataset.heatDone = String(heatDone);
    if (cells[cell.index]) cells[cell.index].dataset.heatJob = String(handle.id);
    renderCell(cell.index);
    if (cell.index === activeCell && document.activeElement === cells[activeCell]) showClass(activeCell);
    // The status line at most every 100 ms.
    heatStatusTimer ||= setTimeout(() => {
      heatStatusTimer = 0;
      if (heatHandle === handle && heatState === 'running') {
        setHeatStatus(`Heatmap of ${who}: ${heatDone} of ${cells.length} hands…`);
      }
    }, 100);
  });
  heatHandle = handle;
  els.grid.dataset.heatJob = String(handle.id);
  handle.done.then((result) => {
    if (heatHandle !== handle) return;
    clearTimeout(heatStatusTimer);
    heatStatusTimer = 0;
    if (result.status === 'done') {
      heatState = 'done';
      const sampled = result.cells - result.failed - result.exactCells;
      const ms = Math.max(1, Math.round(performance.now() - t0));
      const how = sampled === 0 ? 'exact' : `${result.exactCells} exact, ${sampled} sampled (±)`;
      const na = result.failed ? `; ${result.failed} not possible with these cards` : '';
      setHeatStatus(`Heatmap of ${who}: ${how}${na}, ${formatMs(ms)}.`);
      announce(`Heatmap of ${who} ready.`);
    } else if (result.status === 'error') {
      heatState = 'error';
      setHeatStatus(`No heatmap: ${result.error.message}`);
    } else {
      heatState = 'off';
    }
    els.grid.dataset.heat = heatState;
    renderGridState();
  });
}

function formatMs(ms) {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function pickClass(label) {
  const field = playerTarget;
  const used = allFields()
    .filter((f) => f !== field)
    .flatMap((f) => fieldCards(f));
  const picked = engine.pickCombo(label, used);
  els.pick.textContent = picked.ok
    ? `${label}: ${fieldName(field)} gets ${picked.value}.`
    : picked.error;
  if (!picked.ok) return;
  setFieldText(field, picked.value);
  changed();
  if (target === field) advanceTarget(field);
}

// ---- results ----

function setStatus(status) {
  els.results.dataset.status = status;
  setEngineBusy(status === 'running'); // Issue 6 wiring: sw-register.js offers updates when idle
  els.results.setAttribute('aria-busy', String(status === 'running'));
  if (status !== 'done') delete els.results.dataset.exact;
}

/** Says `text` to screen readers, politely (final results, not partials). */
function announce(text) {
  // A change of text is what gets announced: clear first so a repeat is heard.
  els.announce.textContent = '';
  requestAnimationFrame(() => {
    els.announce.textContent = text;
  });
}

function showFieldErrors(error) {
  for (const el of document.querySelectorAll('[data-error-for]')) {
    const mine = error && (el.dataset.errorFor === error.field ||
      (el.dataset.errorFor === 'players' && !allFields().includes(error.field)));
    el.hidden = !mine;
    el.textContent = mine ? error.message : '';
    const input = fieldInput(el.dataset.errorFor);
    if (input) input.setAttribute('aria-invalid', String(Boolean(mine)));
  }
}

function renderFieldState() {
  showFieldErrors(check?.error ?? null);
  for (const row of els.playerList.children) {
    const i = Number(row.dataset.player) - 1;
    const text = scenario.players[i] ?? '';
    const range = check?.players[i]?.range;
    const label = $('[data-class]', row);
    // A hand shows its class (AKs); a range its combos, its text on hover.
    if (range != null) {
      const combos = check.players[i].combos ?? 0;
      label.textContent = combosText(combos);
      label.title = range;
      row.dataset.range = range;
    } else {
      label.textContent = engine?.classOf(text) ?? '';
      label.removeAttribute('title');
      delete row.dataset.range;
    }
  }
  renderDeckState();
  renderRangePanel();
  renderGridState();
}

/** Blanks every number: nothing stale may look current. */
function clearNumbers() {
  for (const row of els.playerList.children) {
    delete row.dataset.win;
    delete row.dataset.tie;
    delete row.dataset.equity;
    delete row.dataset.wins;
    delete row.dataset.ties;
    for (const el of row.querySelectorAll('[data-show]')) el.textContent = el.dataset.show === 'counts' ? '' : '–';
    $('[data-meter]', row).style.width = '0%';
    row.classList.remove('is-settled');
  }
  els.splits.replaceChildren();
  els.badge.textContent = '';
  delete els.results.dataset.job;
}

function hideProgress() {
  clearTimeout(progressTimer);
  els.progress.hidden = true;
}

function showError(error) {
  cancelFrame();
  hideProgress();
  clearNumbers();
  setStatus('error');
  showFieldErrors(error);
  els.badge.textContent = '';
  els.note.textContent = 'Fix the cards above to see the odds.';
}

function compute() {
  cancelFrame();
  if (!engine) return;
  if (check.error) {
    engine.cancel();
    jobId = Infinity; // drop anything still on its way
    showError(check.error);
    return;
  }
  clearNumbers();
  setStatus('running');
  els.note.textContent = 'Working…';
  els.progressBar.value = 0;
  els.progressText.textContent = '';
  hideProgress();
  progressTimer = setTimeout(() => {
    if (els.results.dataset.status === 'running') els.progress.hidden = false;
  }, PROGRESS_DELAY_MS);
  jobId = 0;
  const handle = engine.compute(scenario, onUpdate);
  jobId = handle.id;
}

function onUpdate(update) {
  // The engine sends only the current job's updates; ids never go back.
  if (jobId !== 0 && update.id < jobId) return;
  if (update.status === 'running') {
    pendingUpdate = update;
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      const latest = pendingUpdate;
      pendingUpdate = null;
      if (latest && latest.id >= jobId) render(latest);
    });
  } else {
    cancelFrame();
    render(update);
  }
}

function cancelFrame() {
  cancelAnimationFrame(frame);
  frame = 0;
  pendingUpdate = null;
}

function percent(x) {
  return x * 100;
}

/** The engine's sentence with a capital first letter. */
function capitalised(sentence) {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** "46.21%" when exact; an estimate always with its error: "46.2% ± 0.3". */
function formatEquity(value, stdError, exact) {
  const pct = percent(value);
  if (exact) return `${pct.toFixed(2)}%`;
  const se = percent(stdError);
  const digits = se >= 1 ? 0 : se >= 0.1 ? 1 : 2;
  return `${pct.toFixed(digits)}% ± ${se.toFixed(digits)}`;
}

function render(update) {
  if (update.status === 'error') {
    showError(update.error);
    return;
  }
  const { estimate: est, progress } = update;
  setStatus(update.status);
  els.results.dataset.method = update.method ?? '';
  if (update.status === 'done' && update.exact) els.results.dataset.exact = 'true';
  else delete els.results.dataset.exact;
  if (!est) {
    // No numbers until an estimate's error means something.
    clearNumbers();
    if (update.waiting === 'table') {
      els.note.textContent = 'Loading the table of heads-up preflop matchups (once)…';
    } else if (update.status === 'running') {
      els.note.textContent = update.whySampled
        ? `${capitalised(update.whySampled)}. Working…`
        : 'Working…';
      if (update.progress) els.progressBar.value = update.progress.fraction;
    }
    return;
  }
  els.results.dataset.job = String(update.id);
  const exact = update.exact;
  const settled = update.status === 'done';
  for (const row of els.playerList.children) {
    const p = Number(row.dataset.player) - 1;
    const e = est.players[p];
    if (!e) continue;
    row.dataset.win = String(percent(e.win));
    row.dataset.tie = String(percent(e.tie));
    row.dataset.equity = String(percent(e.equity));
    row.dataset.wins = String(e.wins);
    row.dataset.ties = String(e.ties);
    row.classList.toggle('is-settled', settled);
    const show = (name, text) => {
      const el = $(`[data-show="${name}"]`, row);
      el.textContent = text;
    };
    show('equity', formatEquity(e.equity, e.stdError, exact));
    show('win', `${percent(e.win).toFixed(2)}%`);
    show('tie', `${percent(e.tie).toFixed(2)}%`);
    show(
      'counts',
      exact
        ? `${formatInt(e.wins)} wins · ${formatInt(e.ties)} ties · ` +
            `${formatInt(e.losses)} losses`
        : '',
    );
    $('[data-meter]', row).style.width = `${Math.min(100, percent(e.equity)).toFixed(2)}%`;
  }
  els.splits.replaceChildren(
    ...est.splits.map((split) => {
      const li = document.createElement('li');
      const who = split.players.map((n) => `P${n}`).join(' & ');
      const share = percent(split.count / est.showdowns);
      li.textContent = exact
        ? `${who} split ${formatInt(split.count)} pots (${share.toFixed(2)}%)`
        : `${who} split ${share.toFixed(2)}% of pots`;
      return li;
    }),
  );
  const fraction = progress?.fraction ?? 0;
  els.progressBar.value = fraction;
  const rate = progress?.perSecond ? ` · ${formatCompact(progress.perSecond)} hands/s` : '';
  els.progressText.textContent = `${Math.floor(fraction * 100)}%${rate}`;
  if (settled) hideProgress();
  const ms = progress ? Math.max(1, Math.round(progress.elapsedMs)) : 0;
  if (exact) {
    els.badge.textContent = 'Exact';
    const where = progress?.inline
      ? 'on this page while the workers start'
      : `on ${engine.workerCount} worker${engine.workerCount === 1 ? '' : 's'}`;
    const what = update.ranges
      ? `${formatInt(est.showdowns)} showdowns (every deal of the ranges, by weight, ` +
        `times every board${update.usesTable ? ', from the table of preflop matchups' : ''})`
      : `all ${formatInt(est.showdowns)} boards`;
    els.note.textContent = `Exact: ${what}, ${ms} ms ${where}.`;
  } else if (update.method === 'monte-carlo') {
    els.badge.textContent = settled ? 'Monte Carlo' : 'Sampling…';
    // Why it samples when exact was not asked against: "Too many boards for
    // exact (≈9.6e15 evaluations): Monte Carlo, 2,000,000 random deals."
    const lead = update.whySampled ? `${capitalised(update.whySampled)},` : 'Monte Carlo:';
    els.note.textContent =
      `${lead} ${formatInt(est.showdowns)} random deals` +
      `${update.ranges ? ' (hands drawn from the ranges by weight)' : ''}` +
      `${settled ? '.' : ' so far…'} ± is one standard error.`;
  } else {
    els.badge.textContent = 'Estimate';
    els.note.textContent =
      `Estimate from ${Math.floor(fraction * 100)}% of the boards, drawn at random; ` +
      '± is one standard error. Exact when all are in.';
  }
  if (settled) {
    const who = est.players.map((e, p) => `Player ${p + 1} ${formatEquity(e.equity, e.stdError, exact)}`);
    announce(`${exact ? 'Exact' : 'Monte Carlo'} equity: ${who.join(', ')}.`);
  }
}

// ---- the share / embed panel ----
//
// index.html draws it closed; its code (share-panel.js, embedding.js and
// share-panel.css) is not needed before it opens, so it loads then, or a
// moment earlier when a pointer or the keyboard reaches the panel.

const shareBox = $('[data-share-panel]');

function ensureSharePanel() {
  sharePanel ??= import('./share-panel.js')
    .then((module) => module.loadSharePanel(shareBox, { getScenario: () => scenario }))
    .catch((err) => {
      sharePanel = null; // the next opening tries again
      console.warn(`allin: no share panel (${err instanceof Error ? err.message : err})`);
      return { update() {} };
    });
  return sharePanel;
}

$('details', shareBox).addEventListener('toggle', ensureSharePanel);
for (const type of ['pointerover', 'focusin']) shareBox.addEventListener(type, ensureSharePanel);

// ---- changes ----

function writeUrl() {
  history.replaceState(history.state, '', `#${toFragment(scenario)}`);
}

/** The scenario changed: update the URL, check it, compute it (and the heatmap). */
function changed({ writeUrl: write = true } = {}) {
  if (write) writeUrl();
  sharePanel?.then((panel) => panel.update());
  if (!engine) return;
  check = engine.check(scenario);
  renderFieldState();
  compute();
  startHeatmap();
}

els.playerList.addEventListener('input', (event) => {
  const field = event.target.dataset?.field;
  if (!field) return;
  setFieldText(field, event.target.value);
  changed();
});

for (const field of ['board', 'dead']) {
  const input = fieldInput(field);
  // The page shows before this script arrives: text typed in the meantime
  // wins over the link's (it is the newer input).
  if (input.value !== input.defaultValue) scenario[field] = input.value;
  else input.value = scenario[field];
  input.addEventListener('input', () => {
    setFieldText(field, input.value);
    changed();
  });
}

document.addEventListener('focusin', (event) => {
  const field = event.target.dataset?.field;
  if (field && field !== target) setTarget(field);
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

// The grid: a tap deals a hand ('hand' tool, on click) or starts a paint
// stroke ('range' tool, on pointerdown: mouse, pen and touch alike).
const cellAt = (node) => node?.closest?.('[role="gridcell"]') ?? null;

els.grid.addEventListener('click', (event) => {
  const cell = cellAt(event.target);
  if (cell && gridTool === 'hand') activate(Number(cell.dataset.index));
});
els.grid.addEventListener('pointerdown', (event) => {
  const cell = cellAt(event.target);
  if (!cell || gridTool !== 'range' || event.button !== 0 || !engine) return;
  event.preventDefault(); // no text selection, no scrolling: this is a stroke
  const i = Number(cell.dataset.index);
  focusCell(i);
  stroke = {
    pointerId: event.pointerId,
    weight: strokeWeight(rangeView?.fill[i] ?? 0, paintWeight),
    last: i,
    done: new Set(),
  };
  els.grid.setPointerCapture?.(event.pointerId);
  paintTo(i);
});
/** The cell under a point (viewport coordinates) from the grid's geometry, or null. */
function cellIndexAt(x, y) {
  const box = els.grid.getBoundingClientRect();
  if (!(x >= box.left && x < box.right && y >= box.top && y < box.bottom)) return null;
  const col = Math.floor(((x - box.left) / box.width) * SIZE);
  const row = Math.floor(((y - box.top) / box.height) * SIZE);
  return row * SIZE + col;
}

els.grid.addEventListener('pointermove', (event) => {
  if (!stroke || event.pointerId !== stroke.pointerId) return;
  // With the pointer captured, the event's target is the grid: the cell
  // under it comes from the geometry (also right off-screen or mid-gap).
  const i = cellIndexAt(event.clientX, event.clientY);
  if (i !== null) paintTo(i);
});
for (const type of ['pointerup', 'pointercancel', 'lostpointercapture']) {
  els.grid.addEventListener(type, (event) => {
    if (stroke && event.pointerId === stroke.pointerId) endStroke();
  });
}
els.grid.addEventListener('keydown', (event) => {
  const cell = cellAt(event.target);
  if (!cell || !engine) return;
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
  if (cell && !stroke) showClass(Number(cell.dataset.index));
});

// The range editor.
els.rangePlayer.addEventListener('change', () => setTarget(els.rangePlayer.value));
els.rangeText.addEventListener('input', () => {
  setFieldText(playerTarget, els.rangeText.value);
  changed();
});
els.rangeSlider.addEventListener('input', () => {
  const percent = Number(els.rangeSlider.value);
  els.rangePercent.textContent = `${percent}%`;
  const view = engine?.topRange(percent);
  if (!view) return;
  sliderRange = { field: playerTarget, text: view.text };
  setFieldText(playerTarget, view.text);
  changed();
});
els.rangeSlider.addEventListener('change', announceRange);
els.paintWeight.addEventListener('input', () => {
  paintWeight = Number(els.paintWeight.value) / 100;
  els.paintWeightOut.textContent = `${els.paintWeight.value}%`;
});
for (const radio of els.gridTools) {
  radio.addEventListener('change', () => {
    if (radio.checked) gridTool = radio.value;
    els.grid.dataset.tool = gridTool;
  });
}
els.rangeClear.addEventListener('click', () => {
  setFieldText(playerTarget, '');
  changed();
  announceRange();
});
els.explain.addEventListener('toggle', () => {
  if (els.explain.open && engine) renderExplain();
});

// What the grid shows: equity against K random hands, or a player's heatmap.
els.gridColour.addEventListener('change', () => {
  const value = els.gridColour.value;
  scenario.heat = value === 'random' ? null : Number(value);
  els.gridVsBox.hidden = Boolean(scenario.heat);
  writeUrl();
  startHeatmap();
});
els.gridVs.addEventListener('change', () => {
  scenario.vs = Number(els.gridVs.value);
  writeUrl();
  renderGridState();
  showClass(activeCell);
});

window.addEventListener('hashchange', () => {
  const next = parseFragment(location.hash);
  if (toFragment(next) === toFragment(scenario)) return;
  scenario = next;
  renderPlayers();
  for (const field of ['board', 'dead']) setFieldText(field, scenario[field]);
  changed({ writeUrl: false });
  showFragmentVs();
});

// ---- start ----

/** The grid's view controls, as the scenario has them. */
function showFragmentVs() {
  els.gridColour.value = scenario.heat ? String(scenario.heat) : 'random';
  els.gridVs.value = String(scenario.vs);
  els.gridVsBox.hidden = Boolean(scenario.heat);
}

/** Resolves in a new task. */
function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves once the browser has drawn a frame (for what the last step
 * changed) and can handle input: a start-up step, its style and layout,
 * and the next step are then separate tasks, none long. A hidden page
 * draws no frames: there it is just a new task.
 */
function nextFrame() {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') setTimeout(resolve, 0);
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/**
 * The engine is loaded: the first result first, then the rest of the page
 * (field labels and the range panel, the deck, the 169-hand grid a few
 * rows at a time), one step per frame, so that none holds the page (a
 * slow phone's most of all) for long. The page works during the steps:
 * input goes through changed() as usual, and whatever is not built yet is
 * drawn when it is.
 */
async function start(loaded) {
  await nextTask(); // not in the task that compiled the engine's module and made its instance
  engine = loaded;
  check = engine.check(scenario);
  compute();
  await nextFrame();
  renderFieldState();
  const { description } = engine.ranking;
  els.rankingNote.textContent =
    `Top X% of all 1,326 hands by ${description}, as in PokerStove and Equilab.`;
  await nextFrame();
  renderDeck();
  renderDeckState();
  await nextTask();
  void engine.handClasses; // made when first asked for: a step of their own
  for (let r = 0; r < SIZE; r += GRID_ROWS_PER_STEP) {
    await nextFrame();
    addGridRows(r, Math.min(SIZE, r + GRID_ROWS_PER_STEP));
  }
  startHeatmap(); // (after the grid: its cells show the heatmap)
  els.results.dataset.engine = 'ready';
}

renderPlayers();
els.grid.dataset.tool = gridTool;

engineLoading.then(start, (err) => {
  els.results.dataset.engine = 'failed';
  showError({
    field: null,
    message: `Could not load the engine: ${err instanceof Error ? err.message : err}`,
  });
});
