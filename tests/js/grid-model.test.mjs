// The grid's DOM-free behaviour (www/model/grid-model.js): keyboard moves, paint
// strokes, the cells a drag crosses, the colour scale.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CELLS,
  SIZE,
  cellAtPoint,
  cellsBetween,
  moveInGrid,
  parsePercent,
  percentText,
  strokeWeight,
  tone,
} from '../../www/model/grid-model.js';

const cell = (row, col) => row * SIZE + col;

test('arrows move one cell and stop at the edges', () => {
  assert.equal(moveInGrid(cell(5, 5), 'ArrowUp'), cell(4, 5));
  assert.equal(moveInGrid(cell(5, 5), 'ArrowDown'), cell(6, 5));
  assert.equal(moveInGrid(cell(5, 5), 'ArrowLeft'), cell(5, 4));
  assert.equal(moveInGrid(cell(5, 5), 'ArrowRight'), cell(5, 6));
  assert.equal(moveInGrid(cell(0, 0), 'ArrowUp'), cell(0, 0));
  assert.equal(moveInGrid(cell(0, 0), 'ArrowLeft'), cell(0, 0));
  assert.equal(moveInGrid(cell(12, 12), 'ArrowDown'), cell(12, 12));
  assert.equal(moveInGrid(cell(12, 12), 'ArrowRight'), cell(12, 12));
  // No wrapping from the end of a row to the next.
  assert.equal(moveInGrid(cell(3, 12), 'ArrowRight'), cell(3, 12));
});

test('Home, End, Page keys, and keys that are not moves', () => {
  assert.equal(moveInGrid(cell(4, 7), 'Home'), cell(4, 0));
  assert.equal(moveInGrid(cell(4, 7), 'End'), cell(4, 12));
  assert.equal(moveInGrid(cell(4, 7), 'Home', { ctrlKey: true }), 0);
  assert.equal(moveInGrid(cell(4, 7), 'End', { ctrlKey: true }), CELLS - 1);
  assert.equal(moveInGrid(cell(4, 7), 'PageUp'), cell(0, 7));
  assert.equal(moveInGrid(cell(4, 7), 'PageDown'), cell(12, 7));
  for (const key of ['Enter', ' ', 'a', 'Tab', 'Escape']) assert.equal(moveInGrid(5, key), null);
});

test('a stroke toggles like its first cell: set to the paint weight, or erase', () => {
  assert.equal(strokeWeight(0, 1), 1);
  assert.equal(strokeWeight(1, 1), 0);
  assert.equal(strokeWeight(0.5, 0.5), 0);
  assert.equal(strokeWeight(0.5, 1), 1, 'another weight is replaced, not erased');
  assert.equal(strokeWeight(0.25, 1), 1, 'a class with one combo in is completed');
  assert.equal(strokeWeight(1, 0.5), 0.5);
});

test('a fast drag paints every cell it crossed', () => {
  assert.deepEqual(cellsBetween(cell(0, 0), cell(0, 3)), [0, 1, 2, 3]);
  assert.deepEqual(cellsBetween(cell(2, 2), cell(2, 2)), [cell(2, 2)]);
  assert.deepEqual(cellsBetween(cell(0, 0), cell(3, 3)), [0, cell(1, 1), cell(2, 2), cell(3, 3)]);
  assert.deepEqual(cellsBetween(cell(4, 1), cell(0, 1)), [4, 3, 2, 1, 0].map((r) => cell(r, 1)));
  const path = cellsBetween(cell(0, 0), cell(2, 7));
  assert.equal(path.length, 8);
  assert.equal(path[0], 0);
  assert.equal(path[7], cell(2, 7));
});

test('colour tone: 0 at a fair share, ±1 at the extremes, always finite', () => {
  assert.equal(tone(0.5, 0.5, 0.3, 0.85), 0);
  assert.equal(tone(0.85, 0.5, 0.3, 0.85), 1);
  assert.equal(tone(0.3, 0.5, 0.3, 0.85), -1);
  assert.ok(Math.abs(tone(0.675, 0.5, 0.3, 0.85) - 0.5) < 1e-12);
  assert.equal(tone(0.9, 0.5, 0.3, 0.85), 1, 'clamped');
  assert.equal(tone(Number.NaN, 0.5, 0, 1), 0);
  assert.equal(tone(0.4, 0.5, 0.5, 0.5), 0);
  assert.equal(percentText(0.670446), '67.0%');
  assert.equal(percentText(0.670446, 2), '67.04%');
});

test('the cell under a point: from the grid\'s box, null outside it', () => {
  const box = { left: 100, top: 50, right: 360, bottom: 310, width: 260, height: 260 };
  assert.equal(cellAtPoint(box, 100, 50), cell(0, 0));
  assert.equal(cellAtPoint(box, 359.9, 309.9), cell(12, 12));
  assert.equal(cellAtPoint(box, 100 + 20 * 3 + 1, 50 + 20 * 7 + 19), cell(7, 3));
  for (const [x, y] of [[99.9, 60], [360, 60], [150, 49.9], [150, 310], [NaN, 60]]) {
    assert.equal(cellAtPoint(box, x, y), null, `${x}, ${y}`);
  }
});

test('a typed top X%: 0 to 100, two decimals at most, comma or point, "%" allowed; errors in words', () => {
  const cases = [
    ['', { ok: true, value: null }],
    ['  ', { ok: true, value: null }],
    ['10', { ok: true, value: 10 }],
    ['12.5', { ok: true, value: 12.5 }],
    ['12,5', { ok: true, value: 12.5 }],
    [' 7.25 % ', { ok: true, value: 7.25 }],
    ['.5', { ok: true, value: 0.5 }],
    ['0', { ok: true, value: 0 }],
    ['100', { ok: true, value: 100 }],
    ['100.5', { ok: false, error: '100.5 is more than 100' }],
    ['-2', { ok: false, error: '-2 is below 0' }],
    ['1.234', { ok: false, error: '1.234 has more than two decimals (hands are ranked in steps of 0.01%)' }],
    ['abc', { ok: false, error: '"abc" is not a number from 0 to 100 (e.g. 12.5)' }],
    ['1e2', { ok: false, error: '"1e2" is not a number from 0 to 100 (e.g. 12.5)' }],
    ['.', { ok: false, error: '"." is not a number from 0 to 100 (e.g. 12.5)' }],
    ['%', { ok: false, error: 'a number is missing before "%"' }],
  ];
  for (const [text, want] of cases) assert.deepEqual(parsePercent(text), want, JSON.stringify(text));
});

test('Short Deck\'s 9 x 9 grid: moves, strokes and points by its size', () => {
  const at = (row, col) => row * 9 + col;
  assert.equal(moveInGrid(at(8, 8), 'ArrowDown', { size: 9 }), at(8, 8));
  assert.equal(moveInGrid(at(3, 8), 'ArrowRight', { size: 9 }), at(3, 8));
  assert.equal(moveInGrid(at(4, 2), 'End', { size: 9 }), at(4, 8));
  assert.equal(moveInGrid(at(4, 2), 'End', { ctrlKey: true, size: 9 }), 80);
  assert.equal(moveInGrid(at(4, 2), 'PageDown', { size: 9 }), at(8, 2));
  assert.deepEqual(cellsBetween(at(0, 0), at(0, 3), 9), [0, 1, 2, 3]);
  assert.equal(cellsBetween(0, 80, 9).length, 9);
  const box = { left: 0, top: 0, right: 90, bottom: 90, width: 90, height: 90 };
  assert.equal(cellAtPoint(box, 89, 89, 9), 80);
  assert.equal(cellAtPoint(box, 15, 5, 9), 1);
});
