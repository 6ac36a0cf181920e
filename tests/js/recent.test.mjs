// The calculator's recent scenarios (www/model/recent.js): what is read back from
// storage (tests/data/recent_storage.txt, one case per line), adding,
// de-duplicating and capping, labels, relative times, and storage that is
// missing or throws.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  MAX_FRAGMENT,
  MAX_STORED,
  RECENT_KEY,
  RECENT_LIMIT,
  addRecent,
  openRecentStore,
  parseRecent,
  recentLabel,
  relativeTime,
  serializeRecent,
  worthKeeping,
} from '../../www/model/recent.js';
import { parseFragment } from '../../www/model/scenario.js';

const NOW = 2_000_000_000_000;
const TABLE = new URL('../data/recent_storage.txt', import.meta.url);

test('stored text reads back as tests/data/recent_storage.txt says', () => {
  const lines = readFileSync(TABLE, 'utf8').split('\n');
  let cases = 0;
  lines.forEach((line, n) => {
    if (line.trim() === '' || line.startsWith('#')) return;
    const at = line.lastIndexOf(' => ');
    assert.ok(at >= 0, `line ${n + 1}: no " => "`);
    const stored = line.slice(0, at) === 'null' ? null : line.slice(0, at);
    const want = line.slice(at + 4);
    const got = parseRecent(stored, NOW).map((item) => item.fragment).join(' | ') || '(none)';
    assert.equal(got, want, `line ${n + 1}: ${stored}`);
    cases++;
  });
  assert.ok(cases >= 30, `${cases} cases`);
});

test('what is read back is well-formed: strings and times, capped, no prototype members', () => {
  const items = Array.from({ length: 100 }, (_, i) => ({ f: `p1=${i}c${i}d&p2=KK`, t: i }));
  const list = parseRecent(JSON.stringify({ v: 1, items }), NOW);
  assert.ok(list.length <= RECENT_LIMIT);
  for (const item of list) {
    assert.deepEqual(Object.keys(item), ['fragment', 'time']);
    assert.equal(Object.getPrototypeOf(item), Object.prototype);
    assert.equal(typeof item.fragment, 'string');
    assert.ok(Number.isFinite(item.time) && item.time <= NOW);
  }
  assert.equal(({}).f, undefined, 'Object.prototype untouched');
});

test('huge stored text is not parsed; a huge fragment is dropped, its neighbours kept', () => {
  const huge = JSON.stringify({ v: 1, items: [{ f: 'p1=AA&p2=KK', t: 1 }], pad: 'x'.repeat(MAX_STORED) });
  assert.deepEqual(parseRecent(huge, NOW), []);
  const long = `p1=${'A'.repeat(MAX_FRAGMENT)}&p2=KK`;
  const text = JSON.stringify({ v: 1, items: [{ f: long, t: 2 }, { f: 'p1=AA&p2=KK', t: 1 }] });
  assert.deepEqual(parseRecent(text, NOW).map((i) => i.fragment), ['p1=AA&p2=KK&board=&dead=']);
  assert.deepEqual(parseRecent(undefined, NOW), []);
  assert.deepEqual(parseRecent(42, NOW), []);
});

test('adding: newest first, the same scenario moves up, the oldest drop beyond the cap', () => {
  let list = [];
  for (let i = 0; i < RECENT_LIMIT + 5; i++) {
    list = addRecent(list, parseFragment(`#p1=AA&p2=KK&board=${i}`), i);
  }
  assert.equal(list.length, RECENT_LIMIT);
  assert.equal(list[0].fragment, `p1=AA&p2=KK&board=${RECENT_LIMIT + 4}&dead=`);
  list = addRecent(list, parseFragment('#p1=AA&p2=KK&board=10&heat=1'), 99);
  assert.equal(list.length, RECENT_LIMIT);
  assert.equal(list[0].fragment, 'p1=AA&p2=KK&board=10&dead=&heat=1');
  assert.equal(list.filter((i) => i.fragment.includes('board=10&')).length, 1);
  // Round trip through storage text.
  assert.deepEqual(parseRecent(serializeRecent(list), NOW), list);
});

test('the default scenario, an empty one and a broken link are not kept', () => {
  for (const hash of ['', '#p1=AhKh&p2=QsQd', '#p1=&p2=&board=&dead=', '#p1=+&p2=%09', '#p1=AA&p1=KK']) {
    const scenario = parseFragment(hash);
    assert.equal(worthKeeping(scenario), false, hash);
    assert.deepEqual(addRecent([], scenario, 1), [], hash);
  }
  assert.equal(worthKeeping(parseFragment('#p1=AhKh&p2=QsQd&board=2h7hTc')), true);
  assert.equal(worthKeeping(parseFragment('#p1=AhKh&p2=QsQd&p3=')), true);
});

test('labels: the text as typed, short, on one line', () => {
  const cases = [
    ['#p1=AhKh&p2=QsQd&board=2h7hTc', 'AhKh v QsQd · 2h7hTc'],
    ['#p1=QQ%2B%2C+AKs&p2=10%25&dead=5c', 'QQ+, AKs v 10% · dead 5c'],
    ['#p1=AhKh&p2=&p3=random', 'AhKh v ? v random'],
    ['#p1=a%0Ab%E2%80%8Bc&p2=KK', 'a b c v KK'],
    [`#p1=${'22%2C'.repeat(30)}&p2=KK`, '22,22,22,22,22,22,22,22… v KK'],
  ];
  for (const [hash, label] of cases) assert.equal(recentLabel(parseFragment(hash)), label, hash);
});

test('relative times', () => {
  const cases = [
    [0, 'just now'],
    [59e3, 'just now'],
    [60e3, '1 minute ago'],
    [5 * 60e3, '5 minutes ago'],
    [3 * 3600e3, '3 hours ago'],
    [25 * 3600e3, 'yesterday'],
    [3 * 24 * 3600e3, '3 days ago'],
    [8 * 24 * 3600e3, 'last week'],
    [400 * 24 * 3600e3, 'last year'],
    [-5000, 'just now'],
  ];
  for (const [ago, text] of cases) assert.equal(relativeTime(NOW - ago, NOW), text, String(ago));
});

/** A Storage stand-in: a Map, with `fail` naming the methods that throw. */
function fakeStorage(fail = []) {
  const map = new Map();
  const thrower = (name) => {
    if (fail.includes(name)) throw new DOMException('refused', 'QuotaExceededError');
  };
  return {
    map,
    getItem: (k) => (thrower('getItem'), map.has(k) ? map.get(k) : null),
    setItem: (k, v) => (thrower('setItem'), map.set(k, String(v))),
    removeItem: (k) => (thrower('removeItem'), map.delete(k)),
  };
}

test('the store keeps the list in storage under allin:recent', () => {
  const storage = fakeStorage();
  const store = openRecentStore(() => storage);
  assert.equal(store.available, true);
  assert.deepEqual(store.load(NOW), []);
  const list = addRecent([], parseFragment('#p1=AA&p2=KK'), 5);
  assert.equal(store.save(list), true);
  assert.deepEqual([...storage.map.keys()], [RECENT_KEY]);
  assert.deepEqual(openRecentStore(() => storage).load(NOW), list);
  assert.equal(store.save([]), true);
  assert.equal(storage.map.size, 0);
});

test('storage that is missing or throws: the list lasts for the page, nothing throws', () => {
  const list = addRecent([], parseFragment('#p1=AA&p2=KK'), 5);
  const cases = [
    ['no storage', () => null],
    ['reading localStorage throws', () => { throw new DOMException('blocked', 'SecurityError'); }],
    ['writing throws', () => fakeStorage(['setItem'])],
    ['everything throws', () => fakeStorage(['getItem', 'setItem', 'removeItem'])],
  ];
  for (const [name, get] of cases) {
    const store = openRecentStore(get);
    assert.equal(store.available, false, name);
    assert.deepEqual(store.load(NOW), [], name);
    assert.equal(store.save(list), false, name);
    assert.deepEqual(store.load(NOW), list, name);
  }
  // Storage that starts refusing later (a full quota) turns the store off.
  const storage = fakeStorage();
  const store = openRecentStore(() => storage);
  storage.setItem = () => {
    throw new DOMException('full', 'QuotaExceededError');
  };
  assert.equal(store.save(list), false);
  assert.equal(store.available, false);
  assert.deepEqual(store.load(NOW), list);
});
