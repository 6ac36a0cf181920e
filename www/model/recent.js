// Recent scenarios: the list the page keeps in this browser's localStorage
// (never sent anywhere), newest first. DOM-free: the page (recent-view.js)
// and the tests (node --test) use the same code.
//
// Stored under `allin:recent` as JSON `{"v": 1, "items": [{"f": fragment,
// "t": ms since 1970}, …]}`. What is read back is never trusted: anything
// that is not that shape (hand-edited JSON, `__proto__` keys, huge strings,
// another version) is dropped item by item, each fragment is read again by
// scenario.js and written back in its own form, and the list is
// de-duplicated and capped. Storage that is missing or throws (private
// mode, a full quota, storage blocked) makes the store say so; nothing
// throws out of it.

import { DEFAULT_SCENARIO, parseFragment, sameScenario, toFragment } from './scenario.js';
import { GAMES } from './game.js';

/** The localStorage key: every key the page uses starts with `allin:`. */
export const RECENT_KEY = 'allin:recent';
/** Scenarios kept. */
export const RECENT_LIMIT = 20;
/** Longest fragment kept (ten long ranges fit easily). */
export const MAX_FRAGMENT = 4000;
/** Stored text longer than this is not even parsed. */
export const MAX_STORED = RECENT_LIMIT * (MAX_FRAGMENT + 64) + 64;
/** Longest part of a label (a player's text, the board, the dead cards). */
export const LABEL_PART = 24;

/**
 * @typedef {{fragment: string, time: number}} RecentItem
 * `fragment`: the scenario's URL fragment (scenario.js, without `#`);
 * `time`: when it was last settled on, in ms since 1970.
 */

/** A scenario worth keeping: not the default one, not empty, no problem with its link. */
export function worthKeeping(scenario) {
  if (scenario.problem) return false;
  const empty = scenario.players.every((text) => text.trim() === '') &&
    scenario.board.trim() === '' && scenario.dead.trim() === '';
  return !empty && !sameScenario(scenario, DEFAULT_SCENARIO);
}

/** A stored item read safely: a RecentItem, or null when it is not one. */
function readItem(item, now) {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return null;
  const fragment = Object.hasOwn(item, 'f') ? item.f : undefined;
  const time = Object.hasOwn(item, 't') ? item.t : undefined;
  if (typeof fragment !== 'string' || fragment.length > MAX_FRAGMENT) return null;
  // A time from the future (a clock put back) is kept, as now.
  if (typeof time !== 'number' || !Number.isFinite(time) || time < 0) return null;
  const scenario = parseFragment(fragment);
  if (!worthKeeping(scenario)) return null;
  const canonical = toFragment(scenario);
  if (canonical.length > MAX_FRAGMENT) return null;
  return { fragment: canonical, time: Math.min(time, now) };
}

/**
 * The list stored as `text` (what localStorage gave, or null), sanitised:
 * well-formed items only, newest first, no two for the same scenario, at
 * most RECENT_LIMIT.
 * @param {unknown} text
 * @param {number} now
 * @returns {RecentItem[]}
 */
export function parseRecent(text, now) {
  if (typeof text !== 'string' || text.length > MAX_STORED) return [];
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return [];
  if (!Object.hasOwn(data, 'v') || data.v !== 1 || !Object.hasOwn(data, 'items')) return [];
  if (!Array.isArray(data.items)) return [];
  const items = [];
  for (const raw of data.items.slice(0, RECENT_LIMIT * 4)) {
    const item = readItem(raw, now);
    if (item) items.push(item);
  }
  items.sort((a, b) => b.time - a.time);
  return dedupe(items).slice(0, RECENT_LIMIT);
}

/** The text to store for `items`. */
export function serializeRecent(items) {
  return JSON.stringify({ v: 1, items: items.map(({ fragment, time }) => ({ f: fragment, t: time })) });
}

function dedupe(items) {
  const kept = [];
  for (const item of items) {
    const scenario = parseFragment(item.fragment);
    if (!kept.some((k) => sameScenario(parseFragment(k.fragment), scenario))) kept.push(item);
  }
  return kept;
}

/**
 * `items` with `scenario` (settled on at `now`) first: an earlier entry
 * for the same scenario moves up, the oldest beyond the cap drop. A
 * scenario not worth keeping leaves the list as it is.
 * @returns {RecentItem[]}
 */
export function addRecent(items, scenario, now) {
  if (!worthKeeping(scenario)) return items;
  const fragment = toFragment(scenario);
  if (fragment.length > MAX_FRAGMENT) return items;
  return dedupe([{ fragment, time: now }, ...items]).slice(0, RECENT_LIMIT);
}

/** `text` on one line, control and invisible characters as spaces, at most `max` characters. */
function shorten(text, max = LABEL_PART) {
  const flat = [...text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu, ' ').trim()];
  return flat.length > max ? `${flat.slice(0, max - 1).join('').trimEnd()}…` : flat.join('');
}

/**
 * A short label of a scenario, its text as typed: `AhKh v QsQd · 2h7hTc`,
 * `QQ+, AKs v 10% · dead 5c`.
 */
export function recentLabel(scenario) {
  const players = scenario.players.map((text) => shorten(text) || '?').join(' v ');
  const parts = [players];
  if (scenario.board.trim()) parts.push(shorten(scenario.board));
  if (scenario.dead.trim()) parts.push(`dead ${shorten(scenario.dead)}`);
  if (scenario.game === 'five-card') parts.unshift('5-card');
  if (GAMES.get(scenario.game)?.family === 'draw') parts.unshift(GAMES.get(scenario.game).label);
  if (typeof scenario.game === 'string' && GAMES.has(scenario.game) && scenario.game.match(/^(omaha|shortdeck|stud|razz)/)) {
    const trips = scenario.game === 'shortdeck' && scenario.rules === 'trips-beat-straight' ? ' (trips > straight)' : '';
    parts.unshift(GAMES.get(scenario.game).label + trips);
  }
  if (scenario.game === 'three-card') parts.unshift(`3-card ${shorten(String(scenario.rules ?? ''))}`);
  return parts.join(' · ');
}

const UNITS = [
  ['year', 365 * 24 * 3600e3],
  ['month', 30 * 24 * 3600e3],
  ['week', 7 * 24 * 3600e3],
  ['day', 24 * 3600e3],
  ['hour', 3600e3],
  ['minute', 60e3],
];

/** When `time` was, said relative to `now`: "just now", "5 minutes ago", "yesterday". */
export function relativeTime(time, now) {
  const ago = Math.max(0, now - time);
  if (ago < 60e3) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (ago >= ms) return format.format(-Math.floor(ago / ms), unit);
  }
  return 'just now';
}

/**
 * The recent list in `getStorage()` (a Storage, or a function that throws
 * or returns null where there is none). `available` says whether it can
 * keep anything across visits; when it cannot, the list lives for this
 * page only. Nothing here throws.
 * @param {() => Storage | null} getStorage
 */
export function openRecentStore(getStorage) {
  let storage = null;
  try {
    storage = getStorage() ?? null;
    // Writing is what private modes and full quotas refuse.
    storage?.setItem(`${RECENT_KEY}:probe`, '1');
    storage?.removeItem(`${RECENT_KEY}:probe`);
  } catch {
    storage = null;
  }
  /** The list of this page (the stored one, or the only one without storage). */
  let memory = [];
  const store = {
    /** Whether the list survives a reload. */
    available: storage !== null,
    /** The list, newest first. */
    load(now = Date.now()) {
      if (!store.available) return memory;
      try {
        memory = parseRecent(storage.getItem(RECENT_KEY), now);
      } catch {
        store.available = false;
      }
      return memory;
    },
    /** Stores `items`; false (and the list kept for this page only) when storage refuses. */
    save(items) {
      memory = items;
      if (!store.available) return false;
      try {
        if (items.length === 0) storage.removeItem(RECENT_KEY);
        else storage.setItem(RECENT_KEY, serializeRecent(items));
        return true;
      } catch {
        store.available = false;
        return false;
      }
    },
  };
  return store;
}
