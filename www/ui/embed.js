// embed.html: the compact odds widget for an <iframe>. The scenario and the
// style come from the URL fragment (see embed.html); it computes in its own
// workers through engine.js, shows a link back to the full calculator, and
// tells a parent page its height (`{type: 'allin:height', height}` by
// postMessage) so a host can size the frame. All values in the fragment are
// untrusted: the engine parses the cards (its errors are shown as text),
// style values apply only if they match a strict pattern (embedding.js).

import { defaultWorkerCount, loadEngine } from '../engine/engine.js';
import { calculatorLink, parseStyle, siteBase } from '../model/embedding.js';
import { OddsView } from './odds-view.js';
import { parseFragment } from '../model/scenario.js';

/** A guest on someone else's page: a few workers at most. */
const MAX_WORKERS = 4;

const view = new OddsView(document.body);
// The widget paints first (it is a guest on a page that is loading too),
// then the engine (380 KB of wasm) is fetched and compiled.
// (A frame that never paints, e.g. hidden, still starts within a second.)
const engineLoading = new Promise((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve));
  setTimeout(resolve, 1000);
}).then(() => loadEngine());
let engine = null;
let frame = 0;
let pending = null;

function applyStyle() {
  const style = parseStyle(location.hash);
  view.setTheme(style.theme);
  const rootStyle = document.documentElement.style;
  for (const property of [...rootStyle]) {
    if (property.startsWith('--allin-')) rootStyle.removeProperty(property);
  }
  for (const [property, value] of Object.entries(style.vars)) {
    rootStyle.setProperty(property, value);
  }
  document.documentElement.dataset.ignored = style.ignored.join(' ');
}

function onUpdate(update) {
  if (update.status === 'running') {
    pending = update;
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      if (pending) view.render(pending);
      pending = null;
    });
  } else {
    cancelAnimationFrame(frame);
    frame = 0;
    pending = null;
    view.render(update);
  }
}

function run() {
  applyStyle();
  const scenario = parseFragment(location.hash);
  view.setLink(calculatorLink(siteBase(location.href), scenario));
  if (!engine) {
    view.setScenario(scenario, null);
    return;
  }
  if (!engine.hasGame(scenario)) {
    // A game of one of the engine's lazy modules: that module first, then this again.
    view.setScenario(scenario, null);
    engine.ready(scenario).then(run, (err) => {
      view.showError(`Could not load the engine: ${err instanceof Error ? err.message : err}`);
    });
    return;
  }
  const check = engine.check(scenario);
  view.setScenario(scenario, check);
  if (check.error) {
    engine.cancel();
    view.showError(check.error.message);
    return;
  }
  view.setStatus('running');
  engine.compute(scenario, onUpdate);
}

// The frame's height, for hosts that size it (optional for them).
if (window.parent !== window) {
  let last = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(view.root.getBoundingClientRect().height);
    if (height !== last) {
      last = height;
      window.parent.postMessage({ type: 'allin:height', height }, '*');
    }
  }).observe(view.root);
}

window.addEventListener('hashchange', run);
run();

engineLoading.then(
  (loaded) => {
    engine = loaded;
    engine.startWorkers(Math.min(defaultWorkerCount(), MAX_WORKERS));
    view.root.dataset.engine = 'ready';
    run();
  },
  (err) => {
    view.root.dataset.engine = 'failed';
    view.showError(`Could not load the engine: ${err instanceof Error ? err.message : err}`);
  },
);
