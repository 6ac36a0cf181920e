// The app's PNG icons, rendered from www/icon.svg by Debian's chromium:
//
//   node tests/e2e/make-icons.mjs        writes www/icons/*.png (commit them)
//
// - icon-192.png, icon-512.png: the SVG as it is (rounded square, transparent
//   corners), purpose "any";
// - maskable-192.png, maskable-512.png: full-bleed background with the mark
//   inside the central safe circle (80% of the size), purpose "maskable";
// - apple-touch-icon.png (180): full bleed, for iOS home screens.
//
// offline.test.mjs renders them again and checks the committed files match.

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ICONS_DIR = fileURLToPath(new URL('../../www/icons/', import.meta.url));
const SVG = fileURLToPath(new URL('../../www/icon.svg', import.meta.url));
/** The icon's background (the rect of icon.svg). */
export const BRAND = '#0b6b43';

/** name -> {size, mark: the SVG's share of the size, bleed: full background}. */
export const ICONS = {
  'icon-192.png': { size: 192, mark: 1, bleed: false },
  'icon-512.png': { size: 512, mark: 1, bleed: false },
  'maskable-192.png': { size: 192, mark: 0.72, bleed: true },
  'maskable-512.png': { size: 512, mark: 0.72, bleed: true },
  'apple-touch-icon.png': { size: 180, mark: 0.86, bleed: true },
};

/** Renders every icon with `browser` (playwright-core): {name: Buffer}. */
export async function renderIcons(browser) {
  const svg = readFileSync(SVG, 'utf8');
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  const context = await browser.newContext({ deviceScaleFactor: 1 });
  const page = await context.newPage();
  const out = {};
  for (const [name, { size, mark, bleed }] of Object.entries(ICONS)) {
    const px = Math.round(size * mark);
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}
       div{width:${size}px;height:${size}px;display:grid;place-items:center;
       background:${bleed ? BRAND : 'transparent'}}img{display:block}</style>
       <div><img src="${src}" width="${px}" height="${px}" alt=""></div>`,
    );
    await page.waitForFunction(() => document.querySelector('img').complete);
    out[name] = await page.locator('div').screenshot({ omitBackground: !bleed, type: 'png' });
  }
  await context.close();
  return out;
}

async function main() {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--force-color-profile=srgb'],
  });
  try {
    const icons = await renderIcons(browser);
    mkdirSync(ICONS_DIR, { recursive: true });
    for (const [name, png] of Object.entries(icons)) {
      writeFileSync(`${ICONS_DIR}${name}`, png);
      console.log(`www/icons/${name}: ${png.length} bytes`);
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
