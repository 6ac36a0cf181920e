// The calculator's undo stack (www/model/undo.js): steps, bursts of changes
// coalesced into one, seals, redo, the limit, and the key of a change.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BURST_MS, changeKey, createUndoStack, describeKey, shortcutOf } from '../../www/model/undo.js';
import { parseFragment, sameScenario } from '../../www/model/scenario.js';

/** Records `texts` as changes of field `key`, `gap` ms apart from `start`. */
function type(stack, texts, { key = 'p1', start = 0, gap = 50 } = {}) {
  texts.forEach((text, i) => stack.record(text, { key, time: start + i * gap }));
}

test('a new stack has nothing to undo or redo', () => {
  const stack = createUndoStack('a');
  assert.equal(stack.present, 'a');
  assert.equal(stack.canUndo, false);
  assert.equal(stack.canRedo, false);
  assert.equal(stack.undo(), null);
  assert.equal(stack.redo(), null);
  assert.equal(stack.present, 'a');
});

test('typing is one step: undo goes back to before the burst, redo to its end', () => {
  const stack = createUndoStack('');
  type(stack, ['A', 'Ah', 'AhK', 'AhKh']);
  assert.deepEqual(stack.depth, { undo: 1, redo: 0 });
  assert.equal(stack.undo(), '');
  assert.equal(stack.redo(), 'AhKh');
  assert.equal(stack.canRedo, false);
});

test('a pause longer than the burst starts a new step', () => {
  const stack = createUndoStack('');
  type(stack, ['A', 'Ah']);
  type(stack, ['AhK', 'AhKh'], { start: 50 + BURST_MS + 1 });
  assert.equal(stack.undo(), 'Ah');
  assert.equal(stack.undo(), '');
});

test('a pause exactly as long as the burst still joins it', () => {
  const stack = createUndoStack('');
  stack.record('A', { key: 'p1', time: 0 });
  stack.record('Ah', { key: 'p1', time: BURST_MS });
  assert.deepEqual(stack.depth, { undo: 1, redo: 0 });
});

test('another field starts a new step, however quick', () => {
  const stack = createUndoStack('x');
  stack.record('y', { key: 'p1', time: 0 });
  stack.record('z', { key: 'board', time: 1 });
  assert.deepEqual(stack.depth, { undo: 2, redo: 0 });
});

test('a held gesture (a drag) is one step however slow; join merges one action', () => {
  const stack = createUndoStack(0);
  stack.record(1, { key: 'p1', time: 0, hold: true });
  stack.record(2, { key: 'p1', time: 10 * BURST_MS, hold: true });
  stack.record(3, { key: 'p1', time: 20 * BURST_MS, hold: true });
  assert.deepEqual(stack.depth, { undo: 1, redo: 0 });
  stack.seal();
  stack.record(4, { key: 'p1', time: 0 });
  stack.record(5, { key: 'p1 p2 board', time: 0, join: true }); // e.g. two changes in one click
  assert.deepEqual(stack.depth, { undo: 2, redo: 0 });
  assert.equal(stack.undo(), 3);
});

test('seal ends the step: the next change is its own', () => {
  const stack = createUndoStack('');
  stack.record('A', { key: 'p1', time: 0 });
  stack.seal();
  stack.record('Ah', { key: 'p1', time: 1 });
  assert.equal(stack.undo(), 'A');
});

test('a burst that comes back to where it started is no step', () => {
  const stack = createUndoStack('AhKh');
  stack.seal();
  type(stack, ['AhK', 'AhKh']);
  assert.equal(stack.canUndo, false);
  // ...and an earlier step is still there.
  const two = createUndoStack('');
  two.record('QQ+', { key: 'p1', time: 0 });
  two.seal();
  type(two, ['QQ', 'QQ+'], { start: 5000 });
  assert.deepEqual(two.depth, { undo: 1, redo: 0 });
  assert.equal(two.undo(), '');
});

test('an unchanged state records nothing and leaves redo alone', () => {
  const stack = createUndoStack('a');
  stack.record('b', { key: 'p1' });
  stack.undo();
  assert.equal(stack.record('a', { key: 'p1' }), false);
  assert.equal(stack.canRedo, true);
});

test('a new change after undo drops the redo steps', () => {
  const stack = createUndoStack('a');
  stack.record('b', { key: 'p1' });
  stack.seal();
  stack.record('c', { key: 'p1' });
  assert.equal(stack.undo(), 'b');
  stack.record('d', { key: 'board' });
  assert.equal(stack.canRedo, false);
  assert.equal(stack.undo(), 'b');
  assert.equal(stack.undo(), 'a');
});

test('undo then a change of the same field does not join the undone step', () => {
  const stack = createUndoStack('');
  stack.record('A', { key: 'p1', time: 0 });
  stack.undo();
  stack.record('K', { key: 'p1', time: 1 });
  assert.deepEqual(stack.depth, { undo: 1, redo: 0 });
  assert.equal(stack.undo(), '');
});

test('the oldest steps go beyond the limit', () => {
  const stack = createUndoStack(0, { limit: 3 });
  for (let i = 1; i <= 5; i++) {
    stack.record(i, { key: 'p1' });
    stack.seal();
  }
  assert.deepEqual(stack.depth, { undo: 3, redo: 0 });
  assert.equal(stack.undo(), 4);
  assert.equal(stack.undo(), 3);
  assert.equal(stack.undo(), 2);
  assert.equal(stack.undo(), null);
});

test('reset forgets every step', () => {
  const stack = createUndoStack('a');
  stack.record('b', { key: 'p1' });
  stack.reset('z');
  assert.equal(stack.present, 'z');
  assert.deepEqual(stack.depth, { undo: 0, redo: 0 });
});

test('scenarios: equal by their text, so a cleared range comes back character for character', () => {
  const range = 'QQ+, AKs,  A5s-A2s@50 ';
  const before = parseFragment(`#p1=${encodeURIComponent(range)}&p2=AhKh`);
  const stack = createUndoStack(before, { equals: sameScenario });
  const cleared = { ...before, players: ['', ''] };
  assert.equal(stack.record(cleared, { key: changeKey(before, cleared) }), true);
  assert.equal(stack.record({ ...cleared, heat: 1 }, { key: '' }), false, 'the grid view is no change');
  assert.equal(stack.undo().players[0], range);
});

test('changeKey names the fields that differ', () => {
  const a = { players: ['AhKh', 'QsQd'], board: '', dead: '', method: 'auto' };
  const cases = [
    [{ ...a, players: ['AhK', 'QsQd'] }, 'p1'],
    [{ ...a, board: '2h' }, 'board'],
    [{ ...a, players: ['', ''], board: '', dead: '5c' }, 'p1 p2 dead'],
    [{ ...a, players: ['AhKh', 'QsQd', ''] }, 'players'],
    [{ ...a, method: 'exact' }, 'method'],
    [a, ''],
  ];
  for (const [b, key] of cases) assert.equal(changeKey(a, b), key, JSON.stringify(b));
});

test('describeKey says which fields changed, for people', () => {
  const cases = [
    ['', ''],
    ['p1', 'Player 1'],
    ['board', 'the board'],
    ['p1 board', 'Player 1 and the board'],
    ['p1 p2 board dead', 'Player 1, Player 2, the board and the dead cards'],
    ['players', 'the players'],
    ['p10 method', 'Player 10 and the method'],
  ];
  for (const [key, words] of cases) assert.equal(describeKey(key), words, key);
});

test('shortcutOf: which key presses are undo and redo', () => {
  const ctrl = { ctrlKey: true };
  const cmd = { metaKey: true };
  const cases = [
    [{ ...ctrl, key: 'z', code: 'KeyZ' }, 'undo'],
    [{ ...cmd, key: 'z', code: 'KeyZ' }, 'undo'],
    [{ ...ctrl, shiftKey: true, key: 'Z', code: 'KeyZ' }, 'redo'],
    [{ ...cmd, shiftKey: true, key: 'z', code: 'KeyZ' }, 'redo'], // (Safari and Chrome on a Mac)
    [{ ...ctrl, key: 'y', code: 'KeyY' }, 'redo'],
    [{ ...cmd, key: 'y', code: 'KeyY' }, 'redo'],
    [{ ...ctrl, shiftKey: true, key: 'Y', code: 'KeyY' }, null],
    // What the key types wins over where it is: AZERTY's Z, QWERTZ's Y and Z.
    [{ ...ctrl, key: 'z', code: 'KeyW' }, 'undo'],
    [{ ...ctrl, key: 'w', code: 'KeyZ' }, null],
    [{ ...ctrl, key: 'y', code: 'KeyZ' }, 'redo'],
    // A layout without Latin letters: where the key is.
    [{ ...ctrl, key: 'я', code: 'KeyZ' }, 'undo'],
    [{ ...ctrl, shiftKey: true, key: 'Я', code: 'KeyZ' }, 'redo'],
    [{ ...ctrl, key: 'н', code: 'KeyY' }, 'redo'],
    // Not ours.
    [{ key: 'z', code: 'KeyZ' }, null],
    [{ shiftKey: true, key: 'Z', code: 'KeyZ' }, null],
    [{ ...ctrl, altKey: true, key: 'z', code: 'KeyZ' }, null],
    [{ ...ctrl, isComposing: true, key: 'z', code: 'KeyZ' }, null],
    [{ ...ctrl, key: 'Control', code: 'ControlLeft' }, null],
    [{ ...ctrl, key: 'Unidentified', code: 'KeyZ' }, null],
    [{ ...ctrl, key: '1', code: 'KeyZ' }, null],
    [{ ...ctrl, key: 'x', code: 'KeyX' }, null],
  ];
  for (const [event, action] of cases) assert.equal(shortcutOf(event), action, JSON.stringify(event));
});
