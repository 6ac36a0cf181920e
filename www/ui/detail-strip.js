// The next-card strip of the detail panel (detail-view.js): 13 × 4 cells,
// one per card (suits by row, ranks ace to two by column), coloured by a
// player's equity if that card comes next (CSS: --eq, detail.css), the
// outs outlined, cards in play blank. A reading grid (data-tool="read"):
// one tab stop, arrow keys move, and a hover, tap or focus reads a card.
// DOM only; the numbers and cards come from the engine's detail.

import { formatEquity, SUIT_NAMES, SUIT_SYMBOLS } from '../model/format.js';

const RANKS = 'AKQJT98765432';
const SUITS = 'shdc';

/** "A♥" for the engine's "Ah". */
export function cardText(code) {
  return `${code[0]}${SUIT_SYMBOLS[code[1]] ?? code[1]}`;
}

/** "10 of hearts" for "Th", for screen readers. */
export function cardName(code) {
  return `${code[0] === 'T' ? '10' : code[0]} of ${SUIT_NAMES[code[1]] ?? code[1]}`;
}

/**
 * Paints player `p`'s next cards (`p.next`, `p.outs` as detail_report
 * answers) into the strip; errors shown unless `exact`.
 */
export function paintStrip(strip, p, exact) {
  const value = (x, se) => formatEquity(x, se, exact);
  const byCard = new Map(p.next.map((x) => [x.card, x]));
  const outs = new Map(p.outs.map((o) => [o.card, o]));
  for (const cell of strip.querySelectorAll('[data-next-card]')) {
    const x = byCard.get(cell.dataset.nextCard);
    const o = outs.get(cell.dataset.nextCard);
    cell.classList.toggle('out-clean', Boolean(o && o.clean >= o.shared));
    cell.classList.toggle('out-shared', Boolean(o && o.clean < o.shared));
    if (x) {
      cell.style.setProperty('--eq', String(x.equity));
      cell.dataset.equity = String(x.equity);
      cell.textContent = String(Math.round(x.equity * 100));
      // The visible number first, in the name (a spoken "98" matches what is seen).
      cell.setAttribute(
        'aria-label',
        `${cardName(cell.dataset.nextCard)}: ${cell.textContent}% (${value(x.equity, x.se)})`,
      );
      cell.removeAttribute('aria-disabled');
    } else {
      cell.style.removeProperty('--eq');
      delete cell.dataset.equity;
      cell.textContent = '';
      cell.setAttribute('aria-label', `${cardName(cell.dataset.nextCard)}: in play`);
      cell.setAttribute('aria-disabled', 'true');
    }
  }
}

/**
 * Builds the 13 × 4 strip in `strip`: suits by row, ranks ace to two by
 * column; one tab stop, arrow keys, Home and End move; `read(code)` is
 * called for the card hovered, tapped or focused.
 */
export function buildStrip(strip, read) {
  const head = document.createElement('div');
  head.setAttribute('role', 'row');
  head.className = 'detail-strip-row';
  const corner = document.createElement('span');
  corner.className = 'detail-corner';
  corner.setAttribute('role', 'columnheader');
  corner.append(Object.assign(document.createElement('span'), { className: 'visually-hidden', textContent: 'Suit' }));
  head.append(corner);
  for (const r of RANKS) {
    const h = document.createElement('span');
    h.setAttribute('role', 'columnheader');
    h.className = 'detail-rank';
    h.textContent = r;
    head.append(h);
  }
  strip.append(head);
  for (const s of SUITS) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    row.className = 'detail-strip-row';
    const h = document.createElement('span');
    h.setAttribute('role', 'rowheader');
    h.className = 'detail-suit';
    h.dataset.suit = s;
    h.textContent = SUIT_SYMBOLS[s];
    h.setAttribute('aria-label', SUIT_NAMES[s]);
    row.append(h);
    for (const r of RANKS) {
      const cell = document.createElement('span');
      cell.setAttribute('role', 'gridcell');
      cell.className = 'detail-cell';
      cell.dataset.nextCard = `${r}${s}`;
      cell.tabIndex = -1;
      row.append(cell);
    }
    strip.append(row);
  }
  const cells = () => [...strip.querySelectorAll('[data-next-card]')];
  const focusCell = (i) => {
    const all = cells();
    const at = Math.max(0, Math.min(all.length - 1, i));
    all.forEach((c, j) => (c.tabIndex = j === at ? 0 : -1));
    all[at].focus();
  };
  cells()[0].tabIndex = 0;
  strip.addEventListener('keydown', (event) => {
    const i = cells().indexOf(event.target);
    if (i < 0) return;
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 13, ArrowUp: -13, Home: -(i % 13), End: 12 - (i % 13) }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    focusCell(i + step);
  });
  strip.addEventListener('focusin', (event) => {
    if (event.target.dataset.nextCard) read(event.target.dataset.nextCard);
  });
  strip.addEventListener('pointerover', (event) => {
    const cell = event.target.closest('[data-next-card]');
    if (cell) read(cell.dataset.nextCard);
  });
  strip.addEventListener('click', (event) => {
    const cell = event.target.closest('[data-next-card]');
    if (cell) focusCell(cells().indexOf(cell));
  });
}
