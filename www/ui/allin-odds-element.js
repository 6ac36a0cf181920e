// <allin-odds>: live poker odds as a custom element, for sites that host
// allin's files themselves (same origin: the engine's workers must be).
// Its public URL is www/allin-odds.js, which imports this file (in the built
// site: the minified bundle, js/allin-odds-element.js).
//
//   <script type="module" src="/allin/allin-odds.js"></script>
//   <allin-odds p1="AhKh" p2="QsQd" board="2h7hTc"></allin-odds>
//
// Attributes: p1 … p10 (hands or ranges, as in the calculator), board, dead,
// method (auto | exact | mc | monte-carlo; anything else is auto), theme (auto | light | dark). Style:
// the custom properties listed in embed.css, set on the element.
//
// It renders into its own (open) shadow root, computes with the engine
// (engine.js finds its wasm and workers next to itself with
// import.meta.url, so this works from any page location), starts when it
// scrolls near the viewport, and recomputes when an attribute changes.
// Several elements on a page share one engine and take turns.
//
// Attribute values are untrusted: the engine parses them, its errors are
// shown as text, and nothing from an attribute is ever written as HTML.

import { defaultWorkerCount, loadEngine } from '../engine/engine.js';
import { calculatorLink, THEMES } from '../model/embedding.js';
import { OddsView } from './odds-view.js';
import { MAX_PLAYERS, methodOf } from '../model/scenario.js';
import { GAME_KEYS, readGame } from '../model/game.js';

/** Where allin's files are: one folder up from this module. */
const BASE = new URL('../', import.meta.url).href;
const STYLESHEET = new URL('../styles/embed.css', import.meta.url).href;
/** A guest on someone else's page: a few workers at most. */
const MAX_WORKERS = 4;
const PLAYER_ATTRS = Array.from({ length: MAX_PLAYERS }, (_, i) => `p${i + 1}`);

let enginePromise = null;

function engine() {
  enginePromise ??= loadEngine().then((loaded) => {
    loaded.startWorkers(Math.min(defaultWorkerCount(), MAX_WORKERS));
    return loaded;
  });
  return enginePromise;
}

// ---- taking turns: the engine runs one job at a time (latest call wins) ----

/** Elements waiting for the engine, in order. */
const queue = [];
/** The element computing now and its job. */
let current = null;

function enqueue(element) {
  if (current?.element === element) {
    current.handle.cancel();
    current = null;
  }
  if (!queue.includes(element)) queue.push(element);
  pump();
}

function withdraw(element) {
  const i = queue.indexOf(element);
  if (i >= 0) queue.splice(i, 1);
  if (current?.element === element) {
    current.handle.cancel();
    current = null;
    pump();
  }
}

async function pump() {
  if (current || queue.length === 0) return;
  const loaded = await engine();
  if (current || queue.length === 0) return;
  const element = queue.shift();
  const scenario = element.scenario();
  const handle = loaded.compute(scenario, (update) => element.onUpdate(update));
  current = { element, handle };
  handle.done.finally(() => {
    if (current?.handle === handle) {
      current = null;
      pump();
    }
  });
}

// ---- the element ----

export class AllinOdds extends HTMLElement {
  static get observedAttributes() {
    return [...PLAYER_ATTRS, 'board', 'dead', 'method', 'theme', ...GAME_KEYS];
  }

  constructor() {
    super();
    const shadow = this.attachShadow({ mode: 'open' });
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = STYLESHEET;
    shadow.append(link);
    this.view = new OddsView(shadow);
    // Unstyled for a moment is worse than a moment later.
    this.view.root.style.visibility = 'hidden';
    const show = () => this.view.root.style.removeProperty('visibility');
    link.addEventListener('load', show, { once: true });
    link.addEventListener('error', show, { once: true });
    this.visible = false;
    this.queued = false;
    this.observer = null;
  }

  connectedCallback() {
    if (!this.observer && 'IntersectionObserver' in window) {
      // Start when the element comes near the screen, not before.
      this.observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            this.observer.disconnect();
            this.visible = true;
            this.refresh();
          }
        },
        { rootMargin: '300px' },
      );
      this.observer.observe(this);
    } else if (!this.observer) {
      this.visible = true;
    }
    this.refresh();
  }

  disconnectedCallback() {
    this.observer?.disconnect();
    this.observer = null;
    this.visible = false;
    withdraw(this);
  }

  attributeChangedCallback() {
    // Several attributes set in a row make one computation.
    if (this.queued) return;
    this.queued = true;
    queueMicrotask(() => {
      this.queued = false;
      if (this.isConnected) this.refresh();
    });
  }

  /** The scenario the attributes describe (text as given, for the engine). */
  scenario() {
    let count = 0;
    PLAYER_ATTRS.forEach((name, i) => {
      if (this.hasAttribute(name)) count = i + 1;
    });
    const players = [];
    for (let i = 0; i < Math.max(2, count); i++) players.push(this.getAttribute(`p${i + 1}`) ?? '');
    // game="three-card" rules=… deck=short removal=off, or game="five-card",
    // read as a link's (game.js).
    const params = new URLSearchParams();
    for (const key of GAME_KEYS) if (this.hasAttribute(key)) params.set(key, this.getAttribute(key));
    const game = readGame(params);
    return {
      ...game.fields,
      ...(game.problem ? { problem: game.problem } : {}),
      players,
      board: this.getAttribute('board') ?? '',
      dead: this.getAttribute('dead') ?? '',
      // An unknown method is auto, as in the calculator's URL.
      method: methodOf(this.getAttribute('method')),
    };
  }

  async refresh() {
    const theme = this.getAttribute('theme');
    this.view.setTheme(THEMES.includes(theme) ? theme : 'auto');
    const scenario = this.scenario();
    this.view.setLink(calculatorLink(BASE, scenario));
    if (!this.visible) {
      this.view.setScenario(scenario, null);
      return;
    }
    let loaded;
    try {
      loaded = await engine();
    } catch (err) {
      this.view.showError(`Could not load the engine: ${err instanceof Error ? err.message : err}`);
      return;
    }
    // Attributes may have changed while the engine loaded: read them again.
    let now = this.scenario();
    try {
      await loaded.ready(now); // (three- and five-card: the engine's extra module)
    } catch (err) {
      this.view.showError(`Could not load the engine: ${err instanceof Error ? err.message : err}`);
      return;
    }
    now = this.scenario();
    const check = loaded.check(now);
    this.view.setScenario(now, check);
    if (check.error) {
      withdraw(this);
      this.view.showError(check.error.message);
      return;
    }
    this.view.setStatus('running');
    enqueue(this);
  }

  onUpdate(update) {
    // Live numbers at most once a frame; the last one at once.
    if (update.status === 'running') {
      this.pending = update;
      this.frame ||= requestAnimationFrame(() => {
        this.frame = 0;
        if (this.pending) this.view.render(this.pending);
        this.pending = null;
      });
      return;
    }
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.pending = null;
    this.view.render(update);
    this.dispatchEvent(new CustomEvent('allin-odds:result', { detail: update }));
  }
}

if (!customElements.get('allin-odds')) customElements.define('allin-odds', AllinOdds);
