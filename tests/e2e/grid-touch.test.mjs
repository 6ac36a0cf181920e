// The 169-hand grid and the range editor on a touch phone (390×844,
// hasTouch, isMobile: real touch events through CDP) and with a mouse
// (issue 13): swipes scroll and never edit, a tap reads, editing needs the
// "adds or removes it" tool (tap, or touch and hold then drag), 44 px
// targets on touch, the top X% number field, the growing range box, cell
// text contrast in every state (light and dark), Explain that says more
// than the item, phone screenshots, and Short Deck's 81-class grid by touch
// (issue 37).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  finish as finishSession,
  fragment,
  openOn,
  openPage,
  screenshotPath,
  settled,
  setup,
  gridDrawn,
  cellCentre as centre,
} from './support.mjs';

const suite = setup();

const PHONE = { hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } };

function finish(session) {
  return finishSession(assert, session);
}

/** The calculator on a touch phone, engine ready; `touch(type, point)` sends real touch events. */
async function openPhone({ path = '', colorScheme = 'light' } = {}) {
  const { page, context, requests, problems } = await openOn(suite.browser, PHONE, { path, colorScheme });
  const cdp = await context.newCDPSession(page);
  const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [],
  });
  return { page, context, requests, problems, touch };
}

/** A finger from `from` to `to` in `steps` moves, a frame apart. */
async function swipe(session, from, to, steps = 12) {
  const { page, touch } = session;
  await touch('touchStart', from);
  for (let k = 1; k <= steps; k++) {
    await touch('touchMove', { x: from.x + ((to.x - from.x) * k) / steps, y: from.y + ((to.y - from.y) * k) / steps });
    await page.waitForTimeout(16);
  }
  await touch('touchEnd');
}

async function tap(session, label) {
  const p = await centre(session.page, label);
  await session.touch('touchStart', p);
  await session.touch('touchEnd');
}

/** Everything the page's ranges are: every field, the URL, the grid's cells. */
function snapshot(page) {
  return page.evaluate(() => ({
    hash: location.hash,
    fields: [...document.querySelectorAll('[data-field]')].map((f) => [f.dataset.field, f.value]),
    cells: [...document.querySelectorAll('[data-hand-grid] [role="gridcell"]')].map((c) => c.dataset.fill).join(),
  }));
}

async function rangeIs(page, n, text) {
  await page.waitForFunction(
    ([field, want]) => document.querySelector(`[data-field="${field}"]`).value === want,
    [`p${n}`, text],
  );
}

test('phone: a vertical swipe over the grid scrolls the page and changes no range', async () => {
  const session = await openPhone({ path: '#p1=AhKh&p2=QQ%2B%2C+AKs&board=&dead=' });
  const { page } = session;
  await settled(page);
  assert.equal(await page.getAttribute('[data-hand-grid]', 'data-tool'), 'read', 'a touch screen starts by reading');
  await page.locator('[data-hand-grid]').scrollIntoViewIfNeeded();
  const before = await snapshot(page);
  const y0 = await page.evaluate(() => scrollY);
  // Up over the grid, from 77 to A7s, and down again over K7s…74o.
  await swipe(session, await centre(page, '77'), await centre(page, 'A7s'));
  await page.waitForTimeout(300);
  const y1 = await page.evaluate(() => scrollY);
  assert.ok(y1 > y0 + 100, `the page scrolled down (${y0} → ${y1})`);
  await swipe(session, await centre(page, 'K7s'), await centre(page, '74o'));
  await page.waitForTimeout(300);
  assert.notEqual(await page.evaluate(() => scrollY), y1, 'and back');
  assert.deepEqual(await snapshot(page), before, 'no range changed');
  assert.equal(fragment(page).p1, 'AhKh');
  await finish(session);
});

test('phone: a tap reads a hand\'s numbers and edits nothing', async () => {
  const session = await openPhone({ path: '#p1=AhKh&p2=&board=&dead=' });
  const { page } = session;
  await settled(page);
  await page.locator('[data-hand-grid]').scrollIntoViewIfNeeded();
  const before = await snapshot(page);
  await tap(session, 'KQs');
  await page.waitForFunction(() => /^KQs: /.test(document.querySelector('[data-grid-readout]').textContent));
  assert.match(await page.textContent('[data-grid-readout]'), /^KQs: \d+\.\d\d% against one random hand, preflop$/);
  await tap(session, '72o');
  await page.waitForFunction(() => /^72o: /.test(document.querySelector('[data-grid-readout]').textContent));
  assert.match(await page.getAttribute('[data-hand-grid] [data-class="72o"]', 'class'), /\bis-active\b/);
  // A finger held still reads too; it never paints in this tool.
  await session.touch('touchStart', await centre(page, 'AA'));
  await page.waitForTimeout(600);
  await session.touch('touchEnd');
  await page.waitForFunction(() => /^AA: /.test(document.querySelector('[data-grid-readout]').textContent));
  assert.deepEqual(await snapshot(page), before);
  await finish(session);
});

test('phone: "adds or removes it" — a tap toggles, touch and hold then drag paints, a swipe still scrolls', async () => {
  const session = await openPhone({ path: '#p1=&p2=QsQd&board=&dead=' });
  const { page } = session;
  await settled(page);
  await page.tap('[data-grid-tool][value="range"]');
  assert.equal(await page.getAttribute('[data-hand-grid]', 'data-tool'), 'range');
  // Finger-sized cells, in a box that scrolls sideways (not the page).
  const sizes = await page.$$eval('[data-hand-grid] [role="gridcell"]', (cells) =>
    cells.map((c) => c.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
  assert.equal(sizes.length, 169);
  assert.ok(Math.min(...sizes) >= 44, `cells at least 44 px (smallest ${Math.min(...sizes)})`);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    box: document.querySelector('[data-hand-grid-box]').scrollWidth,
  }));
  assert.ok(widths.page <= 390, `the page does not scroll sideways (${widths.page})`);
  assert.ok(widths.box > 390, 'the grid does, in its box');

  await page.locator('[data-hand-grid] [data-class="KQs"]').scrollIntoViewIfNeeded();
  await tap(session, 'KQs');
  await rangeIs(page, 1, 'KQs');
  await tap(session, 'KQs');
  await rangeIs(page, 1, '');
  // Held, then dragged along the row of ace-x suited.
  await page.locator('[data-hand-grid] [data-class="AKs"]').scrollIntoViewIfNeeded();
  await page.$eval('[data-hand-grid-box]', (box) => {
    box.scrollLeft = 0;
  });
  await session.touch('touchStart', await centre(page, 'AKs'));
  // Held until the page starts a stroke (a fixed wait lost the race on a busy machine).
  await page.waitForSelector('[data-hand-grid][data-stroke="on"]');
  for (const label of ['AQs', 'AJs', 'ATs']) {
    await session.touch('touchMove', await centre(page, label));
    await page.waitForTimeout(16);
  }
  await session.touch('touchEnd');
  await rangeIs(page, 1, 'ATs+');
  assert.equal(await page.evaluate(() => window.scrollX), 0);
  // Held at the box's edge, a stroke scrolls the grid sideways and paints on.
  await page.$eval('[data-hand-grid-box]', (box) => {
    box.scrollLeft = 0;
  });
  await tap(session, 'ATs');
  await rangeIs(page, 1, 'AJs+');
  const edge = await page.locator('[data-hand-grid-box]').boundingBox();
  const a9s = await centre(page, 'A9s');
  await session.touch('touchStart', a9s);
  // Held until the page starts a stroke (a fixed wait lost the race on a busy machine).
  await page.waitForSelector('[data-hand-grid][data-stroke="on"]');
  await session.touch('touchMove', { x: edge.x + edge.width - 8, y: a9s.y });
  await page.waitForTimeout(1000);
  await session.touch('touchEnd');
  await rangeIs(page, 1, 'AJs+, A9s-A2s');
  assert.ok(await page.$eval('[data-hand-grid-box]', (box) => box.scrollLeft + box.clientWidth >= box.scrollWidth - 1),
    'scrolled to the end');

  // A quick swipe (no hold) scrolls and paints nothing, down and sideways.
  const before = await snapshot(page);
  const y0 = await page.evaluate(() => scrollY);
  await swipe(session, await centre(page, 'T5o'), await centre(page, 'TT'));
  await page.waitForTimeout(300);
  assert.notEqual(await page.evaluate(() => scrollY), y0, `the page scrolled (${y0})`);
  await page.locator('[data-hand-grid] [data-class="AKs"]').scrollIntoViewIfNeeded();
  const x0 = await page.$eval('[data-hand-grid-box]', (box) => {
    box.scrollLeft = 0;
    return box.scrollLeft;
  });
  await swipe(session, await centre(page, 'A8s'), await centre(page, 'AKs'));
  await page.waitForTimeout(300);
  assert.ok(await page.$eval('[data-hand-grid-box]', (box) => box.scrollLeft) > x0, 'the grid scrolled sideways');
  assert.deepEqual(await snapshot(page), before, 'no range changed');
  await finish(session);
});

test('phone: Short Deck\'s 81-class grid: 44 px cells, touch and hold then drag paints', async () => {
  const session = await openPhone({ path: '#game=shortdeck&p1=&p2=QsQd' });
  const { page } = session;
  await settled(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-hand-grid] [role="gridcell"]').length === 81);
  await page.tap('[data-grid-tool][value="range"]');
  const sizes = await page.$$eval('[data-hand-grid] [role="gridcell"]', (cells) =>
    cells.map((c) => c.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
  assert.ok(Math.min(...sizes) >= 44, `cells at least 44 px (smallest ${Math.min(...sizes)})`);
  await page.locator('[data-hand-grid] [data-class="AKs"]').scrollIntoViewIfNeeded();
  await page.$eval('[data-hand-grid-box]', (box) => {
    box.scrollLeft = 0;
  });
  await session.touch('touchStart', await centre(page, 'AKs'));
  await page.waitForSelector('[data-hand-grid][data-stroke="on"]');
  for (const label of ['AQs', 'AJs', 'ATs']) {
    await session.touch('touchMove', await centre(page, label));
    await page.waitForTimeout(16);
  }
  await session.touch('touchEnd');
  await rangeIs(page, 1, 'ATs+');
  // A class below six is no cell of this grid.
  assert.equal(await page.locator('[data-hand-grid] [data-class="A5s"]').count(), 0);
  await finish(session);
});

test('phone: every control of the range panel is at least 44 px', async () => {
  const session = await openPhone({ path: '#p1=QQ%2B&p2=AhKh&board=&dead=' });
  const { page } = session;
  await settled(page);
  await page.click('[data-explain] summary');
  const small = () => page.evaluate(() => {
    const panel = document.querySelector('.grid-panel');
    const targets = [...panel.querySelectorAll('input, select, textarea, button, summary, [tabindex="0"]')]
      .filter((el) => el.getClientRects().length > 0)
      // A radio is its whole segment (it covers it).
      .map((el) => (el.type === 'radio' ? el.closest('label') : el));
    const out = targets
      .map((el) => [el.dataset.class ?? el.id ?? el.tagName, el.getBoundingClientRect()])
      .filter(([, r]) => r.width < 44 || r.height < 44)
      .map(([name, r]) => `${name} ${r.width.toFixed(0)}×${r.height.toFixed(0)}`);
    return { out, count: targets.length };
  });
  // Reading: the grid is one control (it reads whichever hand a finger
  // lands on); its roving tab stop is for the keyboard, not a tap target.
  const grid = await page.locator('[data-hand-grid]').boundingBox();
  assert.ok(grid.width >= 300 && grid.height >= 300);
  let r = await small();
  assert.deepEqual(r.out.filter((t) => !/^[2-9TJQKA]{2}[so]? /.test(t)), []);
  assert.ok(r.count >= 10, `${r.count} controls measured`);
  // Editing: every hand is a target of its own, and all of them are big enough.
  await page.tap('[data-grid-tool][value="range"]');
  r = await small();
  assert.deepEqual(r.out, []);
  await finish(session);
});

test('phone: the top X% number field takes typing, errors, and keeps its value until a hand edit', async () => {
  const session = await openPhone({ path: '#p1=&p2=AhKh&board=&dead=' });
  const { page } = session;
  await settled(page);
  assert.equal(await page.getAttribute('[data-range-slider]', 'step'), '1', 'whole percents on a touch screen');
  await page.fill('[data-range-percent]', '10');
  await rangeIs(page, 1, '77+, A9s+, KTs+, QTs+, AJo+, KQo');
  assert.equal(await page.inputValue('[data-range-slider]'), '10');
  await page.fill('[data-range-percent]', '12.5');
  await page.waitForFunction(() => document.querySelector('[data-field="p1"]').value !== '77+, A9s+, KTs+, QTs+, AJo+, KQo');
  const twelve = await page.inputValue('[data-field="p1"]');
  assert.match(await page.textContent('[data-range-summary]'), /, 12\.\d% of all hands$/);
  // Bad values: a clear error, the range left alone.
  for (const [typed, message] of [
    ['150', 'Top X%: 150 is more than 100'],
    ['-2', 'Top X%: -2 is below 0'],
    ['abc', 'Top X%: "abc" is not a number from 0 to 100 (e.g. 12.5)'],
    ['1.234', 'Top X%: 1.234 has more than two decimals (hands are ranked in steps of 0.01%)'],
  ]) {
    await page.fill('[data-range-percent]', typed);
    await page.waitForFunction((m) => document.querySelector('[data-range-percent-error]').textContent === m, message);
    assert.equal(await page.getAttribute('[data-range-percent]', 'aria-invalid'), 'true');
    assert.equal(await page.inputValue('[data-field="p1"]'), twelve);
  }
  // Typing applies once it pauses: 101 typed key by key never gives 10% on the way.
  await page.fill('[data-range-percent]', '');
  await page.locator('[data-range-percent]').pressSequentially('101', { delay: 60 });
  await page.waitForFunction(() => document.querySelector('[data-range-percent-error]').textContent ===
    'Top X%: 101 is more than 100');
  assert.equal(await page.inputValue('[data-field="p1"]'), twelve);
  await page.fill('[data-range-percent]', '12,5');
  await page.waitForSelector('[data-range-percent-error]', { state: 'hidden' });
  await page.locator('[data-range-percent]').blur();
  assert.equal(await page.inputValue('[data-range-percent]'), '12.5');
  // Reading the grid keeps it.
  await page.locator('[data-hand-grid]').scrollIntoViewIfNeeded();
  await tap(session, '22');
  await tap(session, 'AA');
  await page.waitForFunction(() => /^AA: /.test(document.querySelector('[data-grid-readout]').textContent));
  assert.equal(await page.inputValue('[data-range-percent]'), '12.5');
  assert.equal(await page.inputValue('[data-field="p1"]'), twelve);
  // So does editing another player and coming back.
  await page.selectOption('[data-range-player]', 'p2');
  await page.selectOption('[data-range-player]', 'p1');
  assert.equal(await page.inputValue('[data-range-percent]'), '12.5');
  // An edit by hand lets go of it.
  await page.tap('[data-grid-tool][value="range"]');
  await page.locator('[data-hand-grid] [data-class="22"]').scrollIntoViewIfNeeded();
  await tap(session, '22');
  await page.waitForFunction((t) => document.querySelector('[data-field="p1"]').value !== t, twelve);
  assert.equal(await page.inputValue('[data-range-percent]'), '');
  assert.equal(await page.inputValue('[data-range-slider]'), '0');
  await finish(session);
});

test('the range box grows to show all its text, stays one line of range, and keeps the caret', async () => {
  const session = await openPhone({ path: '#p1=&p2=AhKh&board=&dead=' });
  const { page } = session;
  await settled(page);
  const box = page.locator('[data-range-text]');
  const one = (await box.boundingBox()).height;
  const long = 'AA, KK, QQ, JJ, TT, 99, 88, AKs, AQs, AJs, ATs, KQs, KJs, QJs, JTs, T9s, 98s, AKo, AQo, KQo';
  await box.fill(long);
  await rangeIs(page, 1, long);
  const grown = await box.evaluate((el) => ({ height: el.getBoundingClientRect().height, scroll: el.scrollHeight, client: el.clientHeight }));
  assert.ok(grown.height > one * 1.5, `it grew (${one} → ${grown.height})`);
  assert.ok(grown.scroll <= grown.client + 1, 'all of it shows');
  // Enter does not break it; pasted line breaks become blanks.
  await box.press('End');
  await box.press('Enter');
  assert.equal(await page.inputValue('[data-field="p1"]'), long);
  await box.fill('QQ+\nAKs');
  await rangeIs(page, 1, 'QQ+ AKs');
  await box.fill('QQ+, AKx');
  assert.equal(await page.textContent('[data-range-caret]'), 'QQ+, AKx\n       ^');
  assert.equal(await page.getAttribute('[data-range-text]', 'aria-invalid'), 'true');
  await finish(session);
});

/**
 * Contrast of every cell's label and number against each background it
 * sits on (the pale cell, and the deep ::before fill where the range holds
 * it), as the page computed them: [{label, contrast}], worst first.
 */
async function cellContrasts(page) {
  await gridDrawn(page);
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const rgb = (css) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      if (a !== 255) throw new Error(`not opaque: ${css}`);
      return [r, g, b];
    };
    const lum = ([r, g, b]) => {
      const f = (c) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const contrast = (a, b) => {
      const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const out = [];
    for (const cell of document.querySelectorAll('[data-hand-grid] [role="gridcell"]')) {
      const fill = Number(cell.dataset.fill);
      const grounds = [];
      if (fill < 1) grounds.push(['pale', getComputedStyle(cell).backgroundColor]);
      if (fill > 0) grounds.push(['deep', getComputedStyle(cell, '::before').backgroundColor]);
      // (--tone: how far from a fair share, 0…1.)
      const far = Number(cell.style.getPropertyValue('--tone')) >= 0.3;
      const tone = !far ? 'even' : cell.classList.contains('is-strong') ? 'strong' : 'weak';
      for (const part of cell.querySelectorAll('.cell-label, .cell-num')) {
        for (const [ground, colour] of grounds) {
          out.push({
            label: `${cell.dataset.class} ${part.className} ${tone} ${ground}`,
            contrast: contrast(rgb(getComputedStyle(part).color), rgb(colour)),
          });
        }
      }
    }
    return out.sort((a, b) => a.contrast - b.contrast);
  });
}

test('cell text has a contrast of at least 4.5 on every background, in every state, light and dark', async () => {
  // One page: each range by its link, each scheme switched in place.
  const session = await openPage(suite.browser, { path: '#p1=&p2=AhKh&board=&dead=' });
  const { page } = session;
  // Not in the range, partly (at 50%), wholly; every class is strong, even or weak.
  for (const range of ['', 'random:0.5', 'random', 'QQ+, AKs:0.25, 72o, 32o:0.5, T8o, 22:0.5']) {
    await page.evaluate((r) => { location.hash = `#p1=${encodeURIComponent(r)}&p2=AhKh&board=&dead=`; }, range);
    await page.waitForFunction((r) => document.querySelector('[data-field="p1"]').value === r, range);
    await page.waitForFunction(() => document.querySelectorAll('[data-hand-grid] [role="gridcell"]').length === 169);
    await gridDrawn(page);
    for (const colorScheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme });
      const all = await cellContrasts(page);
      const states = new Set(all.map((c) => c.label.split(' ').slice(2).join(' ')));
      for (const tone of ['strong', 'even', 'weak']) {
        if (range !== 'random') assert.ok(states.has(`${tone} pale`), `${colorScheme} ${range}: ${tone} pale`);
        if (range !== '') assert.ok(states.has(`${tone} deep`), `${colorScheme} ${range}: ${tone} deep`);
      }
      const worst = all[0];
      assert.ok(worst.contrast >= 4.5,
        `${colorScheme}, range "${range}": ${worst.label} has a contrast of ${worst.contrast.toFixed(2)}`);
    }
  }
  await finish(session);
});

test('Explain says what each item stands for, never just the item again', async () => {
  const session = await openPage(suite.browser, { path: '#p1=&p2=AhKh&board=&dead=' });
  const { page } = session;
  await settled(page);
  await page.fill('[data-range-text]', 'qq+, AKs, AhKh  A2s-A5s:0.5, 10%, 72o:0');
  await page.click('[data-explain] summary');
  await page.waitForFunction(() => document.querySelectorAll('[data-explain-body] tr').length === 6);
  const rows = await page.$$eval('[data-explain-body] tr', (trs) =>
    trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  assert.deepEqual(rows, [
    ['qq+', 'AA, KK, QQ', '18'],
    ['AKs', 'AsKs AhKh AdKd AcKc', '4'],
    ['AhKh', 'AhKh (one of AKs)', '1'],
    ['A2s-A5s:0.5', 'A5s, A4s, A3s, A2s at 0.5', '16'],
    ['10%', 'AA, KK, QQ, JJ, TT, 99, 88, 77, AKs, AQs, AJs, ATs, A9s, KQs, KJs, KTs, QJs, QTs, AKo, AQo, AJo, KQo', '136'],
    ['72o:0', '7s2h 7s2d 7s2c 7h2s 7h2d 7h2c 7d2s 7d2h 7d2c 7c2s 7c2h 7c2d, removed (weight 0)', '12'],
  ]);
  for (const [token, standsFor] of rows) {
    assert.notEqual(standsFor.toLowerCase(), token.toLowerCase(), `${token} is not explained by itself`);
  }
  await finish(session);
});

test('desktop: a click or a drag edits as before; "shows its numbers" makes a click read; keys edit', async () => {
  const session = await openPage(suite.browser, { path: '#p1=&p2=AhKh&board=&dead=' });
  const { page } = session;
  await settled(page);
  assert.equal(await page.getAttribute('[data-hand-grid]', 'data-tool'), 'range', 'a mouse starts by editing');
  await page.click('[data-hand-grid] [data-class="AA"]');
  await rangeIs(page, 1, 'AA');
  await page.locator('[data-hand-grid]').scrollIntoViewIfNeeded();
  const start = await centre(page, 'AKs');
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (const label of ['AQs', 'AJs']) {
    const p = await centre(page, label);
    await page.mouse.move(p.x, p.y, { steps: 3 });
  }
  await page.mouse.up();
  await rangeIs(page, 1, 'AA, AJs+');
  // Reading: a click shows the numbers and changes nothing.
  await page.check('[data-grid-tool][value="read"]');
  await page.click('[data-hand-grid] [data-class="KK"]');
  assert.match(await page.textContent('[data-grid-readout]'), /^KK: /);
  assert.equal(await page.inputValue('[data-field="p1"]'), 'AA, AJs+');
  // The keyboard edits in every tool: arrows, then Enter.
  await page.focus('[data-hand-grid] [tabindex="0"]');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.class), 'KK');
  await page.keyboard.press('Enter');
  await rangeIs(page, 1, 'KK+, AJs+');
  assert.equal(fragment(page).p1, 'KK+, AJs+');
  await finish(session);
});

test('axe finds nothing wrong with the range panel: phone and desktop, every tool, light and dark', async () => {
  // (axe-core comes with lighthouse, a dependency of these tests.)
  const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  for (const phone of [true, false]) {
    const path = '#p1=77%2B%2C+A9s%2B%2C+KTs%2B%2C+AJo%2B%3A0.5&p2=AhKh&board=&dead=';
    const session = phone ? await openPhone({ path }) : await openPage(suite.browser, { path });
    const { page } = session;
    await settled(page);
    await page.click('[data-explain] summary');
    await page.fill('[data-range-percent]', '150'); // an error showing too
    await page.evaluate(axe); // not an inline <script>: the page's policy refuses those
    for (const colorScheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme });
      for (const tool of ['read', 'range', 'hand']) {
        await page.check(`[data-grid-tool][value="${tool}"]`);
        const violations = await page.evaluate(async () =>
          (await window.axe.run(document.querySelector('.grid-panel'))).violations.map((v) =>
            `${v.id} (${v.nodes.length}): ${v.nodes[0].target.join(' ')}`));
        assert.deepEqual(violations, [], `${colorScheme}, ${phone ? 'phone' : 'desktop'}, ${tool}`);
      }
    }
    await finish(session);
  }
});

test('phone screenshots of the range panel, light and dark', async () => {
  const session = await openPhone({ path: '#p1=77%2B%2C+A9s%2B%2C+KTs%2B%2C+AJo%2B%3A0.5&p2=AhKh&board=&dead=' });
  const { page } = session;
  await settled(page);
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    for (const tool of ['read', 'range']) {
      await page.tap(`[data-grid-tool][value="${tool}"]`);
      await page.locator('[data-hand-grid]').scrollIntoViewIfNeeded();
      if (tool === 'read') {
        const shown = await page.textContent('[data-grid-readout]');
        if (!/^AJo: /.test(shown)) await tap(session, 'AJo');
        await page.waitForFunction(() => /^AJo: /.test(document.querySelector('[data-grid-readout]').textContent));
      }
      const name = `grid-touch-390x844-${tool}${colorScheme === 'dark' ? '-dark' : ''}`;
      await page.evaluate(() => document.querySelector('.grid-panel').scrollIntoView());
      await page.screenshot({ path: screenshotPath(name) });
      await page.locator('.grid-panel').screenshot({ path: screenshotPath(`${name}-panel`) });
    }
  }
  await finish(session);
});
