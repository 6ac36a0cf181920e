// Embedding allin, DOM-free (node --test runs these as they are): the
// widget's style parameters, checked strictly, and the code the share panel
// offers (link, iframe, custom element), escaped.
//
// Every value here may come from a stranger (a link, a host page's
// attributes): style values are applied only if they match a strict
// pattern, and user text is HTML-escaped in every line of code we generate.

import { toFragment } from './scenario.js';
import { GAMES, gameOf, isBoardGame, isDrawGame, isStud, shortDeckRules } from './game.js';

/** Widget themes: `auto` follows the device's light or dark setting. */
export const THEMES = ['auto', 'light', 'dark'];

/**
 * Style parameters and the CSS custom property each one sets (see
 * embed.css for what they colour). Colours only, plus a corner radius.
 */
export const STYLE_PARAMS = Object.freeze({
  accent: '--allin-accent',
  bg: '--allin-bg',
  surface: '--allin-surface',
  text: '--allin-text',
  muted: '--allin-muted',
  border: '--allin-border',
  track: '--allin-track',
  radius: '--allin-radius',
});

/** `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`, nothing else. */
const COLOUR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
/** 0px to 99px. */
const RADIUS = /^\d{1,2}px$/;

/** Whether `value` is a colour we apply (a hex colour, strictly). */
export function isColour(value) {
  return typeof value === 'string' && COLOUR.test(value);
}

/**
 * Reads the widget's style from URL parameters (a URLSearchParams, or a
 * fragment/query string): `{theme, vars: {'--allin-accent': '#ff6600'},
 * ignored: ['bg']}`. A value that does not match its strict pattern is
 * ignored (listed in `ignored`), never applied.
 */
export function parseStyle(input) {
  const params =
    input instanceof URLSearchParams ? input : new URLSearchParams(String(input ?? '').replace(/^[#?]/, ''));
  const theme = params.get('theme');
  const out = { theme: 'auto', vars: {}, ignored: [] };
  if (theme !== null) {
    if (THEMES.includes(theme)) out.theme = theme;
    else out.ignored.push('theme');
  }
  for (const [param, property] of Object.entries(STYLE_PARAMS)) {
    const value = params.get(param);
    if (value === null) continue;
    const ok = param === 'radius' ? RADIUS.test(value) : isColour(value);
    if (ok) out.vars[property] = value;
    else out.ignored.push(param);
  }
  return out;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text) {
  return String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
}

/** The scenario's players as a title: "AhKh vs QsQd". */
export function scenarioTitle(scenario) {
  const game = gameOf(scenario);
  const lead = game === 'holdem' ? '' : `${game === 'three-card' || game === 'five-card' ? game : GAMES.get(game).label}, `;
  return lead + scenario.players.map((p) => p.trim() || '?').join(' vs ');
}

/**
 * The site's base URL (a directory, ending in `/`) from a page of it:
 * `https://x.org/allin/index.html#…` -> `https://x.org/allin/`.
 */
export function siteBase(pageUrl) {
  const url = new URL(pageUrl);
  url.hash = '';
  url.search = '';
  url.pathname = url.pathname.replace(/[^/]*$/, '');
  return url.href;
}

/** The calculator's link for a scenario. */
export function calculatorLink(base, scenario) {
  return `${base}index.html#${toFragment(scenario)}`;
}

/** The live widget's address for a scenario (and optional style params). */
export function embedLink(base, scenario, style = '') {
  return `${base}embed.html#${toFragment(scenario)}${style ? `&${style}` : ''}`;
}

/**
 * Height of the widget's frame for a number of players (CSS pixels): room
 * for the widget on a phone (the CLI's `allin embed` uses the same); Omaha
 * Hi-Lo (`hilo`) has a line more and its terms' summary under the rows.
 */
export function frameHeight(players, hilo = false) {
  return 130 + 68 * players + (hilo ? 72 : 0);
}

/** The `<iframe>` code for a scenario: the live widget. */
export function iframeCode(base, scenario) {
  return (
    `<iframe src="${escapeHtml(embedLink(base, scenario))}" ` +
    `title="${escapeHtml(`Poker odds: ${scenarioTitle(scenario)}`)}" ` +
    `width="100%" height="${frameHeight(scenario.players.length, GAMES.get(gameOf(scenario))?.hilo === true)}" ` +
    'style="border:0;max-width:32em" loading="lazy"></iframe>'
  );
}

/** The custom element code for a scenario (for sites that host allin's files). */
export function elementCode(base, scenario) {
  const attrs = scenario.players.map((p, i) => ` p${i + 1}="${escapeHtml(p)}"`);
  if (scenario.board) attrs.push(` board="${escapeHtml(scenario.board)}"`);
  if (scenario.dead) attrs.push(` dead="${escapeHtml(scenario.dead)}"`);
  if (scenario.method && scenario.method !== 'auto') {
    attrs.push(` method="${escapeHtml(scenario.method)}"`);
  }
  if (scenario.game === 'five-card' || isDrawGame(scenario) || isStud(scenario)) attrs.push(` game="${escapeHtml(gameOf(scenario))}"`);
  if (isBoardGame(scenario)) {
    attrs.push(` game="${escapeHtml(gameOf(scenario))}"`);
    if (gameOf(scenario) === 'shortdeck' && shortDeckRules(scenario) !== 'standard') {
      attrs.push(` rules="${escapeHtml(shortDeckRules(scenario))}"`);
    }
  }
  if (scenario.game === 'three-card') {
    attrs.push(` game="three-card" rules="${escapeHtml(String(scenario.rules ?? ''))}"`);
    if (scenario.deck === 'short') attrs.push(' deck="short"');
    if (scenario.removal === false) attrs.push(' removal="off"');
  }
  return (
    `<script type="module" src="${escapeHtml(`${base}allin-odds.js`)}"></script>\n` +
    `<allin-odds${attrs.join('')}></allin-odds>`
  );
}
