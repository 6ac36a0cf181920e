// Registers the service worker (sw.js: the site offline after one visit)
// and offers new versions without ever forcing one.
//
// A new build installs in the background and waits. When it is ready and
// the engine is idle (the page says so with setEngineBusy), a small banner
// offers "New version — Reload". Only the user's click activates it, and
// only the tab where they clicked reloads. A calculation in progress is
// never interrupted: while the engine is busy the offer waits.
//
// Registration waits for the page's first result (the first time the page
// says the engine is idle): installing fetches every file of the site, and
// on a slow line that should not compete with the engine's own download.
// A page that never says (its app script failed) registers a few seconds
// after it has loaded.
//
// Loaded by index.html as its own module (so that even a page whose app
// script fails can still be updated); results-view.js imports
// setEngineBusy from it.
// Test hooks on <html>: data-sw (registering | ready | unsupported |
// failed) and data-sw-update (offered, when the banner is up).

const root = document.documentElement;
/** Whether a calculation is running (results-view.js tells us). */
let busy = false;
/** The installed, waiting worker, if any. */
let waiting = null;
let banner = null;
let dismissed = false;
let reloading = false;
/** Whether registration has started. */
let registering = false;
/** How long after the load event a page that never reports registers anyway. */
const FALLBACK_MS = 5000;

/**
 * The page's engine is computing (true) or idle (false). An update is
 * offered only when idle.
 */
export function setEngineBusy(value) {
  busy = Boolean(value);
  if (!busy) {
    register();
    offer();
  }
}

function offer() {
  if (!waiting || busy || dismissed || banner) return;
  banner = document.createElement('div');
  banner.className = 'update-banner';
  banner.setAttribute('role', 'status');
  banner.dataset.updateBanner = '';
  const text = document.createElement('span');
  text.textContent = 'A new version is ready.';
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'button';
  reload.dataset.updateReload = '';
  reload.textContent = 'Reload';
  const later = document.createElement('button');
  later.type = 'button';
  later.className = 'button button-quiet';
  later.textContent = 'Later';
  reload.addEventListener('click', activate);
  later.addEventListener('click', () => {
    dismissed = true;
    hide();
  });
  banner.append(text, reload, later);
  // Self-contained (style.css gives the buttons their look): a bar at the
  // bottom, clear of the content's flow.
  Object.assign(banner.style, {
    position: 'fixed',
    insetInline: '0.75rem',
    bottom: 'max(0.75rem, env(safe-area-inset-bottom))',
    zIndex: '10',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '0.5rem 0.75rem',
    maxWidth: '32rem',
    margin: '0 auto',
    padding: '0.625rem 0.875rem',
    border: '1px solid var(--border, #ccc)',
    borderRadius: '14px',
    background: 'var(--surface, #fff)',
    color: 'var(--text, #111)',
    boxShadow: '0 6px 24px rgb(0 0 0 / 0.18)',
  });
  document.body.append(banner);
  root.dataset.swUpdate = 'offered';
}

function hide() {
  banner?.remove();
  banner = null;
  delete root.dataset.swUpdate;
}

function activate() {
  if (!waiting) return;
  reloading = true;
  waiting.postMessage({ type: 'allin:activate' });
  // The page reloads on controllerchange (below).
}

function track(registration) {
  const consider = (worker) => {
    // An update, not the first install (then nothing controls the page yet).
    if (worker && worker.state === 'installed' && navigator.serviceWorker.controller) {
      waiting = worker;
      offer();
    }
  };
  consider(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => consider(worker));
  });
}

async function register() {
  if (registering) return;
  registering = true;
  if (!('serviceWorker' in navigator)) {
    root.dataset.sw = 'unsupported';
    return;
  }
  root.dataset.sw = 'registering';
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // Another tab may have accepted the update: this page keeps running the
    // version it loaded; only the tab that asked reloads.
    if (reloading) location.reload();
  });
  try {
    const registration = await navigator.serviceWorker.register(
      new URL('../sw.js', import.meta.url),
      // Update checks go to the server, past the HTTP cache, for sw.js and
      // the generated sw-version.js alike.
      { updateViaCache: 'none' },
    );
    track(registration);
    await navigator.serviceWorker.ready;
    root.dataset.sw = 'ready';
    // A page left open for days still hears about new versions.
    setInterval(() => registration.update().catch(() => {}), 60 * 60 * 1000);
  } catch (err) {
    root.dataset.sw = 'failed';
    // Offline support is a bonus: the page works without it.
    console.warn(`allin: no offline support (${err instanceof Error ? err.message : err})`);
  }
}

// The fallback, for a page whose app never reports.
if (document.readyState === 'complete') setTimeout(register, FALLBACK_MS);
else addEventListener('load', () => setTimeout(register, FALLBACK_MS), { once: true });

// The browser tests reach the page's copy here (the built page bundles this
// module, so importing the file would give them another one).
globalThis[Symbol.for('allin.sw-register')] ??= { setEngineBusy };
