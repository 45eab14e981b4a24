// The rate limits: the bucket itself, the policies' numbers against a busy night and a script,
// and the two routes that apply them.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { NextRequest } from 'next/server';
import de from '@/i18n/messages/de.json';
import { DomainError } from '@/server/domain-error';
import { limitRate, limitRequest, RATE_POLICIES, RateLimiter, type RatePolicyName } from './rate-limit';

// The upload route keeps partial uploads under DATA_DIR: this test's own folder.
const dataDir = await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'rate-limit-'));
  process.env.DATA_DIR = dir;
  return dir;
});
afterAll(async () => (await import('node:fs')).rmSync(dataDir, { recursive: true, force: true }));

// A session cookie "session-of-<uid>" stands for a verified session of that account.
vi.mock('@/features/identity/session', () => ({
  SESSION_COOKIE: '__session',
  verifySession: async (_documents: unknown, cookie: string | undefined) =>
    cookie?.startsWith('session-of-') ? { uid: cookie.slice('session-of-'.length), email: null, emailVerified: true, displayName: null, photoURL: null, role: 'admin' } : null,
  createSession: async () => {
    throw new Error('no session is created in this test');
  },
  SESSION_MAX_AGE_SECONDS: 60,
  SessionError: class extends Error {},
}));
vi.mock('@/server/documents/documents', () => ({ getDocuments: () => ({}) }));

function clock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('the rate limiter', () => {
  it('allows a burst, then refuses with the seconds until the next request may go', () => {
    const time = clock();
    const limiter = new RateLimiter({ burst: 3, perMinute: 6 }, time.now);
    expect([1, 2, 3].map(() => limiter.take('a').allowed)).toEqual([true, true, true]);
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 10 });
    time.advance(4 * SECOND);
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 6 });
    time.advance(6 * SECOND);
    expect(limiter.take('a').allowed).toBe(true);
  });

  it('counts each key on its own', () => {
    const limiter = new RateLimiter({ burst: 1, perMinute: 1 }, clock().now);
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    expect(limiter.take('b').allowed).toBe(true);
  });

  it('refills to the burst and no further', () => {
    const time = clock();
    const limiter = new RateLimiter({ burst: 2, perMinute: 60 }, time.now);
    limiter.take('a');
    time.advance(60 * MINUTE);
    expect([1, 2, 3].map(() => limiter.take('a').allowed)).toEqual([true, true, false]);
  });

  it('keeps a bounded number of keys, forgetting the longest idle first', () => {
    const limiter = new RateLimiter({ burst: 1, perMinute: 1 }, clock().now, 2);
    limiter.take('old');
    limiter.take('recent');
    limiter.take('old');
    limiter.take('new');
    // 'recent' was forgotten and starts full again; 'old' is still counted.
    expect(limiter.take('recent').allowed).toBe(true);
    expect(limiter.take('new').allowed).toBe(false);
  });
});

/** Replays requests at the given times (ms) against a policy; returns how many were refused. */
function refusals(policy: RatePolicyName, times: number[]): number {
  const time = clock();
  const limiter = new RateLimiter(RATE_POLICIES[policy], time.now);
  let refused = 0;
  for (const at of [...times].sort((a, b) => a - b)) {
    time.advance(at - time.now());
    if (!limiter.take('one key').allowed) refused++;
  }
  return refused;
}

const every = (count: number, intervalMs: number, start = 0) => Array.from({ length: count }, (_, i) => start + i * intervalMs);

describe('the policies leave a busy night alone and slow a script', () => {
  it('door scans: a queue of 60 at once and 900 an hour on one phone all pass', () => {
    // Doors open: a queue scanned as fast as a person can (one per second), then a steady
    // stream of one every four seconds for the rest of the hour; every tenth code scanned twice.
    const queue = every(60, SECOND);
    const stream = every(900 - 60, 4 * SECOND, 60 * SECOND);
    const rescans = stream.filter((_, i) => i % 10 === 0).map((at) => at + 500);
    expect(refusals('doorScans', [...queue, ...stream, ...rescans])).toBe(0);
  });

  it('door scans: a device scanning by machine (ten a second for a minute) is held to four a second', () => {
    expect(refusals('doorScans', every(600, 100))).toBeGreaterThan(200);
  });

  it('public tickets: pressing twice, leaving and joining again pass; a script taking for event after event is held to one every ten seconds', () => {
    expect(refusals('publicTickets', [0, 300, 60 * SECOND, 61 * SECOND, 5 * MINUTE])).toBe(0);
    expect(refusals('publicTickets', every(60, SECOND))).toBeGreaterThan(40);
  });

  it('guest lists: a crew of 60 typed in one after another passes; a runaway form is slowed', () => {
    expect(refusals('ticketAdmin', every(60, 5 * SECOND))).toBe(0);
    expect(refusals('ticketAdmin', every(300, 100))).toBeGreaterThan(200);
  });

  it('sessions: 600 phones behind one venue Wi-Fi renewing hourly, and 50 signing in within half a minute, all pass', () => {
    const renewals = every(600, 6 * SECOND);
    const rush = every(50, 600, 10 * MINUTE);
    expect(refusals('sessionCreation', [...renewals, ...rush])).toBe(0);
  });

  it('sessions: a script posting ten a second from one address is held to one every two seconds', () => {
    expect(refusals('sessionCreation', every(600, 100))).toBeGreaterThan(450);
  });

  it('uploads: thirty 20 MB photos started at once (nine requests each), then one request a second, all pass', () => {
    const batch = every(30 * 9, 100);
    const after = every(1200, SECOND, 30 * SECOND);
    expect(refusals('uploads', [...batch, ...after])).toBe(0);
  });

  it('profile photos: five tries in a row, then one every minute, all pass', () => {
    expect(refusals('avatarChanges', [...every(5, 10 * SECOND), ...every(30, MINUTE, 2 * MINUTE)])).toBe(0);
  });

  it('profile photos: a script setting one a second is held to one a minute', () => {
    expect(refusals('avatarChanges', every(600, SECOND))).toBeGreaterThan(580);
  });

  it('sign-in mails to one address: three clicks while the first mail is slow, then one every five minutes, all pass', () => {
    expect(refusals('authMailsToAddress', [...every(3, 5 * SECOND), ...every(10, 5 * MINUTE + SECOND, 5 * MINUTE + 11 * SECOND)])).toBe(0);
  });

  it("sign-in mails to one address: a script filling a stranger's inbox every ten seconds for an hour gets 12 more through", () => {
    expect(360 - refusals('authMailsToAddress', every(360, 10 * SECOND))).toBeLessThanOrEqual(3 + 12);
  });

  it("sign-in mails from one client: thirty phones behind a venue's Wi-Fi at once, then one every ten seconds, all pass", () => {
    expect(refusals('authMailsFromClient', [...every(30, 500), ...every(300, 10 * SECOND, MINUTE)])).toBe(0);
  });

  it('sign-in mails from one client: a script mailing a new address ten times a second is held to one every six seconds', () => {
    expect(refusals('authMailsFromClient', every(600, 100))).toBeGreaterThan(550);
  });

  it('unsubscribes: a mail program posting twice and the person clicking three times, all pass; a loop on one link is slowed', () => {
    expect(refusals('unsubscribes', [0, 200, 30 * SECOND, 31 * SECOND, 32 * SECOND])).toBe(0);
    expect(refusals('unsubscribes', every(600, 100))).toBeGreaterThan(580);
  });

  it('uploads: a script sending a hundred requests a second is held to two a second', () => {
    expect(refusals('uploads', every(3000, 10))).toBeGreaterThan(2500);
  });
});

describe('refusals', () => {
  it('answer a route with 429, Retry-After and the reason in the language of the request', async () => {
    const request = new Request('http://localhost/x', { headers: { cookie: 'NEXT_LOCALE=de' } });
    let response: Response | null = null;
    for (let i = 0; i <= RATE_POLICIES.doorScans.burst && !response; i++) response = await limitRequest('doorScans', 'route-test', request);
    expect(response?.status).toBe(429);
    const seconds = response!.headers.get('retry-after');
    expect(Number(seconds)).toBeGreaterThanOrEqual(1);
    expect(await response!.json()).toMatchObject({ reason: 'rateLimited', message: de.Errors.reasons.rateLimited.replace('{seconds}', seconds!) });
  });

  it('throw a domain refusal in procedures, which the API answers with 429', async () => {
    for (let i = 0; i < RATE_POLICIES.doorScans.burst; i++) await limitRate('doorScans', 'procedure-test');
    await expect(limitRate('doorScans', 'procedure-test')).rejects.toThrow(DomainError);
    await expect(limitRate('doorScans', 'procedure-test')).rejects.toMatchObject({ kind: 'rate-limited', reason: 'rateLimited', params: { seconds: expect.stringMatching(/^\d+$/) } });
  });
});

describe('where the limits apply', () => {
  it('session creation: per client address', async () => {
    const { POST } = await import('@/app/api/session/route');
    const attempt = (address: string) =>
      POST(new NextRequest('http://localhost:3000/api/session', { method: 'POST', headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'x-forwarded-for': address, 'content-type': 'application/json' }, body: '{}' }));
    const statuses = [];
    for (let i = 0; i < RATE_POLICIES.sessionCreation.burst + 5; i++) statuses.push((await attempt('203.0.113.7')).status);
    expect(statuses.slice(0, RATE_POLICIES.sessionCreation.burst).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await attempt('198.51.100.9')).status).toBe(400);
  });

  it('uploads: per account, whatever address it comes from', async () => {
    const { HEAD } = await import('@/app/api/uploads/[[...id]]/route');
    const attempt = (uid: string) =>
      HEAD(new NextRequest('http://localhost:3000/api/uploads/some-upload', { method: 'HEAD', headers: { host: 'localhost:3000', cookie: `__session=session-of-${uid}`, 'x-forwarded-for': '203.0.113.7', 'tus-resumable': '1.0.0' } }));
    const statuses = [];
    for (let i = 0; i < RATE_POLICIES.uploads.burst + 5; i++) statuses.push((await attempt('busy-admin')).status);
    expect(statuses.slice(0, RATE_POLICIES.uploads.burst)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
    expect((await attempt('other-admin')).status).not.toBe(429);
  });
});
