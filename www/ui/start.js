// The page's start-up (index.html's one script). Paint first: the page is
// drawn from index.html and its stylesheet alone; then the scripts load,
// all side by side (modulepreload: app.js's imports are not found one after
// another), and engine.js compiles the wasm, whose fetch index.html's
// <head> started beside the stylesheet (the longest fetch before the first
// number; a fetch preload does not block the paint). sw-register.js is its own module so that
// even a page whose app script fails can still be updated.

/**
 * The files app.js's module graph needs, relative to the page, preloaded
 * side by side: in the built site the bundle's chunks (`cargo xtask build`
 * puts them in place of ALLIN_APP_CHUNKS, xtask/src/site.rs); none when the
 * sources are served as they are.
 */
// eslint-disable-next-line no-undef
const MODULES = typeof ALLIN_APP_CHUNKS === 'undefined' ? [] : ALLIN_APP_CHUNKS;
// (Not here: what loads when first shown, see app.js: the detail,
// pot-odds, strength and breakdown panels, the distribution graph, the three- and five-card
// views, and the engine's extra module pkg/allin_extra.js.)
/** Never wait for a paint longer than this. */
const PAINT_WAIT_MS = 3000;

function preload(rel, href) {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  document.head.append(link);
}

let started = false;
function start() {
  if (started) return;
  started = true;
  for (const href of MODULES) preload('modulepreload', href);
  import('./sw-register.js');
  // The engine's own module graph is a third of app.js's: started on
  // its own, the wasm compiles (and the workers boot) while the rest
  // loads. app.js's loadEngine() gets the same engine.
  import('../engine/engine.js').then((engine) => engine.loadEngine({ workers: true })).catch(() => {});
  import('./app.js');
}

// Start once the browser reports the first contentful paint (where it
// reports none: after the first frame). A hidden page paints nothing:
// start at once, or when it is hidden.
if (document.visibilityState === 'hidden') {
  start();
} else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(start, PAINT_WAIT_MS);
} else {
  requestAnimationFrame(() => setTimeout(start));
}
document.addEventListener('visibilitychange', start, { once: true });
