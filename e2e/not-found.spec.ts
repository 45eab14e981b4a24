import { expect, test } from './support/test';
import { MESSAGES } from './support/i18n';

const CASES = [
  { path: '/no-such-page', locale: 'en' },
  { path: '/events/2026/deep/path', locale: 'en' },
  { path: '/de/gibt-es-nicht', locale: 'de' },
  { path: '/de/vip/nope', locale: 'de' },
] as const;

for (const { path, locale } of CASES) {
  test(`${path} is a 404 in ${locale}, rendered on the server`, async ({ page, request }) => {
    const m = MESSAGES[locale].Errors;
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page).toHaveTitle(new RegExp(`^${m.notFoundTitle}`));
    await expect(page.locator('h1')).toHaveText(m.notFoundTitle);
    await expect(page.getByTestId('missing-path')).toHaveText(m.notFoundMessage.replace('{path}', path));
    // The HTML itself carries the page, for crawlers and for visitors without JavaScript.
    const html = await (await request.get(path)).text();
    expect(html).toContain(`<html lang="${locale}"`);
    expect(html).toContain(m.notFoundMessage.replace('{path}', path));
  });
}

test('the 404 page leads back home in the same language', async ({ page }) => {
  await page.goto('/de/gibt-es-nicht');
  await page.getByRole('link', { name: MESSAGES.de.Errors.backHome }).click();
  await expect(page).toHaveURL(/\/de$/);
  await expect(page.locator('h1')).toHaveText(MESSAGES.de.Home.heading);
});

test('a missing file outside the language tree is a 404 too', async ({ request }) => {
  const response = await request.get('/missing-image.png');
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('Page Not Found');
});
