// The world members and staff use the app in: a phone, the service worker in control (a returning
// user of the installed app), and a person who reads a page before acting.
import { gzipSync } from 'node:zlib';
import { devices, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';

/**
 * Phone profiles for Chromium: an Android phone, and an iPhone-sized touch screen (WebKit's
 * descriptor with Chromium's engine, as Playwright runs only Debian's Chromium here).
 */
export const PHONES = {
  android: { ...devices['Pixel 7'] },
  iphone: { ...devices['iPhone 14'], defaultBrowserType: 'chromium' },
} satisfies Record<string, BrowserContextOptions & { defaultBrowserType: string }>;

export type PhoneName = keyof typeof PHONES;

/** Context options of a phone, for `browser.newContext` (which takes no `defaultBrowserType`). */
export function phone(name: PhoneName): BrowserContextOptions {
  const { defaultBrowserType: _engine, ...options } = PHONES[name];
  return options;
}

/** Resolves once the service worker controls the page, as it does for every visit after the first. */
export async function untilControlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

/** A person reading what the page shows before they act: live feeds, timers and idle work run meanwhile. */
export async function readingPause(page: Page, ms = 2_000): Promise<void> {
  await page.waitForTimeout(ms);
}

/**
 * What a first visit to `path` on a phone transfers over the network, in bytes: every response the
 * page and its service worker receive (headers and encoded body; answers from the browser's HTTP
 * cache transfer nothing), until the worker controls the page (when allowed) and four quiet seconds
 * more. Chromium reports no body for the worker's own script, so its gzip size is added.
 */
export async function firstVisitTransfer(browser: Browser, baseURL: string, path: string, serviceWorkers: 'allow' | 'block'): Promise<{ bytes: number; requests: number }> {
  const context = await browser.newContext({ ...phone('android'), baseURL, serviceWorkers });
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  context.on('requestfinished', (request) => {
    sizes.push(
      request.sizes().then(async ({ responseBodySize, responseHeadersSize }) => {
        const transferred = Math.max(0, responseBodySize + responseHeadersSize);
        if (new URL(request.url()).pathname === '/sw.js' && responseBodySize === 0) {
          // The server sends it gzip-encoded (chunked, so no length to read).
          return transferred + gzipSync(await (await context.request.get('/sw.js')).body()).length;
        }
        return transferred;
      }),
    );
  });
  await page.goto(path, { waitUntil: 'load' });
  if (serviceWorkers === 'allow') await untilControlled(page);
  await page.waitForTimeout(4_000);
  const bytes = (await Promise.all(sizes)).reduce((sum, each) => sum + each, 0);
  await context.close();
  return { bytes, requests: sizes.length };
}
