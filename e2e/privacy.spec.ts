// No request to another host until a person asks for it, and a privacy notice that cannot drift:
// every route is toured on a phone and on a desktop, signed out and as each role, alternating the
// languages, recording every request the browser makes; then everything the browser holds
// (cookies, local and session storage, IndexedDB, Cache Storage) must be listed in the notice's
// table (src/features/privacy/browser-storage.ts). Google's sign-in script is requested only once
// someone clicks "Continue with Google".
import { devices, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { demoAccount, type IdentityName } from './support/accounts';
import { localized, MESSAGES, type TestLocale } from './support/i18n';
import { APP_ROUTES } from '../src/navigation/routes';
import { BROWSER_STORAGE, listedIn, type StorageKind } from '../src/features/privacy/browser-storage';

const PARAMS: Record<string, string> = { slug: 'members-open-house', id: 'demo-member' };
const routePaths = APP_ROUTES.map((route) => route.pattern.replace(/\[(\w+)\]/g, (_, name: string) => PARAMS[name] ?? 'none'));

const PROFILES = { phone: devices['Pixel 7'], desktop: devices['Desktop Chrome'] } as const;
const WHO: (IdentityName | 'signed out')[] = ['signed out', 'none', 'user', 'scanner', 'admin'];

function isOwnHost(url: URL, baseURL: string, emulator: string | undefined): boolean {
  if (!url.protocol.startsWith('http')) return true;
  const own = new URL(baseURL);
  // The embedded backend's Auth emulator is this machine's too (the browser signs in there).
  return url.host === own.host || (emulator !== undefined && url.host === emulator) || url.hostname === '127.0.0.1' || url.hostname === 'localhost';
}

async function heldByBrowser(page: Page, context: BrowserContext) {
  const stored = await page.evaluate(async () => ({
    localStorage: Object.keys(localStorage),
    sessionStorage: Object.keys(sessionStorage),
    indexedDB: ((await indexedDB.databases?.()) ?? []).map((database) => database.name ?? ''),
    cache: 'caches' in self ? await caches.keys() : [],
  }));
  const cookies = (await context.cookies()).map((cookie) => cookie.name);
  return [
    ...cookies.map((name) => ['cookie', name] as const),
    ...stored.localStorage.map((name) => ['localStorage', name] as const),
    ...stored.sessionStorage.map((name) => ['sessionStorage', name] as const),
    ...stored.indexedDB.map((name) => ['indexedDB', name] as const),
    ...stored.cache.map((name) => ['cache', name] as const),
  ] as [StorageKind, string][];
}

for (const [profileName, profile] of Object.entries(PROFILES)) {
  for (const who of WHO) {
    test(`${profileName}, ${who}: every route asks only this site, and everything stored is in the privacy notice`, async ({ browser, baseURL }) => {
      test.setTimeout(180_000);
      const { defaultBrowserType: _type, ...options } = profile;
      // The worker and its caches as every installed phone has them, for every role.
      const context = await browser.newContext({ ...options, baseURL });
      const page = await context.newPage();
      const emulator = process.env.E2E_AUTH_EMULATOR_HOST;
      const foreign = new Set<string>();
      context.on('request', (request) => {
        const url = new URL(request.url());
        if (!isOwnHost(url, baseURL!, emulator)) foreign.add(`${url.origin}${url.pathname}`);
      });
      if (who !== 'signed out') {
        // Through the form, as a person does (the phone's header keeps "Sign out" in its menu).
        const account = demoAccount(who);
        const m = MESSAGES.de;
        await page.goto('/de/login');
        await page.getByLabel(m.Auth.email).fill(account.email);
        await page.getByLabel(m.Auth.password, { exact: true }).fill(account.password);
        await page.getByRole('button', { name: m.Auth.submit.signIn, exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/de');
      }
      for (const [index, path] of routePaths.entries()) {
        const locale: TestLocale = index % 2 ? 'de' : 'en';
        await page.goto(localized(locale, path), { waitUntil: 'load' });
        // Whatever a page starts by itself after loading (live feeds, the worker) has a moment.
        await page.waitForTimeout(100);
      }
      expect([...foreign], 'requests to other hosts').toEqual([]);
      const unlisted = (await heldByBrowser(page, context)).filter(([kind, name]) => !listedIn(kind, name));
      expect(unlisted, 'stored in the browser but not in the privacy notice (src/features/privacy/browser-storage.ts)').toEqual([]);
      await context.close();
    });
  }
}

test("Google's sign-in script is requested only when someone clicks \"Continue with Google\"", async ({ browser, baseURL }) => {
  const { defaultBrowserType: _type, ...options } = PROFILES.phone;
  const context = await browser.newContext({ ...options, baseURL });
  const page = await context.newPage();
  const google: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).hostname.endsWith('google.com')) google.push(request.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: MESSAGES.en.Auth.google })).toBeEnabled();
  await page.waitForTimeout(1500);
  expect(google, 'before the click').toEqual([]);
  const popup = context.waitForEvent('page', { timeout: 10_000 }).catch(() => null);
  await page.getByRole('button', { name: MESSAGES.en.Auth.google }).click();
  await popup;
  // Offline, Google cannot answer: its error path is what this page shows; the request was made.
  await expect.poll(() => google.length, { timeout: 10_000 }).toBeGreaterThan(0);
  await context.close();
});

test('the privacy notice lists what the browser may hold, in both languages', async ({ page }) => {
  for (const locale of ['en', 'de'] as const) {
    await page.goto(localized(locale, '/impressum'));
    const notice = page.getByRole('region', { name: MESSAGES[locale].Privacy.browserHeading });
    await expect(page.getByRole('heading', { name: MESSAGES[locale].Privacy.heading })).toBeVisible();
    for (const item of BROWSER_STORAGE) await expect(notice.getByText(item.prefix ? `${item.name}…` : item.name, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(MESSAGES[locale].Privacy.noBanner)).toBeVisible();
  }
});
