// The card picker as a sheet at the bottom of a phone's window (part of
// deck-view.js's picker; picker.css draws it). Closed, it is one bar that
// says the deck is there and whom its cards go to; open, it shows where
// cards go, the deck and the random buttons over the page's foot, so a
// hand and a board are picked from the first screen without scrolling
// (the results bar, summary-view.js, shows the numbers it covers). On a
// wider screen the picker is a panel of the page and none of this applies:
// the toggle is not drawn and the deck always shows.
//
// The sheet is not modal: the page behind it still works (a seat button
// chooses another player). It closes by its toggle, by Escape, and when a
// text field is focused for typing (the phone's keyboard and the sheet
// would otherwise share what is left of the window).

const $ = (selector, root = document) => root.querySelector(selector);

const els = {
  panel: $('[data-deck-sheet]'),
  toggle: $('[data-sheet-toggle]'),
};

/** When the picker is a sheet: picker.css's phone layout (narrow, or a phone on its side). */
const PHONE = matchMedia('(max-width: 39.99rem), (max-height: 30rem) and (pointer: coarse)');

/** The picker is drawn as a sheet (a phone's width). */
export const isSheet = () => PHONE.matches;

/** The sheet is open (on a wider screen: always, the deck is always shown). */
export const sheetOpen = () => !isSheet() || els.panel.dataset.sheet === 'open';

function setOpen(open) {
  const now = open ? 'open' : 'closed';
  if (els.panel.dataset.sheet === now) return;
  els.panel.dataset.sheet = now;
  els.toggle.setAttribute('aria-expanded', String(open));
  changed();
}

/** Opens the sheet (nothing on a wider screen). */
export function openSheet() {
  if (isSheet()) setOpen(true);
}

/** Closes the sheet; focus inside it goes back to its toggle if `restoreFocus`. */
export function closeSheet({ restoreFocus = false } = {}) {
  if (!isSheet()) return;
  const inside = els.panel.contains(document.activeElement) && document.activeElement !== els.toggle;
  setOpen(false);
  if (restoreFocus && inside) els.toggle.focus({ preventScroll: true });
}

/**
 * The room the sheet takes at the foot of the window, as `--sheet-space`
 * (the page's bottom padding and scroll padding: nothing is left under a
 * closed sheet, and what is scrolled into view stops above it), and a
 * `allin:sheet` event for what depends on it (the results bar).
 */
function changed() {
  const space = isSheet() ? `${els.panel.offsetHeight}px` : '';
  const root = document.documentElement;
  if (root.style.getPropertyValue('--sheet-space') !== space) {
    if (space) root.style.setProperty('--sheet-space', space);
    else root.style.removeProperty('--sheet-space');
  }
  dispatchEvent(new CustomEvent('allin:sheet', { detail: { open: sheetOpen(), sheet: isSheet() } }));
}

/** A field one types cards or numbers into (not a deck card, a radio, a button). */
const typingField = (el) => el?.matches?.('textarea, input:not([type]), input[type="text"], input[type="number"]');

/** Listens to the toggle, Escape, typing fields and the window's width. */
export function connectSheet() {
  els.toggle.addEventListener('click', () => setOpen(!sheetOpen()));
  els.panel.addEventListener('keydown', (event) => {
    // The question's own Escape keeps the range (deck-view.js); this one closes.
    if (event.key !== 'Escape' || !isSheet() || !sheetOpen() || event.target.closest('[data-confirm]')) return;
    event.preventDefault();
    closeSheet({ restoreFocus: true });
  });
  document.addEventListener('focusin', (event) => {
    if (isSheet() && sheetOpen() && typingField(event.target) && !els.panel.contains(event.target)) closeSheet();
  });
  PHONE.addEventListener('change', changed);
  if ('ResizeObserver' in globalThis) new ResizeObserver(changed).observe(els.panel);
  changed();
}
