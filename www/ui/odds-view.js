// The odds widget's view, shared by embed.html (embed.js) and the
// <allin-odds> element (allin-odds.js): it builds the widget's DOM and
// renders the engine's updates into it. It never talks to workers and
// re-derives no poker rule: canonical cards, labels, numbers and error
// messages come from the engine (engine.js).
//
// Every piece of user text (hands, board, error messages quoting them)
// reaches the DOM through textContent or an attribute value, never as
// HTML. Test hooks on the root (`[data-allin-odds]`): data-status
// (loading | running | done | error), data-exact, data-method; on each
// player row: data-equity, data-win, data-tie (percentages), data-wins,
// data-ties (counts); Omaha Hi-Lo: data-scoop, data-high, data-low (the
// high and low shares, percentages) on the rows and data-no-low on the
// root, and under the rows the boards without a low and the definitions
// (a <details>, opened by tap, click or key).

import {
  SUIT_NAMES, SUIT_SYMBOLS, capitalised, formatEquity, formatInt, formatShare, shortText, worstError,
} from '../model/format.js';
import { BOARD_GAMES, GAMES, gameOf, hasBoard } from '../model/game.js';

const RANK_NAMES = {
  A: 'ace', K: 'king', Q: 'queen', J: 'jack', T: 'ten', 9: 'nine', 8: 'eight',
  7: 'seven', 6: 'six', 5: 'five', 4: 'four', 3: 'three', 2: 'two',
};

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Canonical card codes (`["Ah", "Kh"]`, from the engine) as card chips. */
function cardChips(codes) {
  return codes.map((code) => {
    const rank = code[0];
    const suit = code[1];
    const chip = el('span', `ao-card suit-${suit}`, `${rank}${SUIT_SYMBOLS[suit] ?? suit}`);
    chip.setAttribute('aria-hidden', 'true');
    return chip;
  });
}

/** "ace of hearts, king of hearts" for screen readers. */
function cardNames(codes) {
  return codes
    .map((code) => `${RANK_NAMES[code[0]] ?? code[0]} of ${SUIT_NAMES[code[1]] ?? code[1]}`)
    .join(', ');
}

/**
 * The widget's empty markup (embed.html carries the same markup statically,
 * so that the page paints before any script runs; a test keeps them equal).
 */
export function skeleton(linkLabel = 'Open in allin') {
  const root = el('section', 'allin-odds');
  root.dataset.allinOdds = '';
  root.dataset.status = 'loading';
  root.setAttribute('aria-label', 'Poker odds by allin');
  const head = el('div', 'ao-head');
  const title = el('h2', 'ao-title', 'Poker odds');
  title.dataset.ao = 'title';
  const badge = el('p', 'ao-badge');
  badge.dataset.ao = 'badge';
  head.append(title, badge);
  const players = el('ol', 'ao-players');
  players.dataset.ao = 'players';
  const error = el('p', 'ao-error');
  error.dataset.error = '';
  error.hidden = true;
  const foot = el('p', 'ao-foot');
  const note = el('span', 'ao-note', 'Loading the engine…');
  note.dataset.note = '';
  const link = el('a', 'ao-link', `${linkLabel} ↗`);
  link.dataset.open = '';
  link.target = '_blank';
  link.rel = 'noopener';
  foot.append(note, link);
  const privacy = el(
    'p',
    'ao-privacy',
    'Worked out on your device by allin; nothing is sent anywhere.',
  );
  root.append(head, players, error, foot, privacy);
  return root;
}

/** Hi-Lo's terms, as the widget defines them (the page says the same at more length). */
const HILO_TERMS = [
  ['scoop', 'the whole pot, alone.'],
  ['high share', 'the expected part of the high half; a high tied by two counts half each. The high shares add up to 100%.'],
  ['low share', 'the same for the low half (five ranks 8 or lower). A board with no low has no low half: its whole pot goes to the high. The low shares and "no low" add up to 100%.'],
  ['equity', 'the expected part of the whole pot; the equities add up to 100%.'],
];

export class OddsView {
  /**
   * Takes over the widget already in `parent` (embed.html's static markup),
   * or builds one there (the element's shadow root).
   * @param {ParentNode} parent
   */
  constructor(parent) {
    let root = parent.querySelector('[data-allin-odds]');
    if (!root) {
      root = skeleton();
      parent.append(root);
    }
    this.root = root;
    this.title = root.querySelector('[data-ao="title"]');
    this.badge = root.querySelector('[data-ao="badge"]');
    this.players = root.querySelector('[data-ao="players"]');
    this.error = root.querySelector('[data-error]');
    this.note = root.querySelector('[data-note]');
    this.link = root.querySelector('[data-open]');
    this.rows = [];
    this.hilo = null;
  }

  /** `auto`, `light` or `dark` (already validated by the caller). */
  setTheme(theme) {
    if (theme === 'light' || theme === 'dark') this.root.dataset.theme = theme;
    else delete this.root.dataset.theme;
  }

  /** The "open in the calculator" link (an absolute URL we built). */
  setLink(href) {
    this.link.href = href;
  }

  /**
   * Lays out a scenario as the engine read it (`check`: engine.check()).
   * Numbers are blank until render().
   */
  setScenario(scenario, check) {
    const board = check?.board?.cards ?? [];
    const three = scenario.game === 'three-card';
    const game = gameOf(scenario);
    const lead = BOARD_GAMES.has(game) ? `${GAMES.get(game).label} · ` : '';
    const draw = GAMES.get(game).family === 'draw';
    this.title.replaceChildren();
    if (scenario.game === 'five-card' || draw) {
      this.title.textContent = draw ? GAMES.get(game).label : 'Five-card showdown';
      this.title.removeAttribute('aria-label');
    } else if (GAMES.get(game)?.family === 'stud') {
      this.title.textContent = GAMES.get(game).label;
      this.title.removeAttribute('aria-label');
    } else if (three) {
      // The rules by name (the engine's: `Zha Jin Hua`), else as written.
      const rules = check?.rulesLabel ?? scenario.rules;
      this.title.textContent = `Three-card · ${rules}${scenario.deck === 'short' ? ' · short deck' : ''}`;
      this.title.removeAttribute('aria-label');
    } else if (board.length > 0) {
      this.title.append(`${lead}Board `, ...cardChips(board));
      this.title.setAttribute('aria-label', `${lead}Board: ${cardNames(board)}`);
    } else {
      this.title.textContent = `${lead}Preflop`;
      this.title.removeAttribute('aria-label');
    }
    this.rows = scenario.players.map((text, i) => {
      const row = el('li', 'ao-player');
      row.dataset.player = String(i + 1);
      const hand = el('span', 'ao-hand');
      const cards = check?.players?.[i]?.cards ?? [];
      if (cards.length === (three ? 3 : BOARD_GAMES.has(game) ? GAMES.get(game).cards : 2)) {
        hand.append(el('span', 'ao-sr', `Player ${i + 1}: ${cardNames(cards)}`), ...cardChips(cards));
      } else {
        // A range or an unreadable field: the text as typed, as text.
        hand.append(el('span', 'ao-sr', `Player ${i + 1}: `), el('span', 'ao-text', shortText(text.trim() || '?')));
      }
      const equity = el('p', 'ao-equity', '–');
      const meter = el('span', 'ao-meter');
      meter.setAttribute('aria-hidden', 'true');
      const fill = el('span', 'ao-fill');
      meter.append(fill);
      const detail = el('p', 'ao-detail', '\u00a0');
      row.append(hand, equity, meter, detail);
      return { row, hand, equity, fill, detail };
    });
    this.players.replaceChildren(...this.rows.map((r) => r.row));
    this.setHiLo(GAMES.get(game)?.hilo === true);
  }

  /**
   * Hi-Lo's part under the rows (built when first needed, kept out of the
   * static markup): the boards without a low, and what scoop, high and low
   * mean, a tap away.
   */
  setHiLo(shown) {
    if (!shown) {
      this.hilo?.root.remove();
      delete this.root.dataset.noLow;
      return;
    }
    if (!this.hilo) {
      const root = el('div', 'ao-hilo');
      root.dataset.ao = 'hilo';
      const noLow = el('p', 'ao-no-low', '\u00a0');
      const terms = el('details', 'ao-terms');
      terms.append(el('summary', undefined, 'Scoop, high, low: what they mean'));
      const defs = el('dl');
      for (const [term, text] of HILO_TERMS) defs.append(el('dt', undefined, term), el('dd', undefined, text));
      terms.append(defs);
      root.append(noLow, terms);
      this.hilo = { root, noLow };
    }
    this.hilo.noLow.textContent = '\u00a0';
    if (!this.hilo.root.isConnected) this.players.after(this.hilo.root);
  }

  /** Replaces a player's text with the engine's label (canonical range text). */
  setLabels(labels) {
    labels.forEach((label, i) => {
      const text = this.rows[i]?.hand.querySelector('.ao-text');
      if (text) text.textContent = label;
    });
  }

  setStatus(status) {
    this.root.dataset.status = status;
    if (status !== 'done') delete this.root.dataset.exact;
  }

  /** An error (the engine's message, or a load failure): shown as text. */
  showError(message) {
    this.setStatus('error');
    delete this.root.dataset.method;
    this.badge.textContent = '';
    this.error.hidden = false;
    this.error.textContent = message;
    this.note.textContent = 'No odds: the input has a problem.';
    for (const r of this.rows) {
      r.equity.textContent = '–';
      r.fill.style.width = '0%';
      r.detail.textContent = '\u00a0';
      for (const key of ['equity', 'win', 'tie', 'wins', 'ties', 'scoop', 'high', 'low']) {
        delete r.row.dataset[key];
      }
    }
    if (this.hilo) this.hilo.noLow.textContent = '\u00a0';
    delete this.root.dataset.noLow;
  }

  /** Renders an engine update (see engine.js `Update`). */
  render(update) {
    if (update.status === 'error') {
      this.showError(update.error?.message ?? 'unknown error');
      return;
    }
    this.error.hidden = true;
    this.error.textContent = '';
    this.setStatus(update.status);
    this.root.dataset.method = update.method ?? '';
    if (update.labels?.length) this.setLabels(update.labels);
    const est = update.estimate;
    const exact = update.status === 'done' && update.exact;
    if (exact) this.root.dataset.exact = 'true';
    if (!est) {
      // No numbers until an estimate's error means something.
      this.note.textContent = update.whySampled
        ? `${capitalised(update.whySampled)}. Working…`
        : 'Working…';
      return;
    }
    est.players.forEach((p, i) => {
      const r = this.rows[i];
      if (!r) return;
      r.row.dataset.equity = String(p.equity * 100);
      r.row.dataset.win = String(p.win * 100);
      r.row.dataset.tie = String(p.tie * 100);
      r.row.dataset.wins = String(p.wins);
      r.row.dataset.ties = String(p.ties);
      r.equity.textContent = formatEquity(p.equity, p.stdError, exact);
      r.fill.style.width = `${Math.min(100, p.equity * 100).toFixed(2)}%`;
      r.detail.textContent =
        `win ${formatShare(p.win, p.winError ?? 0, exact)} · tie ${formatShare(p.tie, p.tieError ?? 0, exact)}`;
      if (update.hilo && p.highShare !== undefined) {
        // Omaha Hi-Lo (the engine's shares): scooped, the expected part of
        // the high half and of the low half (a tie of k counted 1/k), in
        // place of win and tie (a "tie" there is any part of a pot).
        const shares = {
          scoop: [p.win, p.winError],
          high: [p.highShare, p.highShareError],
          low: [p.lowShare, p.lowShareError],
        };
        const shown = {};
        for (const [key, [x, error]] of Object.entries(shares)) {
          r.row.dataset[key] = String(x * 100);
          shown[key] = formatShare(x, error ?? 0, exact);
        }
        r.detail.textContent = `scoop ${shown.scoop} · high share ${shown.high} · low share ${shown.low}`;
      }
    });
    if (this.hilo?.root.isConnected && update.hilo && est.noLowShare !== undefined) {
      this.root.dataset.noLow = String(est.noLowShare * 100);
      this.hilo.noLow.textContent =
        `no low ${formatShare(est.noLowShare, est.noLowError ?? 0, exact)} of boards (the high takes the whole pot)`;
    }
    const settled = update.status === 'done';
    if (exact) {
      this.badge.textContent = 'Exact';
      this.note.textContent = !hasBoard({ game: update.game })
        ? `Exact: every deal of the hands, ${formatInt(est.showdowns)} showdowns.`
        : Number(est.showdowns) === 1
          ? 'Exact: the one board there is.'
          : `Exact: all ${formatInt(est.showdowns)} boards.`;
    } else if (update.method === 'monte-carlo') {
      this.badge.textContent = settled ? 'Monte Carlo' : 'Sampling…';
      // "Too many boards for exact (≈9.6e15 evaluations): Monte Carlo,
      // ±0.0982 after 230,000 random deals (to ±0.1)": the error reached
      // and the deals it took, as the page says them.
      const lead = update.whySampled ? `${capitalised(update.whySampled)}, ` : '';
      const target = update.targetError;
      const reached = target != null && settled ? `±${worstError(est)} after ` : '';
      const aim = target == null ? ''
        : settled && Number(worstError(est)) > target ? ` (±${target} not reached: the cap)` : ` (to ±${target})`;
      this.note.textContent = `${lead}${reached}${formatInt(est.showdowns)} random deals${aim}${settled ? '' : '…'}`;
    } else {
      this.badge.textContent = 'Estimate';
      const share = Math.floor((update.progress?.fraction ?? 0) * 100);
      this.note.textContent = `Estimate from ${share}% of the ${hasBoard({ game: update.game }) ? 'boards' : 'deals'}…`;
    }
  }
}
