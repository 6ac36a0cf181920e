// Display only: how numbers and the engine's canonical suit letters are
// written on the pages (app.js and its views, evaluator.js, odds-view.js).
// No poker rule lives here: the engine says which cards and numbers there
// are; this module only draws them.

/** The engine's suit letters as symbols and as words. */
export const SUIT_SYMBOLS = { c: '♣', d: '♦', h: '♥', s: '♠' };
export const SUIT_NAMES = { c: 'clubs', d: 'diamonds', h: 'hearts', s: 'spades' };

/** 1234567 -> "1,234,567" (Intl.NumberFormat costs ~20 ms to create at load). */
export function formatInt(n) {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 1234567 -> "1.2M". */
export function formatCompact(n) {
  const units = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [size, suffix] of units) {
    if (n >= size) return `${(n / size).toFixed(1).replace(/\.0$/, '')}${suffix}`;
  }
  return String(Math.round(n));
}

/** "46.21%" when exact; an estimate always with its error: "46.2% ± 0.3". */
export function formatEquity(fraction, stdError, exact) {
  const pct = fraction * 100;
  if (exact) return `${pct.toFixed(2)}%`;
  const se = stdError * 100;
  const digits = se >= 1 ? 0 : se >= 0.1 ? 1 : 2;
  return `${pct.toFixed(digits)}% ± ${se.toFixed(digits)}`;
}

/**
 * A share of showdowns (a win, a tie, a split) and, estimated, its error:
 * as `formatEquity`, with the decimals the error needs (one significant
 * digit, 2 to 5 decimals): "0.19% ± 0.01", "0.012% ± 0.004"; exact,
 * "0.39%".
 */
export function formatShare(fraction, stdError, exact = false) {
  const se = stdError * 100;
  if (exact || !(se > 0) || se >= 0.1) return formatEquity(fraction, stdError, exact);
  const digits = Math.min(5, Math.max(2, Math.ceil(-Math.log10(se))));
  return `${(fraction * 100).toFixed(digits)}% ± ${se.toFixed(digits)}`;
}

/** 850 -> "850 ms", 1234 -> "1.2 s". */
export function formatMs(ms) {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** "1 combo", "1,326 combos". */
export function combosText(n) {
  return `${formatInt(n)} combo${n === 1 ? '' : 's'}`;
}

/** The engine's sentence with a capital first letter. */
export function capitalised(sentence) {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/**
 * Equity as odds against, "n : 1" (25% -> "3 : 1", 60% -> "0.67 : 1",
 * 99.7% -> "< 0.01 : 1", 100% -> "0 : 1"); an
 * estimate's with "≈" (its ± stays on the percentage beside it).
 */
export function formatOdds(fraction, exact) {
  let n;
  if (!(fraction > 0)) n = '∞';
  else if (fraction >= 1) n = '0';
  else {
    const against = (1 - fraction) / fraction;
    if (against < 0.005) return `${exact ? '' : '≈ '}< 0.01 : 1`; // (not "0 : 1": it is not won yet)
    const digits = against >= 100 ? 0 : against >= 10 ? 1 : 2;
    const [whole, part = ''] = against.toFixed(digits).split('.');
    const decimals = part.replace(/0+$/, '');
    n = `${formatInt(Number(whole))}${decimals ? `.${decimals}` : ''}`;
  }
  return `${exact ? '' : '≈ '}${n} : 1`;
}

/**
 * The text around 1-based character `pos` and a caret under it: at most
 * `before` characters before it and `after` after, cut with "…", line
 * breaks and tabs shown as spaces (so the caret stays under its character
 * in a phone-wide box: a long range put it out of sight).
 */
export function caretLines(text, pos, before = 20, after = 12) {
  const chars = [...text].map((c) => (/\s/.test(c) ? ' ' : c));
  const at = Math.min(Math.max(pos - 1, 0), chars.length);
  const from = Math.max(0, at - before);
  const to = Math.min(chars.length, at + after + 1);
  const head = from > 0 ? '…' : '';
  const line = `${head}${chars.slice(from, to).join('')}${to < chars.length ? '…' : ''}`;
  return `${line}\n${' '.repeat(head.length + at - from)}^`;
}

/**
 * Text people typed, shown back short: at most `max` characters, the
 * middle cut with "…" (a 100,000-character field is no reason for a
 * 58,000 px widget).
 */
export function shortText(text, max = 40) {
  const t = String(text);
  if (t.length <= max) return t;
  const tail = Math.floor(max / 4);
  return `${t.slice(0, max - tail - 1)}…${t.slice(-tail)}`;
}

/**
 * The largest standard error of an estimate's players, in percentage
 * points, to three significant digits: `0.0982` (what a sampled answer
 * reached; the page, the widget and the element say it).
 */
export function worstError(est) {
  const worst = Math.max(...est.players.map((p) => p.stdError)) * 100;
  return worst.toPrecision(worst < 0.001 ? 1 : 3);
}
