// The grid's behaviour, DOM-free (the page and node --test use the same
// functions): keyboard moves, what a paint stroke does, the colour scale,
// and the cells a drag passes over. No poker rule lives here: the classes,
// their labels, names and numbers all come from the engine; this is
// geometry and arithmetic on cell indices (row * size + col) and values.
// The grid is 13×13 (Hold'em) or 9×9 (Short Deck: the engine's deck says,
// engine/range-decks.js); `size` defaults to 13.

/** Rows and columns of Hold'em's grid. */
export const SIZE = 13;
/** Cells of Hold'em's grid. */
export const CELLS = SIZE * SIZE;

/**
 * The cell a key moves to from `index`, or null when the key is not a grid
 * move. Arrows stop at the edges; Home/End go to the row's ends (with
 * Ctrl: the grid's first and last cells); PageUp/PageDown to the column's.
 * @param {number} index
 * @param {string} key KeyboardEvent.key
 * @param {{ctrlKey?: boolean, size?: number}} [modifiers] (`size`: the grid's rows)
 */
export function moveInGrid(index, key, { ctrlKey = false, size = SIZE } = {}) {
  const SIZE = size;
  const row = Math.floor(index / SIZE);
  const col = index % SIZE;
  const at = (r, c) => Math.min(SIZE - 1, Math.max(0, r)) * SIZE + Math.min(SIZE - 1, Math.max(0, c));
  switch (key) {
    case 'ArrowUp':
      return at(row - 1, col);
    case 'ArrowDown':
      return at(row + 1, col);
    case 'ArrowLeft':
      return at(row, col - 1);
    case 'ArrowRight':
      return at(row, col + 1);
    case 'Home':
      return ctrlKey ? 0 : at(row, 0);
    case 'End':
      return ctrlKey ? SIZE * SIZE - 1 : at(row, SIZE - 1);
    case 'PageUp':
      return at(0, col);
    case 'PageDown':
      return at(SIZE - 1, col);
    default:
      return null;
  }
}

/**
 * The weight a paint stroke gives every cell it passes over, decided by
 * the cell it starts on: a cell already wholly at the paint weight is
 * erased (0), anything else (empty, partial, another weight) is set to it.
 * So a tap toggles, and a drag paints or erases like its first cell.
 * @param {number} fill the first cell's mean weight, 0…1
 * @param {number} weight the paint weight, 0…1
 */
export function strokeWeight(fill, weight) {
  return fill > 0 && Math.abs(fill - weight) < 5e-4 ? 0 : weight;
}

/**
 * The cells on the way from `from` to `to` (both included, in order), so
 * that a fast drag paints every cell it crossed, not just those the
 * pointer events landed on.
 */
export function cellsBetween(from, to, size = SIZE) {
  const SIZE = size;
  const [r0, c0] = [Math.floor(from / SIZE), from % SIZE];
  const [r1, c1] = [Math.floor(to / SIZE), to % SIZE];
  const steps = Math.max(Math.abs(r1 - r0), Math.abs(c1 - c0));
  const out = [];
  for (let i = 0; i <= steps; i++) {
    const t = steps === 0 ? 0 : i / steps;
    const cell = Math.round(r0 + (r1 - r0) * t) * SIZE + Math.round(c0 + (c1 - c0) * t);
    if (out[out.length - 1] !== cell) out.push(cell);
  }
  return out;
}

/**
 * Where `value` sits relative to a fair share, from -1 (the worst, `lo`)
 * through 0 (exactly fair) to 1 (the best, `hi`); the page turns it into
 * a colour and always shows the number too.
 */
export function tone(value, fair, lo, hi) {
  if (!Number.isFinite(value)) return 0;
  if (value >= fair) return hi > fair ? Math.min(1, (value - fair) / (hi - fair)) : 0;
  return lo < fair ? -Math.min(1, (fair - value) / (fair - lo)) : 0;
}

/** `0.67044` → `"67.0%"` (digits after the point). */
export function percentText(fraction, digits = 1) {
  return `${(fraction * 100).toFixed(digits)}%`;
}

/**
 * The cell under the point (`x`, `y`) of a grid drawn in `box` (a
 * DOMRect-like {left, top, right, bottom, width, height}, same
 * coordinates), or null when the point is outside the grid.
 */
export function cellAtPoint(box, x, y, size = SIZE) {
  const SIZE = size;
  if (!(x >= box.left && x < box.right && y >= box.top && y < box.bottom)) return null;
  const col = Math.floor(((x - box.left) / box.width) * SIZE);
  const row = Math.floor(((y - box.top) / box.height) * SIZE);
  return row * SIZE + col;
}

/**
 * Reads a typed "top X%" value: a number from 0 to 100 with at most two
 * decimals (the engine ranks in hundredths of a percent), a comma for the
 * decimal point and a trailing `%` allowed. `{ok: true, value}`, `{ok:
 * true, value: null}` for nothing typed, or `{ok: false, error}` in words.
 * @param {string} text
 */
export function parsePercent(text) {
  const typed = String(text).trim();
  const t = typed.replace(/\s*%$/, '').replace(',', '.');
  if (t === '') return typed === '' ? { ok: true, value: null } : { ok: false, error: 'a number is missing before "%"' };
  if (/^-\s*\d*\.?\d+$/.test(t)) return { ok: false, error: `${t} is below 0` };
  if (!/^\d*\.?\d*$/.test(t) || t === '.') {
    return { ok: false, error: `"${typed.slice(0, 12)}" is not a number from 0 to 100 (e.g. 12.5)` };
  }
  const value = Number(t);
  if (value > 100) return { ok: false, error: `${t} is more than 100` };
  const decimals = t.includes('.') ? t.length - t.indexOf('.') - 1 : 0;
  if (decimals > 2) return { ok: false, error: `${t} has more than two decimals (hands are ranked in steps of 0.01%)` };
  return { ok: true, value };
}
