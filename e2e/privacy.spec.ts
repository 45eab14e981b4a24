// No request to another host until a person asks for it, and a privacy notice that cannot drift.
// Both are watched in every test of the suite (e2e/support/test.ts): every request of every page
// and service worker must go to this machine, and everything the browser holds when a test ends
// must be listed in the notice's table (src/features/privacy/browser-storage.ts). So every journey
// of every role proves them: every route as each identity (guards.spec.ts, on a desktop), as the
// role that may open it on a phone with the worker in control (accessibility.spec.ts), the door's
// offline queue, the pass, push, uploads. Here: the one foreign host a person may ask for (Google's
// sign-in script, only once someone clicks "Continue with Google"), and the notice itself.
import { devices } from '@playwright/test';
import { expect, test } from './support/test';
import { localized, MESSAGES } from './support/i18n';
import { BROWSER_STORAGE } from '../src/features/privacy/browser-storage';

const PHONE = devices['Pixel 7'];

test.describe(() => {
  // Asked for by the click: Google's script and sign-in pages (offline here, so they fail).
  test.use({ expectedForeignRequest: /^https:\/\/([\w-]+\.)*(google\.com|gstatic\.com|googleapis\.com)\// });

  test("Google's sign-in script is requested only when someone clicks \"Continue with Google\"", async ({ browser, baseURL }) => {
    const { defaultBrowserType: _type, ...options } = PHONE;
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

// The watch can fail: each of these breaks one promise on purpose, and the watch fails the test
// (`test.fail()` turns that into a pass; a watch that saw nothing would fail here instead).
test.describe('the watch every test runs under', () => {
  test('fails a test whose page asks another host', async ({ page }) => {
    test.fail();
    await page.goto('/');
    // A navigation, not a fetch: the policy does not govern it, so only the request watch can object.
    await page.goto('https://nordlicht.invalid/', { timeout: 5_000 }).catch(() => undefined);
  });

  test('fails a test that leaves something in the browser the privacy notice does not list', async ({ page }) => {
    test.fail();
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('not-in-the-notice', '1'));
  });
});
