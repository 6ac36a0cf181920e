// What each hand makes and hits (part of app.js's page), under the
// results: a collapsible panel that, while open, runs the engine's detail
// of the scenario (engine.js's detail(): latest input wins) and shows, for
// the player chosen, the chance of finishing with each category and of
// winning or tying with it; on a flop or turn the outs (clean, shared) and
// the next-card strip: 13 × 4 cells, one per card, coloured by the
// player's equity if it comes next (value on hover, tap or focus; arrow
// keys move); who beat whom with what: the player's final category (rows)
// against each beaten opponent's (columns), non-zero only, counts (± one
// standard error when sampled), and the ties. Numbers, names and cards come
// from the engine; estimates always with their error. Test hooks:
// [data-detail] (data-status, data-exact, data-scenario),
// [data-detail-player] (data-categories, data-matrix, data-outs, data-next),
// [data-detail-matrix] td[data-mine][data-theirs].

import { buildStrip, cardName, cardText, paintStrip } from './detail-strip.js';
import { formatEquity } from '../model/format.js';

const $ = (selector, root = document) => root.querySelector(selector);


let state = null;
let els = null;
/** The last result, the player shown, the job running. */
const view = { result: null, player: 0, handle: null };

/** Connects the panel to the page's state (app.js). */
export function connectDetail(context) {
  state = context.state;
  const root = $('[data-detail]');
  if (!root) return;
  els = {
    root,
    badge: $('[data-detail-badge]', root),
    players: $('[data-detail-players]', root),
    note: $('[data-detail-note]', root),
    rows: $('[data-detail-rows]', root),
    matrixBox: $('[data-detail-matrix-box]', root),
    matrixTitle: $('[data-detail-matrix-title]', root),
    matrix: $('[data-detail-matrix]', root),
    matrixNote: $('[data-detail-matrix-note]', root),
    outsBox: $('[data-detail-outs-box]', root),
    outsTitle: $('[data-detail-outs-title]', root),
    outsCount: $('[data-detail-outs-count]', root),
    outCards: $('[data-detail-out-cards]', root),
    nextBox: $('[data-detail-next-box]', root),
    nextTitle: $('[data-detail-next-title]', root),
    strip: $('[data-detail-strip]', root),
    readout: $('[data-detail-readout]', root),
  };
  root.addEventListener('toggle', () => (root.open ? startDetail() : stop()));
  els.players.addEventListener('click', (event) => {
    const button = event.target.closest('[data-detail-player]');
    if (!button) return;
    view.player = Number(button.dataset.detailPlayer);
    render();
  });
  buildStrip(els.strip, showReadout);
}

/** The scenario changed (or the panel opened): compute its detail if the panel is open. */
export function startDetail() {
  if (!els || !state?.engine) return;
  if (!els.root.open) {
    stop();
    return;
  }
  const scenario = state.scenario;
  setStatus('running');
  els.note.textContent = 'Working…';
  const handle = state.engine.detail(scenario, (fraction) => {
    if (view.handle === handle) els.note.textContent = `Working… ${Math.round(fraction * 100)}%`;
  });
  view.handle = handle;
  handle.done.then((result) => {
    if (view.handle !== handle || result.status === 'cancelled') return;
    view.handle = null;
    if (result.status === 'error') {
      view.result = null;
      setStatus('error');
      els.note.textContent = `No detail: ${result.error.message}`;
      render();
      return;
    }
    view.result = result;
    // What the numbers are of (a test hook): "players | board | dead".
    els.root.dataset.scenario = `${scenario.players.join(' ')} | ${scenario.board} | ${scenario.dead}`;
    setStatus('done');
    render();
  });
}

function stop() {
  state?.engine?.cancelDetail();
  view.handle = null;
  if (els.root.dataset.status === 'running') setStatus('idle');
}

function setStatus(status) {
  els.root.dataset.status = status;
  els.root.setAttribute('aria-busy', String(status === 'running'));
}

/** A fraction with its error (none when exact): "12.34%" or "12.3% ± 0.1". */
const value = (x, se, exact) => formatEquity(x, se, exact);

/** Draws the last result for the chosen player. */
function render() {
  const r = view.result;
  const n = r?.players?.length ?? 0;
  if (view.player >= n) view.player = 0;
  els.root.dataset.exact = String(Boolean(r?.exact));
  renderPlayers(r);
  els.rows.replaceChildren();
  els.matrixBox.hidden = true;
  els.outsBox.hidden = true;
  els.nextBox.hidden = true;
  if (!r) {
    els.badge.textContent = '';
    return;
  }
  const exact = r.exact;
  els.badge.textContent = exact ? 'Exact' : 'Estimate';
  els.note.textContent = exact
    ? 'Exact: every deal counted. Wins: alone with the best hand; ties: sharing it.'
    : `Estimate from ${r.trials.toLocaleString('en')} random deals (± one standard error)` +
      (r.whySampled ? `: ${r.whySampled}.` : '.');
  const p = r.players[view.player];
  for (const c of p.categories) {
    if (c.make === 0 && exact) continue;
    const row = document.createElement('tr');
    const name = document.createElement('th');
    name.scope = 'row';
    name.textContent = c.label;
    row.append(name);
    for (const [x, se, bar] of [[c.make, c.makeSe, true], [c.win, c.winSe], [c.tie, c.tieSe]]) {
      const cell = document.createElement('td');
      cell.textContent = value(x, se, exact);
      if (bar) cell.style.setProperty('--share', String(x));
      if (bar) cell.className = 'detail-bar';
      row.append(cell);
    }
    els.rows.append(row);
  }
  renderMatrix(r, p);
  if (r.hasNext) renderNext(r, p);
}

function renderPlayers(r) {
  els.players.replaceChildren();
  for (const [i, p] of (r?.players ?? []).entries()) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'detail-player';
    b.dataset.detailPlayer = String(i);
    b.setAttribute('aria-pressed', String(i === view.player));
    b.textContent = `P${i + 1} ${state.scenario.players[i] || 'random'}`;
    b.title = `Player ${i + 1}`;
    b.dataset.categories = JSON.stringify(
      p.categories.map(({ category, make, win, tie, makeSe, winSe, tieSe }) => ({
        category, make, win, tie, makeSe, winSe, tieSe,
      })),
    );
    b.dataset.matrix = JSON.stringify(p.matrix);
    if (r.hasNext) {
      b.dataset.outs = JSON.stringify({
        clean: p.cleanOuts,
        shared: p.sharedOuts,
        cards: p.outs.map(({ card, clean, shared }) => ({ card, clean, shared })),
      });
      b.dataset.next = JSON.stringify(p.next.map(({ card, equity, se }) => ({ card, equity, se })));
    }
    els.players.append(b);
  }
}

/** Categories strongest first, with short heads for a phone's width. */
const CATEGORIES = [
  ['StraightFlush', 'SF', 'Straight flush'],
  ['Quads', 'Quads', 'Four of a kind'],
  ['FullHouse', 'Full h.', 'Full house'],
  ['Flush', 'Flush', 'Flush'],
  ['Straight', 'Str.', 'Straight'],
  ['Trips', 'Trips', 'Three of a kind'],
  ['TwoPair', '2 pair', 'Two pair'],
  ['Pair', 'Pair', 'Pair'],
  ['HighCard', 'High', 'High card'],
];
const LABEL = Object.fromEntries(CATEGORIES.map(([name, , label]) => [name, label]));

/** A count, with its error when sampled (on a second line). */
function countCell(cell, c, exact) {
  cell.textContent = Math.round(c.count).toLocaleString('en');
  if (!exact) {
    const se = document.createElement('small');
    se.textContent = `± ${Math.round(c.se).toLocaleString('en')}`;
    cell.append(se);
  }
}

/**
 * Who beat whom with what for the player shown: its category (rows)
 * against each beaten opponent's (columns), only the non-zero ones.
 */
function renderMatrix(r, p) {
  const { wins, ties } = p.matrix;
  const me = `P${view.player + 1}`;
  const headsUp = r.players.length === 2;
  els.matrixBox.hidden = false;
  els.matrixTitle.textContent = headsUp
    ? `${me} won with (rows) against P${2 - view.player}'s hand (columns)`
    : `${me} won with (rows) against each opponent's hand (columns)`;
  const used = (key) => CATEGORIES.filter(([name]) => wins.some((c) => c[key] === name));
  const rows = used('mine');
  const cols = used('theirs');
  els.matrix.replaceChildren();
  if (rows.length) {
    const head = document.createElement('tr');
    const corner = document.createElement('th');
    corner.scope = 'col';
    corner.append(Object.assign(document.createElement('span'), { className: 'visually-hidden', textContent: `${me}'s hand` }));
    head.append(corner);
    for (const [, short, label] of cols) {
      const th = document.createElement('th');
      th.scope = 'col';
      // Short to see (the full name on hover), the full name to hear.
      const abbr = Object.assign(document.createElement('abbr'), { title: label, textContent: short });
      abbr.setAttribute('aria-hidden', 'true');
      th.append(abbr, Object.assign(document.createElement('span'), { className: 'visually-hidden', textContent: `against ${label}` }));
      head.append(th);
    }
    els.matrix.createTHead().append(head);
    const body = document.createElement('tbody');
    for (const [name, , label] of rows) {
      const tr = document.createElement('tr');
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = label;
      tr.append(th);
      for (const [theirs] of cols) {
        const td = document.createElement('td');
        td.dataset.mine = name;
        td.dataset.theirs = theirs;
        const c = wins.find((x) => x.mine === name && x.theirs === theirs);
        if (c) countCell(td, c, r.exact);
        else td.textContent = '·';
        tr.append(td);
      }
      body.append(tr);
    }
    els.matrix.append(body);
  }
  const unit = r.exact ? 'deals (by weight)' : `of the ${r.trials.toLocaleString('en')} random deals, ± one standard error`;
  const tied = ties.map((t) => `${LABEL[t.mine]} ${Math.round(t.count).toLocaleString('en')}` +
    (r.exact ? '' : ` ± ${Math.round(t.se).toLocaleString('en')}`));
  els.matrixNote.textContent = (rows.length ? '' : `${me} never beat an opponent. `) +
    `Counts of ${unit}` + (headsUp ? '. ' : ', once per opponent beaten or tied (each pair of players compared on its own). ') +
    `Tied (the same category): ${tied.length ? tied.join('; ') : 'never'}.`;
}

const countText = (x) => (Number.isInteger(Math.round(x * 100) / 100) ? String(Math.round(x)) : x.toFixed(2));

function renderNext(r, p) {
  const next = countBoard() === 3 ? 'turn' : 'river';
  els.outsBox.hidden = false;
  els.outsTitle.textContent = `Outs on the ${next}`;
  els.outsCount.textContent = `${countText(p.cleanOuts)} clean · ${countText(p.sharedOuts)} shared` +
    (p.outs.length && p.outs.some((o) => o.clean + o.shared < 1) ? ' (against ranges: a card counts by the share of deals on which it is an out)' : '');
  els.outCards.replaceChildren();
  for (const o of p.outs) {
    const li = document.createElement('li');
    li.className = `detail-out ${o.clean >= o.shared ? 'clean' : 'shared'}`;
    li.dataset.suit = o.card[1];
    const share = Math.max(o.clean, o.shared);
    li.textContent = cardText(o.card) + (share < 1 ? ` ${Math.round(share * 100)}%` : '');
    li.title = `${cardName(o.card)}: ${o.clean >= o.shared ? 'clean' : 'shared'} out`;
    els.outCards.append(li);
  }
  if (!p.outs.length) {
    const li = document.createElement('li');
    li.className = 'detail-none';
    li.textContent = 'None: no card puts this player ahead (or into a tie) who is not already ahead.';
    els.outCards.append(li);
  }
  els.nextBox.hidden = false;
  els.nextTitle.textContent = `Equity of P${view.player + 1} on each ${next} card`;
  paintStrip(els.strip, p, r.exact);
  els.readout.textContent = 'Hover, tap or focus a card for its equity.';
}

/** Board cards: the engine's check of the board field. */
function countBoard() {
  return state.check?.board?.cards?.length ?? 0;
}

function showReadout(code) {
  const r = view.result;
  if (!r) return;
  const x = r.players[view.player]?.next.find((n) => n.card === code);
  els.readout.textContent = x
    ? `${cardText(code)} (${cardName(code)}): P${view.player + 1} ${value(x.equity, x.se, r.exact)}`
    : `${cardText(code)}: in play, cannot come`;
}
