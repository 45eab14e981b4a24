// The world members and staff use the app in: a phone, the service worker in control (a returning
// user of the installed app), and a person who reads a page before acting.
import { devices, type BrowserContextOptions, type Page } from '@playwright/test';

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
