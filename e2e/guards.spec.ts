// The browser matrix of the role table: every guarded route × both languages × five identities
// → the page, a redirect to /login with the return path, or the localized 403 page. Every page
// shown is checked whole: its title, one visible heading, and the shell (brand, language switch,
// the footer's legal notice link); signed out and as the admin, the public pages too.
import { expect, test } from './support/test';
import { APP_ROUTES, accessDecision, type AppRoute } from '../src/navigation/routes';
import { demoAccount, serverSession, type IdentityName } from './support/accounts';
import { localized, MESSAGES, TEST_LOCALES } from './support/i18n';

const GUARDED = APP_ROUTES.filter((route) => route.access !== 'public');
/** Public pages with an address of their own (those with an id are in routes.spec.ts and accessibility.spec.ts). */
const PUBLIC = APP_ROUTES.filter((route) => route.access === 'public' && !route.pattern.includes('['));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const IDENTITIES: (IdentityName | 'signed out')[] = ['signed out', 'none', 'user', 'scanner', 'admin'];

function concretePath(route: AppRoute): string {
  // A user that exists (the demo member); notifications have no records yet.
  return route.pattern.replace('[id]', route.id === 'adminUser' ? 'demo-member' : 'no-such-notification');
}

test('the matrix covers every guarded route of the table', () => {
  expect(GUARDED.map((route) => route.pattern)).toHaveLength(14);
});

for (const identity of IDENTITIES) {
  for (const locale of TEST_LOCALES) {
    test(`${identity} in ${locale}`, async ({ page, context, baseURL }) => {
      test.setTimeout(90_000);
      const m = MESSAGES[locale];
      const role = identity === 'signed out' || identity === 'none' ? null : identity;
      if (identity !== 'signed out') {
        const account = demoAccount(identity);
        await serverSession(context, baseURL!, account.email, account.password);
      }
      // The visible heading, by role: while React reveals a streamed part, a hidden copy of it may
      // sit in the page for a moment (seen once: two h1 elements, one of them hidden).
      for (const route of identity === 'signed out' || identity === 'admin' ? [...PUBLIC, ...GUARDED] : GUARDED) {
        const path = localized(locale, concretePath(route));
        const expected = accessDecision(route.access, { signedIn: identity !== 'signed out', role });
        const response = await page.goto(path);
        await expect(page.locator('html'), path).toHaveAttribute('lang', locale);
        if (expected === 'sign-in') {
          expect(new URL(page.url()).pathname, path).toBe(localized(locale, '/login'));
          expect(new URL(page.url()).searchParams.get('next'), path).toBe(path);
          await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(m.Pages.login.title);
        } else if (expected === 'forbidden') {
          expect(response?.status(), path).toBe(403);
          expect(new URL(page.url()).pathname, path).toBe(path);
          // Someone without a role at the VIP area is invited to ask for a membership there.
          const title = role === null && route.pattern.startsWith('/vip') ? m.Errors.membersOnlyTitle : m.Errors.forbiddenTitle;
          await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(title);
          await expect(page).toHaveTitle(new RegExp(title));
        } else if (route.id === 'adminNotification') {
          // Allowed, and answered by the page itself: there is no such notification.
          expect(response?.status(), path).toBe(404);
        } else {
          expect(response?.status(), path).toBe(200);
          expect(new URL(page.url()).pathname, path).toBe(path);
          const title = m.Pages[route.id].title;
          await expect(page, path).toHaveTitle(new RegExp(escape(title)));
          await expect(page.locator('h1'), path).toHaveCount(1);
          // The home page's heading is the venue's welcome; every other page's is its title.
          await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(route.id === 'home' ? m.Home.heading : title);
          await expect(page.getByRole('link', { name: m.Nav.home }), path).toBeVisible();
          await expect(page.getByTestId('language-switch'), path).toBeVisible();
          await expect(page.getByRole('contentinfo').getByRole('link', { name: m.Footer.impressum }), path).toHaveAttribute('href', localized(locale, '/impressum'));
        }
      }
    });
  }
}
