// Shared helpers for the browser tests: launching Debian's chromium, opening
// a page with every request recorded, and reading the pages' data-* hooks
// (the calculator, index.html: [data-results]; the hand evaluator,
// evaluator.html: [data-result]).

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/** The served www/, ending in a slash (e.g. http://127.0.0.1:41234/). */
export const BASE_URL = baseUrl();

/** Where screenshots go (gitignored). */
export const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));

function baseUrl() {
  const url = process.env.ALLIN_BASE_URL;
  if (!url) {
    throw new Error(
      'ALLIN_BASE_URL is not set, so there is no page to test. Run the browser tests with ' +
        '`cargo xtask test` (it builds www/, serves it and sets ALLIN_BASE_URL and CHROMIUM), ' +
        'or run `cargo xtask serve` and then ' +
        'ALLIN_BASE_URL=http://127.0.0.1:8080/ node --test tests/e2e/',
    );
  }
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * Debian's chromium, headless. Its contexts block service workers unless a
 * test asks for them (`newContext({serviceWorkers: 'allow'})`: the offline,
 * embed and smoke tests, which test them): every other page would otherwise
 * precache the whole site beside what it tests (~12% of the suite's CPU).
 */
export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers: 'block', ...options });
  return browser;
}

/**
 * The browser of a test file: launched before its tests and closed after
 * them (node:test's `before` and `after`), with the file's own set-up and
 * tear-down (`before`, `after`: e.g. a second server) after the launch and
 * after the close. Returns `{browser}`, the browser set once launched.
 * @param {{before?: () => Promise<void>, after?: () => Promise<void>}} [hooks]
 */
export function setup({ before: setUp, after: tearDown } = {}) {
  const suite = { browser: null };
  before(async () => {
    suite.browser = await launchBrowser();
    await setUp?.();
  });
  after(async () => {
    await suite.browser?.close();
    await tearDown?.();
  });
  return suite;
}

/**
 * Opens a page (BASE_URL + `path`: `''` is the calculator, `'evaluator.html'`
 * the hand evaluator, either with a `#fragment`) in a fresh context and waits
 * for the engine (the page's `data-engine` hook). Every request, console
 * error and uncaught page error is recorded. `initScript` (a function or
 * source) runs in the page before its own scripts (page.addInitScript);
 * `device` holds context options (`TOUCH_PHONE`: viewport, isMobile,
 * hasTouch), `viewport` overrides its viewport.
 */
export async function openPage(
  browser,
  { path = '', device = {}, viewport, colorScheme = 'light', initScript } = {},
) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...device,
    ...(viewport ? { viewport } : {}),
    colorScheme,
  });
  const page = await context.newPage();
  if (initScript) await page.addInitScript(initScript);
  const requests = [];
  const problems = [];
  context.on('request', (request) => requests.push(request.url()));
  watchPage(page, problems);
  await loaded(page, path);
  return { page, context, requests, problems };
}

/** Records a page's uncaught errors and console errors in `problems`. */
function watchPage(page, problems) {
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
}

/** Loads BASE_URL + `path` in `page` and waits for the engine. */
async function loaded(page, path) {
  await page.goto(BASE_URL + path);
  await page.waitForSelector('[data-engine]:not([data-engine="loading"])');
  const engine = await page.getAttribute('[data-engine]', 'data-engine');
  if (engine !== 'ready') {
    const error = await page.textContent('[data-error]:not([hidden])');
    throw new Error(`the engine did not load: ${error}`);
  }
}

/**
 * A fresh page load of `path` in a session's context, in place of its page
 * (closed): a page that starts from nothing, as a link opened anew does,
 * at a third of a new context's cost (the files come from its cache; the
 * context's storage is shared). Requests and problems go on being recorded.
 */
export async function reopen(session, path = '') {
  await session.page.close();
  const page = await session.context.newPage();
  watchPage(page, session.problems);
  await loaded(page, path);
  session.page = page;
  return session;
}

/** Ends a test's session: only same-origin requests, no errors, then close. */
export async function finish(assert, { context, requests, problems }) {
  const origin = new URL(BASE_URL).origin;
  const foreign = requests.filter((url) => !['blob:', 'data:'].includes(new URL(url).protocol) &&
    new URL(url).origin !== origin);
  assert.deepEqual(foreign, [], 'the page requested something that is not its own file');
  assert.deepEqual(problems, [], 'the page logged errors');
  await context.close();
}

/**
 * The calculator's results as the tests see them, through the data-* hooks:
 * `{status, exact, method, job, players: [{win, tie, equity, wins, ties}],
 * errors: [{for, text}]}` (percentages as the strings the page wrote).
 */
export function readResults(page) {
  return page.$eval('[data-results]', (root) => ({
    status: root.dataset.status,
    exact: root.dataset.exact === 'true',
    method: root.dataset.method ?? null,
    job: root.dataset.job ?? null,
    players: [...root.querySelectorAll('[data-player]')].map((row) => ({
      player: Number(row.dataset.player),
      win: row.dataset.win ?? null,
      tie: row.dataset.tie ?? null,
      equity: row.dataset.equity ?? null,
      wins: row.dataset.wins ?? null,
      ties: row.dataset.ties ?? null,
    })),
    errors: [...document.querySelectorAll('[data-error]:not([hidden])')].map((el) => ({
      for: el.dataset.errorFor ?? null,
      text: el.textContent,
    })),
  }));
}

/** Waits until the calculator has settled (`done` or `error`) and reads it. */
export async function settled(page, { timeout = 30_000 } = {}) {
  await page.waitForFunction(
    () => ['done', 'error'].includes(document.querySelector('[data-results]').dataset.status),
    null,
    { timeout },
  );
  return readResults(page);
}

/** A percentage hook (`"46.21445…"`) to 4 decimals, as the tests compare them. */
/**
 * Waits until the hand grid has drawn its cells' colours and text
 * (grid-view.js draws a big change over a few frames, saying
 * `data-drawing` meanwhile; the cells' data is never late).
 */
export function gridDrawn(page) {
  return page.waitForFunction(() => !document.querySelector('[data-hand-grid]')?.dataset.drawing);
}

/**
 * The centre of a hand class's cell of the grid, in viewport coordinates,
 * where a finger would touch that cell: checked with elementFromPoint (just
 * after the grid is scrolled into view the point can hit the grid's panel,
 * not the cell, for a moment: measured at 360×740; a touch then starts no
 * stroke), else the cell is brought to the middle and measured again.
 */
export async function cellCentre(page, label) {
  const cell = page.locator(`[data-hand-grid] [data-class="${label}"]`);
  for (let tries = 0; ; tries++) {
    const box = await cell.boundingBox();
    const p = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const hit = await page.evaluate(({ x, y, want }) =>
      document.elementFromPoint(x, y)?.closest('[data-class]')?.dataset.class === want, { ...p, want: label });
    if (hit || tries === 20) return p;
    await cell.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }));
    await page.waitForTimeout(50);
  }
}

export function pct4(value) {
  return Number(value).toFixed(4);
}

/** The result panel as the tests see it, through its data-* hooks. */
export function readResult(page) {
  return page.$eval('[data-result]', (el) => {
    const error = el.querySelector('[data-error]');
    return {
      status: el.dataset.status,
      category: el.dataset.category ?? null,
      rank: el.dataset.rank ?? null,
      cards: el.dataset.cards ?? null,
      label: el.dataset.status === 'done' ? el.querySelector('[data-label]').textContent : null,
      error: error.hidden ? null : error.textContent,
    };
  });
}

/**
 * Puts `text` into the hand field (keystroke by keystroke if `typing`) and
 * returns the result once the page has settled on it.
 */
export async function enterHand(page, text, { typing = false } = {}) {
  const input = page.locator('[data-hand-input]');
  if (typing) {
    await input.fill('');
    await input.pressSequentially(text);
  } else {
    await input.fill(text);
  }
  const want = text.trim() === '' ? 'idle' : 'done|error';
  await page.waitForFunction(
    (statuses) => statuses.split('|').includes(document.querySelector('[data-result]').dataset.status),
    want,
  );
  return readResult(page);
}

/** The `hand` value of the page's URL fragment. */
/** The fragment of the page's URL, decoded: {p1: …, board: …}. */
export function fragment(page) {
  return Object.fromEntries(new URLSearchParams(new URL(page.url()).hash.slice(1)));
}

export function fragmentHand(page) {
  return new URLSearchParams(new URL(page.url()).hash.slice(1)).get('hand');
}

export function screenshotPath(name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  return `${ARTIFACTS}${name}.png`;
}

/**
 * The screenshot layouts: phone (360×740) and desktop (1280×800), light and
 * dark, named `${prefix}-360x740`, `${prefix}-1280x800-dark`, …
 */
export function layouts(prefix) {
  const sizes = [{ width: 360, height: 740 }, { width: 1280, height: 800 }];
  return ['light', 'dark'].flatMap((colorScheme) => sizes.map((viewport) => ({
    name: `${prefix}-${viewport.width}x${viewport.height}${colorScheme === 'dark' ? '-dark' : ''}`,
    viewport,
    colorScheme,
  })));
}

/** The page scrolls no wider than its window; then a full-page screenshot `name`. */
export async function assertFitsThenShoot(page, name) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  assert.ok(widths.scroll <= widths.inner, `${name}: horizontal scroll (${JSON.stringify(widths)})`);
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}

// ---- offline, embedding, the element (offline/embed/element/snippet/xss tests) ----

/** The site's directory (what the test servers of static-server.mjs serve). */
export const WWW = fileURLToPath(new URL('../../site/', import.meta.url));

/** Pixel 7 size: the phone of the screenshots. */
export const PHONE = {
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
};
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

/**
 * Records what a context does that a test asserts never happens: requests
 * (from pages, frames and service workers), dialogs, page errors, console
 * errors. `foreign(origins)` lists requests to any other origin.
 */
export function watch(context) {
  const requests = [];
  const problems = [];
  const dialogs = [];
  context.on('request', (request) => requests.push(request.url()));
  const onPage = (page) => {
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
    });
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      dialog.dismiss().catch(() => {});
    });
  };
  context.pages().forEach(onPage);
  context.on('page', onPage);
  return {
    requests,
    problems,
    dialogs,
    foreign(origins) {
      const allowed = new Set(origins.map((o) => new URL(o).origin));
      return requests.filter((url) => {
        const u = new URL(url);
        return !['blob:', 'data:', 'about:'].includes(u.protocol) && !allowed.has(u.origin);
      });
    },
  };
}

/**
 * The odds widget's state (embed.html, <allin-odds>) through its data-*
 * hooks. `widget` is a Playwright locator of its `[data-allin-odds]` root
 * (Playwright's CSS reaches into open shadow roots and, with frameLocator,
 * into frames).
 */
export function readOdds(widget) {
  return widget.evaluate((root) => ({
    status: root.dataset.status,
    exact: root.dataset.exact === 'true',
    method: root.dataset.method ?? null,
    players: [...root.querySelectorAll('[data-player]')].map((row) => ({
      equity: row.dataset.equity ?? null,
      win: row.dataset.win ?? null,
      tie: row.dataset.tie ?? null,
      wins: row.dataset.wins ?? null,
      ties: row.dataset.ties ?? null,
      text: row.textContent,
    })),
    error: root.querySelector('[data-error]').hidden
      ? null
      : root.querySelector('[data-error]').textContent,
    link: root.querySelector('[data-open]').href,
  }));
}

/** Waits until the widget has settled (`done` or `error`) and reads it. */
export async function settledOdds(widget, { timeout = 30_000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const status = await widget.getAttribute('data-status', { timeout });
    if (status === 'done' || status === 'error') return readOdds(widget);
    if (Date.now() > deadline) throw new Error(`the widget did not settle (status ${status})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Sets the URL fragment and waits for the job it starts to settle:
 * `{ms, result}`, `ms` from the change to the final render.
 */
export async function runScenario(page, hash, { timeout = 120_000 } = {}) {
  const ms = await page.evaluate(
    ([h, limit]) =>
      new Promise((resolve, reject) => {
        const root = document.querySelector('[data-results]');
        const t0 = performance.now();
        const timer = setTimeout(() => reject(new Error(`no result within ${limit} ms`)), limit);
        const observer = new MutationObserver(() => {
          if (['done', 'error'].includes(root.dataset.status)) {
            observer.disconnect();
            clearTimeout(timer);
            resolve(performance.now() - t0);
          }
        });
        observer.observe(root, { attributes: true, attributeFilter: ['data-status'] });
        location.hash = h;
      }),
    [hash, timeout],
  );
  return { ms, result: await readResults(page) };
}

/** Waits until a widget shows numbers (a partial with its error, or the result) or an error. */
export async function shownOdds(widget, { timeout = 60_000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const r = await readOdds(widget);
    if (r.status === 'error' || (r.players.length && r.players.every((p) => p.equity !== null))) return r;
    if (Date.now() > deadline) throw new Error(`the widget showed no numbers (status ${r.status})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A widget sampling a job (issue 11, finding 1): Monte Carlo numbers, each
 * with its ±, summing to 100 %, and a note saying why (`asked`: Monte Carlo
 * was asked for; else the job was too big for exact) and to what error;
 * `settled`: once done, the error it reached and the deals (issue 40).
 */
export async function assertSampledOdds(widget, what, { asked, settled = false }) {
  let r = await shownOdds(widget);
  for (const deadline = Date.now() + 60_000; settled && r.status !== 'done';) {
    if (Date.now() > deadline) throw new Error(`${what}: not done (status ${r.status})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    r = await readOdds(widget);
  }
  assert.equal(r.error, null, what);
  assert.equal(r.method, 'monte-carlo', what);
  for (const p of r.players) assert.match(p.text, /\d% ± \d/, what);
  const total = r.players.reduce((sum, p) => sum + Number(p.equity), 0);
  assert.ok(Math.abs(total - 100) < 1e-6, `${what}: equities sum to ${total}`);
  const note = await widget.locator('[data-note]').textContent();
  // Running: "230,000 random deals (to ±0.1)…"; done: "±0.0982 after
  // 230,000 random deals (to ±0.1)" (the default target).
  const deals = settled ? /±0\.\d+ after [\d,]+ random deals \(to ±0\.1\)$/ : /[\d,]+ random deals \(to ±0\.1\)(…)?$/;
  assert.match(note, deals, what);
  if (asked) assert.match(note, settled ? /^±/ : /^(±[\d.]+ after )?[\d,]+ random deals/, what);
  else assert.match(note, /^Too many boards for exact \(≈[\d.e]+( or more)? evaluations\): Monte Carlo, /, what);
}

/**
 * The touch phone of issue 13: 390×844 CSS px, touch, mobile viewport
 * (`openOn(browser, TOUCH_PHONE, …)`, or spread it into browser.newContext).
 */
export const TOUCH_PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

/**
 * Opens the deck's sheet on a phone-wide page (deck-sheet.js: closed at
 * first, one bar at the foot of the window), by a tap where the page has
 * touch, else a click; nothing on a wider page, whose deck is always shown.
 */
export async function openDeck(page) {
  const toggle = page.locator('[data-sheet-toggle]');
  if (!(await toggle.isVisible()) || (await toggle.getAttribute('aria-expanded')) === 'true') return;
  const touch = await page.evaluate(() => matchMedia('(pointer: coarse)').matches);
  await (touch ? toggle.tap() : toggle.click());
  await page.waitForSelector('[data-deck-sheet][data-sheet="open"]');
}

/**
 * `openPage` on a device (`TOUCH_PHONE`, `DESKTOP`, `PHONE`: context
 * options such as viewport, isMobile, hasTouch): BASE_URL + `path` in a
 * fresh context, every request, console error and page error recorded,
 * after the engine is ready. Returns `{page, context, requests, problems}`
 * for `finish`.
 */
export function openOn(browser, device, options = {}) {
  return openPage(browser, { ...options, device });
}

// Accessibility measurements: axeViolations, smallTargets, weakEdges,
// unmarkedFocus, lowContrastText.
export * from './a11y-support.mjs';
