// The calculator's heatmap (part of app.js's page, drawn in grid-view.js's
// grid): with the grid's colour set to a player, that player's equity with
// each of the 169 hand classes against the others, computed live by the
// engine (engine.js's heatmap(), one worker job per class) and shown as
// each class finishes. Latest input wins. Test hooks on the grid:
// data-heat (off | running | done | error), data-heat-done, data-heat-job.

import { formatMs } from '../model/format.js';
import { isHoldem } from '../model/game.js';
import { fieldName } from './players-view.js';
import { announce } from './results-view.js';

const els = {
  grid: document.querySelector('[data-hand-grid]'),
  heatStatus: document.querySelector('[data-heat-status]'),
};

/**
 * The page's state and the grid's hooks, from connectHeatmap():
 * {state, redraw(), showCell(index, jobId), cellCount()}.
 */
let app = null;
let state = null;

/** The heatmap: one entry per class once computed, its handle and state. */
const heat = { cells: [], handle: null, state: 'off', done: 0, statusTimer: 0 };

/** Connects the view to the page's state and the grid's hooks. */
export function connectHeatmap(context) {
  app = context;
  state = context.state;
}

/** Class `i`'s heatmap number for the grid: {value, state, stdError, exact, error}. */
export function heatValue(i) {
  const h = heat.cells[i];
  if (!h) return { value: null, state: heat.state === 'running' ? 'pending' : 'blank' };
  if (h.error) return { value: null, state: 'na', error: h.error.message };
  return { value: h.equity, state: 'ok', exact: h.exact, stdError: h.stdError };
}

function setHeatStatus(text) {
  els.heatStatus.textContent = text;
  els.heatStatus.hidden = !text;
}

/** Starts (or stops) the heatmap for the current scenario; latest input wins. */
export function startHeatmap() {
  heat.handle?.cancel();
  heat.handle = null;
  state.engine?.cancelHeatmap();
  clearTimeout(heat.statusTimer);
  heat.cells = [];
  heat.done = 0;
  // (Hold'em's only: Short Deck's grid has no heatmap, whatever a link says.)
  if (!state.engine || !state.scenario.heat || !isHoldem(state.scenario)) {
    heat.state = 'off';
    els.grid.dataset.heat = 'off';
    delete els.grid.dataset.heatJob;
    setHeatStatus('');
    app.redraw();
    return;
  }
  const player = state.scenario.heat - 1;
  const who = fieldName(`p${state.scenario.heat}`);
  heat.state = 'running';
  els.grid.dataset.heat = 'running';
  els.grid.dataset.heatDone = '0';
  app.redraw();
  setHeatStatus(`Heatmap of ${who}: starting…`);
  const t0 = performance.now();
  const handle = state.engine.heatmap(state.scenario, player, (cell) => {
    if (heat.handle !== handle) return;
    heat.cells[cell.index] = cell;
    heat.done++;
    els.grid.dataset.heatDone = String(heat.done);
    app.showCell(cell.index, handle.id);
    // The status line at most every 100 ms.
    heat.statusTimer ||= setTimeout(() => {
      heat.statusTimer = 0;
      if (heat.handle === handle && heat.state === 'running') {
        setHeatStatus(`Heatmap of ${who}: ${heat.done} of ${app.cellCount()} hands…`);
      }
    }, 100);
  });
  heat.handle = handle;
  els.grid.dataset.heatJob = String(handle.id);
  handle.done.then((result) => {
    if (heat.handle !== handle) return;
    clearTimeout(heat.statusTimer);
    heat.statusTimer = 0;
    if (result.status === 'done') {
      heat.state = 'done';
      const sampled = result.cells - result.failed - result.exactCells;
      const ms = Math.max(1, Math.round(performance.now() - t0));
      const how = sampled === 0 ? 'exact' : `${result.exactCells} exact, ${sampled} sampled (±)`;
      const na = result.failed ? `; ${result.failed} not possible with these cards` : '';
      setHeatStatus(`Heatmap of ${who}: ${how}${na}, ${formatMs(ms)}.`);
      announce(`Heatmap of ${who} ready.`);
    } else if (result.status === 'error') {
      heat.state = 'error';
      setHeatStatus(`No heatmap: ${result.error.message}`);
    } else {
      heat.state = 'off';
    }
    els.grid.dataset.heat = heat.state;
    app.redraw();
  });
}
