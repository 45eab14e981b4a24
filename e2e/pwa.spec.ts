// Installability: manifest, icons, service worker, update reloads and the install prompt.
import { expect, test, type Page } from './support/test';
import { MESSAGES } from './support/i18n';
import { untilControlled } from './support/installed-app';

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the manifest makes the app installable', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: 'Nordlicht',
    short_name: 'Nordlicht',
    display: 'standalone',
    start_url: '/',
    scope: '/',
    theme_color: '#0f0e0c',
    background_color: '#0f0e0c',
  });
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of icons) {
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(pngSize(await (await request.get(icon.src)).body())).toEqual({ width, height });
  }
  expect(pngSize(await (await request.get('/apple-touch-icon.png')).body())).toEqual({ width: 180, height: 180 });
});

test('pages carry the mobile web-app tags', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('sizes', '180x180');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f0e0c');
  await expect(page.locator('meta[name="mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
  await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute('content', 'Nordlicht');
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /width=device-width/);
});

test('the service worker is registered at /sw.js with scope / and takes control', async ({ page, baseURL }) => {
  await page.goto('/de/about');
  await untilControlled(page);
  const registration = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return { scope: reg.scope, script: reg.active?.scriptURL };
  });
  expect(registration.scope).toBe(`${new URL(baseURL!).origin}/`);
  expect(registration.script).toBe(`${new URL(baseURL!).origin}/sw.js`);
});

test('the service worker never caches API responses', async ({ page }) => {
  await page.goto('/');
  await untilControlled(page);
  const cached = await page.evaluate(async () => {
    const first = await (await fetch('/api/trpc/health.check')).json();
    const second = await (await fetch('/api/trpc/health.check')).json();
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return { urls, differs: JSON.stringify(first) !== JSON.stringify(second) };
  });
  expect(cached.urls.length).toBeGreaterThan(0); // the precache is there…
  expect(cached.urls.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]); // …without the API
  expect(cached.differs).toBe(true); // each call reached the server (the time changes)
});

test('an updated service worker reloads the page once it takes control', async ({ page }) => {
  await page.goto('/about');
  await untilControlled(page);
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'before update'));
  // A new script URL for the same scope is an update of the registration: the browser installs the
  // new worker, which activates and takes control as a new release would. (Playwright cannot
  // rewrite the worker script itself: service-worker script requests bypass its routing.)
  const reloaded = page.waitForEvent('load');
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next-release', { scope: '/', type: 'module' }));
  await reloaded;
  await expect(page).toHaveURL(/\/about$/);
  // Asked again while the page is still settling after the reload (a busy machine can deliver the
  // load event before the new document's context is ready to answer).
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { marker?: string }).marker ?? 'reloaded').catch(() => 'settling'))
    .toBe('reloaded');
});

test.describe('install prompt', () => {
  // On /about: a light, prerendered page, so waiting for the network to settle is quick.
  async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed') {
    await page.evaluate((choice) => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, {
        prompt: () => {
          (window as unknown as { prompted: boolean }).prompted = true;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: choice }),
      });
      window.dispatchEvent(event);
    }, outcome);
  }

  test('can be dismissed, and the dismissal is remembered', async ({ page }) => {
    await page.goto('/about', { waitUntil: 'networkidle' });
    await offerInstall(page, 'accepted');
    const prompt = page.getByTestId('install-prompt');
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('heading')).toHaveText(MESSAGES.en.Pwa.installTitle);
    await prompt.getByRole('button', { name: MESSAGES.en.Pwa.notNow }).click();
    await expect(prompt).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('installPromptDismissed'))).toMatch(/^\d{4}-\d\d-\d\dT/);

    await page.reload({ waitUntil: 'networkidle' });
    await offerInstall(page, 'accepted');
    await page.waitForTimeout(300);
    await expect(page.getByTestId('install-prompt')).toBeHidden();
  });

  test('can be accepted, which opens the browser install dialog', async ({ page }) => {
    await page.goto('/de', { waitUntil: 'networkidle' });
    await offerInstall(page, 'accepted');
    const prompt = page.getByTestId('install-prompt');
    await prompt.getByRole('button', { name: MESSAGES.de.Pwa.install }).click();
    await expect(prompt).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('installPromptDismissed'))).toBeNull();
  });

  test('is kept when the browser offers it before the page is interactive', async ({ page }) => {
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const event = new Event('beforeinstallprompt', { cancelable: true });
        Object.assign(event, { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'accepted' }) });
        window.dispatchEvent(event);
      });
    });
    await page.goto('/');
    await expect(page.getByTestId('install-prompt')).toBeVisible();
  });
});

test.describe('new version detection', () => {
  // With the worker in control, as installed: it leaves the health polls (/api/*) to the network,
  // where page.route sees them.
  const marker = () => (window as unknown as { marker?: string }).marker;

  async function pretendNewBuild(page: Page) {
    await page.route('**/api/trpc/health.check**', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/"buildId":"[^"]+"/, '"buildId":"a-newer-build"');
      await route.fulfill({ response, body });
    });
  }

  test('without a new build, navigation stays client-side', async ({ page }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'kept'));
    await page.getByRole('navigation', { name: MESSAGES.en.Nav.primary }).getByRole('link', { name: 'Events' }).click();
    await expect(page.locator('h1')).toHaveText(MESSAGES.en.Pages.events.title);
    expect(await page.evaluate(marker)).toBe('kept');
  });

  test('after a new build, the next navigation loads the page fully, once per path per 10 s', async ({ page }) => {
    await pretendNewBuild(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    const nav = page.getByRole('navigation', { name: MESSAGES.en.Nav.primary });

    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'old'));
    await Promise.all([page.waitForEvent('load'), nav.getByRole('link', { name: 'Events' }).click()]);
    await expect(page).toHaveURL(/\/events$/);
    expect(await page.evaluate(marker)).toBeUndefined();

    // Another path reloads too…
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'second'));
    await Promise.all([page.waitForEvent('load'), nav.getByRole('link', { name: 'About' }).click()]);
    expect(await page.evaluate(marker)).toBeUndefined();

    // …but /events was reloaded moments ago, so going there again stays client-side.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'third'));
    await nav.getByRole('link', { name: 'Events' }).click();
    await expect(page.locator('h1')).toHaveText(MESSAGES.en.Pages.events.title);
    await page.waitForTimeout(500);
    expect(await page.evaluate(marker)).toBe('third');
  });
});
