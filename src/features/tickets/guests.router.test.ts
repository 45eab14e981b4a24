// The guest and ticket procedures through createCaller: a member brings a guest and the answer's
// link opens the ticket for anyone, signed out; a wrong secret is NOT_FOUND for the same reason as
// no ticket at all; the ticket page is limited per client address and
// bringing guests per account.
import { beforeEach, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { createContextInner } from '@/server/trpc/context';
import { createCaller } from '@/app/_server/router';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { RATE_POLICIES } from '@/server/http/rate-limit';
import type { Identity } from '@/access/identity';
import de from '@/i18n/messages/de.json';
import { addMember, addUpcomingEvent } from './test-guests';

let clients = 0;

async function failure(promise: Promise<unknown>): Promise<TRPCError> {
  const caught = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(TRPCError);
  return caught as TRPCError;
}

describe('the guest and ticket procedures', () => {
  let documents: SqliteDocuments;
  let client: string;
  const as = (identity: Identity | null, from = client) => createCaller(createContextInner({ documents, identity, clientAddress: from }));

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    client = `198.51.100.${(clients += 1) % 250}`;
    await addUpcomingEvent(documents, 'friday', new Date(), { guestsPerMember: 20 });
  });

  it('a guest brought by a member opens with the link alone; a wrong secret is the plain NOT_FOUND of no ticket', async () => {
    const { identity } = await addMember(documents, `mia${clients}`, new Date());
    const brought = await as(identity).guests.bring({ eventId: 'friday', name: 'Kai', email: '' });
    const url = new URL(brought.link, 'https://x.example');
    const link = { id: url.pathname.split('/')[2]!, key: url.searchParams.get('key')! };
    expect(await as(null).tickets.get(link)).toMatchObject({ holderName: 'Kai', state: 'valid', kind: 'guest' });
    const wrong = await failure(as(null).tickets.get({ ...link, key: 'B'.repeat(32) }));
    const none = await failure(as(null).tickets.get({ id: 'C'.repeat(16), key: link.key }));
    for (const refused of [wrong, none]) expect([refused.code, (refused.cause as { reason?: string }).reason]).toEqual(['NOT_FOUND', 'noSuchTicket']);
    expect(de.Errors.reasons.noSuchTicket).toBe('Dieses Ticket gibt es nicht (mehr).');
    expect((await as(identity).guests.mine()).events.find((event) => event.id === 'friday')?.guests.map((guest) => guest.name)).toEqual(['Kai']);
  });

  it('limits the ticket page per client address, and bringing guests per account', async () => {
    const link = { id: 'D'.repeat(16), key: 'E'.repeat(32) };
    for (let call = 0; call < RATE_POLICIES.ticketPages.burst; call++) expect((await failure(as(null).tickets.get(link))).code).toBe('NOT_FOUND');
    expect((await failure(as(null).tickets.get(link))).code).toBe('TOO_MANY_REQUESTS');
    expect((await failure(as(null, `${client}-other`).tickets.get(link))).code).toBe('NOT_FOUND');

    const { identity } = await addMember(documents, `ole${clients}`, new Date(), { guestsPerSeason: 50 });
    for (let call = 0; call < RATE_POLICIES.guestsBrought.burst; call++) await as(identity).guests.bring({ eventId: 'friday', name: `Guest ${call}`, email: '' });
    expect((await failure(as(identity).guests.bring({ eventId: 'friday', name: 'One more', email: '' }))).code).toBe('TOO_MANY_REQUESTS');
  });
});
