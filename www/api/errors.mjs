// The JS API's errors (allin.mjs). Every message is the engine's own,
// verbatim; JS adds only which field it belongs to.

/** Any error the API throws on purpose. `field`: the input it is about, or null. */
export class AllinError extends Error {
  constructor(message, { field = null, cause } = {}) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'AllinError';
    /** @type {string | null} */
    this.field = field;
  }
}

/**
 * Bad input: the engine's message (which card, which field, why) and the
 * field: `'players'`, `'p1'`…`'p10'`, `'board'`, `'dead'`, `'method'`,
 * `'hand'`, `'cards'`, `'range'`, `'pot'`, `'call'`, `'equity'`,
 * `'trials'`, `'seed'`, `'timeBudgetMs'`, `'vs'`, `'opponents'`, `'game'`,
 * `'rules'` (deal()), `'options'` (an option a function does not take).
 */
export class InputError extends AllinError {
  constructor(message, options) {
    super(message, options);
    this.name = 'InputError';
  }
}

/** Range text that does not read: `position` is the 1-based character it points at, or null. */
export class RangeTextError extends InputError {
  constructor(message, { position = null, ...options } = {}) {
    super(message, options);
    this.name = 'RangeTextError';
    /** @type {number | null} */
    this.position = position;
  }
}

/** The engine itself failed (could not load, or trapped: call `init()` again). */
export class EngineError extends AllinError {
  constructor(message, options) {
    super(message, options);
    this.name = 'EngineError';
  }
}

/**
 * Calls `fn`, turning an Error thrown by the wasm binding (message and
 * `field`) into an InputError with the same message and field (`field`
 * when the binding names none), and a trap into an EngineError.
 */
export function engineCall(fn, field = null, onTrap = () => {}) {
  try {
    return fn();
  } catch (err) {
    if (err instanceof AllinError) throw err;
    if (err instanceof WebAssembly.RuntimeError) {
      onTrap();
      throw new EngineError(`the engine failed (${err.message}); call init() again`, { cause: err });
    }
    const message = err instanceof Error ? err.message : String(err);
    throw new InputError(message, { field: err?.field ?? field, cause: err });
  }
}
