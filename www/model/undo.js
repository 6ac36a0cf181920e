// Undo and redo of the calculator's scenario: a DOM-free stack of
// snapshots (the page and the tests, node --test, use the same code).
//
// Every change is recorded after it happened (app.js's changed(): every
// view calls it), so the stack holds states, not commands: `present` is
// the scenario as it is, `past` what undo goes back to, `future` what redo
// goes forward to. A burst of changes to the same fields (typing, a drag
// over the grid, a slider being moved) is one step: a change joins the
// open step when it touches the same fields (its `key`) within `burstMs`
// of the last one, or always while the caller says the gesture is held
// (`hold`: a pointer still down) or is the same action (`join`: several
// changes in one task). `seal()` closes the open step: the caller calls it
// at the edges of gestures (a new pointer down, focus moving, a committed
// field, undo and redo themselves). A step whose changes cancel out (a
// letter typed then deleted) disappears.

/** Changes this close together (ms) to the same fields are one step. */
export const BURST_MS = 1000;
/** Steps kept: the oldest are forgotten beyond this. */
export const UNDO_LIMIT = 200;

/**
 * A new stack holding `initial` as the present.
 * @template S
 * @param {S} initial
 * @param {{equals?: (a: S, b: S) => boolean, limit?: number, burstMs?: number}} [options]
 */
export function createUndoStack(initial, { equals = Object.is, limit = UNDO_LIMIT, burstMs = BURST_MS } = {}) {
  /** @type {S[]} */
  let past = [];
  /** @type {S[]} */
  let future = [];
  let present = initial;
  /** The step still open to more changes: its fields and last change time. */
  let burst = null;

  return {
    get present() {
      return present;
    },
    get canUndo() {
      return past.length > 0;
    },
    get canRedo() {
      return future.length > 0;
    },
    /** Steps that undo (and redo) can take. */
    get depth() {
      return { undo: past.length, redo: future.length };
    },

    /** Forgets every step: `snapshot` is the present. */
    reset(snapshot) {
      past = [];
      future = [];
      present = snapshot;
      burst = null;
    },

    /**
     * The scenario is now `snapshot` (after a change with fields `key` at
     * `time` ms). Returns whether anything was recorded (false when
     * nothing changed).
     * @param {S} snapshot
     * @param {{key?: string, time?: number, hold?: boolean, join?: boolean}} [change]
     */
    record(snapshot, { key = '', time = 0, hold = false, join = false } = {}) {
      if (equals(snapshot, present)) return false;
      const open = burst !== null &&
        (join || (burst.key === key && (hold || time - burst.time <= burstMs)));
      if (open) {
        present = snapshot;
        burst.time = time;
        if (past.length > 0 && equals(present, past[past.length - 1])) {
          // The step came back to where it started: it is no step at all.
          past.pop();
          burst = null;
        }
        return true;
      }
      past.push(present);
      if (past.length > limit) past.splice(0, past.length - limit);
      present = snapshot;
      future = [];
      burst = { key, time };
      return true;
    },

    /** Closes the open step: the next change starts a new one. */
    seal() {
      burst = null;
    },

    /** Steps back: the snapshot to show, or null when there is none. */
    undo() {
      if (past.length === 0) return null;
      future.push(present);
      present = past.pop();
      burst = null;
      return present;
    },

    /** Steps forward again: the snapshot to show, or null when there is none. */
    redo() {
      if (future.length === 0) return null;
      past.push(present);
      present = future.pop();
      burst = null;
      return present;
    },
  };
}

/**
 * The fields that differ between two scenarios, as a step's key:
 * `"p1"`, `"board"`, `"p1 p2 board"`, or `"players"` when players were
 * added or removed. Changes with the same key can be one step.
 * @param {{players: string[], board: string, dead: string, method?: string}} a
 * @param {{players: string[], board: string, dead: string, method?: string}} b
 */
export function changeKey(a, b) {
  if (a.players.length !== b.players.length) return 'players';
  const fields = [];
  a.players.forEach((text, i) => {
    if (text !== b.players[i]) fields.push(`p${i + 1}`);
  });
  for (const field of ['board', 'dead', 'method']) {
    if (a[field] !== b[field]) fields.push(field);
  }
  return fields.join(' ');
}

const FIELD_NAMES = new Map([
  ['players', 'the players'],
  ['board', 'the board'],
  ['dead', 'the dead cards'],
  ['method', 'the method'],
]);

/**
 * A change's key (changeKey) in words, for people: "Player 1",
 * "Player 1, Player 2 and the board"; "" for no change.
 */
export function describeKey(key) {
  const names = key.split(' ').filter(Boolean)
    .map((field) => FIELD_NAMES.get(field) ?? `Player ${field.slice(1)}`);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * What a key press asks of undo: 'undo' (Ctrl+Z, Cmd+Z), 'redo'
 * (Ctrl+Shift+Z, Cmd+Shift+Z, Ctrl+Y, Cmd+Y) or null. A letter is what
 * the key types (Z on an AZERTY keyboard is where W is on a QWERTY one);
 * on a layout without Latin letters, where the key is (`code`). Alt
 * combinations and keys of an input method still composing are not ours.
 * @param {{key: string, code?: string, ctrlKey?: boolean, metaKey?: boolean,
 *          shiftKey?: boolean, altKey?: boolean, isComposing?: boolean}} event
 * @returns {'undo' | 'redo' | null}
 */
export function shortcutOf(event) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.isComposing) return null;
  const typed = typeof event.key === 'string' && [...event.key].length === 1 ? event.key.toLowerCase() : '';
  const letter = /^[a-z]$/.test(typed)
    ? typed
    : /^\p{L}$/u.test(typed) ? /^Key([A-Z])$/.exec(event.code ?? '')?.[1].toLowerCase() : null;
  if (letter === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (letter === 'y' && !event.shiftKey) return 'redo';
  return null;
}
