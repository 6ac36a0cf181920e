// Lighthouse (npm `lighthouse`, pinned in package.json) against the served
// site, in its default mobile mode (a mid-range phone, throttled network
// and CPU), with Debian's chromium. A report, not a test:
//
//   cargo xtask build && node tests/e2e/lighthouse.mjs [PAGE…]
//
// PAGE defaults to the calculator (index.html) and the widget (embed.html).
// It serves www/ itself (tests/e2e/static-server.mjs), or uses
// ALLIN_BASE_URL if set. Prints one line per page and category, and writes
// the full reports to tests/e2e/artifacts/lighthouse-*.html (and the raw
// results, for digging into audits, to lighthouse-*.json). Exits non-zero
// if a score of performance, accessibility or best practices is under
// LIGHTHOUSE_MIN (default 0.95); installability is checked by the browser
// tests (offline.test.mjs, Chromium's own check).

import { writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { serve } from './static-server.mjs';

const WWW = fileURLToPath(new URL('../../www/', import.meta.url));
const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const MIN = Number(process.env.LIGHTHOUSE_MIN ?? 0.95);
const GATED = ['performance', 'accessibility', 'best-practices'];

const pages = process.argv.slice(2);
if (pages.length === 0) {
  pages.push('index.html#p1=AhKh&p2=QsQd&board=&dead=', 'embed.html#p1=AhKh&p2=QsQd&board=2h7hTc&dead=');
}

const server = process.env.ALLIN_BASE_URL ? null : await serve(WWW);
const base = process.env.ALLIN_BASE_URL ?? server.url;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM || process.env.CHROME_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});

let failed = false;
try {
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const page of pages) {
    const url = new URL(page, base).href;
    const result = await lighthouse(url, {
      port: chrome.port,
      output: ['html', 'json'],
      logLevel: 'error',
      onlyCategories: [...GATED, 'seo', 'pwa'],
    });
    const { lhr, report: [html, json] } = result;
    const name = page.split(/[#?]/)[0].replace(/\.html$/, '') || 'index';
    writeFileSync(`${ARTIFACTS}lighthouse-${name}.html`, html);
    writeFileSync(`${ARTIFACTS}lighthouse-${name}.json`, json);
    console.log(`lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}: ${url}`);
    for (const category of Object.values(lhr.categories)) {
      const score = category.score === null ? 'n/a' : Math.round(category.score * 100);
      const low = GATED.includes(category.id) && category.score !== null && category.score < MIN;
      if (low) failed = true;
      console.log(`  ${category.title.padEnd(16)} ${String(score).padStart(3)}${low ? '  (below target)' : ''}`);
      if (category.score !== null && category.score < 1) {
        for (const ref of category.auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) {
            console.log(`      - ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
          }
        }
      }
    }
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time',
      'cumulative-layout-shift', 'speed-index'];
    console.log(`  ${metrics.map((m) => `${m.replace(/-/g, ' ')} ${lhr.audits[m]?.displayValue ?? '?'}`).join(', ')}`);
  }
} finally {
  await chrome.kill();
  await server?.close();
}
process.exitCode = failed ? 1 : 0;
