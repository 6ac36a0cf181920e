// Random cards for the picker's "Random hand" and "Random board": drawn
// with the device's own randomness (crypto.getRandomValues), uniformly,
// from the cards the caller says are free. DOM-free; nothing is sent
// anywhere, and no card rule lives here (the engine says which are free).

/** A uniform integer in [0, n), by rejection (no modulo bias). */
export function randomBelow(n, random = globalThis.crypto) {
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`randomBelow(${n})`);
  const limit = Math.floor(2 ** 32 / n) * n;
  const word = new Uint32Array(1);
  do random.getRandomValues(word); while (word[0] >= limit);
  return word[0] % n;
}

/**
 * `count` distinct entries of `pool`, each subset equally likely, in the
 * order drawn (a partial Fisher–Yates shuffle of a copy). Fewer if the
 * pool has fewer.
 */
export function drawRandom(pool, count, random = globalThis.crypto) {
  const items = [...pool];
  const n = Math.min(count, items.length);
  for (let i = 0; i < n; i++) {
    const j = i + randomBelow(items.length - i, random);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items.slice(0, n);
}
