// A phone's first screen (issue: "a newcomer sees text boxes only"): the
// deck is one tap away in a sheet at the bottom, a hand and a flop are
// entered by taps alone without scrolling, the results in sight; and a
// player's row ends at its numbers (no blank band under Monte Carlo or
// empty results).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, TOUCH_PHONE, finish, openOn, settled, setup } from './support.mjs';

const suite = setup();

/**
 * Each player row's blank band: from the bottom of its last visible child
 * to the bottom of its content box (padding and border left out), and
 * from what it last shows (the text of its counts, numbers, the meter).
 */
function rowBands(page) {
  return page.$$eval('[data-player]', (rows) => rows.map((row) => {
    const style = getComputedStyle(row);
    const bottom = row.getBoundingClientRect().bottom -
      parseFloat(style.borderBottomWidth) - parseFloat(style.paddingBottom);
    const shown = [...row.children].filter((el) => el.getClientRects().length > 0);
    const inked = shown.filter((el) => el.textContent.trim() !== '' || el.matches('.meter'));
    // A line of text ends where its text does (not where a min-height would).
    const ink = (el) => {
      if (!el.matches('.counts')) return el.getBoundingClientRect().bottom;
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getBoundingClientRect().bottom;
    };
    const below = (els) => Math.round(bottom - Math.max(...els.map(ink)));
    return { player: row.dataset.player, last: shown.at(-1).className, blank: below(shown), unused: below(inked) };
  }));
}

test('a player row has no blank band under Monte Carlo or empty results', async () => {
  for (const device of [TOUCH_PHONE, DESKTOP]) {
    for (const [what, path] of [
      ['empty', '#p1=&p2=&board=&dead='],
      ['Monte Carlo', '#p1=AhKh&p2=QsQd&p3=7c7d&board=&dead=&method=mc'],
      ['exact', '#p1=AhKh&p2=QsQd&board=2h7hTc&dead='],
    ]) {
      const session = await openOn(suite.browser, device, { path });
      const { page } = session;
      await settled(page, { timeout: 120_000 });
      const where = `${what}, ${device.viewport.width} px`;
      const bands = await rowBands(page);
      assert.ok(bands.length >= 2, where);
      for (const band of bands) {
        assert.ok(band.blank <= 2, `${where}: P${band.player} ends ${band.blank} px below its ${band.last}`);
        assert.ok(band.unused <= 2, `${where}: P${band.player} has ${band.unused} px of blank lines`);
      }
      if (what === 'exact') assert.equal(bands[0].last, 'counts', 'exact counts are the last line');
      await finish(assert, session);
    }
  }
});
