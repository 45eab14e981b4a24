// A door phone is shared: after an admin signs out, nothing of the admin pages may be left in the
// service worker's caches, online or offline (decision 015), and after a member's session ends any
// other way, nothing of the member either (decision 040). Public pages still work offline.
import { expect, test, type Page } from './support/test';
import { demoAccount, serverSession, signInThroughForm } from './support/accounts';
import { MESSAGES } from './support/i18n';
import { newMember } from './support/door';
import { phone, readingPause, untilControlled } from './support/installed-app';


const admin = demoAccount('admin');
const member = demoAccount('user');

// Both languages, the list, one person's page (which shows an e-mail address) and the hub.
const ADMIN_PAGES = ['/admin', '/admin/users', `/admin/users/${member.uid}`, '/admin/events', '/scanner', '/de/admin/users'];

/** Every cached request whose URL is one of the admin pages or whose body names a person. */
async function privateEntriesInCaches(page: Page, paths: string[], emails: string[]) {
  return page.evaluate(
    async ({ paths, emails }) => {
      const found: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const url = new URL(request.url);
          if (paths.includes(url.pathname)) found.push(`${name}: ${url.pathname}${url.search}`);
          const body = await (await cache.match(request))?.text();
          for (const email of emails) if (body?.includes(email)) found.push(`${name}: ${url.pathname} holds ${email}`);
        }
      }
      return found;
    },
    { paths, emails },
  );
}

/** Fetches a page as the browser and Next's router do (HTML, RSC payload, RSC prefetch); what answered. */
async function fetchThroughWorker(page: Page, path: string) {
  return page.evaluate(async (path) => {
    const kinds: [string, RequestInit][] = [
      ['html', { headers: { accept: 'text/html' } }],
      ['rsc', { headers: { RSC: '1' } }],
      ['prefetch', { headers: { RSC: '1', 'Next-Router-Prefetch': '1' } }],
    ];
    const answers: string[] = [];
    for (const [kind, init] of kinds) {
      const url = kind === 'html' ? path : `${path}?_rsc=shared-device`;
      try {
        const response = await fetch(url, { ...init, redirect: 'manual' });
        answers.push(`${kind} ${path}: ${response.status}`);
      } catch {
        // No network and nothing cached: what must happen offline.
      }
    }
    return answers;
  }, path);
}

test('after signing out, no admin page, payload or e-mail address is served from any cache', async ({ page, context }) => {
  // Signs in, walks six pages in three ways each, signs out, then walks them again offline.
  test.setTimeout(90_000);
  await page.goto('/about');
  await untilControlled(page);

  await signInThroughForm(page, 'en', admin.email, admin.password, `/admin/users/${member.uid}`);
  await expect(page.getByText(member.email).first()).toBeVisible();
  // A client-side navigation, as a person would click through: Next fetches the RSC payload.
  await page.getByRole('navigation', { name: MESSAGES.en.Nav.primary }).getByRole('link', { name: MESSAGES.en.Nav.admin }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
  for (const path of ADMIN_PAGES) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    await fetchThroughWorker(page, path);
  }
  // Back to English (the German page set the language cookie), where the sign-out button is.
  await page.goto('/en/admin');
  await page.waitForURL((url) => url.pathname === '/admin');

  await page.getByRole('button', { name: MESSAGES.en.Nav.signOut }).first().click();
  // Home, or the sign-in page the refreshed admin page sends to: either way, signed out.
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
  await expect(page.getByRole('link', { name: MESSAGES.en.Nav.signIn }).first()).toBeAttached();
  // A public page seen after signing out stays available offline.
  await page.goto('/about');
  await expect(page.locator('h1')).toBeVisible();

  expect(await privateEntriesInCaches(page, ADMIN_PAGES, [admin.email, member.email])).toEqual([]);

  await context.setOffline(true);
  // Offline for the worker too: the API (never cached) is out of reach.
  expect(await page.evaluate(() => fetch('/api/trpc/health.check').then(() => 'reached', () => 'offline'))).toBe('offline');
  for (const path of ADMIN_PAGES) {
    expect(await fetchThroughWorker(page, path)).toEqual([]);
    await expect(page.goto(path), `${path} offline`).rejects.toThrow();
  }
  // In a new tab: the last failed navigation's error page could still interrupt this one.
  const tab = await context.newPage();
  await tab.goto('/about');
  await expect(tab.locator('h1')).toHaveText(MESSAGES.en.Pages.about.title);
});

test("a member's session ended by an admin leaves no trace of them in any cache for the next person on the phone", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const person = await newMember(browser, baseURL!, 'shared-phone');
  const context = await browser.newContext({ ...phone('iphone'), baseURL });
  const page = await context.newPage();
  await signInThroughForm(page, 'en', person.email, person.password, '/events');
  await untilControlled(page);
  // The member reads public pages in both languages, by link (payloads) and by address (pages).
  await readingPause(page);
  await page.getByRole('link', { name: /Members' Open House/ }).first().click();
  await page.waitForURL((url) => url.pathname === '/events/members-open-house');
  for (const path of ['/', '/about', '/events', '/de/events', '/events/members-open-house', '/vip']) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await fetchThroughWorker(page, path);
  }
  await readingPause(page);

  // An admin ends every session of the member elsewhere (no sign-out button pressed on this phone).
  const admin = await browser.newContext();
  const account = demoAccount('admin');
  await serverSession(admin, baseURL!, account.email, account.password);
  const ended = await admin.request.post('/api/trpc/users.signOutEverywhere', { data: { json: { uid: person.uid } }, headers: { 'content-type': 'application/json', origin: baseURL! } });
  expect(ended.status()).toBe(200);
  await admin.close();

  // The next person on the phone, signed out, finds nothing of the member.
  await page.goto('/about');
  expect((await page.request.get('/api/trpc/identity.me')).status()).toBe(401);
  expect(await privateEntriesInCaches(page, [], [person.email, person.uid])).toEqual([]);
  await context.close();
});
