// Every wrong field marked at once (tests/data/field_errors.txt): a link
// with several bad fields shows each field's own error under it, not only
// the scenario's first problem.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { finish, openPage, reopen, setup } from './support.mjs';

const suite = setup();

const cases = readFileSync(new URL('../data/field_errors.txt', import.meta.url), 'utf8')
  .split('\n')
  .map((text, i) => ({ text, line: i + 1 }))
  .filter(({ text }) => text.trim() && !text.startsWith('#'))
  .map(({ text, line }) => {
    const [fragment, expected] = text.split(' => ');
    return { fragment, expected, line };
  });

/** The visible field errors as `FIELD: MESSAGE | …`, in field order. */
function visibleErrors(page) {
  return page.evaluate(() => {
    const order = (f) => (f === 'board' ? 100 : f === 'dead' ? 101 : f === 'players' ? 102 : Number(f.slice(1)));
    return [...document.querySelectorAll('[data-error-for]:not([hidden])')]
      .map((el) => [el.dataset.errorFor, el.textContent])
      .sort((a, b) => order(a[0]) - order(b[0]))
      .map(([field, message]) => `${field}: ${message}`)
      .join(' | ');
  });
}

test('every wrong field is marked at once, each with its own error', async () => {
  assert.ok(cases.length >= 8);
  const failures = [];
  // A fresh page load each (what a field shows depends on whether it was
  // touched), in one context.
  let session;
  for (const c of cases) {
    session = session ? await reopen(session, `#${c.fragment}`) : await openPage(suite.browser, { path: `#${c.fragment}` });
    const { page } = session;
    await page.waitForFunction(() => document.querySelector('[data-results]').dataset.status === 'error');
    // The errors follow the check; give a slow frame its turn.
    let got = '';
    for (let i = 0; i < 20; i++) {
      got = await visibleErrors(page);
      if (got === c.expected) break;
      await page.waitForTimeout(50);
    }
    if (got !== c.expected) failures.push(`line ${c.line}: ${c.fragment}\n  expected: ${c.expected}\n       got: ${got}`);
    // At most one error is marked as the scenario's first problem (none when
    // that is an empty field not yet touched: the note says what is missing).
    const first = await page.locator('[data-error][data-error-first]:not([hidden])').count();
    if (first > 1) failures.push(`line ${c.line}: ${first} errors marked first`);
  }
  await finish(assert, session);
  assert.deepEqual(failures, []);
});
