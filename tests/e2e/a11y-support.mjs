// Accessibility measurements (issue 13): axe-core run in the page, touch
// target sizes, field edges, focus rings and text contrast. Used by
// a11y.test.mjs and anyone else (support.mjs re-exports them).

import { readFileSync as readTextFile } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * What `axeViolations` checks by default: WCAG 2.0/2.1 A and AA, plus
 * axe's best practices (landmarks, one h1, heading order, …). WCAG 2.2's
 * target size is measured by `smallTargets` instead (at 44 px, not 24).
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];


let axeSource = null;

/**
 * Runs axe-core (tests/e2e/node_modules/axe-core, a devDependency) in
 * `page` and returns its violations, one readable line per rule and failure:
 * `rule [impact] ×N: what to fix (help) at target, target, … (+M more)`
 * (×N: how many elements). Empty when axe finds none.
 * The script is evaluated in the page by the test's own channel
 * (page.evaluate of its text: not an inline <script>, which the page's
 * Content-Security-Policy refuses), so the page makes no request for it. `exclude`: CSS selectors left out of
 * the check; `tags`: the rule tags to run (AXE_TAGS); `rules`: run only
 * these rule ids instead; `disable`: rule ids to skip (say why where you
 * call it).
 * @param {import('playwright-core').Page} page
 * @param {{exclude?: string[], include?: string[], tags?: string[], rules?: string[],
 *          disable?: string[]}} [options]
 * @returns {Promise<string[]>}
 */
export async function axeViolations(
  page,
  { exclude = [], include, tags = AXE_TAGS, rules, disable = [] } = {},
) {
  axeSource ??= readTextFile(
    fileURLToPath(new URL('./node_modules/axe-core/axe.min.js', import.meta.url)),
    'utf8',
  );
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) {
    await page.evaluate(axeSource);
  }
  const violations = await page.evaluate(
    async ({ exclude, include, tags, rules, disable }) => {
      const context = { exclude: exclude.map((s) => [s]) };
      if (include) context.include = include.map((s) => [s]);
      const result = await window.axe.run(context, {
        runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags },
        rules: Object.fromEntries(disable.map((id) => [id, { enabled: false }])),
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({
          target: n.target.map((t) => (Array.isArray(t) ? t.join(' >> ') : t)).join(' >>> '),
          summary: n.failureSummary ?? '',
        })),
      }));
    },
    { exclude, include, tags, rules, disable },
  );
  // One line per rule and failure: `rule [impact] ×N: what to fix (help)
  // at target, target, … (+M more)`.
  const lines = [];
  for (const v of violations) {
    const bySummary = new Map();
    for (const n of v.nodes) {
      const summary = n.summary
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !/^Fix (any|all) of the following:$/.test(line))
        .join('; ');
      bySummary.set(summary, [...(bySummary.get(summary) ?? []), n.target]);
    }
    for (const [summary, targets] of bySummary) {
      const shown = targets.slice(0, 4).join(', ');
      const more = targets.length > 4 ? ` (+${targets.length - 4} more)` : '';
      const count = targets.length > 1 ? ` ×${targets.length}` : '';
      lines.push(`${v.id} [${v.impact}]${count}: ${summary} (${v.help}) at ${shown}${more}`);
    }
  }
  return lines;
}

/**
 * Touch targets smaller than `min`×`min` CSS px on the page as it is now
 * (WCAG 2.5.5, the 44 px of issue 13): every visible, enabled a, button,
 * input, select, textarea, summary, [role=button|gridcell|option|radio|
 * checkbox|slider|tab|link|menuitem] and [tabindex ≥ 0], anywhere on the
 * page (scrolled out of view too), inside `within` (a selector) if given.
 * A control with a <label> counts as big enough if the label is (tapping
 * the label works the control). Elements clipped to 1 px (the
 * visually-hidden pattern) are no pointer target and skipped.
 * Returns `{small, inline}`: lines such as `button[data-remove] 28×28 "×"`,
 * alike ones (same kind and size) grouped: `div[data-class][role=gridcell]
 * 26×26 ×169 (e.g. "AA")`; `inline` holds links inside a sentence
 * (2.5.5's inline exception: reported, not a failure).
 * @param {import('playwright-core').Page} page
 * @param {{min?: number, within?: string}} [options]
 * @returns {Promise<{small: string[], inline: string[]}>}
 */
export function smallTargets(page, { min = 44, within } = {}) {
  return page.evaluate(({ min, within }) => {
    const SELECTOR = [
      'a[href]', 'button', 'input:not([type="hidden"])', 'select', 'textarea', 'summary',
      ...['button', 'gridcell', 'option', 'radio', 'checkbox', 'slider', 'tab', 'link', 'menuitem',
        'switch', 'spinbutton'].map((role) => `[role="${role}"]`),
      '[tabindex]:not([tabindex^="-"])',
    ].join(',');
    const roots = within ? [...document.querySelectorAll(within)] : [document.body];
    const elements = new Set(roots.flatMap((root) => [
      ...(root.matches(SELECTOR) ? [root] : []),
      ...root.querySelectorAll(SELECTOR),
    ]));
    const big = (r) => r.width >= min - 0.01 && r.height >= min - 0.01;
    const fmt = (n) => String(Math.round(n * 10) / 10);
    const describe = (el) => {
      let name = el.localName;
      if (el.id) name += `#${el.id}`;
      const data = [...el.attributes].find((a) => a.name.startsWith('data-'));
      if (data) name += `[${data.name}]`;
      else if (el.classList.length) name += `.${el.classList[0]}`;
      if (el.getAttribute('role')) name += `[role=${el.getAttribute('role')}]`;
      if (el.localName === 'input') name += `[type=${el.type}]`;
      return name;
    };
    const label = (el) => {
      const field = ['input', 'select', 'textarea'].includes(el.localName);
      const named = el.getAttribute('aria-label') ||
        (field ? el.labels?.[0]?.textContent || el.value : el.textContent);
      const text = (named || '').replace(/\s+/g, ' ').trim();
      return text.length > 24 ? `${text.slice(0, 23)}…` : text;
    };
    const isInline = (el) => {
      if (el.localName !== 'a' || getComputedStyle(el).display !== 'inline') return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      const own = el.textContent.trim().length;
      return Boolean(block) && block.textContent.replace(/\s+/g, ' ').trim().length > own + 1;
    };
    const groups = { small: new Map(), inline: new Map() };
    for (const el of elements) {
      if (el.matches(':disabled')) continue;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue;
      if (big(rect)) continue;
      // A cell of a grid that reads (`data-tool="read"`): a tap anywhere on
      // the grid shows the numbers of the cell under the finger and changes
      // nothing, so the target is the grid as a whole (the editing tools
      // make the cells 44 px on touch, and are measured as such).
      const grid = el.getAttribute('role') === 'gridcell' && el.closest('[role="grid"][data-tool="read"]');
      if (grid && big(grid.getBoundingClientRect())) continue;
      const labels = [...(el.labels ?? [])].filter((l) => l.checkVisibility());
      if (labels.some((l) => big(l.getBoundingClientRect()))) continue;
      const kind = isInline(el) ? 'inline' : 'small';
      // Alike: the same kind of element, the same size to the pixel.
      let key = `${describe(el)} ${Math.round(rect.width)}×${Math.round(rect.height)}`;
      let line = `${describe(el)} ${fmt(rect.width)}×${fmt(rect.height)}`;
      if (labels.length) {
        const l = labels[0].getBoundingClientRect();
        key += ` ${Math.round(l.width)}×${Math.round(l.height)}`;
        line += ` (label ${fmt(l.width)}×${fmt(l.height)})`;
      }
      const group = groups[kind].get(key) ?? { line, count: 0, example: label(el) };
      group.count += 1;
      groups[kind].set(key, group);
    }
    const lines = (map) => [...map.values()].map(({ line, count, example }) =>
      count > 1 ? `${line} ×${count} (e.g. "${example}")` : `${line} "${example}"`);
    return { small: lines(groups.small), inline: lines(groups.inline) };
  }, { min, within });
}

/**
 * Text fields and menus whose edge is too faint to see where to tap (WCAG
 * 1.4.11 non-text contrast: under `min`:1, default 3, against what is
 * around them): every visible input (not buttons, radios, checkboxes,
 * ranges), select and textarea, inside `within` if given. A field passes
 * if its border or its own fill stands out enough from the background
 * behind it. Lines such as `input#board-input 1.49:1 (border #d8d3c8 on
 * #ffffff)`, alike ones grouped.
 * @param {import('playwright-core').Page} page
 * @param {{min?: number, within?: string}} [options]
 * @returns {Promise<string[]>}
 */
export function weakEdges(page, { min = 3, within } = {}) {
  return page.evaluate(({ min, within }) => {
    const SELECTOR = 'input:not([type="hidden"],[type="button"],[type="submit"],[type="reset"],' +
      '[type="radio"],[type="checkbox"],[type="range"],[type="color"],[type="file"],[type="image"]),' +
      'select, textarea';
    const roots = within ? [...document.querySelectorAll(within)] : [document.body];
    const fields = new Set(roots.flatMap((root) => [
      ...(root.matches(SELECTOR) ? [root] : []),
      ...root.querySelectorAll(SELECTOR),
    ]));
    const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    // Any CSS colour (rgb(), color(srgb …), oklch …) to [r, g, b, a] in 0–255, through a canvas.
    const rgba = (css) => {
      probe.clearRect(0, 0, 1, 1);
      probe.fillStyle = '#000';
      probe.fillStyle = css;
      probe.fillRect(0, 0, 1, 1);
      return [...probe.getImageData(0, 0, 1, 1).data];
    };
    const over = ([r, g, b, a], [R, G, B]) => {
      const k = a / 255;
      return [r * k + R * (1 - k), g * k + G * (1 - k), b * k + B * (1 - k), 255];
    };
    const backdrop = (el) => {
      const layers = [];
      for (let e = el; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] === 255) break;
      }
      return layers.reverse().reduce((below, layer) => over(layer, below), [255, 255, 255, 255]);
    };
    const lum = ([r, g, b]) => {
      const f = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = (a, b) => {
      const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const hex = (c) => `#${c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
    const found = new Map();
    for (const el of fields) {
      if (el.matches(':disabled') || !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue;
      const style = getComputedStyle(el);
      const behind = backdrop(el.parentElement ?? el);
      const fill = over(rgba(style.backgroundColor), behind);
      const edge = parseFloat(style.borderBottomWidth) > 0 && style.borderBottomStyle !== 'none'
        ? over(rgba(style.borderBottomColor), behind)
        : null;
      const byEdge = edge ? ratio(edge, behind) : 0;
      const byFill = ratio(fill, behind);
      if (Math.max(byEdge, byFill) >= min) continue;
      const name = `${el.localName}${el.id ? `#${el.id}` : el.classList.length ? `.${el.classList[0]}` : ''}`;
      const line = `${name} ${Math.max(byEdge, byFill).toFixed(2)}:1 (` +
        `${edge ? `border ${hex(edge)}` : 'no border'}, fill ${hex(fill)} on ${hex(behind)})`;
      found.set(line, (found.get(line) ?? 0) + 1);
    }
    return [...found].map(([line, n]) => (n > 1 ? `${line} ×${n}` : line));
  }, { min, within });
}

/**
 * Walks the page with Tab from the top (at most `maxTabs` presses) and
 * returns `{stops, unmarked}`: how many tab stops there are, and the ones
 * that show no focus indicator (no outline and no box-shadow while
 * focused, WCAG 2.4.7), alike ones grouped. Use a desktop context.
 * @param {import('playwright-core').Page} page
 * @param {{maxTabs?: number}} [options]
 * @returns {Promise<{stops: number, unmarked: string[]}>}
 */
export async function unmarkedFocus(page, { maxTabs = 400 } = {}) {
  await page.evaluate(() => {
    document.activeElement?.blur();
    window.scrollTo(0, 0);
  });
  const seen = new Set();
  const unmarked = new Map();
  let stops = 0;
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press('Tab');
    const info = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      window.focusWalk ??= { ids: new WeakMap(), next: 0 };
      if (!window.focusWalk.ids.has(el)) window.focusWalk.ids.set(el, ++window.focusWalk.next);
      const style = getComputedStyle(el);
      const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1;
      const shadowed = style.boxShadow !== 'none';
      let name = el.localName;
      if (el.id) name += `#${el.id}`;
      else if (el.classList.length) name += `.${el.classList[0]}`;
      const data = [...el.attributes].find((a) => a.name.startsWith('data-'));
      if (data) name += `[${data.name}]`;
      return { id: window.focusWalk.ids.get(el), marked: outlined || shadowed, name };
    });
    if (!info || seen.has(info.id)) break;
    seen.add(info.id);
    stops += 1;
    if (!info.marked) unmarked.set(info.name, (unmarked.get(info.name) ?? 0) + 1);
  }
  await page.evaluate(() => { delete window.focusWalk; });
  return { stops, unmarked: [...unmarked].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)) };
}

/**
 * Text whose contrast with what is drawn right behind it is under `min`:1
 * (WCAG 1.4.3: 4.5 for normal text), measured in the pixels of a
 * screenshot: for backgrounds axe-core cannot read (gradients such as the
 * grid's partly filled cells; axe reports those "incomplete", not as
 * violations). For every text node inside the elements `selector` matches,
 * its colour (the computed `color`) is compared with the pixels 2 px left
 * and right of each line of the text, row by row; the worst row counts
 * (never on another line of text; inside the box that paints the
 * background, if one does). Made for boxes with room around their text
 * (grid cells, chips, buttons with padding): a text that touches the edge
 * of its painted box is reported as not measured.
 * Lines such as `div[data-class="AKs"] "AKs" 1.6:1 (#ffffff on #f4c8c4)`,
 * worst first. Use deviceScaleFactor 1.
 * @param {import('playwright-core').Page} page
 * @param {string} selector
 * @param {{min?: number}} [options]
 * @returns {Promise<string[]>}
 */
export async function lowContrastText(page, selector, { min = 4.5 } = {}) {
  // Round by round: scroll the first box not yet measured into view, then
  // measure every box in the viewport in one screenshot. Text covered by
  // something else (a sticky bar) is measured in a later round or, if it
  // never shows, reported as covered.
  const found = [];
  const done = new Set();
  for (;;) {
    const { texts, measured, left } = await page.evaluate(({ selector, done }) => {
      const boxes = [...document.querySelectorAll(selector)]
        .map((box, i) => ({ box, i }))
        .filter(({ box, i }) => !done.includes(i) &&
          box.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }));
      if (!boxes.length) return { texts: [], measured: [], left: 0 };
      const first = boxes[0].box.getBoundingClientRect();
      if (first.top < 0 || first.bottom > innerHeight) boxes[0].box.scrollIntoView({ block: 'center' });
      const out = [];
      const measured = [];
      const shows = (box, r) => box.contains(document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2));
      for (const { box, i } of boxes) {
        const outer = box.getBoundingClientRect();
        const inView = outer.top >= 0 && outer.bottom <= innerHeight && outer.left >= 0 && outer.right <= innerWidth;
        // A box taller than the viewport is measured where it is (its part in view).
        if (!inView && i !== boxes[0].i) continue;
        if (!shows(box, outer) && i !== boxes[0].i) continue;
        measured.push(i);
        let name = box.localName;
        const data = [...box.attributes].find((a) => a.name.startsWith('data-'));
        if (box.id) name += `#${box.id}`;
        else if (data) name += `[${data.name}="${data.value}"]`;
        else if (box.classList.length) name += `.${box.classList[0]}`;
        if (!shows(box, outer)) {
          out.push({ covered: true, name, text: box.textContent.trim().slice(0, 20) });
          continue;
        }
        const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent.trim()) continue;
          // Text for screen readers only (clipped to 1 px) is not painted.
          const own = node.parentElement.getBoundingClientRect();
          if (own.width <= 1 || own.height <= 1) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const lines = [...range.getClientRects()]
            .filter((r) => r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= innerHeight);
          if (!lines.length) continue;
          // A box painted by itself (or an element inside it) is measured
          // inside its own edges only: outside is another background.
          let painted = null;
          for (let e = node.parentElement; e && box.contains(e); e = e.parentElement) {
            const st = getComputedStyle(e);
            if (st.backgroundImage !== 'none' || !/^(transparent|rgba\(0, 0, 0, 0\))$/.test(st.backgroundColor)) {
              const r = e.getBoundingClientRect();
              painted = { left: r.left, right: r.right };
              break;
            }
          }
          out.push({
            name,
            painted,
            text: node.textContent.trim().slice(0, 20),
            color: getComputedStyle(node.parentElement).color,
            lines: lines.map((r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom })),
            outer: { left: outer.left, right: outer.right, top: outer.top, bottom: outer.bottom },
          });
        }
      }
      // Every line of text in view: a sample point on one is no background.
      const glyphs = [];
      const all = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = all.nextNode(); node; node = all.nextNode()) {
        if (!node.textContent.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) {
          if (r.bottom > 0 && r.top < innerHeight && r.width > 0) {
            glyphs.push({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
          }
        }
      }
      for (const t of out) t.glyphs = glyphs;
      return { texts: out, measured, left: boxes.length - measured.length };
    }, { selector, done: [...done] });
    for (const i of measured) done.add(i);
    if (texts.length) found.push(...await measureText(page, texts, min));
    if (!left || !measured.length) break;
  }
  return found.sort((a, b) => a.r - b.r).map((f) => f.line);
}

async function measureText(page, texts, min) {
  const png = await page.screenshot({ scale: 'css' });
  return page.evaluate(async ({ texts, png, min }) => {
    // Decoded from bytes (not a data: URL, which the page's img-src 'self' refuses).
    const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const g = canvas.getContext('2d', { willReadFrequently: true });
    g.drawImage(image, 0, 0);
    const { data, width, height } = g.getImageData(0, 0, image.width, image.height);
    const pixel = (x, y) => {
      const i = (Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))) * 4;
      return [data[i], data[i + 1], data[i + 2]];
    };
    g.fillStyle = '#000';
    const rgb = (css) => {
      g.clearRect(0, 0, 1, 1);
      g.fillStyle = css;
      g.fillRect(0, 0, 1, 1);
      return [...g.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const lum = ([r, gr, b]) => {
      const f = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(gr) + 0.0722 * f(b);
    };
    const ratio = (a, b) => {
      const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const hex = (c) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    const found = [];
    for (const t of texts) {
      if (t.covered) {
        found.push({ r: 0, line: `${t.name} "${t.text}" covered by another element: not measured` });
        continue;
      }
      const fg = rgb(t.color);
      let worst = null;
      for (const line of t.lines) {
        // Just outside the glyphs: 2 px (or, next to other text, 6) left
        // and right of the line, never on another line of text.
        const free = (x, y) => !t.glyphs.some((r) => x >= r.left - 1 && x <= r.right + 1 && y >= r.top && y <= r.bottom);
        for (let y = Math.ceil(line.top + 1); y < Math.floor(line.bottom - 1); y++) {
          if (y < 0 || y >= height) continue;
          const inside = (x) => !t.painted || (x >= t.painted.left + 1 && x <= t.painted.right - 2);
          const xs = [[line.left - 2, line.left - 6], [line.right + 1, line.right + 5]]
            .map((side) => side.map(Math.floor).find((x) => x >= 0 && x < width && inside(x) && free(x, y)))
            .filter((x) => x !== undefined);
          for (const x of xs) {
            const bg = pixel(x, y);
            const r = ratio(fg, bg);
            if (!worst || r < worst.r) worst = { r, bg };
          }
        }
      }
      if (!worst) {
        found.push({ r: 0, line: `${t.name} "${t.text}" no background beside the text (it touches its box's edge): not measured` });
      } else if (worst.r < min) {
        found.push({ r: worst.r, line: `${t.name} "${t.text}" ${worst.r.toFixed(2)}:1 (${hex(fg)} on ${hex(worst.bg)})` });
      }
    }
    return found;
  }, { texts, png: png.toString('base64'), min });
}
