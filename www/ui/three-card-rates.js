// The win-rate table of the three-card panel: the hero's win, tie and
// equity against 1 to 5 opponents, each holding any hand or the same top
// X% (the write-up's table), computed in the workers one row per job
// (three-card-job.js): exact with 1 or 2 opponents; with 3 to 5 first
// Monte Carlo with one standard error, then every deal counted, which
// replaces it (the row says "counting…" meanwhile, the note how far).
// Each row says which it shows. Latest input wins: a change stops the table and starts it
// again. Data hooks for the tests: [data-tc-rates] data-status, each row
// [data-opponents] with data-win, data-tie, data-equity (percent),
// data-exact and, while its count runs, data-counting.

import { formatEquity, formatInt } from '../model/format.js';
import { topShare } from '../model/game.js';
import { RATE_MAX_OPPONENTS, RATE_TRIALS } from '../engine/three-card-job.js';

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

/** What each opponent of the table holds: `{text: 'random' | 'X%'}` or `{error}`. */
function opponentText() {
  return els.kind.value === 'top' ? topShare(els.top.value) : { text: 'random' };
}

/** Leaves the table (the game left three-card): stops it, and the next start runs whatever the key. */
export function stopRates() {
  clearTimeout(timer);
  app?.state.engine?.cancelWinRates();
  lastKey = null;
}

/** Starts (or restarts) the table for the page's scenario, if anything it depends on changed. */
export function startRates() {
  const { scenario, engine } = app.state;
  if (!engine) return;
  const share = opponentText();
  els.top.toggleAttribute('aria-invalid', Boolean(share.error));
  if (share.error) {
    lastKey = null;
    clearTimeout(timer);
    engine.cancelWinRates();
    els.root.dataset.status = 'error';
    drawRows(new Map());
    els.note.textContent = `Not computed: ${share.error}.`;
    return;
  }
  const opponent = share.text;
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
    const counting = [...rows.entries()].filter(([, x]) => x.counting !== null && !x.data?.exact);
    if (counting.length) {
      els.note.textContent = 'Counting every deal for ' +
        `${counting.map(([k, x]) => `${k} opponents (${Math.floor(100 * x.counting)}%)`).join(', ')}; ` +
        'the sampled figures stand until then.';
    }
  });
  handle.done.then((result) => {
    if (result?.status === 'cancelled' || app.state.engine.rates !== handle) return;
    const all = [...rows.values()];
    for (const r of all) r.counting = null;
    drawRows(rows);
    const entries = [...rows.entries()].sort(([a], [b]) => a - b);
    const failed = entries.filter(([, r]) => r.data?.error);
    const shown = entries.filter(([, r]) => r.data && !r.data.error);
    els.root.dataset.status = failed.length || result?.status === 'error' ? 'error' : 'done';
    const list = (ks) => `${ks.slice(0, -1).join(', ')}${ks.length > 1 ? ' and ' : ''}${ks.at(-1)}`;
    // Say what each row is, as it was computed.
    const exact = shown.filter(([, r]) => r.data.exact).map(([k]) => k);
    const sampled = shown.filter(([, r]) => !r.data.exact).map(([k]) => k);
    const why = all.find((r) => !r.data?.exact && r.countError)?.countError;
    let how = '';
    if (shown.length && !sampled.length) how = 'Exact: every deal counted. ';
    else if (shown.length) {
      how = `${exact.length ? `Exact for ${list(exact)} opponent${exact.length === 1 && exact[0] === 1 ? '' : 's'} ` +
        '(every deal counted); ' : ''}Monte Carlo for ${list(sampled)}, ${formatInt(RATE_TRIALS)} random deals each: ` +
        'win and tie marked ≈ are estimates, the equity ± one standard error (percentage points)' +
        `${why ? `; not counted because ${why}` : ''}. `;
    }
    const hero = String(scenario.players[0] ?? '').trim();
    const who = `Hero: ${hero === '' || hero === 'random' ? 'any hand' : /%$/.test(hero) ? `top ${hero}` : hero}; ` +
      `each opponent: ${opponent === 'random' ? 'any hand' : `top ${opponent}`}.`;
    if (failed.length) {
      const message = (failed[0][1].data.error ?? result.error).message;
      els.note.textContent = `${how}Not computed${shown.length ? ` for ${list(failed.map(([k]) => k))} opponents` : ''}: ` +
        `${message}. ${who}`;
    } else {
      els.note.textContent = `${how}${who}`;
    }
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
      how.textContent = row ? 'not computed' : '';
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
        // (The progress is in the note: the label keeps its width.)
        tr.dataset.counting = String(counting);
        how.textContent = 'counting…';
      }
      tr.append(head, cell(about + pct(row.win)), cell(about + pct(row.tie)),
        cell(formatEquity(row.equity, row.stdError, row.exact)));
    }
    trs.push(tr);
  }
  els.body.replaceChildren(...trs);
}
