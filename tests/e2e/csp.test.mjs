// Every page's Content-Security-Policy (issue 35): the same policy as a
// <meta> in each page and as the header our server sends (with
// frame-ancestors 'none' but for the widget), and the pages, their workers
// and the service worker work under it with no violation reported.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, setup } from './support.mjs';

const suite = setup();

const POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'; " +
  "connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

const PAGES = [
  {
    path: 'index.html#p1=AhKh&p2=QQ%2B&board=2h7hTc',
    done: () => document.querySelector('[data-results]')?.dataset.exact === 'true',
    framed: false,
  },
  {
    path: 'evaluator.html#hand=7c7d7hKsKd2c9s',
    done: () => document.querySelector('[data-result]')?.dataset.status === 'done',
    framed: false,
  },
  {
    path: 'embed.html#p1=AhKh&p2=QsQd&board=2h7hTc',
    done: () => document.querySelector('[data-allin-odds]')?.dataset.exact === 'true',
    framed: true,
  },
];

for (const { path, done, framed } of PAGES) {
  test(`${path.split('#')[0]}: its policy, as meta and header, and no violation`, async () => {
    const context = await suite.browser.newContext({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        window.violations.push(`${e.violatedDirective}: ${e.blockedURI}`));
    });
    const problems = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    const response = await page.goto(BASE_URL + path);
    const header = response.headers()['content-security-policy'];
    assert.equal(header, framed ? POLICY : `${POLICY}; frame-ancestors 'none'`);
    const meta = await page.$eval('meta[http-equiv="Content-Security-Policy"]', (m) => m.content);
    assert.equal(meta.replace(/\s+/g, ' '), POLICY);
    assert.equal(await page.$$eval('script:not([src])', (s) => s.length), 0, 'no inline script');
    await page.waitForFunction(done, null, { timeout: 60_000 });
    // The service worker registers after the first result, under the policy too.
    if (!framed) {
      await page.waitForFunction(() => navigator.serviceWorker.controller ||
        document.documentElement.dataset.sw === 'ready', null, { timeout: 60_000 });
    }
    assert.deepEqual(await page.evaluate(() => window.violations), []);
    assert.deepEqual(problems.filter((p) => /Content Security Policy|Refused to/.test(p)), []);
    await context.close();
  });
}
