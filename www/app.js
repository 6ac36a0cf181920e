// The calculator page's UI: players, board and dead cards typed or picked
// (deck, 169-hand grid), results rendered live. It talks to the engine
// (engine.js) only, never to workers, and re-derives no poker rule: card
// text, classes, errors and statistics come from the engine. All user text
// reaches the DOM as text (textContent, value, dataset), never as HTML.

import { loadEngine } from './engine.js';
import { MAX_PLAYERS, MIN_PLAYERS, parseFragment, toFragment } from './scenario.js';

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
};

// Display only: how the engine's canonical suit letters are drawn.
const SUIT_SYMBOLS = { c: '♣', d: '♦', h: '♥', s: '♠' };
const SUIT_NAMES = { c: 'clubs', d: 'diamonds', h: 'hearts', s: 'spades' };
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
    input.setAttribute('aria-label', `Player ${n}'s cards`);
    const seat = $('[data-seat]', row);
    seat.textContent = `P${n}`;
    seat.htmlFor = input.id;
    $('[data-error]', row).dataset.errorFor = `p${n}`;
    const remove = $('[data-remove]', row);
    remove.setAttribute('aria-label', `Remove player ${n}`);
    remove.disabled = scenario.players.length <= MIN_PLAYERS;
    return row;
  });
  els.playerList.replaceChildren(...rows);
  els.addPlayer.disabled = scenario.players.length >= MAX_PLAYERS;
  if (!allFields().includes(target)) target = 'p1';
  if (!allFields().includes(playerTarget)) playerTarget = 'p1';
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
  if (isPlayerField(field)) playerTarget = field;
  markTarget();
  renderDeckState();
  renderGridState();
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
    if (fieldCards(`p${i + 1}`).length < 2) return setTarget(`p${i + 1}`);
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

// ---- the 169-hand grid ----

function renderGrid() {
  // Colour: how far from an even share (50 % heads-up), towards the best
  // or the worst class.
  const values = engine.handClasses.map((c) => c.vsRandom);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const tone = (v) => (v >= 0.5 ? (v - 0.5) / (hi - 0.5) : (0.5 - v) / (0.5 - lo));
  els.grid.replaceChildren(
    ...engine.handClasses.map((cls) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = `hand-class-cell kind-${cls.kind}`;
      button.dataset.class = cls.label;
      button.textContent = cls.label;
      const pct = `${(cls.vsRandom * 100).toFixed(1)}%`;
      button.title = `${cls.label}: ${pct} against one random hand`;
      button.setAttribute('aria-label', `${cls.name}, ${pct}`);
      button.classList.add(cls.vsRandom >= 0.5 ? 'is-strong' : 'is-weak');
      button.style.setProperty('--tone', Math.sqrt(tone(cls.vsRandom)).toFixed(3));
      return button;
    }),
  );
}

function renderGridState() {
  if (!engine) return;
  const held = new Map();
  scenario.players.forEach((text, i) => {
    const label = engine.classOf(text);
    if (label) held.set(label, [...(held.get(label) ?? []), `p${i + 1}`]);
  });
  for (const cell of els.grid.children) {
    const holders = held.get(cell.dataset.class) ?? [];
    cell.classList.toggle('is-held', holders.length > 0);
    cell.setAttribute('aria-pressed', String(holders.includes(playerTarget)));
  }
}

/** The readout: a class's number (on hover, focus or tap). */
function showClass(label) {
  const cls = engine.handClasses.find((c) => c.label === label);
  if (!cls) return;
  els.readout.textContent =
    `${cls.label}: ${(cls.vsRandom * 100).toFixed(2)}% against one random hand, preflop`;
}

function pickClass(label) {
  const field = playerTarget;
  const used = allFields()
    .filter((f) => f !== field)
    .flatMap((f) => fieldCards(f));
  const picked = engine.pickCombo(label, used);
  showClass(label);
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
  if (status !== 'done') delete els.results.dataset.exact;
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
    const text = scenario.players[Number(row.dataset.player) - 1] ?? '';
    $('[data-class]', row).textContent = engine?.classOf(text) ?? '';
  }
  renderDeckState();
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

/** "46.21%"; with an error: "46.2% ± 0.3". */
function formatEquity(value, stdError, exact) {
  const pct = percent(value);
  if (exact || stdError === 0) return `${pct.toFixed(2)}%`;
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
    clearNumbers();
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
    els.note.textContent = `Exact: all ${formatInt(est.showdowns)} boards, ${ms} ms ${where}.`;
  } else if (update.method === 'monte-carlo') {
    els.badge.textContent = settled ? 'Monte Carlo' : 'Sampling…';
    els.note.textContent =
      `Monte Carlo: ${formatInt(est.showdowns)} random deals so far` +
      `${settled ? '' : '…'} ± is one standard error.`;
  } else {
    els.badge.textContent = 'Estimate';
    els.note.textContent =
      `Estimate from ${Math.floor(fraction * 100)}% of the boards, drawn at random; ` +
      '± is one standard error. Exact when all are in.';
  }
}

// ---- changes ----

/** The scenario changed: update the URL, check it, compute it. */
function changed({ writeUrl = true } = {}) {
  if (writeUrl) {
    history.replaceState(history.state, '', `#${toFragment(scenario)}`);
  }
  if (!engine) return;
  check = engine.check(scenario);
  renderFieldState();
  compute();
}

els.playerList.addEventListener('input', (event) => {
  const field = event.target.dataset?.field;
  if (!field) return;
  setFieldText(field, event.target.value);
  changed();
});

for (const field of ['board', 'dead']) {
  const input = fieldInput(field);
  input.value = scenario[field];
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

els.grid.addEventListener('click', (event) => {
  const cell = event.target.closest('[data-class]');
  if (cell) pickClass(cell.dataset.class);
});
for (const type of ['pointerover', 'focusin']) {
  els.grid.addEventListener(type, (event) => {
    const cell = event.target.closest('[data-class]');
    if (cell) showClass(cell.dataset.class);
  });
}

window.addEventListener('hashchange', () => {
  const next = parseFragment(location.hash);
  if (toFragment(next) === toFragment(scenario)) return;
  scenario = next;
  renderPlayers();
  for (const field of ['board', 'dead']) setFieldText(field, scenario[field]);
  changed({ writeUrl: false });
});

// ---- start ----

renderPlayers();

engineLoading.then(
  (loaded) => {
    engine = loaded;
    renderDeck();
    renderGrid();
    els.results.dataset.engine = 'ready';
    changed({ writeUrl: false });
  },
  (err) => {
    els.results.dataset.engine = 'failed';
    showError({
      field: null,
      message: `Could not load the engine: ${err instanceof Error ? err.message : err}`,
    });
  },
);
