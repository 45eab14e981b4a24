// The waitlist sweep runs in the server by itself: a public ticket cancelled by a path that does
// not free its place (here: written directly) is offered to the first waiting within a round, and
// the entries of an event that ended 30 days ago are forgotten (by the retention sweep).
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { Events } from '@/features/events/events';
import { addEvent, HOUR } from '@/features/door/test-door';
import { ticketKeys } from '@/features/door/ticket-keys';
import { Tickets } from '@/features/door/ticket-records';
import { myPublicTicket, takePublicTicket } from '@/features/tickets/public-tickets';
import { RecordingPush } from '@/features/tickets/test-tickets';
import { PublicTicketEntries } from '@/features/tickets/public-tickets-records';
import { scheduleWaitlistSweep } from './waitlist-sweep';
import { scheduleMailRetention } from './mail-retention';

describe('the waitlist sweep', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('frees a cancelled public ticket’s place and offers it on, round after round', async () => {
    const documents = new SqliteDocuments(':memory:');
    const now = new Date();
    await addEvent(documents, 'night', now, { doorsAt: new Date(now.getTime() + 48 * HOUR) });
    await documents.collection(Events).doc('night').update({ publicTickets: 1 });
    const ports = { documents, keys: ticketKeys(randomBytes(32)), push: new RecordingPush() };
    for (const uid of ['a', 'b']) {
      await addTestUser(documents, testPerson(uid));
      await takePublicTicket(ports, testPerson(uid), { eventId: 'night' });
    }
    stop = scheduleWaitlistSweep(documents, () => ports.push, 50);
    const [held] = await documents.collection(Tickets).get();
    await documents.collection(Tickets).doc(held!.id).update({ state: 'cancelled', cancelledAt: new Date(), cancelledBy: 'holder' });
    await expect.poll(async () => (await myPublicTicket(documents, testPerson('b'), { eventId: 'night' })).mine?.state).toBe('offered');
  });
  it('forgets the entries of an event that ended 30 days ago, from its start on', async () => {
    const documents = new SqliteDocuments(':memory:');
    const now = new Date();
    await addEvent(documents, 'long-ago', new Date(now.getTime() - 40 * 24 * HOUR));
    await documents.collection(Events).doc('long-ago').update({ publicTickets: 1 });
    const ports = { documents, keys: ticketKeys(randomBytes(32)), push: new RecordingPush() };
    await addTestUser(documents, testPerson('a'));
    await takePublicTicket(ports, testPerson('a'), { eventId: 'long-ago' }, new Date(now.getTime() - 40 * 24 * HOUR));
    expect(await documents.collection(PublicTicketEntries).count()).toBe(1);
    stop = scheduleMailRetention(documents, 60_000);
    await expect.poll(() => documents.collection(PublicTicketEntries).count()).toBe(0);
  });
});
