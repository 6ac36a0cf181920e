// The calculator's "share / embed" panel: the link, the iframe code and the
// custom element code for the current scenario, each with a copy button
// (Clipboard API; where that is missing or refused, the text is selected
// for the user to copy). DOM only: the scenario comes from the page through
// `getScenario`, the code from embedding.js, which escapes every value.
//
//   const panel = mountSharePanel(container, { getScenario: () => scenario });
//   panel.update(); // after the scenario changed
//
// The panel is a <details>, closed at first; its code is filled in when it
// opens and on every update() while open. The calculator draws the closed
// panel in its HTML and loads this module only when the panel is first
// wanted: loadSharePanel() brings the styles and fills that <details> in.
//
// Styles: share-panel.css (with style.css's .panel, .button, .hint and the
// closed panel's .share-summary).

import { calculatorLink, elementCode, iframeCode, siteBase } from '../model/embedding.js';

const ITEMS = [
  {
    key: 'link',
    label: 'Link',
    hint: 'Opens this calculator with these cards.',
    rows: 2,
  },
  {
    key: 'iframe',
    label: 'Embed in a page',
    hint: 'A live widget for blogs and sites that allow frames.',
    rows: 5,
  },
  {
    key: 'element',
    label: 'Custom element',
    hint: 'For sites that host allin’s files themselves (same origin).',
    rows: 4,
  },
];

let instances = 0;

/**
 * Loads share-panel.css, then mounts the panel (mountSharePanel): for a
 * page that loads this module when the panel is first wanted.
 * @param {Element} container
 * @param {Parameters<typeof mountSharePanel>[1]} options
 */
export async function loadSharePanel(container, options) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL('../styles/share-panel.css', import.meta.url).href;
  // Unstyled beats missing: a failed load still mounts the panel.
  const loaded = new Promise((resolve) => {
    link.onload = link.onerror = resolve;
  });
  document.head.append(link);
  await loaded;
  return mountSharePanel(container, options);
}

/**
 * Renders the panel into `container` and returns `{update()}`: call it
 * whenever the scenario changes. A closed panel already drawn in the
 * container (`<details class="share">` with its summary and
 * `.share-title`, as index.html has it) is kept, open or not, and filled
 * in; otherwise the container's content is replaced.
 * @param {Element} container
 * @param {{getScenario: () => import('../model/scenario.js').Scenario, pageUrl?: () => string}} options
 */
export function mountSharePanel(container, { getScenario, pageUrl = () => location.href }) {
  const id = `share-${++instances}`;
  let details = container.querySelector(':scope > details.share');
  let title = details?.querySelector('.share-title');
  if (!details || !title) {
    details = document.createElement('details');
    details.className = 'share';
    const summary = document.createElement('summary');
    summary.className = 'share-summary';
    title = document.createElement('h2');
    title.className = 'panel-title share-title';
    title.id = `${id}-title`;
    title.textContent = 'Share and embed';
    summary.append(title);
    details.append(summary);
    container.replaceChildren(details);
  }

  const fields = {};
  for (const item of ITEMS) {
    const box = document.createElement('div');
    box.className = 'share-item';
    const label = document.createElement('label');
    label.className = 'share-label';
    label.htmlFor = `${id}-${item.key}`;
    label.textContent = item.label;
    const hint = document.createElement('p');
    hint.className = 'hint share-hint';
    hint.id = `${id}-${item.key}-hint`;
    hint.textContent = item.hint;
    const code = document.createElement('textarea');
    code.className = 'share-code';
    code.id = `${id}-${item.key}`;
    code.readOnly = true;
    code.rows = item.rows;
    code.spellcheck = false;
    code.wrap = 'soft';
    code.dataset.shareCode = item.key;
    code.setAttribute('aria-describedby', hint.id);
    code.addEventListener('focus', () => code.select());
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.className = 'button button-quiet share-copy';
    copy.dataset.copy = item.key;
    copy.textContent = 'Copy';
    copy.setAttribute('aria-label', `Copy the ${item.label.toLowerCase()}`);
    copy.addEventListener('click', () => copyText(code, item.label));
    box.append(label, hint, code, copy);
    details.append(box);
    fields[item.key] = code;
  }

  const status = document.createElement('p');
  status.className = 'share-status';
  status.dataset.shareStatus = '';
  status.setAttribute('role', 'status');
  const privacy = document.createElement('p');
  privacy.className = 'hint share-privacy';
  privacy.textContent =
    'Private by design: allin requests nothing outside its own files, no analytics, ' +
    'no fonts, no CDN. The odds are worked out on your device, offline too once the page ' +
    'has been opened once. Embedded widgets do the same.';
  details.append(status, privacy);
  container.setAttribute('aria-labelledby', title.id);

  async function copyText(code, label) {
    code.focus();
    code.select();
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(code.value);
      status.textContent = `${label} copied.`;
    } catch {
      // Selected above: the user copies it (Ctrl+C, or the phone's menu).
      status.textContent = `${label} selected: copy it with Ctrl+C or your phone's menu.`;
    }
  }

  /** Fills the codes in (only while the panel is open: no work when closed). */
  function update() {
    if (!details.open) return;
    const scenario = getScenario();
    const base = siteBase(pageUrl());
    fields.link.value = calculatorLink(base, scenario);
    fields.iframe.value = iframeCode(base, scenario);
    fields.element.value = elementCode(base, scenario);
    status.textContent = '';
  }

  details.addEventListener('toggle', update);
  update(); // already open: the user opened it while this module loaded
  return { update, element: details };
}
