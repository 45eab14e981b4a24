// The route table's pages with an id in their address, in both languages: an unknown id is the
// localized 404 page. Every page of the table is opened and checked whole (title, one heading, the
// shell) by the role matrix in guards.spec.ts.
import { expect, test } from './support/test';
import { APP_ROUTES } from '../src/navigation/routes';
import { localized, MESSAGES, TEST_LOCALES } from './support/i18n';
import { demoAccount, serverSession } from './support/accounts';

for (const locale of TEST_LOCALES) {
  const m = MESSAGES[locale];
  test(`in ${locale}, every page with an id in its address answers an unknown id with the 404 page`, async ({ page, context, baseURL }) => {
    // The admin may open every route; signed out, the guarded ones would send to /login first.
    const admin = demoAccount('admin');
    await serverSession(context, baseURL!, admin.email, admin.password);
    for (const route of APP_ROUTES.filter((r) => r.pattern.includes('['))) {
      const path = localized(locale, route.pattern.replace(/\[\w+\]/, 'does-not-exist'));
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.locator('html'), path).toHaveAttribute('lang', locale);
      await expect(page.locator('h1'), path).toHaveText(m.Errors.notFoundTitle);
      await expect(page, path).toHaveTitle(new RegExp(m.Errors.notFoundTitle));
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
