// Walks the route table of the specification in both languages.
import { expect, test } from './support/test';
import { APP_ROUTES } from '../src/navigation/routes';
import { localized, MESSAGES, TEST_LOCALES } from './support/i18n';
import { demoAccount, serverSession } from './support/accounts';

// An admin may open every route; what others see is the guards' matrix (guards.spec.ts).
test.beforeEach(async ({ context, baseURL }) => {
  const admin = demoAccount('admin');
  await serverSession(context, baseURL!, admin.email, admin.password);
});

for (const locale of TEST_LOCALES) {
  const m = MESSAGES[locale];
  test.describe(`routes in ${locale}`, () => {
    for (const route of APP_ROUTES.filter((r) => !r.pattern.includes('['))) {
      test(`${route.pattern} renders its page`, async ({ page }) => {
        const response = await page.goto(localized(locale, route.pattern));
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        const title = m.Pages[route.id].title;
        await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
        await expect(page.locator('h1')).toHaveCount(1);
        await expect(page.locator('h1')).toBeVisible();
        // The shell: brand, language switch and the footer's legal notice link.
        await expect(page.getByRole('link', { name: m.Nav.home })).toBeVisible();
        await expect(page.getByTestId('language-switch')).toBeVisible();
        await expect(page.getByRole('contentinfo').getByRole('link', { name: m.Footer.impressum })).toHaveAttribute(
          'href',
          localized(locale, '/impressum'),
        );
      });
    }

    for (const route of APP_ROUTES.filter((r) => r.pattern.includes('['))) {
      test(`${route.pattern} with an unknown id is the 404 page`, async ({ page }) => {
        const path = localized(locale, route.pattern.replace(/\[\w+\]/, 'does-not-exist'));
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('h1')).toHaveText(m.Errors.notFoundTitle);
        await expect(page).toHaveTitle(new RegExp(m.Errors.notFoundTitle));
      });
    }
  });
}

test('page headings use the page title, with the home page as its own case', async ({ page }) => {
  await page.goto('/events');
  await expect(page.locator('h1')).toHaveText(MESSAGES.en.Pages.events.title);
  await page.goto('/de');
  await expect(page.locator('h1')).toHaveText(MESSAGES.de.Home.heading);
  await expect(page).toHaveTitle(`Nordlicht – ${MESSAGES.de.Pages.home.title}`);
});

test('every page names its language alternates', async ({ page }) => {
  await page.goto('/de/about');
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/about$/);
  await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute('href', /\/de\/about$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/de\/about$/);
});
