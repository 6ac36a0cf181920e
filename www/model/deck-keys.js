// The deck's keyboard, DOM-free (deck-view.js draws and listens): where an
// arrow key, Home or End goes from a card, by the cards' places on screen
// (so it follows whichever layout CSS chose: one row of 13 per suit, or a
// phone's two halves), and what a typed key means (a rank, then a suit).

/**
 * The index of the card `key` moves to from card `from`, or -1 when `key`
 * is not a move. `boxes` are the cards' centres and heights on screen
 * ({x, y, h}); cards whose centres are within half a card's height share a
 * row. Right and Left go along the row and on to the next (previous) row's
 * first (last) card, wrapping at the ends of the deck; Down and Up go to the
 * nearest card of the next (previous) row, wrapping from the bottom to the
 * top; Home and End go to the row's ends, with Ctrl to the deck's.
 */
export function moveInDeck(boxes, from, key, ctrl = false) {
  const here = boxes[from];
  if (!here) return -1;
  const indices = boxes.map((_, i) => i);
  const rowStarts = [];
  for (const i of [...indices].sort((a, b) => boxes[a].y - boxes[b].y)) {
    if (!rowStarts.some((y) => Math.abs(boxes[i].y - y) < here.h / 2)) rowStarts.push(boxes[i].y);
  }
  const rows = rowStarts.map((y) => indices.filter((i) => Math.abs(boxes[i].y - y) < here.h / 2)
    .sort((a, b) => boxes[a].x - boxes[b].x));
  const r = rows.findIndex((row) => row.includes(from));
  const row = rows[r];
  const i = row.indexOf(from);
  const next = rows[(r + 1) % rows.length];
  const previous = rows[(r + rows.length - 1) % rows.length];
  const nearest = (list) => list.reduce((best, j) =>
    (Math.abs(boxes[j].x - here.x) < Math.abs(boxes[best].x - here.x) ? j : best));
  switch (key) {
    case 'ArrowRight':
      return i + 1 < row.length ? row[i + 1] : next[0];
    case 'ArrowLeft':
      return i > 0 ? row[i - 1] : previous.at(-1);
    case 'ArrowDown':
      return nearest(next);
    case 'ArrowUp':
      return nearest(previous);
    case 'Home':
      return ctrl ? rows[0][0] : row[0];
    case 'End':
      return ctrl ? rows.at(-1).at(-1) : row.at(-1);
    default:
      return -1;
  }
}

/**
 * What a typed key means in the deck: `{rank}` (a rank letter as the
 * engine writes it: `1` for T, as in 10), `{suit}` (a suit letter), or null.
 * `ranks` and `suits` are the engine's letters (`AKQJT98765432`, `cdhs`).
 */
export function typedKey(key, ranks, suits) {
  if (key.length !== 1) return null;
  const upper = key.toUpperCase();
  const rank = upper === '1' ? 'T' : upper;
  if (ranks.includes(rank)) return { rank };
  const lower = key.toLowerCase();
  if (suits.includes(lower)) return { suit: lower };
  return null;
}
