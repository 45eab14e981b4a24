// The tRPC endpoint as a browser or an attacker reaches it: which requests it refuses, and what
// its refusals and failures say.
import { describe, expect, it } from 'vitest';
import superjson from 'superjson';
import type { Identity } from '@/access/identity';
import en from '@/i18n/messages/en.json';
import de from '@/i18n/messages/de.json';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { limitRate, RATE_POLICIES } from '@/server/http/rate-limit';
import type { AnyTRPCRouter } from '@trpc/server';
import { requestLocale } from '@/i18n/api-messages';
import { createContextInner } from '@/server/trpc/context';
import { handleTrpcRequest } from './http';
import { publicProcedure, roleProcedure, router } from '@/server/trpc/init';
import { appRouter } from './router';

const ORIGIN = 'http://localhost:3000';
const SAME_SITE = { host: 'localhost:3000', origin: ORIGIN };
const admin: Identity = { uid: 'admin-1', email: 'a@example.org', emailVerified: true, displayName: null, photoURL: null, role: 'admin' };
const documents = new SqliteDocuments(':memory:');
/** As the route makes it: the language from the request's x-locale header. */
const contextFor = (request: Request) => () => Promise.resolve(createContextInner({ documents, identity: admin, locale: requestLocale(request.headers) }));

function send(request: Request, router: AnyTRPCRouter = testRouter) {
  return handleTrpcRequest(request, contextFor(request), router);
}

let rotations = 0;
const testRouter = router({
  // Like "rotate my pass": a mutation without input, which a form post could reach.
  rotate: publicProcedure.mutation(() => ++rotations),
  secret: publicProcedure.query(() => {
    throw new Error('SQLITE_CORRUPT at /srv/venue/.data/documents.sqlite');
  }),
  scan: roleProcedure('scanner', 'admin').mutation(async () => {
    await limitRate('doorScans', 'door-phone-1');
    return 'admitted';
  }),
  live: publicProcedure.subscription(async function* () {
    yield 'hello';
  }),
});

function post(path: string, headers: Record<string, string>, body: BodyInit = '{}', router: AnyTRPCRouter = testRouter) {
  return send(new Request(`${ORIGIN}/api/trpc/${path}`, { method: 'POST', headers, body }), router);
}

async function errorOf(response: Response) {
  const body = (await response.json()) as { error: { json: { message: string; data: Record<string, unknown> } } };
  return body.error.json;
}

describe('mutations are same-origin only', () => {
  it.each([
    ['JSON from another site', { host: 'localhost:3000', origin: 'https://evil.example', 'content-type': 'application/json' }, '{}'],
    ['a form post from another site', { host: 'localhost:3000', origin: 'https://evil.example' }, new FormData()],
    ['a form post from another site, without Origin', { host: 'localhost:3000', 'sec-fetch-site': 'cross-site' }, new FormData()],
    ['a request that says nothing about where it comes from', { host: 'localhost:3000', 'content-type': 'application/json' }, '{}'],
  ])('refuses %s with 403 and a clear message, before the procedure runs', async (_, headers, body) => {
    const before = rotations;
    const response = await post('rotate', { ...headers, 'x-locale': 'de' }, body);
    expect(response.status).toBe(403);
    const error = await errorOf(response);
    expect(error.message).toBe(de.Errors.reasons.crossOrigin);
    expect(error.data).toMatchObject({ code: 'FORBIDDEN', reason: 'crossOrigin' });
    expect(rotations).toBe(before);
  });

  it.each([
    ['JSON', { ...SAME_SITE, 'content-type': 'application/json' }, '{}'],
    ['a form post', SAME_SITE, new FormData()],
    ['a request the browser marks same-origin', { host: 'localhost:3000', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }, '{}'],
  ])('accepts %s from the app itself', async (_, headers, body) => {
    const before = rotations;
    const response = await post('rotate', headers, body);
    expect(response.status).toBe(200);
    expect(rotations).toBe(before + 1);
  });

  it('leaves live streams (GET) alone, wherever they are opened from', async () => {
    const response = await send(new Request(`${ORIGIN}/api/trpc/live`, { headers: { host: 'localhost:3000', origin: 'https://elsewhere.example' } }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    await response.body?.cancel();
  });
});

describe('errors say what people need and nothing more', () => {
  it('answers a malformed request with 400 and the message in the language of the request', async () => {
    for (const [locale, messages] of [['en', en], ['de', de]] as const) {
      const input = JSON.stringify(superjson.serialize({ id: '../../etc/passwd' }));
      const response = await post('events.duplicate', { ...SAME_SITE, 'content-type': 'application/json', 'x-locale': locale }, input, appRouter);
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.message).toBe(messages.Errors.reasons.invalidRequest);
      // Forms still learn which field was wrong.
      expect(error.data).toMatchObject({ code: 'BAD_REQUEST', reason: 'invalidRequest', zodIssues: [{ path: ['id'], message: 'format' }] });
    }
  });

  it('answers an unexpected failure with 500 and no internal detail', async () => {
    const response = await send(new Request(`${ORIGIN}/api/trpc/secret`, { headers: { host: 'localhost:3000', 'x-locale': 'de' } }));
    expect(response.status).toBe(500);
    const text = await response.clone().text();
    expect(text).not.toMatch(/SQLITE|\.sqlite|\/srv|stack|at /);
    const error = await errorOf(response);
    expect(error.message).toBe(de.Errors.unexpected);
    expect(error.data).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, reason: null, reasonParams: null, reasonField: null });
    expect(error.data).not.toHaveProperty('stack');
  });

  it('answers a rate-limited call with 429, Retry-After and the reason the client localizes', async () => {
    const scan = () => post('scan', { ...SAME_SITE, 'content-type': 'application/json' });
    for (let i = 0; i < RATE_POLICIES.doorScans.burst; i++) expect((await scan()).status).toBe(200);
    const response = await scan();
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const error = await errorOf(response);
    expect(error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', reason: 'rateLimited', reasonParams: { seconds: response.headers.get('retry-after') } });
  });
});
