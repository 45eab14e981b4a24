// Language selection: path prefix, then the cookie (365 days), then the browser's languages.
import { expect, test } from './support/test';
import { MESSAGES } from './support/i18n';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

test('visiting a German page stores the language for 365 days', async ({ page, context }) => {
  await page.goto('/de/about');
  const cookie = (await context.cookies()).find((c) => c.name === 'NEXT_LOCALE');
  expect(cookie?.value).toBe('de');
  const lifetime = cookie!.expires - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(YEAR_SECONDS - 120);
  expect(lifetime).toBeLessThan(YEAR_SECONDS + 120);
});

test.describe('with a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('an unprefixed URL follows the browser language', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveURL(/\/de\/about$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('the stored cookie wins over the browser language', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: baseURL! }]);
    await page.goto('/about');
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test('the path prefix wins over the stored cookie', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: baseURL! }]);
  await page.goto('/de/impressum');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('h1')).toHaveText(MESSAGES.de.Pages.impressum.title);
});

test('an English cookie keeps unprefixed URLs English even for German browsers', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  await context.addCookies([{ name: 'NEXT_LOCALE', value: 'de', url: baseURL! }]);
  const page = await context.newPage();
  await page.goto(`${baseURL}/de/about`);
  await page.getByTestId('language-switch').click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await context.cookies()).find((c) => c.name === 'NEXT_LOCALE')?.value).toBe('en');
  await page.goto(`${baseURL}/events`);
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});

test('the language switch keeps the current page', async ({ page }) => {
  await page.goto('/impressum');
  await page.getByTestId('language-switch').click();
  await expect(page).toHaveURL(/\/de\/impressum$/);
  await expect(page.locator('h1')).toHaveText(MESSAGES.de.Pages.impressum.title);
  await page.getByTestId('language-switch').click();
  await expect(page).toHaveURL(/\/impressum$/);
  await expect(page.locator('h1')).toHaveText(MESSAGES.en.Pages.impressum.title);
});

test('the language switch keeps the query too: a sign-in still returns where it was asked for', async ({ page }) => {
  await page.goto('/vip/bar');
  await expect(page).toHaveURL(/\/login\?next=%2Fvip%2Fbar$/);
  await page.getByTestId('language-switch').click();
  await expect(page).toHaveURL(/\/de\/login\?next=%2Fvip%2Fbar$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});
