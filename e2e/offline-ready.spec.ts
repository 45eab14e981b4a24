// The app asks no host but its own: no web fonts, no CDN, no analytics.
import { expect, test } from './support/test';

test('pages load only from the app itself', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) foreign.push(request.url());
  });
  for (const path of ['/', '/de/about', '/events', '/de/impressum', '/login']) {
    await page.goto(path, { waitUntil: 'networkidle' });
  }
  expect(foreign).toEqual([]);
});

test('the API answers with the build id and is never cached', async ({ request }) => {
  const response = await request.get('/api/trpc/health.check');
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toContain('no-store');
  const body = await response.json();
  expect(body.result.data.json).toMatchObject({ status: 'ok', backend: 'embedded' });
  expect(body.result.data.json.buildId).toMatch(/\S+/);
});
