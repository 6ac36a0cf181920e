// What a mouse, a finger or a key does on the hand grid (part of
// grid-view.js), by the grid's tool (what a tap on a hand does):
//
//   read   a tap or click shows the hand's numbers; nothing changes.
//   range  a tap or click adds or removes the hand. A mouse (or pen) drag
//          paints at once; a finger paints only after touching and holding
//          still (LONG_PRESS_MS), so that a swipe always scrolls. A stroke
//          held at a side of the grid's box (wider than a phone, with
//          44 px cells) scrolls it and paints on.
//   hand   a tap or click deals one hand of the class.
//
// Swipes scroll in every tool (the grid's touch-action lets the browser
// pan; only a held-then-dragged finger stops that, by cancelling its
// touchmove events). Keys, in every tool: arrows, Home/End, PageUp/PageDown
// move; Enter or Space adds or removes the hand (deals one with `hand`).
// The view answers through hooks: nothing here knows ranges or poker.

import { cellAtPoint, cellsBetween, moveInGrid } from '../model/grid-model.js';

/** How long a finger holds still on a hand before a drag paints. */
export const LONG_PRESS_MS = 350;
/** How far (CSS px) a pointer may move and still be a tap. */
const TAP_SLOP = 10;
/** A stroke this close (CSS px) to the edge of the grid's box scrolls it that way. */
const EDGE = 32;

const cellAt = (node) => node?.closest?.('[role="gridcell"]') ?? null;
const indexOf = (cell) => Number(cell.dataset.index);

/**
 * Listens to `grid` (the [role=grid] element). `hooks`:
 * - ready(): whether the engine is there (nothing happens before);
 * - size(): the grid's rows and columns (13, or 9 for Short Deck);
 * - tool(): 'read' | 'range' | 'hand';
 * - read(i): show class i's numbers (a tap in `read`, hover, focus);
 * - focus(i, {focus}): move the grid's tab stop (and DOM focus) to i;
 * - activate(i): a tap, click, Enter or Space on i in `range` or `hand`;
 * - strokeWeight(i): the weight a stroke starting on i gives;
 * - paint(indices, weight): set those classes to weight;
 * - strokeEnded(): a stroke is over;
 * - hover(i): a mouse over i.
 */
export function connectGestures(grid, hooks) {
  /** A pointer down on a hand, not yet a tap, a stroke or a scroll: {pointerId, type, i, x, y, timer}. */
  let press = null;
  /** The stroke under way: {pointerId, weight, last, done: Set}. */
  let stroke = null;

  // A stroke held near a side of the box the grid scrolls in (a phone's
  // 44 px cells) scrolls it, a frame at a time, and paints on.
  const box = grid.parentElement;
  let edgeFrame = 0;
  const edgeScroll = (x, y) => {
    cancelAnimationFrame(edgeFrame);
    edgeFrame = 0;
    if (!stroke || box.scrollWidth <= box.clientWidth) return;
    const rect = box.getBoundingClientRect();
    const step = x > rect.right - EDGE ? 8 : x < rect.left + EDGE ? -8 : 0;
    if (!step) return;
    edgeFrame = requestAnimationFrame(() => {
      const before = box.scrollLeft;
      box.scrollLeft += step;
      if (!stroke || box.scrollLeft === before) return;
      const i = cellAtPoint(grid.getBoundingClientRect(), Math.min(Math.max(x, rect.left), rect.right - 1), y, hooks.size());
      if (i !== null) paintTo(i);
      edgeScroll(x, y);
    });
  };

  const cancelPress = () => {
    if (press) clearTimeout(press.timer);
    press = null;
  };

  const paintTo = (i) => {
    const path = cellsBetween(stroke.last, i, hooks.size()).filter((c) => !stroke.done.has(c));
    stroke.last = i;
    for (const c of path) stroke.done.add(c);
    if (path.length) hooks.paint(path, stroke.weight);
  };

  const startStroke = (pointerId, i) => {
    stroke = { pointerId, weight: hooks.strokeWeight(i), last: i, done: new Set() };
    grid.dataset.stroke = 'on';
    paintTo(i);
  };

  const endStroke = () => {
    if (!stroke) return;
    stroke = null;
    edgeScroll();
    delete grid.dataset.stroke;
    hooks.strokeEnded();
  };

  const tap = (i) => {
    if (hooks.tool() === 'read') hooks.read(i);
    else hooks.activate(i);
  };

  grid.addEventListener('pointerdown', (event) => {
    const cell = cellAt(event.target);
    if (!cell || !hooks.ready() || !event.isPrimary || event.button !== 0) return;
    cancelPress();
    const i = indexOf(cell);
    if (hooks.tool() === 'range' && event.pointerType !== 'touch') {
      // A mouse or a pen paints at once, as it always did.
      event.preventDefault(); // no text selection: this is a stroke
      hooks.focus(i);
      grid.setPointerCapture?.(event.pointerId);
      startStroke(event.pointerId, i);
      return;
    }
    press = { pointerId: event.pointerId, type: event.pointerType, i, x: event.clientX, y: event.clientY, timer: 0 };
    if (hooks.tool() === 'range' && event.pointerType === 'touch') {
      const held = press;
      held.timer = setTimeout(() => {
        if (press !== held) return;
        press = null;
        hooks.focus(i, { focus: false });
        navigator.vibrate?.(8);
        startStroke(held.pointerId, held.i);
      }, LONG_PRESS_MS);
    }
  });

  grid.addEventListener('pointermove', (event) => {
    if (stroke && event.pointerId === stroke.pointerId) {
      // The event's target is the first cell (captured): the cell under the
      // point comes from the geometry (also off the grid's edge or mid-gap).
      const i = cellAtPoint(grid.getBoundingClientRect(), event.clientX, event.clientY, hooks.size());
      if (i !== null) paintTo(i);
      edgeScroll(event.clientX, event.clientY);
      return;
    }
    if (press && event.pointerId === press.pointerId) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) > TAP_SLOP) cancelPress();
    } else if (!stroke && event.pointerType === 'mouse') {
      const cell = cellAt(event.target);
      if (cell) hooks.hover(indexOf(cell));
    }
  });

  grid.addEventListener('pointerup', (event) => {
    if (stroke && event.pointerId === stroke.pointerId) {
      endStroke();
    } else if (press && event.pointerId === press.pointerId) {
      const { i } = press;
      cancelPress();
      tap(i);
    }
  });

  for (const type of ['pointercancel', 'lostpointercapture']) {
    grid.addEventListener(type, (event) => {
      // A pointercancel: the browser took the touch for a scroll or a zoom.
      if (press && event.pointerId === press.pointerId && type === 'pointercancel') cancelPress();
      if (stroke && event.pointerId === stroke.pointerId) endStroke();
    });
  }

  // A finger that held, then drags, paints: its moves must not scroll.
  // (Not passive, or the browser would not wait to hear it; it cancels
  // nothing otherwise, so a swipe still scrolls at once.)
  grid.addEventListener(
    'touchmove',
    (event) => {
      if (stroke && event.cancelable) event.preventDefault();
    },
    { passive: false },
  );
  // No context menu or selection callout for a held finger.
  grid.addEventListener('contextmenu', (event) => {
    if (stroke || press) event.preventDefault();
  });

  grid.addEventListener('keydown', (event) => {
    const cell = cellAt(event.target);
    if (!cell || !hooks.ready()) return;
    const i = indexOf(cell);
    const next = moveInGrid(i, event.key, { ctrlKey: event.ctrlKey || event.metaKey, size: hooks.size() });
    if (next !== null) {
      event.preventDefault();
      hooks.focus(next);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      hooks.activate(i);
    }
  });
  grid.addEventListener('focusin', (event) => {
    const cell = cellAt(event.target);
    if (cell) hooks.focus(indexOf(cell), { focus: false });
  });
}
