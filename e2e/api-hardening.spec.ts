// The API against a hostile visitor, on the running app: mutations only from the app's own
// origin, no 5xx for bad input, rate limits with Retry-After (decision 016).
import { expect, test } from './support/test';
import { demoAccount, serverSession } from './support/accounts';
import { MESSAGES } from './support/i18n';

const de = MESSAGES.de.Errors.reasons;

test('a form post or JSON from another site cannot call a mutation', async ({ request }) => {
  const form = await request.post('/api/trpc/events.duplicate', { multipart: { id: 'demo-event-harbour-lights' }, headers: { origin: 'https://evil.example', 'x-locale': 'de' } });
  expect(form.status()).toBe(403);
  expect((await form.json()).error.json).toMatchObject({ message: de.crossOrigin, data: { reason: 'crossOrigin' } });
  const json = await request.post('/api/trpc/events.duplicate', { data: { json: { id: 'demo-event-harbour-lights' } }, headers: { origin: 'https://evil.example' } });
  expect(json.status()).toBe(403);
});

test('from the app itself a mutation reaches its procedure, and live streams open from anywhere', async ({ request, baseURL }) => {
  // Signed out, so the procedure's own level refuses it: the origin did not.
  const own = await request.post('/api/trpc/events.duplicate', { data: { json: { id: 'x' } }, headers: { origin: baseURL! } });
  expect(own.status()).toBe(401);
  const feeds = encodeURIComponent(JSON.stringify({ json: { feeds: [{ key: 'programme', feed: 'events.live' }] } }));
  const live = await fetch(`${baseURL}/api/live?input=${feeds}`, { headers: { origin: 'https://elsewhere.example' } });
  expect(live.status).toBe(200);
  expect(live.headers.get('content-type')).toContain('text/event-stream');
  await live.body?.cancel();
});

test('malformed input answers 400 in the language asked for, never 500', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const admin = demoAccount('admin');
  await serverSession(context, baseURL!, admin.email, admin.password);
  for (const id of ['../../etc/passwd', '__x__', '', 'a/b']) {
    const query = await context.request.get(`/api/trpc/events.get?input=${encodeURIComponent(JSON.stringify({ json: { id } }))}`, { headers: { 'x-locale': 'de' } });
    expect(query.status(), id).toBe(400);
    expect((await query.json()).error.json).toMatchObject({ message: de.invalidRequest, data: { reason: 'invalidRequest' } });
    for (const path of ['events.duplicate', 'images.update', 'images.remove']) {
      const mutation = await context.request.post(`/api/trpc/${path}`, { data: { json: { id } }, headers: { origin: baseURL! } });
      expect(mutation.status(), `${path} ${id}`).toBe(400);
    }
  }
  await context.close();
});

test('session creation is rate-limited per client address, with Retry-After and a localized message', async ({ request, baseURL }) => {
  // An address of its own, so the rest of the suite's sign-ins keep theirs.
  const headers = { origin: baseURL!, 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 200) + 1}`, 'x-locale': 'de' };
  let last;
  for (let i = 0; i < 70; i++) {
    last = await request.post('/api/session', { data: { nothing: true }, headers });
    if (last.status() === 429) break;
    expect(last.status()).toBe(400);
  }
  expect(last!.status()).toBe(429);
  const seconds = last!.headers()['retry-after'];
  expect(Number(seconds)).toBeGreaterThanOrEqual(1);
  expect((await last!.json()).message).toBe(de.rateLimited.replace('{seconds}', seconds!));
});
