// The calculator's results view (part of app.js's page): the players'
// equity, win and tie numbers, the split pots, the badge and note that say
// how a result was reached (exact, Monte Carlo, an estimate with its error),
// and the progress bar. It starts the page's compute job (compute()) and
// renders the engine's updates, at most one per frame; the numbers and
// their wording come from the engine (engine.js) and format.js.

import {
  capitalised, formatCompact, formatEquity, formatInt, formatOdds, formatShare, worstError,
} from '../model/format.js';
import { errorShown, showFieldErrors } from './players-view.js';
import { renderSummary, watchSummary } from './summary-view.js';
import { GAMES, hasBoard, isDrawGame, isHiLo } from '../model/game.js';
// Update offers only when idle.
import { setEngineBusy } from './sw-register.js';
import { DEFAULT_TARGET_ERROR, TARGET_ERRORS } from '../model/run-policy.js';

/** Whether `game` deals each hand's missing cards (five-card, the stud games): no board. */
const dealsMissing = (game) => ['five-card', 'stud'].includes(GAMES.get(game)?.family);

const $ = (selector, root = document) => root.querySelector(selector);

/**
 * Writes only what changed: a partial result arrives every frame, and an
 * unchanged number written again still costs its row a style and layout
 * pass (ten players: most of a frame on a slow phone).
 */
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

function setData(el, key, value) {
  if (el.dataset[key] !== value) el.dataset[key] = value;
}

function setHidden(el, hidden) {
  if (el.hidden !== hidden) el.hidden = hidden;
}

const els = {
  results: $('[data-results]'),
  badge: $('[data-badge]'),
  playerList: $('[data-player-list]'),
  progress: $('[data-progress]'),
  progressBar: $('[data-progress-bar]'),
  progressText: $('[data-progress-text]'),
  note: $('[data-note]'),
  splits: $('[data-splits]'),
  splitsMore: $('[data-splits-more]'),
  splitsSummary: $('[data-splits-summary]'),
  splitsAll: $('[data-splits-all]'),
  announce: $('[data-announce]'),
  hiloTotals: $('[data-hilo-totals]'),
  hiloNoLow: $('[data-hilo-no-low]'),
  targetField: $('[data-target-error-field]'),
  target: $('[data-target-error]'),
};

/**
 * Split pots listed in sight: every split of up to four players (11 lines).
 * Past that (five players and more: up to hundreds of lines) the lines go
 * behind a summary with their total, closed unless the reader opens it.
 */
const SPLITS_IN_SIGHT = 11;

/** How long a job may run before its progress bar appears ("a blink"). */
const PROGRESS_DELAY_MS = 150;

/** The page's state (app.js), from connectResults(). */
let state = null;

/**
 * The running job: its id (updates of older jobs are dropped), the newest
 * update waiting for a frame, that frame, and the progress bar's timer.
 */
const run = { jobId: 0, pendingUpdate: null, frame: 0, progressTimer: 0 };

/** Connects the view to the page's state. */
export function connectResults(context) {
  state = context.state;
  watchSummary();
  // The target error of sampled jobs: the run policy's choices.
  for (const e of TARGET_ERRORS) els.target.append(new Option(`±${e}`, String(e)));
  els.target.value = String(state.scenario.error ?? DEFAULT_TARGET_ERROR);
  els.target.addEventListener('change', () => {
    const e = Number(els.target.value);
    if (e === DEFAULT_TARGET_ERROR) delete state.scenario.error;
    else state.scenario.error = e;
    context.changed();
  });
}

/** The target error shown, and the setting only while a job samples. */
function showTarget(update) {
  const value = String(state.scenario.error ?? DEFAULT_TARGET_ERROR);
  if (els.target.value !== value) els.target.value = value;
  setHidden(els.targetField, update.method !== 'monte-carlo');
}

/** The brief copy of the results (summary-view.js): equities, how reached, progress. */
function summarise(note, { texts = [], fraction = null } = {}) {
  renderSummary({
    players: state.scenario.players.map((_, p) => ({ label: `P${p + 1}`, text: texts[p] ?? '–' })),
    note,
    fraction,
    status: els.results.dataset.status,
  });
}

/**
 * Tells other views (pot-odds-view.js) the numbers now shown: `{players:
 * [{equity, stdError, …}], exact, settled}`, or null when none are.
 */
function published(detail) {
  state.results = detail; // (for a view that loads later: pot-odds-view.js)
  els.results.dispatchEvent(new CustomEvent('allin:results', { detail }));
}

function setStatus(status) {
  setData(els.results, 'status', status);
  setEngineBusy(status === 'running'); // Issue 6 wiring: sw-register.js offers updates when idle
  const busy = String(status === 'running');
  if (els.results.getAttribute('aria-busy') !== busy) els.results.setAttribute('aria-busy', busy);
  if (status !== 'done' && 'exact' in els.results.dataset) delete els.results.dataset.exact;
}

/** Says `text` to screen readers, politely (final results, not partials). */
export function announce(text) {
  // A change of text is what gets announced: clear first so a repeat is heard.
  els.announce.textContent = '';
  requestAnimationFrame(() => {
    els.announce.textContent = text;
  });
}

/** Blanks every number: nothing stale may look current. */
function clearNumbers() {
  for (const row of els.playerList.children) {
    delete row.dataset.win;
    delete row.dataset.tie;
    delete row.dataset.equity;
    delete row.dataset.wins;
    delete row.dataset.ties;
    for (const key of HILO_KEYS) delete row.dataset[key];
    for (const el of row.querySelectorAll('[data-show]')) {
      if (el.dataset.show !== 'hilo') el.textContent = el.dataset.show === 'counts' ? '' : '–';
    }
    $('[data-meter]', row).style.width = '0%';
    row.classList.remove('is-settled');
  }
  els.splits.replaceChildren();
  els.splitsAll.replaceChildren();
  els.splitsMore.hidden = true;
  // Hi-Lo's rows and totals follow the game shown (no shift while working).
  setHiLoShown(Boolean(state?.scenario) && isHiLo(state.scenario));
  if ('noLow' in els.results.dataset) delete els.results.dataset.noLow;
  els.hiloNoLow.textContent = '';
  els.badge.textContent = '';
  delete els.results.dataset.job;
  if (state) summarise('');
  published(null);
}

function hideProgress() {
  clearTimeout(run.progressTimer);
  els.progress.hidden = true;
}

/** A count and its noun: "1 tie", "6,732 ties". */
function counted(n, one, many) {
  return `${formatInt(n)} ${String(n) === '1' ? one : many}`;
}

export function showError(error) {
  cancelFrame();
  hideProgress();
  clearNumbers();
  setStatus('error');
  showFieldErrors(error);
  els.badge.textContent = '';
  // A field the user has not touched yet (just added, just cleared) shows
  // no error: the note says calmly what is missing.
  // A link the page cannot read (scenario.js's `problem`) is no card to
  // fix: any change on the page goes on without it (app.js changed()).
  const linkProblem = typeof state?.scenario?.problem === 'string';
  els.note.textContent = linkProblem
    ? 'This link has a mistake (below): change anything on the page to go on without it.'
    : errorShown(error)
      ? 'Fix the cards above to see the odds.'
      : `Nothing to compute yet. ${capitalised(error?.message ?? '')}.`;
  summarise(errorShown(error) ? 'Fix the cards' : 'Waiting for cards');
}

/** What the scenario needs is still loading (another game's engine and views): no numbers meanwhile. */
export function showLoading() {
  cancelFrame();
  state.engine?.cancel();
  run.jobId = Infinity; // drop anything still on its way
  clearNumbers();
  setStatus('running');
  els.note.textContent = 'Loading…';
  summarise('Loading…');
  hideProgress();
}

export function compute() {
  cancelFrame();
  if (!state.engine) return;
  if (state.check.error) {
    state.engine.cancel();
    run.jobId = Infinity; // drop anything still on its way
    showError(state.check.error);
    return;
  }
  clearNumbers();
  setStatus('running');
  els.note.textContent = 'Working…';
  summarise('Working…');
  els.progressBar.value = 0;
  els.progressText.textContent = '';
  hideProgress();
  run.progressTimer = setTimeout(() => {
    if (els.results.dataset.status === 'running') els.progress.hidden = false;
  }, PROGRESS_DELAY_MS);
  run.jobId = 0;
  const handle = state.engine.compute(state.scenario, onUpdate);
  run.jobId = handle.id;
}

function onUpdate(update) {
  // The engine sends only the current job's updates; ids never go back.
  if (run.jobId !== 0 && update.id < run.jobId) return;
  if (update.status === 'running') {
    run.pendingUpdate = update;
    run.frame ||= requestAnimationFrame(() => {
      run.frame = 0;
      const latest = run.pendingUpdate;
      run.pendingUpdate = null;
      if (latest && latest.id >= run.jobId) render(latest);
    });
  } else {
    cancelFrame();
    render(update);
  }
}

function cancelFrame() {
  cancelAnimationFrame(run.frame);
  run.frame = 0;
  run.pendingUpdate = null;
}

function percent(x) {
  return x * 100;
}

/** The data-* keys of a Hi-Lo result row (percentages of showdowns). */
const HILO_KEYS = ['scoop', 'high', 'low'];

/**
 * Hi-Lo or not, for every row and the totals: Hi-Lo rows show scoop, high
 * share and low share in place of win and tie (a "tie" there is any part
 * of a pot, 100% for two hands that always split the low: it misleads),
 * and under the rows the boards without a low and the definitions.
 */
function setHiLoShown(hilo) {
  for (const row of els.playerList.children) {
    for (const el of row.querySelectorAll('[data-win-tie]')) setHidden(el, hilo);
    const line = $('[data-show="hilo"]', row);
    if (line) setHidden(line, !hilo);
    if (!hilo) for (const key of HILO_KEYS) if (key in row.dataset) delete row.dataset[key];
  }
  setHidden(els.hiloTotals, !hilo);
}

/**
 * A Hi-Lo player's numbers, all the engine's (an Omaha job's estimate): scooped (the
 * whole pot alone), its high share and low share (the expected part of
 * that half, a tie of k counted 1/k: each adds up to 100% across players,
 * the low with "no low"); the same as data-scoop, data-high, data-low
 * (percentages of showdowns). Each share with its error while estimated.
 */
function showHiLo(row, e, exact) {
  const shares = { scoop: [e.win, e.winError], high: [e.highShare, e.highShareError], low: [e.lowShare, e.lowShareError] };
  for (const key of HILO_KEYS) {
    const [x, error] = shares[key];
    setData(row, key, String(percent(x)));
    setText($(`[data-show="${key}"]`, row), formatShare(x, error ?? 0, exact));
  }
}

/** The boards without a qualifying low (their low half goes to the high). */
function showNoLow(est, exact) {
  setData(els.results, 'noLow', String(percent(est.noLowShare)));
  const share = formatShare(est.noLowShare, est.noLowError ?? 0, exact);
  setText(
    els.hiloNoLow,
    exact
      ? `No low: ${formatInt(est.noLow)} of ${formatInt(est.showdowns)} boards (${share}): their whole pot goes to the high hand.`
      : `No low: ${share} of boards: their whole pot goes to the high hand.`,
  );
}

/**
 * The split pots' lines, each share with its error while estimated: in
 * sight when there are few, in the engine's order; else, largest first, in
 * the details under one summary line with their total. Closed, its lines
 * are kept up to date at no cost of style or layout: the browser skips a
 * closed details' content until it is opened.
 */
function showSplits(est, exact) {
  const many = est.splits.length > SPLITS_IN_SIGHT;
  const splits = many ? [...est.splits].sort((a, b) => b.count - a.count) : est.splits;
  const texts = splits.map((split) => {
    const who = split.players.map((n) => `P${n}`).join(' & ');
    const share = split.count / est.showdowns;
    return exact
      ? `${who} split ${formatInt(split.count)} pots (${formatShare(share, 0, true)})`
      : `${who} split ${formatShare(share, split.stdError ?? 0)} of pots`;
  });
  fillList(els.splits, many ? [] : texts);
  fillList(els.splitsAll, many ? texts : []);
  setHidden(els.splitsMore, !many);
  if (many) setText(els.splitsSummary, splitsTotal(est, exact));
}

/**
 * The summary over many split pots: how many pots were split, among how
 * many groups of players (counts are exact JS numbers: the engine checks
 * they stay within 2^53).
 */
function splitsTotal(est, exact) {
  const pots = est.splits.reduce((sum, split) => sum + Number(split.count), 0);
  const share = formatShare(pots / est.showdowns, est.splitError ?? 0, exact);
  const groups = `${formatInt(est.splits.length)} groups of players`;
  return exact
    ? `Split pots: ${formatInt(pots)} (${share}), among ${groups}, largest first`
    : `Split pots: ${share} of pots, among ${groups}, largest first`;
}

/**
 * A list's lines, its items kept and their text changed in place: ten
 * players make hundreds of lines, rebuilt at every partial result they
 * were most of a frame's style and layout.
 */
function fillList(list, texts) {
  const items = list.children;
  for (let i = 0; i < texts.length; i++) {
    let li = items[i];
    if (!li) {
      li = document.createElement('li');
      li.append('');
      list.append(li);
    }
    const text = li.firstChild;
    if (text?.nodeType === Node.TEXT_NODE && li.childNodes.length === 1) {
      if (text.data !== texts[i]) text.data = texts[i];
    } else {
      li.textContent = texts[i];
    }
  }
  while (items.length > texts.length) list.lastElementChild.remove();
}

function render(update) {
  if (update.status === 'error') {
    showError(update.error);
    return;
  }
  const { estimate: est, progress } = update;
  showTarget(update);
  setStatus(update.status);
  setData(els.results, 'method', update.method ?? '');
  if (update.status === 'done' && update.exact) setData(els.results, 'exact', 'true');
  else if ('exact' in els.results.dataset) delete els.results.dataset.exact;
  if (!est) {
    // No numbers until an estimate's error means something.
    clearNumbers();
    if (update.waiting === 'table') {
      setText(els.note, 'Loading the table of heads-up preflop matchups (once)…');
    } else if (update.status === 'running') {
      setText(
        els.note,
        update.whySampled ? `${capitalised(update.whySampled)}. Working…` : 'Working…',
      );
      if (update.progress) els.progressBar.value = update.progress.fraction;
    }
    summarise('Working…', { fraction: update.progress?.fraction ?? null });
    return;
  }
  setData(els.results, 'job', String(update.id));
  const exact = update.exact;
  const settled = update.status === 'done';
  // Hi-Lo's numbers only from an estimate that has them (an Omaha job's).
  const hilo = update.hilo === true && est.noLowShare !== undefined;
  setHiLoShown(hilo);
  if (!hilo && 'noLow' in els.results.dataset) delete els.results.dataset.noLow;
  for (const row of els.playerList.children) {
    const p = Number(row.dataset.player) - 1;
    const e = est.players[p];
    if (!e) continue;
    setData(row, 'win', String(percent(e.win)));
    setData(row, 'tie', String(percent(e.tie)));
    setData(row, 'equity', String(percent(e.equity)));
    setData(row, 'wins', String(e.wins));
    setData(row, 'ties', String(e.ties));
    if (row.classList.contains('is-settled') !== settled) row.classList.toggle('is-settled', settled);
    const show = (name, text) => setText($(`[data-show="${name}"]`, row), text);
    show('equity', formatEquity(e.equity, e.stdError, exact));
    show('odds', formatOdds(e.equity, exact));
    // Estimated win and tie shares carry their errors too (the engine's).
    show('win', formatShare(e.win, e.winError ?? 0, exact));
    show('tie', formatShare(e.tie, e.tieError ?? 0, exact));
    // Hi-Lo: a "win" is a scoop, a "tie" any part of a pot short of it.
    show(
      'counts',
      !exact
        ? ''
        : hilo
          ? `${counted(e.wins, 'scoop', 'scoops')} · ${formatInt(e.ties)} shared · ${formatInt(e.losses)} nothing`
          : `${counted(e.wins, 'win', 'wins')} · ${counted(e.ties, 'tie', 'ties')} · ` +
            `${counted(e.losses, 'loss', 'losses')}`,
    );
    const meter = $('[data-meter]', row);
    const width = `${Math.min(100, percent(e.equity)).toFixed(2)}%`;
    if (meter.style.width !== width) meter.style.width = width;
    if (hilo) showHiLo(row, e, exact);
  }
  if (hilo) showNoLow(est, exact);
  showSplits(est, exact);
  published({ players: est.players, exact, settled });
  const fraction = progress?.fraction ?? 0;
  els.progressBar.value = fraction;
  const rate = progress?.perSecond ? ` · ${formatCompact(progress.perSecond)} hands/s` : '';
  setText(els.progressText, `${Math.floor(fraction * 100)}%${rate}`);
  if (settled) hideProgress();
  const ms = progress ? Math.max(1, Math.round(progress.elapsedMs)) : 0;
  if (exact) {
    setText(els.badge, 'Exact');
    const where = progress?.inline
      ? 'on this page while the workers start'
      : `on ${state.engine.workerCount} worker${state.engine.workerCount === 1 ? '' : 's'}`;
    const what = update.ranges
      ? `${formatInt(est.showdowns)} showdowns (every deal of the ranges, by weight, ` +
        `times every board${update.usesTable ? ', from the table of preflop matchups' : ''})`
      : Number(est.showdowns) === 1 ? 'the one board there is' : `all ${formatInt(est.showdowns)} boards`;
    const note = dealsMissing(update.game) || isDrawGame({ game: update.game })
      ? `Exact: ${Number(est.showdowns) === 1 ? 'one showdown, every hand complete' : `every way to ${isDrawGame({ game: update.game }) ? 'draw' : 'deal the missing cards'}, ${formatInt(est.showdowns)} showdowns`}, ${ms} ms ${where}.`
      : update.game === 'three-card'
      ? `Exact: every deal of the hands, ${formatInt(est.showdowns)} showdowns, ${ms} ms ${where}.`
      : `Exact: ${what}, ${ms} ms ${where}.`;
    setText(els.note, note);
  } else if (update.method === 'monte-carlo') {
    setText(els.badge, settled ? 'Monte Carlo' : 'Sampling…');
    // Why it samples when exact was not asked against: "Too many boards for
    // exact (≈9.6e15 evaluations): Monte Carlo, 2,000,000 random deals."
    const lead = update.whySampled ? `${capitalised(update.whySampled)},` : 'Monte Carlo:';
    const target = update.targetError;
    // To a target error: "±0.0982 after 230,000 random deals (to ±0.1)".
    const reached = target != null && settled ? `±${worstError(est)} after ` : '';
    const aim = target == null ? null : settled && Number(worstError(est)) > target
      ? `±${target} not reached: the cap` : `to ±${target}`;
    const how = dealsMissing(update.game) ? 'the missing cards dealt from the deck'
      : isDrawGame({ game: update.game }) ? 'the draws dealt from the deck'
      : update.ranges ? 'hands drawn from the ranges by weight' : null;
    const aside = [aim, how].filter(Boolean).join('; ');
    const note =
      `${lead} ${reached}${formatInt(est.showdowns)} random deals${aside ? ` (${aside})` : ''}` +
      `${settled ? '.' : ' so far…'} ± is one standard error.`;
    setText(els.note, note);
  } else {
    setText(els.badge, 'Estimate');
    const note =
      `Estimate from ${Math.floor(fraction * 100)}% of the ${hasBoard({ game: update.game }) ? 'boards' : 'deals'}, drawn at random; ` +
      '± is one standard error. Exact when all are in.';
    setText(els.note, note);
  }
  // In brief: each equity to its error's digits, the largest error once.
  const [estimates, errors] = [0, 1].map((part) =>
    est.players.map((e) => formatEquity(e.equity, e.stdError, exact).split(' ± ')[part]));
  const widest = est.players.reduce((w, e, p) => (e.stdError > est.players[w].stdError ? p : w), 0);
  summarise(exact ? 'Exact' : `${settled ? 'Monte Carlo' : 'Estimate'}, ± ≤ ${errors[widest]}`, {
    texts: estimates,
    fraction: settled ? null : fraction,
  });
  if (settled) {
    const who = est.players.map((e, p) => `Player ${p + 1} ${formatEquity(e.equity, e.stdError, exact)}`);
    announce(`${exact ? 'Exact' : 'Monte Carlo'} equity: ${who.join(', ')}.`);
  }
}
