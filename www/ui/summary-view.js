// The results in brief (part of results-view.js's view): each player's
// equity, how it was reached (exact, or ± for an estimate) and the
// progress, in a bar pinned to the top of the window while the players'
// own numbers are out of sight: scrolled away, or under a phone's open deck
// sheet (deck-sheet.js) while cards are picked. It is
// a copy of what the players panel says (hidden from screen readers, who
// have the panel and its announcements) and appears by a transform: it
// never moves the page (no layout shift).

const $ = (selector, root = document) => root.querySelector(selector);

const els = {
  bar: $('[data-summary]'),
  list: $('[data-summary-list]'),
  note: $('[data-summary-note]'),
  progress: $('[data-summary-progress]'),
  players: $('[data-player-list]'),
  sheet: $('[data-deck-sheet]'),
};

/**
 * Draws the bar: `players` [{label: "P1", text: "54.44%", share: 0..1 | null}],
 * `note` ("Exact", "± 1 s.e.", "Working…", …), `fraction` of the job done
 * (null: no bar), `status` (the results' status).
 */
export function renderSummary({ players, note, fraction = null, status = 'idle' }) {
  // In place: one item per player, rebuilt only when the players change
  // (a partial result a frame, ten players: no new nodes each time).
  const items = els.list.children;
  if (items.length !== players.length) {
    els.list.replaceChildren(
      ...players.map(() => {
        const li = document.createElement('li');
        li.className = 'summary-player';
        const who = document.createElement('span');
        who.className = 'summary-seat';
        const value = document.createElement('span');
        value.className = 'summary-value';
        li.append(who, value);
        return li;
      }),
    );
  }
  players.forEach(({ label, text }, p) => {
    const [who, value] = items[p].children;
    if (who.textContent !== label) who.textContent = label;
    if (value.textContent !== text) value.textContent = text;
  });
  if (els.note.textContent !== note) els.note.textContent = note;
  if (els.bar.dataset.summaryStatus !== status) els.bar.dataset.summaryStatus = status;
  const width = `${fraction === null ? 0 : Math.round(fraction * 1000) / 10}%`;
  if (els.progress.style.width !== width) els.progress.style.width = width;
}

/**
 * Shows the bar while the players' numbers are not all in sight. While it
 * shows, the page's scroll padding is its height: what the browser scrolls
 * into view (a field focused by Tab, a link's target) stops below the bar,
 * never under it.
 */
export function watchSummary() {
  if (!('IntersectionObserver' in globalThis)) return;
  const root = document.documentElement;
  const pad = () => {
    root.style.scrollPaddingTop = els.bar.classList.contains('is-shown') ? `${els.bar.offsetHeight}px` : '';
  };
  // Shown once the players' list is scrolled up past the top of the window
  // (picking cards below it), or while a phone's open deck sheet covers
  // part of it: not merely because the page is at its top, where the bar
  // would cover the header (a phone held sideways, a long table).
  let queued = false;
  let sheetOpen = false;
  const update = () => {
    queued = false;
    const list = els.players.getBoundingClientRect();
    const covered = sheetOpen && list.bottom > els.sheet.getBoundingClientRect().top + 1;
    const shown = list.top < -1 || covered;
    if (shown !== els.bar.classList.contains('is-shown')) {
      els.bar.classList.toggle('is-shown', shown);
      pad();
    }
  };
  const later = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(update);
  };
  addEventListener('scroll', later, { passive: true });
  addEventListener('resize', later);
  addEventListener('allin:sheet', (event) => {
    sheetOpen = Boolean(event.detail?.sheet && event.detail.open);
    later();
  });
  new IntersectionObserver(later, { threshold: [0, 0.25, 0.5, 0.75, 0.98, 1] }).observe(els.players);
  if ('ResizeObserver' in globalThis) {
    new ResizeObserver(pad).observe(els.bar);
    new ResizeObserver(later).observe(els.players); // a row growing under the sheet
  }
}
