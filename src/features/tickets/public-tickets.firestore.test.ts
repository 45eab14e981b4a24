// Public tickets, the waitlist and the admins' list on the Firestore adapter too (the in-process
// stand-in): the same queries, counts and transactions as on SQLite. Takers at once are proven on
// SQLite only: the stand-in has no transaction isolation (decision 019).
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Documents } from '@/server/documents/port';
import { standInDocuments } from '@/server/testing/firestore-stand-in';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { Events } from '@/features/events/events';
import { addEvent, HOUR, NOW } from '@/features/door/test-door';
import { ticketKeys } from '@/features/door/ticket-keys';
import { Tickets } from '@/features/door/ticket-records';
import { Mail } from '@/features/mail/outbox';
import { Inbox } from '@/features/notifications/inbox';
import { forgetPublicTicketsOf, leaveWaitlist, myPublicTicket, takePublicTicket } from './public-tickets';
import { addGuestListEntry, cancelByAdmin, eventTickets } from './ticket-admin';
import { forgetPastWaitlists, sweepWaitlists, waitlistOf } from './waitlist';
import { OFFER_MS, PublicTicketCounts, PublicTicketEntries, type PublicTicketPorts } from './public-tickets-records';
import { RecordingPush } from './test-tickets';

const EVENT = 'night';
const admin = testPerson('admin', 'admin');

describe('public tickets and the waitlist, on Firestore', () => {
  let documents: Documents;
  let close: () => Promise<void>;
  let ports: PublicTicketPorts;

  beforeEach(async () => {
    ({ documents, close } = await standInDocuments());
    ports = { documents, keys: ticketKeys(randomBytes(32)), push: new RecordingPush() };
    await addEvent(documents, EVENT, NOW, { doorsAt: new Date(NOW.getTime() + 48 * HOUR) });
    await documents.collection(Events).doc(EVENT).update({ publicTickets: 1 });
    await addTestUser(documents, admin);
    for (const uid of ['a', 'b', 'c']) await addTestUser(documents, testPerson(uid));
  });
  afterEach(() => close());

  const mine = async (uid: string, at = NOW) => (await myPublicTicket(documents, testPerson(uid), { eventId: EVENT }, at)).mine;

  it('gives the ticket, lines up the rest, offers a cancelled ticket to the first and passes it on when it lapses', async () => {
    for (const uid of ['a', 'b', 'c']) await takePublicTicket(ports, testPerson(uid), { eventId: EVENT }, NOW);
    expect(await mine('a')).toMatchObject({ state: 'holding' });
    expect(await mine('c')).toEqual({ state: 'waiting', position: 2 });

    const ticketId = (await documents.collection(Tickets).where('sponsorUid', '==', 'a').get())[0]!.id;
    await cancelByAdmin(ports, admin, { ticketId }, NOW);
    expect(await mine('b')).toEqual({ state: 'offered', until: new Date(NOW.getTime() + OFFER_MS) });
    expect(await documents.collection(Inbox).where('uid', '==', 'b').count()).toBe(1);
    expect(await documents.collection(Mail).where('kind', '==', 'waitlistOffer').count()).toBe(1);
    expect((await waitlistOf(documents, { eventId: EVENT })).map((entry) => [entry.uid, entry.state, entry.position])).toEqual([
      ['b', 'offered', null],
      ['c', 'waiting', 1],
    ]);

    expect(await sweepWaitlists(ports, new Date(NOW.getTime() + OFFER_MS))).toEqual({ lapsed: 1, released: 0, offered: 0 });
    expect(await mine('c')).toMatchObject({ state: 'offered' });
    await leaveWaitlist(ports, testPerson('c'), { eventId: EVENT }, new Date(NOW.getTime() + OFFER_MS));
    expect((await myPublicTicket(documents, testPerson('b'), { eventId: EVENT }, NOW)).left).toBe(1);
  });

  it('lists the event’s tickets with the guest list, a page at a time', async () => {
    await takePublicTicket(ports, testPerson('a'), { eventId: EVENT }, NOW);
    await addGuestListEntry(ports, admin, { eventId: EVENT, name: 'Kai', email: '', party: 3, locale: 'en' }, new Date(NOW.getTime() + 1));
    const page = await eventTickets(documents, { eventId: EVENT });
    expect(page.tickets.map((row) => [row.kind, row.holder.name, row.party])).toEqual([
      ['guestList', 'Kai', 3],
      ['public', 'a', 0],
    ]);
    expect(page.totals).toEqual({ guest: { tickets: 0 }, guestList: { tickets: 1 }, public: { tickets: 1 }, cancelled: 0 });
    expect((await eventTickets(documents, { eventId: EVENT, kind: 'public' })).tickets).toHaveLength(1);
  });
  it('forgets a deleted account’s ticket and place, and every entry 30 days after the event', async () => {
    for (const uid of ['a', 'b', 'c']) await takePublicTicket(ports, testPerson(uid), { eventId: EVENT }, NOW);
    await forgetPublicTicketsOf(documents, 'a', NOW);
    expect((await documents.collection(Tickets).where('state', '==', 'cancelled').get()).map(({ data }) => [data.cancelledBy, data.holder.email])).toEqual([['accountDeleted', null]]);
    expect((await documents.collection(PublicTicketCounts).doc(EVENT).get()).data).toMatchObject({ taken: 0, waiting: 2 });
    const { endsAt } = (await documents.collection(Events).doc(EVENT).get()).data!;
    expect(await forgetPastWaitlists(documents, new Date(endsAt.getTime() + 30 * 24 * HOUR))).toBe(2);
    expect(await documents.collection(PublicTicketEntries).count()).toBe(0);
  });
});
