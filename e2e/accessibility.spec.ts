// Every route of the route table, in both languages, checked by axe-core against the WCAG 2.0, 2.1
// and 2.2 A and AA rules, as the role that may open it, on a phone with the service worker in
// control: where people use the app. A new route is checked by adding its row to the table.
import { expect, test, type Page } from './support/test';
import { APP_ROUTES, type AppRoute } from '../src/navigation/routes';
import { demoAccount, serverSession, signInThroughForm, type IdentityName } from './support/accounts';
import { localized, TEST_LOCALES } from './support/i18n';
import { phone, readingPause, untilControlled } from './support/installed-app';
import { violationsOn } from './support/axe';

/** Who opens a route: nobody signed in for public pages, else the narrowest role the table allows. */
function visitorOf(route: AppRoute): IdentityName | null {
  if (route.access === 'public') return null;
  for (const role of ['user', 'scanner', 'admin'] as const) if (route.access.includes(role)) return role;
  throw new Error(`No demo account may open ${route.pattern}`);
}

/** A ticket's page as its link opens it: a guest-list entry the demo admin adds to a demo event (its secret exists only in the answer). */
let ticketLink: string | null = null;

test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const admin = demoAccount('admin');
  await serverSession(context, baseURL!, admin.email, admin.password);
  const added = await context.request.post(`${baseURL}/api/trpc/ticketAdmin.addGuestListEntry`, {
    headers: { 'content-type': 'application/json', origin: baseURL! },
    data: { json: { eventId: 'demo-event-harbour-lights', name: 'Axe Checker', email: '', party: 2, locale: 'en' } },
  });
  expect(added.status(), await added.text()).toBe(200);
  ticketLink = (await added.json()).result.data.json.link as string;
  await context.close();
});

/** A concrete address for a route: its pattern, with the id of something the demo data has. */
async function addressOf(page: Page, route: AppRoute): Promise<string> {
  if (route.id === 'event') return '/events/members-open-house';
  if (route.id === 'ticket') return ticketLink!;
  if (route.id === 'adminUser') return `/admin/users/${demoAccount('user').uid}`;
  // As a mail's link opens it: the question and its button (a token of the right form, nobody's).
  if (route.id === 'unsubscribe') return `/unsubscribe?u=${demoAccount('user').uid}&t=${'A'.repeat(24)}`;
  if (route.id === 'adminNotification') {
    await page.goto('/admin/notifications');
    const href = await page.locator('a[href*="/admin/notifications/"]').first().getAttribute('href');
    if (!href) throw new Error('The demo data has no notification to open');
    return href.replace(/^\/de(?=\/)/, '');
  }
  return route.pattern;
}

const VISITORS: (IdentityName | null)[] = [null, 'user', 'scanner', 'admin'];

test.use(phone('android'));

for (const locale of TEST_LOCALES) {
  for (const visitor of VISITORS) {
    const routes = APP_ROUTES.filter((route) => visitorOf(route) === visitor);
    test(`${locale}, ${visitor ?? 'signed out'}: ${routes.length} routes pass axe's WCAG 2.2 A and AA rules on a phone`, async ({ page }) => {
      test.setTimeout(120_000);
      if (visitor) {
        const account = demoAccount(visitor);
        await signInThroughForm(page, locale, account.email, account.password);
      } else {
        await page.goto(localized(locale, '/'));
      }
      await untilControlled(page);
      const found: string[] = [];
      for (const route of routes) {
        const path = localized(locale, await addressOf(page, route));
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        // As first shown while live data loads (skeletons, a loading status, a busy part), and a
        // moment later with the data. A page showing nothing that loads is checked once, later.
        const loading = await page.locator('.skeleton, [aria-busy="true"], [class*="directory__status"]').count();
        const first = loading ? await violationsOn(page) : [];
        await readingPause(page, 700);
        const later = await violationsOn(page);
        found.push(...new Set([...first, ...later].map((violation) => `${path}: ${violation}`)));
      }
      expect(found, 'accessibility violations').toEqual([]);
    });
  }
}
