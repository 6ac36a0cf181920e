// Lighthouse (npm `lighthouse`, pinned in package.json) against the served
// site, in its default mobile mode (a mid-range phone, throttled network
// and CPU), with Debian's chromium. A report, not a test:
//
//   cargo xtask build && node tests/e2e/lighthouse.mjs [--runs N] [PAGE…]
//
// PAGE defaults to the calculator (index.html), the hand evaluator
// (evaluator.html) and the widget (embed.html). It serves the built site/ itself
// (tests/e2e/static-server.mjs), or uses ALLIN_BASE_URL if set. Prints one
// line per page and category (performance, accessibility, best practices,
// SEO), and writes the full reports to tests/e2e/artifacts/lighthouse-*.html
// (and the raw results, for digging into audits, to lighthouse-*.json).
// With --runs N each page is measured N times: each line gives the median
// and the range (performance moves with the machine's load: measure on a
// quiet one), the reports are the last run's. Exits non-zero if a median
// score of performance, accessibility or best practices is under
// LIGHTHOUSE_MIN (default 0.95); installability is checked by the browser
// tests (offline.test.mjs, Chromium's own check).

import { writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { serve } from './static-server.mjs';

const WWW = fileURLToPath(new URL('../../site/', import.meta.url));
const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const MIN = Number(process.env.LIGHTHOUSE_MIN ?? 0.95);
const GATED = ['performance', 'accessibility', 'best-practices'];

const args = process.argv.slice(2);
let runs = 1;
const runsAt = args.indexOf('--runs');
if (runsAt >= 0) {
  runs = Number(args[runsAt + 1]);
  args.splice(runsAt, 2);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs wants a whole number of runs, 1 or more');
}
const pages = args;
if (pages.length === 0) {
  pages.push(
    'index.html#p1=AhKh&p2=QsQd&board=&dead=',
    'evaluator.html#hand=7c7d7hKsKd2c9s',
    'embed.html#p1=AhKh&p2=QsQd&board=2h7hTc&dead=',
  );
}

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

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
    const lhrs = [];
    let reports;
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: ['html', 'json'],
        logLevel: 'error',
        onlyCategories: [...GATED, 'seo'],
      });
      lhrs.push(result.lhr);
      reports = result.report;
    }
    const [html, json] = reports;
    const lhr = lhrs.at(-1);
    const name = page.split(/[#?]/)[0].replace(/\.html$/, '') || 'index';
    writeFileSync(`${ARTIFACTS}lighthouse-${name}.html`, html);
    writeFileSync(`${ARTIFACTS}lighthouse-${name}.json`, json);
    console.log(`lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}` +
      `${runs > 1 ? `, ${runs} runs` : ''}: ${url}`);
    for (const category of Object.values(lhr.categories)) {
      const scores = lhrs.map((r) => r.categories[category.id].score).filter((x) => x !== null);
      const mid = scores.length ? median(scores) : null;
      const shown = mid === null ? 'n/a' : String(Math.round(mid * 100));
      const range = runs > 1 && scores.length
        ? ` (${Math.round(Math.min(...scores) * 100)}–${Math.round(Math.max(...scores) * 100)})`
        : '';
      const low = GATED.includes(category.id) && mid !== null && mid < MIN;
      if (low) failed = true;
      console.log(`  ${category.title.padEnd(16)} ${shown.padStart(3)}${range}${low ? '  (below target)' : ''}`);
      // The audits that cost points, in any run.
      const weak = new Map();
      for (const r of lhrs) {
        for (const ref of r.categories[category.id].auditRefs) {
          const audit = r.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) {
            weak.set(audit.id, [...(weak.get(audit.id) ?? []), audit.displayValue ?? '']);
          }
        }
      }
      for (const [id, values] of weak) {
        const { title } = lhr.audits[id];
        const shownValues = values.filter(Boolean).join(', ');
        console.log(`      - ${id}: ${title}${shownValues ? ` (${shownValues})` : ''}` +
          `${runs > 1 ? ` in ${values.length} of ${runs} runs` : ''}`);
      }
    }
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time',
      'cumulative-layout-shift', 'speed-index'];
    console.log(`  ${metrics.map((m) => {
      const values = lhrs.map((r) => r.audits[m]?.displayValue ?? '?');
      return `${m.replace(/-/g, ' ')} ${runs > 1 ? values.join(' / ') : values[0]}`;
    }).join(', ')}`);
  }
} finally {
  await chrome.kill();
  await server?.close();
}
process.exitCode = failed ? 1 : 0;
