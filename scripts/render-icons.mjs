// Renders the PNG app icons from the SVGs in public/icons (with the notifications' monochrome
// badge), and the link-preview picture of pages without one of their own (public/social-card.svg),
// with headless Chromium.
// Run after changing an SVG: node scripts/render-icons.mjs (needs /usr/bin/chromium).
import { readFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const targets = [
  { svg: 'public/icons/icon.svg', out: 'public/icons/icon-192.png', size: 192 },
  { svg: 'public/icons/icon.svg', out: 'public/icons/icon-512.png', size: 512 },
  { svg: 'public/icons/icon-maskable.svg', out: 'public/icons/icon-maskable-512.png', size: 512 },
  { svg: 'public/icons/icon-maskable.svg', out: 'public/apple-touch-icon.png', size: 180 },
  // Android draws a notification's badge from its alpha channel only: white on transparent.
  { svg: 'public/icons/badge.svg', out: 'public/icons/badge-96.png', size: 96 },
  { svg: 'public/social-card.svg', out: 'public/social-card.png', size: 1200, height: 630 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
for (const { svg, out, size, height = size } of targets) {
  const page = await browser.newPage({ viewport: { width: size, height } });
  const markup = await readFile(svg, 'utf8');
  await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${height}px}</style>${markup}`);
  await page.screenshot({ path: out, omitBackground: true });
  await page.close();
  console.log(`${out} (${size}x${height})`);
}
await browser.close();
