// The standalone server (`.next/standalone/server.js`, completed by scripts/standalone.mjs), as the
// Dockerfile's image runs it: the browser tests' second Firebase-mode server is that server, in a
// process of its own with none of the repository's node_modules. It answers its health check as the
// same build, serves the public pages in both languages with their scripts, styles and service
// worker, holds a live stream, and answers a sign-in.
import { expect, test } from '../support/test';
import { MESSAGES } from '../support/i18n';
import { phone, untilControlled } from '../support/installed-app';
import { idTokenAt, secondServer, signUpAt, uniqueEmail } from './backend';

interface Health {
  status: string;
  buildId: string;
  backend: string;
}

async function health(url: string): Promise<Health> {
  const response = await fetch(`${url}/api/trpc/health.check`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: { data: { json: Health } } }).result.data.json;
}

test('the standalone server answers its health check on Firebase, as the same build as `next start`', async ({ baseURL }) => {
  const [first, standalone] = await Promise.all([health(baseURL!), health(secondServer())]);
  expect(standalone).toMatchObject({ status: 'ok', backend: 'firebase', buildId: first.buildId });
});

test('the standalone server serves the public pages in both languages, with their scripts, and its service worker takes control', async ({ browser }) => {
  const context = await browser.newContext({ ...phone('android'), baseURL: secondServer() });
  const page = await context.newPage();
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Scripts ran (the worker is registered by the page's code) and the worker, served by the
  // standalone server's route, controls the page.
  await untilControlled(page);
  await page.goto('/de/events');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.de.Pages.events.title })).toBeVisible();
  expect(failed).toEqual([]);
  await context.close();
});

test('the standalone server holds a live stream: the programme, then pings', async () => {
  const controller = new AbortController();
  const input = encodeURIComponent(JSON.stringify({ json: { feeds: [{ key: 'programme', feed: 'events.live' }] } }));
  const response = await fetch(`${secondServer()}/api/live?input=${input}`, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  // The stream says which of its feeds `programme` is, then writes the programme under that id.
  const result = /"key":"programme","shared":("[^"]+")[\s\S]*\{"json":\{"shared":\1,"data":/;
  while (!result.test(text)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  controller.abort();
  expect(text).toContain('event: connected');
  expect(text).toMatch(result);
});

test('the standalone server answers a sign-in: a session for a fresh token, a refusal for a forged one', async ({ playwright }) => {
  const url = secondServer();
  const request = await playwright.request.newContext({ baseURL: url });
  const email = uniqueEmail('fb-standalone');
  const { localId: uid } = await signUpAt(email, 'correct-horse-7');
  const signedIn = await request.post('/api/session', { data: { idToken: await idTokenAt(email, 'correct-horse-7') }, headers: { origin: url } });
  expect(signedIn.status()).toBe(200);
  expect(signedIn.headers()['set-cookie']).toMatch(/^__session=/);
  const me = await (await request.get('/api/trpc/identity.me')).json();
  expect(me.result.data.json).toMatchObject({ uid, email });
  const forged = await request.post('/api/session', { data: { idToken: 'not-a-token' }, headers: { origin: url, 'accept-language': 'de' } });
  expect(forged.status()).toBe(401);
  await request.dispose();
});
