// Accessibility, measured (issue 13): axe-core run in the page (support.mjs
// axeViolations: WCAG 2.0/2.1 A and AA plus axe's best practices) finds
// nothing on the calculator and the hand evaluator, light and dark, on a
// desktop and on a touch phone; every touch target on the phone is at
// least 44×44 CSS px (support.mjs smallTargets; inline links in a sentence
// are the one exception, WCAG 2.5.5); text fields have edges you can see
// (weakEdges, WCAG 1.4.11); every tab stop shows its focus (unmarkedFocus,
// WCAG 2.4.7); the grid's labels are legible on their heat colours and
// partial fills, light and dark (in the pixels: axe-core
// cannot read gradient backgrounds and reports them only as incomplete).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DESKTOP, TOUCH_PHONE, axeViolations, finish, lowContrastText, openOn, settled, setup,
  smallTargets, unmarkedFocus, weakEdges,
} from './support.mjs';

const suite = setup();

const DEVICES = { desktop: DESKTOP, phone: TOUCH_PHONE };
const SCHEMES = ['light', 'dark'];

/** A realistic calculator: two hands on a flop. */
const CALCULATOR = '#p1=AhKh&p2=QsQd&board=2h7hTc&dead=';
/** With a range (the grid fills it, Explain has rows) and player 1's heatmap. */
const WITH_RANGE = '#p1=AhKh&p2=QQ%2B%2C+AKs%2C+A5s-A2s%4050&board=2h7hTc&dead=&heat=1';
const EVALUATOR = 'evaluator.html#hand=7c7d7hKsKd2c9s';

/** The calculator with a result, then with the Explain and Share panels open. */
async function calculatorStates(session, check) {
  const { page } = session;
  assert.equal((await settled(page)).status, 'done');
  await check('result shown');
  await page.evaluate((hash) => { location.hash = hash; }, WITH_RANGE);
  await page.waitForFunction(() => document.querySelector('[data-results]').dataset.status === 'done');
  await page.selectOption('[data-range-player]', 'p2');
  await page.click('[data-explain] summary');
  await page.waitForFunction(() => document.querySelector('[data-explain-body]').children.length > 0);
  await page.click('[data-share-panel] summary');
  await page.waitForFunction(() => document.querySelector('[data-share-code="link"]')?.value);
  await check('range, Explain and Share open');
  // The grid's editing tool: on touch its cells are tap targets of their own.
  await page.check('[data-grid-tool][value="range"]');
  await check('the grid editing');
}

async function evaluatorState(session, check) {
  const { page } = session;
  await page.waitForFunction(() => document.querySelector('[data-result]').dataset.status === 'done');
  await check('a hand evaluated');
}

const PAGES = [
  { name: 'calculator', path: CALCULATOR, states: calculatorStates },
  { name: 'evaluator', path: EVALUATOR, states: evaluatorState },
];

/**
 * Violations found before issue 13's other parts land, each owned by one of
 * them: left out of the tests above and asserted by a `todo` test below.
 * The integrator empties this once they are merged.
 */
const KNOWN = {};

/**
 * What each device measures at every state, light and dark (the scheme
 * switched in place by `emulateMedia`, so a page loads once per page and
 * device): axe on both; on the phone the 44 px touch targets, on the
 * desktop the fields' edges and the focus rings. Each kind of finding is
 * asserted on its own, so a failure names what it measured.
 */
const MEASURES = {
  desktop: {
    axe: (page) => axeViolations(page, { disable: Object.keys(KNOWN) }),
    'field edges under 3:1 against their background': async (page) =>
      (await weakEdges(page)).filter((line) => !knownEdge(line)),
    'tab stops with no outline or shadow while focused': async (page) => {
      const { stops, unmarked } = await unmarkedFocus(page);
      return stops > 0 ? unmarked : ['no tab stop found'];
    },
  },
  phone: {
    axe: (page) => axeViolations(page, { disable: Object.keys(KNOWN) }),
    'touch targets under 44×44 CSS px': async (page) => {
      const { small, inline } = await smallTargets(page, { min: 44 });
      for (const line of inline) inlineLinks.add(line);
      return small;
    },
  },
};

/** Inline links in a sentence met on the phone (WCAG 2.5.5's exception). */
const inlineLinks = new Set();

for (const { name, path, states } of PAGES) {
  for (const [deviceName, device] of Object.entries(DEVICES)) {
    const measures = MEASURES[deviceName];
    test(`${name}, ${deviceName}, light and dark: ${Object.keys(measures).join('; ')}`, async () => {
      const session = await openOn(suite.browser, device, { path });
      const found = Object.fromEntries(Object.keys(measures).map((what) => [what, []]));
      await states(session, async (state) => {
        for (const colorScheme of SCHEMES) {
          await session.page.emulateMedia({ colorScheme });
          for (const [what, measure] of Object.entries(measures)) {
            for (const line of await measure(session.page)) found[what].push(`${state}, ${colorScheme}: ${line}`);
          }
        }
      });
      if (inlineLinks.size) console.log(`${name}: inline links (WCAG 2.5.5 exception): ${[...inlineLinks].join('; ')}`);
      inlineLinks.clear();
      for (const [what, lines] of Object.entries(found)) {
        assert.deepEqual(lines, [], `${what} on the ${name} (${deviceName})`);
      }
      // The injected axe script is inline text: still no request beyond the page's own files.
      await finish(assert, session);
    });
  }
}

for (const [rule, todo] of Object.entries(KNOWN)) {
  test(`axe: no ${rule} on the calculator (known before issue 13 lands)`, { todo }, async () => {
    const session = await openOn(suite.browser, DESKTOP, { path: CALCULATOR });
    const found = [];
    await calculatorStates(session, async (state) => {
      for (const line of await axeViolations(session.page, { rules: [rule] })) found.push(`${state}: ${line}`);
    });
    assert.deepEqual(found, []);
    await finish(assert, session);
  });
}

/**
 * Fields with faint edges owned by issue 13's other parts (each line of
 * weakEdges starts with the field): asserted by the todo test below; the
 * integrator empties this once they are merged.
 */
const KNOWN_EDGES = [];
function knownEdge(line) {
  return KNOWN_EDGES.some(({ pattern }) => pattern.test(line));
}

for (const { what, pattern, todo } of KNOWN_EDGES) {
  test(`text fields show their edges (3:1): ${what} (known before issue 13 lands)`, { todo }, async () => {
    const found = [];
    for (const { path } of PAGES) {
      for (const colorScheme of SCHEMES) {
        const session = await openOn(suite.browser, DESKTOP, { path, colorScheme });
        for (const line of await weakEdges(session.page)) {
          if (pattern.test(line)) found.push(`${path} ${colorScheme}: ${line}`);
        }
        await finish(assert, session);
      }
    }
    assert.deepEqual(found, []);
  });
}

// The grid's labels against each colour behind them (heat, part-way and
// full fills, light and dark): grid-touch.test.mjs's cellContrasts.

test('smallTargets measures what it says', async () => {
  const context = await suite.browser.newContext({ ...TOUCH_PHONE });
  const page = await context.newPage();
  await page.setContent(`<main>
    <button id="small" style="width:30px;height:30px">x</button>
    <button id="big" style="width:44px;height:44px">y</button>
    <button disabled style="width:10px;height:10px">off</button>
    <button hidden>hidden</button>
    <label style="display:inline-block;padding:14px"><input id="radio" type="radio"> a labelled radio</label>
    <input id="bare" type="checkbox" aria-label="bare">
    <p>Read <a href="#x">the notes</a> first.</p>
    <div role="gridcell" tabindex="0" style="width:20px;height:20px">c</div>
  </main>`);
  const { small, inline } = await smallTargets(page);
  assert.deepEqual(small.map((line) => line.split(' ')[0]).sort(),
    ['button#small', 'div[role=gridcell]', 'input#bare[type=checkbox]'].sort(), small.join('\n'));
  assert.ok(small.includes('button#small 30×30 "x"'), small.join('\n'));
  assert.deepEqual(inline.length, 1, inline.join('\n'));
  assert.match(inline[0], /^a \d+(\.\d)?×\d+(\.\d)? "the notes"$/);
  await context.close();
});

test('axeViolations reports a real violation readably, with no request', async () => {
  const context = await suite.browser.newContext();
  const page = await context.newPage();
  const requests = [];
  context.on('request', (r) => requests.push(r.url()));
  await page.setContent('<html lang="en"><title>t</title><main><h1>t</h1>' +
    '<p style="color:#aaa;background:#fff">faint text</p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
    '</main></html>');
  const found = await axeViolations(page);
  assert.ok(found.some((l) => /^color-contrast \[serious\]: .*contrast.* at p$/.test(l)), found.join('\n'));
  assert.ok(found.some((l) => /^image-alt \[critical\]: .* at img$/.test(l)), found.join('\n'));
  assert.deepEqual(requests.filter((u) => !u.startsWith('data:')), []);
  await context.close();
});

test('weakEdges and unmarkedFocus measure what they say', async () => {
  const context = await suite.browser.newContext();
  const page = await context.newPage();
  await page.setContent(`<main style="background:#fff">
    <input id="faint" style="border:2px solid #d8d3c8;background:#fff">
    <input id="clear" style="border:2px solid #857f73;background:#fff">
    <input id="filled" style="border:0;background:#333;color:#fff">
    <select id="menu" style="border:1px solid rgb(0 0 0 / 0.1);background:transparent"><option>x</option></select>
    <button id="bare" style="outline:none">no ring</button>
    <a href="#a">a link</a>
  </main>`);
  assert.deepEqual(await weakEdges(page), [
    'input#faint 1.49:1 (border #d8d3c8, fill #ffffff on #ffffff)',
    'select#menu 1.26:1 (border #e5e5e5, fill #ffffff on #ffffff)',
  ]);
  assert.deepEqual(await weakEdges(page, { within: '#clear' }), []);
  const walk = await unmarkedFocus(page);
  assert.deepEqual(walk, { stops: 6, unmarked: ['button#bare'] });
  await context.close();
});

test('lowContrastText measures the pixels behind the text', async () => {
  const context = await suite.browser.newContext({ viewport: { width: 600, height: 300 } });
  const page = await context.newPage();
  const cell = 'display:inline-block;width:60px;height:40px;padding:10px;color:#fff';
  await page.setContent(`<body style="margin:0;background:#fff">
    <div class="c" id="pale" style="${cell};background:linear-gradient(to top, #c62f22 30%, #f4c8c4 0)">AKs</div>
    <div class="c" id="dark" style="${cell};background:#c62f22">AA</div>
    <div class="c" id="half" style="${cell};background:linear-gradient(to top, #2357a8 50%, #f4c8c4 0);padding-top:24px">77</div>
    <div style="height:600px"></div>
    <div class="c" id="below" style="${cell};background:#eee">QQ</div>
  </body>`);
  const low = await lowContrastText(page, '.c');
  assert.deepEqual(low.map((line) => line.split(' ').slice(0, 3).join(' ')),
    ['div#below "QQ" 1.16:1', 'div#pale "AKs" 1.51:1', 'div#half "77" 1.51:1']);
  await context.close();
});
