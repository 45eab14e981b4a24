// A door phone is shared: after an admin signs out, nothing of the admin pages may be left in the
// service worker's caches, online or offline (decision 015). Public pages still work offline.
import { expect, test, type Page } from './support/test';
import { demoAccount, signInThroughForm } from './support/accounts';
import { MESSAGES } from './support/i18n';

test.use({ serviceWorkers: 'allow' });

const admin = demoAccount('admin');
const member = demoAccount('user');

// Both languages, the list, one person's page (which shows an e-mail address) and the hub.
const ADMIN_PAGES = ['/admin', '/admin/users', `/admin/users/${member.uid}`, '/admin/events', '/scanner', '/de/admin/users'];

async function waitForServiceWorkerControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

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
  await waitForServiceWorkerControl(page);

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
