// The log of a whole journey holds nobody's data (issue 47): a sign-in, a member renaming herself,
// bringing a guest whose ticket is mailed to him, the guest opening the ticket by its secret link,
// the door scanning both codes, and the cron job sending the mail. Driven through the HTTP
// handlers the routes export or compose (the tRPC one logged as its route logs it), with the log
// read where it is written; every line is Cloud Logging's JSON, none holds an address, a name, a
// token, a code, a cookie or a secret.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import superjson from 'superjson';
import { NextRequest } from 'next/server';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { RecordingTransport } from '@/server/testing/recording-mail';
import { FakeAccounts } from '@/server/testing/fake-accounts';

const CRON_SECRET = 'a-journey-cron-secret-of-at-least-32-characters';
vi.stubEnv('CRON_SECRET', CRON_SECRET);
const documents = new SqliteDocuments(':memory:');
const transport = new RecordingTransport();
vi.mock('@/server/documents/documents', () => ({ getDocuments: () => documents }));
vi.mock('@/server/mail/mail', async (original) => ({ ...(await original<typeof import('@/server/mail/mail')>()), getMailTransport: () => transport }));

const { readLog } = await import('@/server/log');
const { logged, trpcProcedures } = await import('@/server/http/request-log');
const { handleTrpcRequest } = await import('./http');
const { createContextInner } = await import('@/server/trpc/context');
const { POST: createSession } = await import('@/app/api/session/route');
const { POST: cron } = await import('@/app/api/cron/[task]/route');
const { addEvent, addTicket, phoneCode, person } = await import('@/features/door/test-door');
const { addTestUser } = await import('@/features/identity/test-users');
const { addMember, addUpcomingEvent } = await import('@/features/tickets/test-guests');
const { getPassKeys } = await import('@/features/door/pass-keys');
const { getTicketKeys } = await import('@/features/door/ticket-keys');
const { stepAt } = await import('@/features/door/pass-code');
const { Mail } = await import('@/features/mail/outbox');
import type { Identity } from '@/access/identity';

const ORIGIN = 'http://localhost:3000';
const MEMBER_EMAIL = 'ada.journey@example.org';
const MEMBER_NAME = 'Ada Journeywoman';
const GUEST_NAME = 'Kai Guestington';
const GUEST_EMAIL = 'kai.guestington@example.net';
const ID_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlLW9mLXRoZS1qb3VybmV5';
const COOKIE = 'journey-session-cookie-value-0123456789';

const scanner = person('door-1', 'scanner');

/** The tRPC endpoint as its route composes it, with the caller given rather than read from a cookie. */
function trpc(path: string, input: unknown, identity: Identity | null, method: 'GET' | 'POST' = 'POST') {
  const handler = logged('/api/trpc', (request: Request) => handleTrpcRequest(request, () => Promise.resolve(createContextInner({ documents, identity, accounts: new FakeAccounts() }))), {
    route: (request) => trpcProcedures(request),
  });
  const body = JSON.stringify(superjson.serialize(input));
  const headers = { host: 'localhost:3000', origin: ORIGIN, 'content-type': 'application/json', cookie: `__session=${COOKIE}` };
  const request =
    method === 'GET'
      ? new Request(`${ORIGIN}/api/trpc/${path}?input=${encodeURIComponent(body)}`, { headers })
      : new Request(`${ORIGIN}/api/trpc/${path}`, { method, headers, body });
  return handler(request);
}

describe('the log of a journey', () => {
  const lines: string[] = [];
  const secrets: string[] = [MEMBER_EMAIL, MEMBER_NAME, GUEST_NAME, GUEST_EMAIL, ID_TOKEN, COOKIE, CRON_SECRET];
  let stopReading = () => {};
  let member: Identity;

  beforeAll(async () => {
    const { identity } = await addMember(documents, 'ada', new Date());
    member = { ...identity, email: MEMBER_EMAIL };
    await addTestUser(documents, scanner);
    await addEvent(documents, 'tonight', new Date());
    await addUpcomingEvent(documents, 'friday', new Date());
    stopReading = readLog((line) => lines.push(line));
  });
  afterAll(() => {
    stopReading();
    if (process.env.SHOW_LOG) process.stdout.write(lines.join(""));
  });

  it('signs in, renames, brings a guest, opens the ticket, scans both codes and sends the mail', async () => {
    // A sign-in whose token the store of accounts cannot check here: refused, and logged as such.
    const session = await createSession(
      new NextRequest(`${ORIGIN}/api/session`, { method: 'POST', headers: { host: 'localhost:3000', origin: ORIGIN, 'content-type': 'application/json', cookie: `__session=${COOKIE}` }, body: JSON.stringify({ idToken: ID_TOKEN }) }),
    );
    expect([401, 503]).toContain(session.status);

    expect((await trpc('profile.update', { displayName: MEMBER_NAME }, member)).status).toBe(200);

    const brought = await trpc('guests.bring', { eventId: 'friday', name: GUEST_NAME, email: GUEST_EMAIL }, member);
    expect(brought.status).toBe(200);
    const link = new URL((superjson.deserialize((await brought.json()).result.data) as { link: string }).link, ORIGIN);
    const ticket = { id: link.pathname.split('/')[2]!, key: link.searchParams.get('key')! };
    secrets.push(ticket.key);
    expect(await documents.collection(Mail).count()).toBe(1);

    expect((await trpc('tickets.get', ticket, null, 'GET')).status).toBe(200);

    const passCode = await phoneCode({ documents, keys: getPassKeys() }, 'ada', stepAt(Date.now()));
    const ticketCode = await addTicket(documents, getTicketKeys(), 'GuestTicketJrny1', { holder: { name: GUEST_NAME, email: GUEST_EMAIL } });
    secrets.push(passCode, ticketCode);
    for (const [code, nonce] of [[passCode, 'nonce-journey-1'], [ticketCode, 'nonce-journey-2']] as const) {
      const scanned = await trpc('door.scan', { eventId: 'tonight', mode: 'entry', code, nonce, source: 'camera', device: 'Front door' }, scanner);
      expect(scanned.status).toBe(200);
    }

    const round = await cron(new Request(`${ORIGIN}/api/cron/mail`, { method: 'POST', headers: { authorization: `Bearer ${CRON_SECRET}` } }), { params: Promise.resolve({ task: 'mail' }) });
    expect(await round.json()).toMatchObject({ task: 'mail', sent: 1, oldestDueSeconds: 0 });
    expect(transport.sent.map((mail) => mail.to)).toEqual([GUEST_EMAIL]);
  });

  it('wrote Cloud Logging JSON with a severity and a message on every line, one per request and per round', () => {
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const line of parsed) {
      expect(line.severity).toMatch(/^(DEFAULT|DEBUG|INFO|NOTICE|WARNING|ERROR|CRITICAL)$/);
      expect(typeof line.message).toBe('string');
      expect(typeof line.time).toBe('string');
    }
    const requests = parsed.filter((line) => 'status' in line);
    expect(requests.map((line) => line.route)).toEqual(['/api/session', 'profile.update', 'guests.bring', 'tickets.get', 'door.scan', 'door.scan', '/api/cron/mail']);
    for (const line of requests) {
      expect(line).toMatchObject({ requestId: expect.any(String), durationMs: expect.any(Number) });
    }
    expect(parsed).toContainEqual(expect.objectContaining({ task: 'mail', sent: 1, message: expect.stringMatching(/^Mail: 1 sent/) }));
  });

  it('holds none of the addresses, names, tokens, codes, cookies or secrets', () => {
    const log = lines.join('');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/@example\.(org|net)/);
  });
});
