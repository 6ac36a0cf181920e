// www/model/format.js: how numbers read on the page (no browser).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { caretLines, formatEquity, formatShare, shortText } from '../../www/model/format.js';

test('formatShare: a split share with the decimals its error needs', () => {
  const cases = [
    // [share, stdError, text]
    [0.0019, 0.0001, '0.19% ± 0.01'],
    [0.00012, 0.00004, '0.012% ± 0.004'],
    [0.000003, 0.000001, '0.0003% ± 0.0001'],
    [0.000001, 0.0000005, '0.00010% ± 0.00005'],
    [1e-9, 1e-9, '0.00000% ± 0.00000'],
    [0.1055, 0.0002, '10.55% ± 0.02'],
    [0.3, 0.005, '30.0% ± 0.5'],
    [0.5, 0.02, '50% ± 2'],
    [0.2, 0, '20.00% ± 0.00'],
  ];
  for (const [share, se, text] of cases) assert.equal(formatShare(share, se), text, `${share} ± ${se}`);
  // From an error of 0.1% on, the equities' own layout.
  assert.equal(formatShare(0.3, 0.005), formatEquity(0.3, 0.005, false));
});

test('caretLines: the text around the error and a caret under it, short enough for a phone', () => {
  assert.equal(caretLines('AKx', 3), 'AKx\n  ^');
  assert.equal(caretLines('QQ+,\nchips', 6), 'QQ+, chips\n     ^');
  const long = 'QQ+, AKs, A2s+, KTs+, QTs+, JTs, T9s, 98s, 87s, 76s, 65s, 54s, AJo+, KQo, zz';
  const [line, caret] = caretLines(long, long.length - 1).split('\n');
  assert.equal(line, '…5s, 54s, AJo+, KQo, zz');
  assert.equal(line[caret.length - 1], 'z');
  assert.equal(caret.trim(), '^');
  const [mid, under] = caretLines(long, 30).split('\n');
  assert.ok(mid.startsWith('…') && mid.endsWith('…'), mid);
  assert.equal(mid[under.length - 1], [...long][29]);
  assert.ok(mid.length <= 35, mid);
  // A position past the end (the engine points after the text for "expected …").
  assert.equal(caretLines('AhK', 4), 'AhK\n   ^');
});

test('shortText: typed text shown back at most 40 characters, the middle cut', () => {
  assert.equal(shortText('QQ+, AKs'), 'QQ+, AKs');
  assert.equal(shortText('x'.repeat(40)), 'x'.repeat(40));
  const long = shortText(`${'K'.repeat(100_000)}end`);
  assert.equal(long.length, 40);
  assert.equal(long, `${'K'.repeat(29)}…${'K'.repeat(7)}end`);
  assert.equal(shortText('abcdefghij', 8), 'abcde…ij');
});
