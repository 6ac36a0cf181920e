// Screenshots of the calculator and the hand evaluator for the README and
// the issues' closing notes. A script, not a test:
//
//   cargo xtask build && node tests/e2e/screenshots.mjs [DIR] [--full] [--scale N]
//
// Writes DIR/calculator-phone-light.png, -phone-dark, -desktop and the same
// three of evaluator-*.png (DIR defaults to docs/screenshots/). The phone is
// issue 13's touch phone (390×844 CSS px, touch, mobile viewport), the
// desktop 1280×800, light. Each shot is the viewport only (what a user sees
// on opening the link) unless --full (the whole page); --scale sets the
// device pixel ratio (default 1: small files; 2 for crisp README images).
// The calculator shows a realistic hand: AhKh against QsQd on a 2h7hTc flop;
// the evaluator 7c7d7hKsKd2c9s. It serves www/ itself
// (tests/e2e/static-server.mjs), or uses ALLIN_BASE_URL if set, and prints
// each file with its size. Uses Debian's chromium (CHROMIUM to override).

import { mkdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './static-server.mjs';

const WWW = fileURLToPath(new URL('../../site/', import.meta.url));
const DEFAULT_DIR = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

const SHOTS = [
  {
    name: 'calculator',
    path: 'index.html#p1=AhKh&p2=QsQd&board=2h7hTc&dead=',
    ready: () => document.querySelector('[data-results]')?.dataset.status === 'done',
  },
  {
    name: 'evaluator',
    path: 'evaluator.html#hand=7c7d7hKsKd2c9s',
    ready: () => document.querySelector('[data-result]')?.dataset.status === 'done',
  },
];

const DEVICES = [
  { name: 'phone-light', colorScheme: 'light', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'phone-dark', colorScheme: 'dark', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', colorScheme: 'light', viewport: { width: 1280, height: 800 } },
];

function parseArgs(argv) {
  const args = { dir: DEFAULT_DIR, full: false, scale: 1 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--full') args.full = true;
    else if (arg === '--scale') {
      args.scale = Number(argv[++i]);
      if (!(args.scale >= 1 && args.scale <= 4)) throw new Error('--scale wants a number from 1 to 4');
    } else if (arg.startsWith('-')) {
      throw new Error(`unknown option ${arg}: usage: node tests/e2e/screenshots.mjs [DIR] [--full] [--scale N]`);
    } else args.dir = resolve(arg);
  }
  return args;
}

const { dir, full, scale } = parseArgs(process.argv.slice(2));
mkdirSync(dir, { recursive: true });

const server = process.env.ALLIN_BASE_URL ? null : await serve(WWW);
const base = process.env.ALLIN_BASE_URL ?? server.url;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});

try {
  for (const shot of SHOTS) {
    for (const { name, ...device } of DEVICES) {
      const context = await browser.newContext({ ...device, deviceScaleFactor: scale });
      const page = await context.newPage();
      await page.goto(new URL(shot.path, base).href);
      await page.waitForFunction(shot.ready, null, { timeout: 30_000 });
      // Settle what is drawn after the result (the grid's rows, late layout).
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 300))));
      await page.evaluate(() => window.scrollTo(0, 0));
      const file = resolve(dir, `${shot.name}-${name}.png`);
      await page.screenshot({ path: file, fullPage: full });
      console.log(`${file} (${(statSync(file).size / 1024).toFixed(0)} KiB)`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server?.close();
}
