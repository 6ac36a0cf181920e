// allin's service worker: after one visit, the whole site works offline.
//
// A polite guest:
// - It precaches the site's own files (the list and the version come from
//   sw-version.js, generated at build time from every file's bytes; the
//   registration waits for the page's first result) into one
//   cache, `allin-<version>@<scope>`, and on activation deletes only older
//   caches with its own prefix and scope: never another app's, nor another
//   copy of allin hosted elsewhere on the same origin.
// - It answers only same-origin GET requests for files it precached, from
//   the cache, and for the few it keeps when first fetched (ALLIN_ON_DEMAND:
//   the preflop table, fetched only by a job that needs it). Everything else
//   (other origins, other paths, POSTs) it does not touch: no respondWith,
//   no caching, no proxying.
// - A new version installs in the background and then waits. The page
//   (sw-register.js) offers it when the engine is idle, and only when the
//   user accepts does it post `{type: 'allin:activate'}`, which makes this
//   worker take over. An update never interrupts a running calculation.

/* eslint-env serviceworker */

importScripts('sw-version.js'); // self.ALLIN_VERSION, self.ALLIN_PRECACHE, self.ALLIN_ON_DEMAND

const PREFIX = 'allin-';
const SCOPE = self.registration.scope;
const CACHE = `${PREFIX}${self.ALLIN_VERSION}@${SCOPE}`;
/** Absolute URLs of the precached files. */
const PRECACHED = new Set(self.ALLIN_PRECACHE.map((path) => new URL(path, SCOPE).href));
/** Absolute URLs of the files kept when first fetched. */
const ON_DEMAND = new Set((self.ALLIN_ON_DEMAND ?? []).map((path) => new URL(path, SCOPE).href));

/** Whether `name` is one of our caches for this scope. */
function isOurs(name) {
  return name.startsWith(PREFIX) && name.endsWith(`@${SCOPE}`);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Straight from the server, past any HTTP cache: a new version must
      // not be filled with an old file's bytes.
      await cache.addAll([...PRECACHED].map((url) => new Request(url, { cache: 'no-cache' })));
    })(),
  );
  // No skipWaiting here: an open page keeps the version it started with
  // until the user chooses to reload (see the message handler).
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => isOurs(name) && name !== CACHE).map((name) => caches.delete(name)),
      );
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'allin:activate') self.skipWaiting();
  if (event.data?.type === 'allin:version') {
    event.source?.postMessage({ type: 'allin:version', version: self.ALLIN_VERSION });
  }
});

/** The precached URL a request is for (a directory means its index.html), or null. */
function precachedUrl(request) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return null;
  url.hash = '';
  // Navigations may carry a query string the page does not use.
  if (request.mode === 'navigate') url.search = '';
  if (url.pathname.endsWith('/')) url.pathname += 'index.html';
  return PRECACHED.has(url.href) || ON_DEMAND.has(url.href) ? url.href : null;
}

self.addEventListener('fetch', (event) => {
  const url = precachedUrl(event.request);
  if (url === null) return; // not ours: the browser fetches it as usual
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(url);
      if (hit) return hit;
      // Evicted or never stored: the network, and keep it for next time.
      const response = await fetch(event.request);
      if (response.ok && response.type === 'basic') {
        event.waitUntil(cache.put(url, response.clone()));
      }
      return response;
    })(),
  );
});
