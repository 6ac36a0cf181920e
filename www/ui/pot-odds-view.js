// The pot-odds panel (part of app.js's page): the pot and the amount to
// call, as typed, give the equity a call needs, the odds "b : 1", and, at
// the chosen player's equity from the results on the page, the call's EV
// and the Kelly fraction. Every number is the engine's (engine.js potOdds,
// the core's PotOdds): an estimated equity's error is carried by asking
// the engine at equity ± one standard error, never re-derived here. The
// amounts live in the scenario (`pot`, `call`: the URL keeps them).
//
// Hooks: [data-pot-odds] has data-status ('empty': an amount is missing;
// 'error': one is refused; 'ready': the numbers are shown), data-odds,
// data-needed (fractions and ratios at full precision), and once an equity
// is known data-equity, data-ev, data-kelly, data-for-player (1-based) and
// data-exact ('true' or 'false').

import { formatEquity } from '../model/format.js';

const $ = (selector, root = document) => root.querySelector(selector);

/** Decimals that show an error's first significant digit: at least `min`, at most 6. */
function digitsFor(error, min) {
  return error > 0 ? Math.min(6, Math.max(min, -Math.floor(Math.log10(error)))) : min;
}

/** Decimals for an amount: whole units for large ones, cents for small, more to show `error`. */
function amountDigits(x, error = 0) {
  return digitsFor(error, Math.abs(x) >= 1000 ? 0 : 2);
}

/** An amount, grouped, with a real minus sign (and a plus if `sign`). */
function amountText(x, { sign = false, digits = amountDigits(x) } = {}) {
  const [whole, part] = Math.abs(x).toFixed(digits).split('.');
  const text = `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${part === undefined ? '' : `.${part}`}`;
  const minus = x < 0 && /[1-9]/.test(text);
  return `${minus ? '−' : sign ? '+' : ''}${text}`;
}

/** The engine's odds b as "b : 1": "2 : 1", "2.5 : 1", "0.33 : 1", "1,000 : 1", "0.003 : 1". */
export function ratioText(b) {
  if (b < 0.1) return `${Number(b.toPrecision(2))} : 1`; // 0.003 : 1, not 0 : 1
  const digits = b >= 100 ? 0 : b >= 10 ? 1 : 2;
  const [whole, part = ''] = b.toFixed(digits).split('.');
  const decimals = part.replace(/0+$/, '');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${decimals ? `.${decimals}` : ''} : 1`;
}

/** The last character of text that is still being typed towards an amount ("1e", "2,"). */
const UNFINISHED = /[eE+\-.,]$/;

/**
 * Connects the panel: `state` is app.js's page state (scenario, engine),
 * `amountsChanged()` is called after the user changed an amount (URL,
 * share links). Returns {show()}: draws the amounts of the scenario (after
 * a restore) and everything else; and {update()}: redraws the numbers.
 */
export function connectPotOdds({ state, amountsChanged }) {
  const root = $('[data-pot-odds]');
  if (!root) return { show() {}, update() {} };
  const els = {
    inputs: { pot: $('[data-pot-field="pot"]', root), call: $('[data-pot-field="call"]', root) },
    errors: { pot: $('[data-pot-error="pot"]', root), call: $('[data-pot-error="call"]', root) },
    player: $('[data-pot-player]', root),
    show: (name) => $(`[data-pot-show="${name}"]`, root),
    note: $('[data-pot-note]', root),
    brief: $('[data-pot-brief]', root),
  };
  /** The results shown on the page (results-view.js's allin:results), or null. */
  let results = state.results ?? null; // (this view loads after the page: the last ones shown)
  /** Fields whose error may show (the user left them, or a link gave them). */
  const committed = new Set();

  $('[data-results]')?.addEventListener('allin:results', (event) => {
    results = event.detail;
    update();
  });

  for (const field of ['pot', 'call']) {
    const input = els.inputs[field];
    input.addEventListener('input', () => {
      const text = input.value;
      if (text.trim() === '') delete state.scenario[field];
      else state.scenario[field] = text;
      update();
      amountsChanged();
    });
    input.addEventListener('change', () => {
      committed.add(field);
      update();
    });
  }
  els.player.addEventListener('change', update);
  // Amounts typed before this view's code arrived (the panel opens at once,
  // its code a moment later, and a keyboard user types straight away): kept,
  // not overwritten by the scenario's (empty) ones.
  let typed = false;
  for (const field of ['pot', 'call']) {
    const text = els.inputs[field].value;
    if (text.trim() !== '' && state.scenario[field] !== text) {
      state.scenario[field] = text;
      typed = true;
    }
  }
  if (typed) amountsChanged();

  function show() {
    for (const field of ['pot', 'call']) {
      const text = state.scenario[field] ?? '';
      if (els.inputs[field].value !== text) els.inputs[field].value = text;
      if (text) committed.add(field);
    }
    if (state.scenario.pot || state.scenario.call) root.open = true;
    update();
  }

  /** The player chooser: one option per player, the choice kept while it exists. */
  function renderPlayers() {
    const n = state.scenario.players.length;
    if (els.player.options.length !== n) {
      const chosen = els.player.value;
      els.player.replaceChildren(
        ...state.scenario.players.map((_, p) => new Option(`Player ${p + 1}`, String(p + 1))),
      );
      els.player.value = Number(chosen) >= 1 && Number(chosen) <= n ? chosen : '1';
    }
    return Number(els.player.value) - 1;
  }

  function setError(field, message) {
    const input = els.inputs[field];
    const box = els.errors[field];
    const typing = document.activeElement === input && !committed.has(field) && UNFINISHED.test(input.value);
    const shown = Boolean(message) && !typing;
    box.hidden = !shown;
    box.textContent = shown ? message : '';
    input.setAttribute('aria-invalid', String(shown));
  }

  function blank(status, note) {
    root.dataset.status = status;
    for (const key of ['odds', 'needed', 'equity', 'ev', 'kelly', 'forPlayer', 'exact']) delete root.dataset[key];
    for (const name of ['odds', 'needed', 'ev', 'kelly']) els.show(name).textContent = '–';
    els.note.textContent = note;
    els.brief.textContent = '';
  }

  function update() {
    const player = renderPlayers();
    const pot = state.scenario.pot ?? '';
    const call = state.scenario.call ?? '';
    if (!state.engine) {
      for (const field of ['pot', 'call']) setError(field, null);
      blank('empty', 'Loading the engine…');
      return;
    }
    // Each amount's own error first (the other may be missing).
    const errors = {};
    for (const [field, text] of [['pot', pot], ['call', call]]) {
      if (!text) continue;
      const alone = state.engine.potOdds(field === 'pot' ? text : 1, field === 'call' ? text : 1);
      if (!alone.ok) errors[field] = alone.error;
    }
    setError('pot', errors.pot);
    setError('call', errors.call);
    if (errors.pot || errors.call) {
      blank('error', `Fix the ${errors.pot ? 'pot' : 'amount to call'} to see the odds.`);
      return;
    }
    if (!pot || !call) {
      blank('empty', pot ? 'Enter the amount to call.' : call ? 'Enter the pot (the bet you face included).'
        : 'Enter the pot (the bet you face included) and the amount to call: the equity a call needs, its odds, and at the chosen player\'s equity its EV and Kelly fraction.');
      return;
    }
    const e = results?.players?.[player] ?? null;
    const answer = state.engine.potOdds(pot, call, e ? e.equity : undefined);
    if (!answer.ok) {
      blank('error', answer.error);
      return;
    }
    const r = answer.value;
    root.dataset.status = 'ready';
    root.dataset.odds = String(r.odds);
    root.dataset.needed = String(r.needed);
    els.show('odds').textContent = ratioText(r.odds);
    els.show('needed').textContent = `${(r.needed * 100).toFixed(2)}%`;
    els.brief.textContent = `needs ${(r.needed * 100).toFixed(1)}%`;
    if (!e) {
      for (const key of ['equity', 'ev', 'kelly', 'forPlayer', 'exact']) delete root.dataset[key];
      els.show('ev').textContent = '–';
      els.show('kelly').textContent = '–';
      els.note.textContent = `A call needs ${(r.needed * 100).toFixed(2)}% equity. Player ${player + 1}'s EV and Kelly fraction follow once the odds are computed.`;
      return;
    }
    const exact = Boolean(results.exact);
    root.dataset.equity = String(r.equity);
    root.dataset.ev = String(r.evCall);
    root.dataset.kelly = String(r.kelly);
    root.dataset.forPlayer = String(player + 1);
    root.dataset.exact = String(exact);
    // An estimate's error, carried through the engine: EV and Kelly at ± one standard error.
    let evError = 0;
    let kellyError = 0;
    if (!exact && e.stdError > 0) {
      const at = (p) => state.engine.potOdds(pot, call, Math.min(1, Math.max(0, p)));
      const lo = at(e.equity - e.stdError);
      const hi = at(e.equity + e.stdError);
      if (lo.ok && hi.ok) {
        evError = (hi.value.evCall - lo.value.evCall) / 2;
        kellyError = (hi.value.kelly - lo.value.kelly) / 2;
      }
    }
    const kellyDigits = digitsFor(kellyError, 3);
    const evDigits = amountDigits(r.evCall, evError);
    const evText = amountText(r.evCall, { sign: true, digits: evDigits });
    els.show('ev').textContent = evError ? `${evText} ± ${amountText(evError, { digits: evDigits })}` : evText;
    els.show('kelly').textContent = `${r.kelly < 0 ? '−' : ''}${Math.abs(r.kelly).toFixed(kellyDigits)}` +
      (kellyError ? ` ± ${kellyError.toFixed(kellyDigits)}` : '');
    const equityText = formatEquity(e.equity, e.stdError, exact);
    const how = exact ? 'exact' : `an estimate, ± one standard error${results.settled ? '' : ', still improving'}`;
    const verdict = r.evCall === 0 ? 'calling breaks even'
      : `calling ${r.evCall > 0 ? 'wins' : 'loses'} ${amountText(Math.abs(r.evCall))} on average, in the pot's unit`;
    const kelly = r.kelly > 0
      ? ` Kelly: stake ${(r.kelly * 100).toFixed(1)}% of the bankroll on it.`
      : ' Kelly: do not call (the bet loses in the long run).';
    els.note.textContent =
      `Player ${player + 1}'s equity is ${equityText} (${how}); it needs ${(r.needed * 100).toFixed(2)}%: ` +
      `${verdict}.${kelly}`;
    els.brief.textContent = `needs ${(r.needed * 100).toFixed(1)}% · EV ${amountText(r.evCall, { sign: true })}`;
  }

  return { show, update };
}
