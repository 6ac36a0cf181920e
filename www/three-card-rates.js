// The win-rate table of the three-card panel: the hero's win, tie and
// equity against 1 to 5 opponents, each holding any hand or the same top
// X% (the write-up's table), computed in the workers one row per job
// (three-card-job.js): exact with 1 or 2 opponents; with 3 to 5 first
// Monte Carlo with one standard error, then every deal counted, which
// replaces it (the row says "counting n%" meanwhile). Each row says which
// it shows. Latest input wins: a change stops the table and starts it
// again. Data hooks for the tests: [data-tc-rates] data-status, each row
// [data-opponents] with data-win, data-tie, data-equity (percent),
// data-exact and, while its count runs, data-counting.

import { formatEquity, formatInt } from './format.js';
import { RATE_MAX_OPPONENTS, RATE_TRIALS } from './three-card-job.js';

const $ = (selector, root = document) => root.querySelector(selector);

const els = {
  root: $('[data-tc-rates]'),
  body: $('[data-tc-rates-body]'),
  note: $('[data-tc-rates-note]'),
  kind: $('[data-tc-rates-kind]'),
  topBox: $('[data-tc-rates-top-box]'),
  top: $('[data-tc-rates-top]'),
};

/** Waits this long after the last change before computing (typing, dragging). */
const SETTLE_MS = 120;

let app = null;
let timer = 0;
let lastKey = null;

export function connectRates(context) {
  app = context;
  els.kind.addEventListener('change', () => {
    els.topBox.hidden = els.kind.value !== 'top';
    startRates();
  });
  els.top.addEventListener('input', startRates);
}

/** What each opponent of the table holds: `random` or `X%` (as typed). */
function opponentText() {
  return els.kind.value === 'top' ? `${els.top.value.trim()}%` : 'random';
}

/** Starts (or restarts) the table for the page's scenario, if anything it depends on changed. */
export function startRates() {
  const { scenario, engine } = app.state;
  if (!engine) return;
  const opponent = opponentText();
  const key = JSON.stringify([scenario.players[0], scenario.dead, scenario.rules, scenario.deck,
    scenario.removal, opponent]);
  if (key === lastKey) return;
  lastKey = key;
  clearTimeout(timer);
  engine.cancelWinRates();
  els.root.dataset.status = 'running';
  drawRows(new Map());
  els.note.textContent = 'Working…';
  timer = setTimeout(() => run(scenario, opponent), SETTLE_MS);
}

function run(scenario, opponent) {
  // Per row: {data (the best answer so far), counting (0…1 while counted), countError}.
  const rows = new Map();
  const row = (k) => {
    if (!rows.has(k)) rows.set(k, { data: null, counting: null, countError: null });
    return rows.get(k);
  };
  const handle = app.state.engine.winRates(scenario, opponent, (update) => {
    const r = row(update.opponents);
    if (update.counting !== undefined) {
      r.counting = update.counting;
    } else if (update.countError !== undefined) {
      r.counting = null;
      r.countError = update.countError;
    } else if (update.error || update.exact || !r.data?.exact) {
      // (A sampled answer never replaces a count that came first.)
      r.data = update;
      if (update.exact) r.counting = null;
    }
    drawRows(rows);
  });
  handle.done.then((result) => {
    if (result?.status === 'cancelled' || app.state.engine.rates !== handle) return;
    const all = [...rows.values()];
    const failed = all.find((r) => r.data?.error);
    for (const r of all) r.counting = null;
    drawRows(rows);
    els.root.dataset.status = failed || result?.status === 'error' ? 'error' : 'done';
    // Say what each row is, as it was computed.
    const exact = [...rows.entries()].filter(([, r]) => r.data?.exact).map(([k]) => k).sort();
    const why = all.find((r) => !r.data?.exact && r.countError)?.countError;
    const how = exact.length === RATE_MAX_OPPONENTS
      ? 'Exact: every deal counted. '
      : `${exact.length ? `Exact for ${exact.join(', ')} opponent${exact.length === 1 && exact[0] === 1 ? '' : 's'} ` +
        '(every deal counted); the others are' : 'All rows are'} Monte Carlo, ` +
        `${formatInt(RATE_TRIALS)} random deals each, ± one standard error of the equity (≈ win and tie: estimates)` +
        `${why ? ` — not counted: ${why}` : ''}. `;
    els.note.textContent = failed
      ? `Not computed: ${(failed.data.error ?? result.error).message}.`
      : `${how}Hero: ${scenario.players[0] || 'random'}; each opponent: ` +
        `${opponent === 'random' ? 'any hand' : `top ${opponent}`}.`;
  });
}

function cell(text, header = false) {
  const el = document.createElement(header ? 'th' : 'td');
  if (header) el.scope = 'row';
  el.textContent = text;
  return el;
}

function drawRows(rows) {
  const trs = [];
  for (let k = 1; k <= RATE_MAX_OPPONENTS; k++) {
    const { data: row = null, counting = null } = rows.get(k) ?? {};
    const tr = document.createElement('tr');
    tr.dataset.opponents = String(k);
    const head = cell(String(k), true);
    const how = document.createElement('span');
    how.className = 'tc-how';
    head.append(how);
    if (!row || row.error) {
      how.textContent = row ? 'cannot deal' : '';
      tr.append(head, cell(row ? '—' : '…'), cell(''), cell(''));
    } else {
      const pct = (x) => `${(100 * x).toFixed(2)}%`;
      tr.dataset.win = String(100 * row.win);
      tr.dataset.tie = String(100 * row.tie);
      tr.dataset.equity = String(100 * row.equity);
      tr.dataset.exact = String(row.exact);
      // Sampled rows: the equity carries its error; win and tie are "about".
      const about = row.exact ? '' : '≈ ';
      how.textContent = row.exact ? 'exact' : 'sampled';
      if (!row.exact && counting !== null) {
        tr.dataset.counting = String(counting);
        how.textContent = `sampled · counting ${Math.floor(100 * counting)}%`;
      }
      tr.append(head, cell(about + pct(row.win)), cell(about + pct(row.tie)),
        cell(formatEquity(row.equity, row.stdError, row.exact)));
    }
    trs.push(tr);
  }
  els.body.replaceChildren(...trs);
}
