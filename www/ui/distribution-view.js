// The equity distribution graph (part of app.js's page, loaded when its
// panel is first opened): each combo of a player's range against the
// other players as their boxes say, from the engine (engine.js
// distribution(); the numbers are all Rust's, src/equity/distribution.rs).
// Drawn by this module as SVG, no library: the sorted curve (x = share of
// the range by weight, strongest first; y = equity) of the first player
// holding a range, and of the second one on the same axes; the buckets
// 0–25 / 25–50 / 50–75 / 75–100 % with their shares; axis labels, a legend,
// light and dark themes (distribution.css, loaded here). Hover, tap or
// arrow keys read a point (combo, equity, weight, share); a text summary
// and the data as a table a tap away. Exact, or sampled with each point's
// ± (then it says so). Test hooks: [data-distribution-box] (data-status
// idle | running | done | error | empty), a [data-distribution] per player
// drawn with data-player (1-based), data-points, data-mean (percent),
// A "For" choice ([data-distribution-player]): the first two players
// holding ranges (the default), or one player, drawn first and the one the
// streets are of.
// data-buckets (JSON percent shares summing to 100), data-exact. Below it,
// player 1's equity street by street (pictures.js streets(): every flop of
// a preflop scenario, every turn of a flop): a histogram of 5% bins, the
// mean (the headline equity) as a line, the shares ahead, drawing and
// drawing dead; hook [data-streets] with data-mean and data-bins (JSON
// percent shares), data-exact. "Save as image" ([data-save-image], its
// data-image-size once saved) draws the PNG card (save-image.js, loaded
// when first pressed).

import { fieldName } from './fields.js';
import { formatEquity } from '../model/format.js';
import * as pictures from '../engine/pictures.js';

const SVG = 'http://www.w3.org/2000/svg';
const $ = (selector, root = document) => root.querySelector(selector);
/** The chart's box (viewBox units: CSS pixels at the panel's width, so
 * its text stays the page's size on a phone) and its margins. */
let W = 640;
let H = 300;
const M = { left: 48, right: 14, top: 12, bottom: 46 };
const BUCKET_NAMES = ['0–25%', '25–50%', '50–75%', '75–100%'];

let state = null;
let els = null;
/** The drawn curves, the point read (of curve 0), the scenario drawn. */
const view = { curves: [], at: -1, key: null };

/** Loads distribution.css (unstyled beats missing), then resolves. */
export function loadStyles() {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL('../styles/distribution.css', import.meta.url).href;
  const loaded = new Promise((resolve) => {
    link.onload = link.onerror = resolve;
  });
  document.head.append(link);
  return loaded;
}

function el(name, attrs = {}, parent = null, ns = SVG) {
  const node = document.createElementNS(ns, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  parent?.append(node);
  return node;
}
const html = (name, attrs = {}, parent = null) => el(name, attrs, parent, 'http://www.w3.org/1999/xhtml');

/** Connects the panel to the page's state (app.js). */
export function connectDistribution(context) {
  state = context.state;
  const root = $('[data-distribution-box]');
  els = { root, body: $('[data-distribution-body]', root), note: $('[data-distribution-note]', root) };
  const label = html('label', { class: 'dist-for' });
  label.append('For ');
  els.player = html('select', { class: 'select', 'data-distribution-player': '' }, label);
  els.player.addEventListener('change', () => {
    view.key = null;
    renderDistribution();
  });
  const save = $('[data-save-image]', root);
  save?.parentElement?.prepend(label, ' ');
  save?.addEventListener('click', async () => {
    const { saveImage } = await import('./save-image.js');
    const card = await saveImage({ scenario: state.scenario, curves: view.curves.map((c) => c.d) });
    save.dataset.imageSize = `${card.width}x${card.height}`;
  });
}

const x = (share) => M.left + share * (W - M.left - M.right);
const y = (equity) => M.top + (1 - equity) * (H - M.top - M.bottom);
const pct = (f, digits = 1) => `${(f * 100).toFixed(digits)}%`;

/** The "For" choice's options for `count` players; the chosen player (0-based), or null for the default. */
function chosenPlayer(count) {
  const wanted = els.player.value;
  if (els.player.options.length !== count + 1) {
    els.player.replaceChildren(new Option('the ranges', ''));
    for (let i = 0; i < count; i++) els.player.append(new Option(fieldName(`p${i + 1}`), String(i)));
    els.player.value = Number(wanted) < count ? wanted : '';
  }
  return els.player.value === '' ? null : Number(els.player.value);
}

/** Recomputes (when the scenario changed) and draws, if the panel is open. */
export function renderDistribution() {
  if (!els?.root?.open || !state?.engine) return;
  const scenario = state.scenario ?? {};
  const count = Array.isArray(scenario.players) ? scenario.players.length : 0;
  const chosen = chosenPlayer(count);
  const key = JSON.stringify([scenario.game ?? 'holdem', scenario.players, scenario.board, scenario.dead, chosen]);
  if (key === view.key) return;
  view.key = key;
  if ((scenario.game ?? 'holdem') !== 'holdem') return empty('The distribution graph is for Hold’em ranges.');
  els.root.dataset.status = 'running';
  els.note.textContent = 'Computing each combo’s equity…';
  // Let "Computing…" paint: the engine answers on this thread.
  setTimeout(() => {
    if (view.key !== key) return;
    const players = Array.isArray(scenario.players) ? scenario.players : [];
    const curves = [];
    let firstError = null;
    const order = [...players.keys()];
    if (chosen !== null) order.unshift(...order.splice(chosen, 1));
    for (const i of order) {
      if (curves.length === 2) break;
      const r = pictures.distribution(state.engine, scenario, i);
      if (r.ok) curves.push(r.value);
      else if (/holds a known hand/.test(r.error)) continue;
      else {
        firstError = r.error;
        break;
      }
    }
    if (firstError) return empty(firstError, 'error');
    if (curves.length) draw(curves);
    else empty('Give a player a range (QQ+, AKs, 20%, random) to see how its combos fare.');
    // Then the chosen player's (else player 1's) equity over the next streets (its own pause to paint).
    setTimeout(() => {
      if (view.key !== key) return;
      const r = pictures.streets(state.engine, scenario, chosen ?? 0);
      drawStreets(r, chosen ?? 0);
    }, 0);
  }, 0);
}

const BINS = 20;

/** The histogram of player `player`'s equity over the next streets, or why there is none. */
function drawStreets(r, player) {
  for (const old of els.body.querySelectorAll('[data-streets-drawn]')) old.remove();
  const box = html('section', { class: 'dist-streets', 'data-streets-drawn': '', 'aria-labelledby': 'dist-streets-title' }, els.body);
  const h = html('h3', { class: 'detail-h', id: 'dist-streets-title' }, box);
  if (!r.ok) {
    h.textContent = 'Equity street by street';
    html('p', { class: 'note' }, box).textContent = r.error;
    return;
  }
  const s = r.value;
  fit();
  h.textContent = `${fieldName(`p${player + 1}`)}’s equity on each ${s.street}`;
  const svg = el('svg', { class: 'dist-chart dist-hist', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-labelledby': 'dist-streets-title dist-streets-text' }, box);
  const g = el('g', { 'aria-hidden': 'true' }, svg);
  const top = Math.max(...s.bins, 0.01);
  const bx = (f) => M.left + f * (W - M.left - M.right);
  const by = (v) => M.top + (1 - v / top) * (H - M.top - M.bottom);
  for (const v of [0, top / 2, top]) {
    el('line', { class: v === 0 ? 'dist-frame' : 'dist-grid', x1: bx(0), x2: bx(1), y1: by(v), y2: by(v) }, g);
    el('text', { class: 'dist-tick', x: M.left - 6, y: by(v) + 4, 'text-anchor': 'end' }, g).textContent = pct(v, 0);
  }
  s.bins.forEach((b, i) => {
    if (b > 0) el('rect', { class: 'dist-bin', x: bx(i / BINS) + 1, width: (W - M.left - M.right) / BINS - 2, y: by(b), height: by(0) - by(b) }, g);
  });
  for (const e of [0, 0.25, 0.5, 0.75, 1]) {
    el('text', { class: 'dist-tick', x: bx(e), y: by(0) + 16, 'text-anchor': e === 0 ? 'start' : e === 1 ? 'end' : 'middle' }, g).textContent = `${e * 100}%`;
  }
  el('line', { class: 'dist-mean dist-p0', x1: bx(s.mean), x2: bx(s.mean), y1: by(0), y2: by(top) }, g);
  el('text', { class: 'dist-label', x: (bx(0) + bx(1)) / 2, y: H - 6, 'text-anchor': 'middle' }, g).textContent =
    W < 480 ? `Equity on the ${s.street} (dashed: mean)` : `Equity on the ${s.street} (dashed: the mean, the headline equity)`;
  el('text', { class: 'dist-label', 'text-anchor': 'middle', transform: `translate(12 ${(by(0) + by(top)) / 2}) rotate(-90)` }, g)
    .textContent = `Share of ${s.street}s`;
  const p = html('p', {
    class: 'dist-streets-text',
    id: 'dist-streets-text',
    'data-streets': '',
    'data-mean': (s.mean * 100).toFixed(6),
    'data-bins': JSON.stringify(s.bins.map((b) => b * 100)),
    'data-exact': String(s.exact),
  }, box);
  p.textContent = `Over ${s.streets.toLocaleString('en-US')} ${s.street}s${s.exact ? ' (every one)' : ' (drawn at random)'}: ` +
    `mean ${formatEquity(s.mean, s.stderr, s.exact)}; ahead (50% or more) on ${pct(s.ahead)}, drawing on ${pct(s.drawing)}, ` +
    `drawing dead on ${pct(s.dead)}.`;
}

function empty(message, status = 'empty') {
  els.root.dataset.status = status;
  els.note.textContent = message;
  for (const old of els.body.querySelectorAll('[data-distribution-drawn], [data-streets-drawn]')) old.remove();
  view.curves = [];
}

const who = (d) => `${fieldName(`p${d.player + 1}`)} (${d.range})`;

/** The x extent of each point: [from, to] by cumulative share. */
function extents(d) {
  let from = 0;
  return d.points.map((p) => {
    const span = [from, from + p.share];
    from += p.share;
    return span;
  });
}

/** Sizes the charts to the panel (between 300 and 640 px wide). */
function fit() {
  W = Math.round(Math.max(300, Math.min(640, els.body.clientWidth || 640)));
  H = W < 480 ? Math.round(W * 0.75) : 300;
}

function draw(curves) {
  for (const old of els.body.querySelectorAll('[data-distribution-drawn]')) old.remove();
  fit();
  view.curves = curves.map((d) => ({ d, spans: extents(d) }));
  view.at = -1;
  const sampled = curves.some((d) => !d.exact);
  els.root.dataset.status = 'done';
  els.note.textContent = sampled
    ? 'Sampled: each combo’s equity is an estimate (± one standard error in the table).'
    : 'Exact: every deal counted.';
  const box = html('div', { class: 'dist-drawn', 'data-distribution-drawn': '' }, els.body);

  const titleId = 'dist-chart-title';
  const fig = html('figure', { class: 'dist-figure' }, box);
  const svg = el('svg', {
    class: 'dist-chart',
    viewBox: `0 0 ${W} ${H}`,
    role: 'img',
    'aria-labelledby': titleId,
    tabindex: 0,
    'data-distribution-chart': '',
  }, fig);
  el('title', { id: titleId }, svg).textContent =
    `Equity of each combo, strongest first, against the share of the range: ${curves.map(who).join(' and ')}. Arrow keys read the points.`;
  axes(svg);
  curves.forEach((d, i) => curve(svg, d, view.curves[i].spans, i));
  const marker = el('circle', { class: 'dist-marker', r: 5, cx: -10, cy: -10, 'aria-hidden': 'true' }, svg);
  legend(fig, curves);
  const readout = html('p', { class: 'dist-readout', 'aria-live': 'polite', 'data-distribution-readout': '' }, box);
  readout.textContent = 'Hover, tap or use the arrow keys on the chart to read a combo.';
  interact(svg, marker, readout);
  summary(box, curves);
  buckets(box, curves);
  table(box, curves);
}

function axes(svg) {
  const g = el('g', { class: 'dist-axes', 'aria-hidden': 'true' }, svg);
  // The buckets' edges, faint; the frame.
  for (const e of [0, 0.25, 0.5, 0.75, 1]) {
    el('line', { class: e === 0 || e === 1 ? 'dist-frame' : 'dist-grid', x1: x(0), x2: x(1), y1: y(e), y2: y(e) }, g);
    el('text', { class: 'dist-tick', x: M.left - 6, y: y(e) + 4, 'text-anchor': 'end' }, g).textContent = `${e * 100}%`;
  }
  for (const s of [0, 0.25, 0.5, 0.75, 1]) {
    el('line', { class: s === 0 || s === 1 ? 'dist-frame' : 'dist-grid', x1: x(s), x2: x(s), y1: y(0), y2: y(1) }, g);
    el('text', { class: 'dist-tick', x: x(s), y: y(0) + 16, 'text-anchor': s === 0 ? 'start' : s === 1 ? 'end' : 'middle' }, g)
      .textContent = `${s * 100}%`;
  }
  el('text', { class: 'dist-label', x: (x(0) + x(1)) / 2, y: H - 6, 'text-anchor': 'middle' }, g).textContent =
    W < 480 ? 'Share of the range, strongest first' : 'Share of the range by weight, strongest combos first';
  el('text', {
    class: 'dist-label', x: 0, y: 0, 'text-anchor': 'middle',
    transform: `translate(12 ${(y(0) + y(1)) / 2}) rotate(-90)`,
  }, g).textContent = 'Equity';
}

function curve(svg, d, spans, i) {
  let path = '';
  d.points.forEach((p, k) => {
    const [a, b] = spans[k];
    path += `${k ? 'L' : 'M'}${x(a).toFixed(2)} ${y(p.equity).toFixed(2)}H${x(b).toFixed(2)}`;
  });
  el('path', { class: `dist-curve dist-p${i}`, d: path, 'aria-hidden': 'true' }, svg);
  el('line', { class: `dist-mean dist-p${i}`, x1: x(0), x2: x(1), y1: y(d.mean), y2: y(d.mean), 'aria-hidden': 'true' }, svg);
}

function legend(fig, curves) {
  const cap = html('figcaption', { class: 'dist-legend' }, fig);
  curves.forEach((d, i) => {
    const item = html('span', { class: 'dist-key' }, cap);
    html('span', { class: `dist-swatch dist-p${i}`, 'aria-hidden': 'true' }, item);
    item.append(`${who(d)}, mean ${formatEquity(d.mean, d.stderr, d.exact)} (dashed)`);
  });
}

/** A point's words. */
function words(d, k, spans) {
  const p = d.points[k];
  const pm = d.exact ? '' : ` ± ${(p.stderr * 100).toFixed(2)}`;
  return `${p.combo}: ${pct(p.equity, 2)}${pm} equity, weight ${+p.weight.toFixed(3)}, ${pct(p.share, 2)} of the range (${pct(spans[k][0])} to ${pct(spans[k][1])})`;
}

function interact(svg, marker, readout) {
  const show = (k) => {
    const { d, spans } = view.curves[0];
    if (!d.points.length) return;
    view.at = Math.max(0, Math.min(d.points.length - 1, k));
    const [a, b] = spans[view.at];
    marker.setAttribute('cx', x((a + b) / 2).toFixed(2));
    marker.setAttribute('cy', y(d.points[view.at].equity).toFixed(2));
    readout.textContent = `${fieldName(`p${d.player + 1}`)} — ${words(d, view.at, spans)}`;
    svg.dataset.at = String(view.at);
  };
  const fromPointer = (event) => {
    const r = svg.getBoundingClientRect();
    const share = ((event.clientX - r.left) / r.width * W - M.left) / (W - M.left - M.right);
    const { spans } = view.curves[0];
    const k = spans.findIndex(([, b]) => share < b);
    show(k < 0 ? spans.length - 1 : k);
  };
  svg.addEventListener('pointermove', fromPointer);
  svg.addEventListener('pointerdown', fromPointer);
  svg.addEventListener('keydown', (event) => {
    const n = view.curves[0].d.points.length;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -n, End: n, PageDown: 10, PageUp: -10 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    show(view.at < 0 ? 0 : view.at + step);
  });
}

function summary(box, curves) {
  const list = html('div', { class: 'dist-summary' }, box);
  for (const d of curves) {
    const shares = d.buckets.map((b) => Math.round(b * 10000) / 100);
    const p = html('p', {
      'data-distribution': '',
      'data-player': d.player + 1,
      'data-points': d.points.length,
      'data-mean': (d.mean * 100).toFixed(6),
      'data-buckets': JSON.stringify(d.buckets.map((b) => b * 100)),
      'data-exact': String(d.exact),
    }, list);
    const best = d.points[0];
    const worst = d.points[d.points.length - 1];
    p.textContent = `${who(d)}: ${d.points.length} combos, mean equity ${formatEquity(d.mean, d.stderr, d.exact)}. ` +
      `${BUCKET_NAMES.map((n, i) => `${shares[i]}% of the range has ${n}`).join(', ')}. ` +
      `Strongest ${best.combo} (${pct(best.equity)}), weakest ${worst.combo} (${pct(worst.equity)}).`;
  }
}

function buckets(box, curves) {
  const t = html('table', { class: 'dist-buckets' }, box);
  html('caption', {}, t).textContent = 'Share of each range by equity bucket';
  const head = html('tr', {}, html('thead', {}, t));
  html('th', { scope: 'col' }, head).textContent = 'Equity';
  for (const d of curves) html('th', { scope: 'col' }, head).textContent = fieldName(`p${d.player + 1}`);
  const body = html('tbody', {}, t);
  BUCKET_NAMES.forEach((name, i) => {
    const row = html('tr', {}, body);
    html('th', { scope: 'row' }, row).textContent = name;
    curves.forEach((d, j) => {
      const td = html('td', {}, row);
      const bar = html('span', { class: `dist-bar dist-p${j}`, 'aria-hidden': 'true' }, td);
      bar.style.width = `${(d.buckets[i] * 100).toFixed(1)}%`;
      td.append(pct(d.buckets[i]));
    });
  });
}

function table(box, curves) {
  const more = html('details', { class: 'dist-data' }, box);
  html('summary', { class: 'disclosure' }, more).textContent = 'The data as a table';
  for (const [j, d] of curves.entries()) {
    const wrap = html('div', { class: 'dist-table-scroll' }, more);
    const t = html('table', { class: 'dist-table', 'data-distribution-table': j }, wrap);
    html('caption', {}, t).textContent = `${who(d)}, strongest first`;
    const head = html('tr', {}, html('thead', {}, t));
    for (const h of ['Combo', 'Equity', 'Weight', 'Share', 'Up to']) html('th', { scope: 'col' }, head).textContent = h;
    const body = html('tbody', {}, t);
    const spans = extents(d);
    d.points.forEach((p, k) => {
      const row = html('tr', {}, body);
      html('th', { scope: 'row' }, row).textContent = p.combo;
      for (const v of [
        d.exact ? pct(p.equity, 2) : `${pct(p.equity, 2)} ± ${(p.stderr * 100).toFixed(2)}`,
        String(+p.weight.toFixed(3)),
        pct(p.share, 2),
        pct(spans[k][1]),
      ]) html('td', {}, row).textContent = v;
    });
  }
}
