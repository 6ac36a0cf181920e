// Seeded fuzzing of what a stranger's link reaches before any wasm runs:
// the URL-fragment parser (www/model/scenario.js) and the embed parameters and
// generated code (www/model/embedding.js). Invariants: never throws; returns
// only its own keys, with values of the documented types and ranges (no
// `__proto__`, `constructor` or other inherited value leaks through a
// lookup), and never touches Object.prototype; valid scenarios round-trip
// through the fragment; generated code carries user text escaped only.
//
// ALLIN_FUZZ_CASES=N sets the cases per test (default 20000),
// ALLIN_FUZZ_SEED=S the seed; the executions are printed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MAX_PLAYERS,
  MAX_VS,
  MIN_PLAYERS,
  parseFragment,
  sameScenario,
  toFragment,
} from '../../www/model/scenario.js';
import {
  STYLE_PARAMS,
  THEMES,
  elementCode,
  escapeHtml,
  iframeCode,
  parseStyle,
} from '../../www/model/embedding.js';

const CASES = Number(process.env.ALLIN_FUZZ_CASES) || 20000;
const SEED = Number(process.env.ALLIN_FUZZ_SEED) || 0x0a111100;

/** splitmix64 in BigInt, as the Rust tests' Rng: reproducible from SEED. */
function rng(seed) {
  let state = BigInt(seed) & 0xffffffffffffffffn;
  const next = () => {
    state = (state + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    return z ^ (z >> 31n);
  };
  return {
    below: (n) => Number(next() % BigInt(n)),
    pick(list) {
      return list[this.below(list.length)];
    },
  };
}

const KEYS = ['p1', 'p2', 'p3', 'p9', 'p10', 'p11', 'p0', 'p01', 'p1e1', 'board', 'dead', 'method',
  'heat', 'vs', '__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf',
  'theme', 'accent', 'bg', 'radius', 'P1', ' p1', ''];
const VALUES = ['AhKh', 'QsQd', 'QQ%2B', '10%25', 'random', 'mc', 'exact', 'auto', 'monte-carlo',
  '__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype', '__defineGetter__',
  '1', '9', '10', '0', '-1', '01', '1e1', '99', 'NaN', '', '%', '%E0%A4%A', '%ZZ', '%00', '%0A',
  '%E2%80%8B', '%EF%BB%BF', '%D8%00', '+', '&', '=', '#', '?', '<script>', '"', "'", '#ff6600',
  '#FFF', '#12345678', 'red', 'url(x)', '12px', '100px', 'dark', 'light', 'auto'];
const CHARS = ['a', 'Z', '0', '9', '&', '=', '#', '%', '+', '?', ' ', '\u0000', '\u001b', '\u200b',
  '\ufeff', '\ud800', '\udfff', '\u0301', '♠', '🂡', '<', '>', '"', "'", '\\', '/', ';', ','];

function hostileFragment(r) {
  switch (r.below(4)) {
    case 0: {
      const n = r.below(40);
      let s = '';
      for (let i = 0; i < n; i++) s += r.pick(CHARS);
      return s;
    }
    case 1: {
      const n = r.below(8);
      const parts = [];
      for (let i = 0; i < n; i++) parts.push(`${r.pick(KEYS)}=${r.pick(VALUES)}`);
      return (r.below(2) ? '#' : '') + parts.join(r.below(5) ? '&' : r.pick(['&&', ';', '']));
    }
    case 2:
      return `p1=${r.pick(VALUES)}&p2=${r.pick(VALUES)}&method=${r.pick(VALUES)}` +
        `&heat=${r.pick(VALUES)}&vs=${r.pick(VALUES)}`;
    default:
      return `${r.pick(KEYS)}=${r.pick(VALUES).repeat(1 + r.below(2000))}`;
  }
}

const SCENARIO_KEYS = ['board', 'dead', 'heat', 'method', 'players', 'vs'];

/** What any scenario parseFragment returns must look like. */
function checkScenario(s, input) {
  const where = String(JSON.stringify(input)).slice(0, 200);
  assert.equal(Object.getPrototypeOf(s), Object.prototype, where);
  // `problem` (a key given twice, too many players) is there only when set.
  if ('problem' in s) assert.equal(typeof s.problem, 'string', where);
  assert.deepEqual(Object.keys(s).filter((k) => k !== 'problem').sort(), SCENARIO_KEYS, where);
  assert.ok(Array.isArray(s.players), where);
  assert.ok(s.players.length >= MIN_PLAYERS && s.players.length <= MAX_PLAYERS, where);
  for (const p of s.players) assert.equal(typeof p, 'string', where);
  assert.equal(typeof s.board, 'string', where);
  assert.equal(typeof s.dead, 'string', where);
  assert.ok(['auto', 'exact', 'monte-carlo'].includes(s.method), `method ${String(s.method)}: ${where}`);
  assert.ok(s.heat === null || (Number.isInteger(s.heat) && s.heat >= 1 && s.heat <= s.players.length), where);
  assert.ok(Number.isInteger(s.vs) && s.vs >= 1 && s.vs <= MAX_VS, where);
}

/** Object.prototype as it was when the test started. */
const PROTO_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

function prototypeUntouched() {
  assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), PROTO_KEYS);
  assert.equal({}.polluted, undefined);
}

test('parseFragment never throws and returns only a well-formed scenario', () => {
  const r = rng(SEED);
  let ran = 0;
  const failures = new Map();
  for (let i = 0; i < CASES; i++) {
    const input = hostileFragment(r);
    ran++;
    try {
      const s = parseFragment(input);
      checkScenario(s, input);
      // Whatever was read round-trips through the fragment (a problem with
      // the link itself is not part of what was read).
      const again = parseFragment(toFragment(s));
      const { problem, ...read } = s;
      assert.deepEqual(again, read, `round trip of ${JSON.stringify(input).slice(0, 200)}`);
      assert.equal(sameScenario(s, again), !problem);
    } catch (err) {
      const key = err.message.split('\n')[0].replace(/: ".*$/, '').slice(0, 80);
      if (!failures.has(key)) failures.set(key, `${JSON.stringify(input).slice(0, 160)}: ${err.message.split('\n')[0]}`);
    }
  }
  for (const odd of [undefined, null, 0, 12, {}, [], '#'.repeat(100000)]) {
    checkScenario(parseFragment(odd), odd);
  }
  prototypeUntouched();
  console.log(`scenario fuzz: ${ran} fragments (seed ${SEED}), ${failures.size} kinds of failure`);
  assert.deepEqual([...failures.values()], []);
});

test('valid scenarios round-trip through the fragment', () => {
  const r = rng(SEED ^ 1);
  const text = () => {
    let s = '';
    const n = r.below(12);
    for (let i = 0; i < n; i++) s += r.pick([...CHARS.filter((c) => !/[\ud800-\udfff]/.test(c)), 'Ah', 'QQ+', '10%']);
    return s;
  };
  for (let i = 0; i < CASES; i++) {
    const players = Array.from({ length: MIN_PLAYERS + r.below(MAX_PLAYERS - 1) }, text);
    const s = {
      players,
      board: text(),
      dead: text(),
      method: r.pick(['auto', 'exact', 'monte-carlo']),
      heat: r.below(3) ? null : 1 + r.below(players.length),
      vs: 1 + r.below(MAX_VS),
    };
    assert.deepEqual(parseFragment(`#${toFragment(s)}`), s);
  }
  prototypeUntouched();
  console.log(`scenario round trips: ${CASES}`);
});

test('embed parameters: never throw, apply only strict values, own keys only', () => {
  const r = rng(SEED ^ 2);
  const properties = Object.values(STYLE_PARAMS);
  const failures = [];
  let applied = 0;
  for (let i = 0; i < CASES; i++) {
    const input = hostileFragment(r);
    try {
      const style = parseStyle(input);
      assert.deepEqual(Object.keys(style).sort(), ['ignored', 'theme', 'vars']);
      assert.ok(THEMES.includes(style.theme));
      if (Object.keys(style.vars).length > 0) applied++;
      for (const [property, value] of Object.entries(style.vars)) {
        assert.ok(properties.includes(property), property);
        assert.match(value, /^(#[0-9a-f]{3,8}|\d{1,2}px)$/i);
      }
      for (const name of style.ignored) assert.ok(name === 'theme' || Object.hasOwn(STYLE_PARAMS, name));
    } catch (err) {
      if (failures.length < 5) failures.push(`${JSON.stringify(input).slice(0, 160)}: ${err.message}`);
    }
  }
  prototypeUntouched();
  console.log(`embed parameter fuzz: ${CASES} inputs, ${applied} with a style value applied`);
  assert.deepEqual(failures, []);
  // The value checks above must have run: a generator that drifted into
  // only refused values would check nothing (about 1 input in 260 applies
  // one today: 76 of the default 20,000).
  assert.ok(applied >= Math.floor(CASES / 1000), `only ${applied} of ${CASES} inputs applied a style value`);
});

test('generated embed code carries user text escaped, whatever it is', () => {
  const r = rng(SEED ^ 3);
  for (let i = 0; i < CASES / 10; i++) {
    const s = parseFragment(hostileFragment(r));
    const escaped = escapeHtml(s.players.join('') + s.board + s.dead);
    assert.doesNotMatch(escaped, /[<>"']/);
    const element = elementCode('https://example.org/allin/', s);
    // Only our own tags: <script …></script> and <allin-odds …></allin-odds>.
    assert.equal(element.split('<').length - 1, 4, element.slice(0, 300));
    assert.equal(element.split('>').length - 1, 4, element.slice(0, 300));
    const frame = iframeCode('https://example.org/allin/', s);
    assert.equal(frame.split('<').length - 1, 2, frame.slice(0, 300));
    assert.equal(frame.split('"').length % 2, 1, frame.slice(0, 300));
  }
  console.log(`embed code fuzz: ${CASES / 10} scenarios`);
});
