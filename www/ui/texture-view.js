// The breakdown panel (part of app.js's page): what the edited player's
// range makes and draws on the flop or turn (Flopzilla's question), from
// the engine (engine.js rangeTexture; the poker rules are all in Rust,
// src/range/texture.rs). A table of made hands and draws with combos and
// shares; choosing a row (tap, click, Enter or Space; arrow keys move
// between rows) colours the 169-hand grid by it: each cell by the share
// of its live combos in that row, with a legend. Choosing it again, or
// "None", returns the grid to its own colours. Dead cards for the
// breakdown: the dead-card field and the other players' known hands.
// Test hooks: [data-texture] (data-state: off | ok | error), rows
// [data-class][data-combos][data-share][data-kind], the grid's
// [data-texture-row] and each cell's data-texture-share ("none": no live
// combo).

import { allFields, fieldCards, fieldName, fieldRange, fieldText } from './players-view.js';

const $ = (selector, root = document) => root.querySelector(selector);

const els = {
  panel: $('[data-texture]'),
  title: $('[data-texture-title]'),
  note: $('[data-texture-note]'),
  table: $('[data-texture-table]'),
  made: $('[data-texture-made]'),
  draws: $('[data-texture-draws]'),
  none: $('[data-texture-none]'),
  legend: $('[data-texture-legend]'),
  legendRow: $('[data-texture-legend-row]'),
  hint: $('[data-texture-hint]'),
  grid: $('[data-hand-grid]'),
};

let state = null;

/** The chosen row's key ("top_pair") or null, and the last breakdown. */
const view = { row: null, result: null };

/** Connects the panel to the page's state and listens to its rows. */
export function connectTexture(context) {
  state = context.state;
  els.table.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-row]');
    if (button) choose(button.dataset.row === view.row ? null : button.dataset.row);
  });
  els.table.addEventListener('keydown', (event) => {
    const buttons = [...els.table.querySelectorAll('button[data-row]')];
    const i = buttons.indexOf(document.activeElement);
    if (i < 0) return;
    const step = { ArrowDown: 1, ArrowUp: -1, Home: -i, End: buttons.length - 1 - i }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, i + step))].focus();
  });
  els.none.addEventListener('click', () => choose(null));
}

/** The cards out of play for the breakdown: dead cards and other players' known hands. */
function deadCards(player) {
  const known = allFields()
    .filter((f) => f !== player && f !== 'board' && f !== 'dead' && fieldRange(f) === null)
    .flatMap((f) => fieldCards(f));
  return [...new Set([...fieldCards('dead'), ...known])].join(' ');
}

/** Recomputes the breakdown for the scenario as it is now, and redraws. */
export function renderTexture() {
  if (!state?.engine) return;
  const player = state.playerTarget;
  const who = fieldName(player);
  const board = fieldText('board').trim();
  const boardCount = state.check?.board?.cards?.length ?? 0;
  const range = fieldText(player).trim();
  els.title.textContent = `What ${who}’s range makes and draws`;
  let message = '';
  if (!range) message = `${who} holds no hand or range yet: type one, or tap hands in the grid.`;
  else if (!board || boardCount === 0) message = 'Give a flop (3 board cards) or a turn (4) to see what this range makes and draws there.';
  view.result = null;
  // An error in the cards this breakdown reads is the checker's to explain.
  const error = state.check?.error;
  if (!message && error && ['board', 'dead', player].includes(error.field)) {
    message = `Fix ${fieldName(error.field)} first: ${error.message}`;
  }
  if (!message) {
    const answer = state.engine.rangeTexture(range, board, deadCards(player));
    if (answer.ok) view.result = answer.value;
    else message = answer.field === 'board' && boardCount !== 3 && boardCount !== 4
      ? `The board has ${boardCount} card${boardCount === 1 ? '' : 's'}: the breakdown needs a flop (3) or a turn (4).`
      : answer.error;
  }
  els.panel.dataset.state = view.result ? 'ok' : message && range && board ? 'error' : 'off';
  els.table.hidden = !view.result;
  els.hint.hidden = !view.result;
  if (!view.result) {
    els.note.textContent = message;
    drawRows([]);
    colourGrid();
    return;
  }
  const r = view.result;
  const removed = r.removed ? `; ${combosText(r.removedWeighted)} removed (they use a card on the board, a dead card or another player's card)` : '';
  const combos = combosText(r.weighted);
  els.note.textContent = `${combos} combo${combos === '1' ? '' : 's'} on ${r.board}${removed}. A hand can hold several draws.`;
  drawRows(r.rows.filter((row) => row.weighted > 0));
  if (view.row && !r.rows.some((row) => row.row === view.row && row.weighted > 0)) view.row = null;
  colourGrid();
}

/** `35.3%`: a share as the CLI's table prints it. */
function formatPercent(share) {
  return `${(share * 100).toFixed(1)}%`;
}

/** `12`, `1.5`: combos by weight. */
function combosText(x) {
  return String(Math.round(x * 1000) / 1000);
}

function drawRows(rows) {
  const line = (row) => {
    const tr = document.createElement('tr');
    Object.assign(tr.dataset, {
      class: row.row,
      kind: row.kind,
      combos: String(row.weighted),
      share: String(row.share),
    });
    const th = document.createElement('th');
    th.scope = 'row';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'texture-row';
    button.dataset.row = row.row;
    button.textContent = row.label;
    button.setAttribute('aria-pressed', String(row.row === view.row));
    button.setAttribute('aria-label', `${row.label}: ${combosText(row.weighted)} combos, ${formatPercent(row.share)}. Colour the grid by it.`);
    th.append(button);
    const combos = document.createElement('td');
    combos.textContent = combosText(row.weighted);
    const share = document.createElement('td');
    share.className = 'texture-share';
    const bar = document.createElement('span');
    bar.className = 'texture-bar';
    bar.style.setProperty('--share', row.share.toFixed(4));
    bar.setAttribute('aria-hidden', 'true');
    share.append(formatPercent(row.share), bar);
    tr.append(th, combos, share);
    return tr;
  };
  els.made.replaceChildren(...rows.filter((r) => r.kind === 'made').map(line));
  els.draws.replaceChildren(...rows.filter((r) => r.kind === 'draw').map(line));
  const noDraws = rows.every((r) => r.kind !== 'draw');
  if (noDraws) {
    const tr = document.createElement('tr');
    const td = document.createElement('td');
    td.colSpan = 3;
    td.className = 'hint';
    td.textContent = 'No draws.';
    tr.append(td);
    els.draws.append(tr);
  }
}

/** Chooses the row the grid is coloured by (null: the grid's own colours). */
function choose(row) {
  view.row = row;
  for (const b of els.table.querySelectorAll('button[data-row]')) {
    b.setAttribute('aria-pressed', String(b.dataset.row === row));
  }
  colourGrid();
}

/** Colours the grid's cells by the chosen row's share, or clears it. */
function colourGrid() {
  const r = view.result;
  const index = r && view.row ? r.rows.findIndex((row) => row.row === view.row) : -1;
  els.none.hidden = index < 0;
  els.legend.hidden = index < 0;
  if (index < 0) {
    delete els.grid.dataset.textureRow;
    for (const cell of els.grid.querySelectorAll('.hand-class-cell')) {
      delete cell.dataset.textureShare;
      cell.style.removeProperty('--texture-share');
      cell.querySelector('.cell-texture')?.remove();
      cell.querySelector('.cell-texture-name')?.remove();
    }
    return;
  }
  const label = r.rows[index].label;
  els.grid.dataset.textureRow = view.row;
  els.legendRow.textContent = label.toLowerCase();
  for (const cell of els.grid.querySelectorAll('.hand-class-cell')) {
    const i = Number(cell.dataset.index);
    const live = r.classWeighted[i];
    const share = r.classShares[index][i];
    let num = cell.querySelector('.cell-texture');
    let name = cell.querySelector('.cell-texture-name');
    if (!num) {
      // The number for the eye; the words (a sibling, not beside the
      // number) for screen readers.
      num = document.createElement('span');
      num.className = 'cell-texture';
      num.setAttribute('aria-hidden', 'true');
      name = document.createElement('span');
      name.className = 'cell-texture-name visually-hidden';
      cell.append(num, name);
    }
    cell.dataset.textureShare = live > 0 ? String(share) : 'none';
    cell.style.setProperty('--texture-share', live > 0 ? share.toFixed(3) : '0');
    num.textContent = live > 0 ? String(Math.round(share * 100)) : '';
    name.textContent = live > 0
      ? `, ${label}: ${formatPercent(share)} of its ${combosText(live)} combos`
      : ', not in the range with these cards';
  }
}
