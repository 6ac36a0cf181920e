// Hostile input through every door a stranger has: the widget's URL
// fragment (cards and style parameters), the element's attributes (in the
// HTML and changed later), and the code the share panel hands out. Each
// shows an error or is ignored; nothing runs (a `window.__pwned` sentinel
// and dialogs are watched), no element is made from it, and no request
// goes anywhere but the site's own files.

import { shortText } from '../../www/model/format.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from './static-server.mjs';
import {
  BASE_URL,
  WWW,
  setup,
  readOdds,
  settledOdds,
  watch,
} from './support.mjs';
import { elementCode, iframeCode, calculatorLink } from '../../www/model/embedding.js';

/** Markup that would run (or fetch from elsewhere) if it were ever parsed as HTML. */
const EVIL = {
  img: '<img src=http://evil.invalid/x.png onerror="window.__pwned=1;alert(1)">',
  script: '<script>window.__pwned=1;alert(1)</script>',
  attr: '"><svg onload="window.__pwned=1;alert(1)">',
  quote: "'><iframe src=javascript:window.top.__pwned=1></iframe>",
  url: 'javascript:window.__pwned=1',
};

let site;

const suite = setup({
  before: async () => {
    site = await serve(WWW, { prefix: '/allin/', routes: {} });
  },
  after: async () => {
    await site?.close();
  },
});

async function newSession() {
  const context = await suite.browser.newContext();
  const seen = watch(context);
  const page = await context.newPage();
  return { context, page, seen };
}

/** Nothing ran, nothing was made, nothing left: then close. */
async function verdict({ context, page, seen }, origins, widget) {
  if (widget) {
    const made = await widget.evaluate((root) =>
      root.querySelectorAll('img, svg, script, iframe, object, embed, style, link').length);
    assert.equal(made, 0, 'an element was made from input');
  }
  for (const frame of page.frames()) {
    assert.equal(await frame.evaluate(() => window.__pwned ?? null).catch(() => null), null,
      `script ran in ${frame.url()}`);
  }
  assert.deepEqual(seen.dialogs, [], 'a dialog opened');
  assert.deepEqual(seen.foreign(origins), [], 'a request left the site');
  assert.ok(!seen.requests.some((u) => u.includes('evil.invalid')));
  assert.deepEqual(seen.problems.filter((p) => !/Content Security Policy/.test(p)), []);
  await context.close();
}

test('the widget\'s fragment: hostile cards show the engine\'s error, as text', async () => {
  for (const [field, value] of [
    ['p1', EVIL.img],
    ['p2', EVIL.attr],
    ['board', EVIL.script],
    ['dead', EVIL.quote],
    ['p3', EVIL.url],
  ]) {
    const session = await newSession();
    const params = new URLSearchParams({ p1: 'AhKh', p2: 'QsQd', board: '', dead: '' });
    params.set(field, value);
    await session.page.goto(`${BASE_URL}embed.html#${params}`);
    const widget = session.page.locator('[data-allin-odds]');
    const r = await settledOdds(widget);
    assert.equal(r.status, 'error', `${field}: ${value}`);
    assert.ok(r.error.length > 0);
    // The hand shows the text as typed (escaped by the DOM, not parsed).
    if (field.startsWith('p')) {
      const n = Number(field.slice(1));
      assert.equal(r.players[n - 1].text.includes(shortText(value.trim())), true, r.players[n - 1].text);
    }
    assert.ok(r.link.startsWith(`${BASE_URL}index.html#`), r.link);
    await verdict(session, [BASE_URL], widget);
  }
});

test('the widget\'s style parameters: anything but a strict colour is ignored', async () => {
  const session = await newSession();
  const hostile = {
    theme: 'dark"><script>window.__pwned=1</script>',
    accent: 'red;background:url(http://evil.invalid/a.png)',
    bg: 'url(http://evil.invalid/b.png)',
    text: '#fff;background-image:url(http://evil.invalid/c.png)',
    radius: '4px;background:url(http://evil.invalid/d.png)',
    muted: 'expression(window.__pwned=1)',
    border: '#12345', // five digits: not a colour
  };
  const params = new URLSearchParams({ p1: 'AhKh', p2: 'QsQd', board: '2h7hTc', dead: '', ...hostile });
  await session.page.goto(`${BASE_URL}embed.html#${params}`);
  const widget = session.page.locator('[data-allin-odds]');
  const r = await settledOdds(widget);
  assert.equal(r.status, 'done');
  assert.equal(r.exact, true);
  const state = await session.page.evaluate(() => ({
    ignored: document.documentElement.dataset.ignored.split(' ').sort(),
    inline: document.documentElement.getAttribute('style'),
    theme: document.querySelector('[data-allin-odds]').dataset.theme ?? null,
  }));
  assert.deepEqual(state.ignored, Object.keys(hostile).sort());
  assert.equal(state.inline, null, 'no style was applied');
  assert.equal(state.theme, null);
  await verdict(session, [BASE_URL], widget);
});

test('the element\'s attributes: in the HTML and set later, never run', async () => {
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>hostile</title><script type="module" src="/allin/allin-odds.js"></script></head><body>
<allin-odds id="a" p1="${esc(EVIL.img)}" p2="QsQd" theme="${esc(EVIL.attr)}"></allin-odds>
<allin-odds id="b" p1="AhKh" p2="QsQd" board="${esc(EVIL.script)}" method="${esc(EVIL.quote)}"></allin-odds>
</body></html>`;
  const local = await serve(WWW, { prefix: '/allin/', routes: { '/hostile.html': { body: page } } });
  try {
    const session = await newSession();
    await session.page.goto(`${local.url}hostile.html`);
    const a = session.page.locator('#a [data-allin-odds]');
    const b = session.page.locator('#b [data-allin-odds]');
    let r = await settledOdds(a);
    assert.equal(r.status, 'error');
    assert.ok(r.players[0].text.includes(shortText(EVIL.img)));
    assert.equal(await a.getAttribute('data-theme'), null, 'a hostile theme is ignored');
    r = await settledOdds(b);
    assert.equal(r.status, 'error');

    // Set later, through the DOM.
    await session.page.evaluate((evil) => {
      const el = document.getElementById('b');
      el.setAttribute('board', '');
      el.setAttribute('method', 'auto');
      el.setAttribute('p2', evil.attr);
      el.setAttribute('dead', evil.url);
    }, EVIL);
    await session.page.waitForFunction(() => {
      const root = document.getElementById('b').shadowRoot.querySelector('[data-allin-odds]');
      return root.dataset.status === 'error' && root.querySelector('[data-player="2"]').textContent.includes('svg');
    });
    r = await readOdds(b);
    assert.ok(r.players[1].text.includes(shortText(EVIL.attr)));
    for (const widget of [a, b]) {
      const made = await widget.evaluate((root) =>
        root.querySelectorAll('img, svg, script, iframe').length);
      assert.equal(made, 0);
    }
    await verdict(session, [local.url]);
  } finally {
    await local.close();
  }
});

test('the share panel\'s code, pasted into a page, keeps hostile text as text', async () => {
  const scenario = { players: [EVIL.img, EVIL.attr], board: EVIL.script, dead: EVIL.quote, method: 'auto' };
  const codeFor = (base) => ({
    element: elementCode(base, scenario),
    iframe: iframeCode(base, scenario),
    link: calculatorLink(base, scenario),
  });
  const sample = codeFor('https://example.org/allin/');
  for (const code of [sample.element, sample.iframe]) {
    // Every < in user text became &lt;: the only tags are ours.
    const tags = [...code.matchAll(/<([a-z-]+)/gi)].map((m) => m[1]);
    assert.ok(tags.every((t) => ['script', 'allin-odds', 'iframe'].includes(t)), tags.join(' '));
  }
  const local = await serve(WWW, {
    prefix: '/allin/',
    routes: {
      '/pasted.html': (req) => {
        const { element, iframe, link } = codeFor(`http://${req.headers.host}/allin/`);
        return {
          body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>pasted</title></head><body>${element}\n${iframe}<a id="link" href="${link.replace(/"/g, '&quot;')}">link</a></body></html>`,
        };
      },
    },
  });
  try {
    const session = await newSession();
    await session.page.goto(`${local.url}pasted.html`);
    // The element got the hostile text back, exactly, as attribute values.
    const attrs = await session.page.evaluate(() => {
      const el = document.querySelector('allin-odds');
      return [el.getAttribute('p1'), el.getAttribute('p2'), el.getAttribute('board'), el.getAttribute('dead')];
    });
    assert.deepEqual(attrs, [EVIL.img, EVIL.attr, EVIL.script, EVIL.quote]);
    const counts = await session.page.evaluate(() => ({
      img: document.querySelectorAll('img').length,
      svg: document.querySelectorAll('svg').length,
      iframes: document.querySelectorAll('iframe').length,
      scripts: document.querySelectorAll('script').length,
    }));
    assert.deepEqual(counts, { img: 0, svg: 0, iframes: 1, scripts: 1 });
    const r = await settledOdds(session.page.locator('allin-odds [data-allin-odds]'));
    assert.equal(r.status, 'error');
    // The frame's fragment carries the same text to the widget, which says no.
    const f = await settledOdds(session.page.frameLocator('iframe').locator('[data-allin-odds]'));
    assert.equal(f.status, 'error');
    assert.ok(f.players[0].text.includes(shortText(EVIL.img)));
    await verdict(session, [local.url]);
  } finally {
    await local.close();
  }
});
