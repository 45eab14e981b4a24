// The admins' "Guests & tickets" (issue 45, part 7), on SQLite: guest-list entries mailed where an
// address is given, every ticket of a night a page at a time with its admission, cancelling with
// the holder told, and the procedures' refusals.
import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import type { Documents } from '@/server/documents/port';
import { createContextInner } from '@/server/trpc/context';
import { createCaller } from '@/app/_server/router';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { addEvent, HOUR, NOW } from '@/features/door/test-door';
import { ticketKeys } from '@/features/door/ticket-keys';
import { Tickets } from '@/features/door/ticket-records';
import { Checkins } from '@/features/door/door-records';
import { Mail } from '@/features/mail/outbox';
import { createTicket, secretMatches } from './tickets';
import { addGuestListEntry, cancelByAdmin, eventTickets, TICKETS_PAGE_SIZE } from './ticket-admin';
import { RecordingPush } from './test-tickets';
import type { PublicTicketPorts } from './public-tickets-records';

const EVENT = 'night';
const admin = { ...testPerson('admin', 'admin'), displayName: 'Ada Admin' };
const entry = (fields: Partial<{ name: string; email: string; party: number; eventId: string }> = {}) => ({ eventId: EVENT, name: 'Kai', email: 'kai@example.org', party: 3, locale: 'de' as const, ...fields });

describe('guests and tickets, for admins', () => {
  let documents: Documents;
  let ports: PublicTicketPorts;

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    ports = { documents, keys: ticketKeys(randomBytes(32)), push: new RecordingPush() };
    await addEvent(documents, EVENT, NOW);
    await addTestUser(documents, admin);
  });

  it('adds a guest-list entry in the admin’s name and mails its ticket to the holder, in the language chosen', async () => {
    const { id, link } = await addGuestListEntry(ports, admin, entry(), NOW);
    const ticket = (await documents.collection(Tickets).doc(id).get()).data!;
    expect(ticket).toMatchObject({ kind: 'guestList', holder: { name: 'Kai', email: 'kai@example.org' }, party: 3, sponsorUid: 'admin', sponsorName: 'Ada Admin', state: 'valid', locale: 'de' });
    expect(link).toMatch(new RegExp(`^/tickets/${id}\\?key=`));
    expect(secretMatches(ticket, link.split('key=')[1]!)).toBe(true);
    const mails = await documents.collection(Mail).get();
    expect(mails.map(({ data }) => [data.kind, data.to, data.locale, data.params.party, data.params.link])).toEqual([['guestListTicket', 'kai@example.org', 'de', '3', link]]);
  });

  it('mails nothing for an entry without an address, and refuses an event that is not open for one', async () => {
    await addGuestListEntry(ports, admin, entry({ email: '' }), NOW);
    expect(await documents.collection(Mail).count()).toBe(0);
    await expect(addGuestListEntry(ports, admin, entry(), new Date(NOW.getTime() + 10 * HOUR))).rejects.toMatchObject({ reason: 'guestListClosed' });
    await addEvent(documents, 'draft', NOW, { status: 'draft' as never });
    await expect(addGuestListEntry(ports, admin, entry({ eventId: 'draft' }), NOW)).rejects.toMatchObject({ reason: 'eventNotFound' });
  });

  it("counts an entry's party toward the event's capacity, with the members' guests", async () => {
    await addEvent(documents, 'small', NOW, { capacity: 6 });
    await addGuestListEntry(ports, admin, entry({ eventId: 'small', party: 3 }), NOW);
    await expect(addGuestListEntry(ports, admin, entry({ eventId: 'small', name: 'Lou', party: 2 }), NOW)).rejects.toMatchObject({ reason: 'guestListFull', params: { left: '2' } });
    await addGuestListEntry(ports, admin, entry({ eventId: 'small', name: 'Lou', party: 1 }), NOW);
    expect(await documents.collection(Tickets).where('eventId', '==', 'small').count()).toBe(2);
  });

  it('cancels a ticket once, tells the holder by mail, and the list shows who cancelled it', async () => {
    const { id } = await addGuestListEntry(ports, admin, entry(), NOW);
    await cancelByAdmin(ports, admin, { ticketId: id }, NOW);
    expect((await documents.collection(Tickets).doc(id).get()).data).toMatchObject({ state: 'cancelled', cancelledAt: NOW, cancelledBy: 'admin' });
    const cancelMail = (await documents.collection(Mail).where('kind', '==', 'ticketCancelled').get()).map(({ data }) => [data.to, data.locale, data.params.link]);
    expect(cancelMail).toEqual([['kai@example.org', 'de', `/events/${EVENT}`]]);
    await expect(cancelByAdmin(ports, admin, { ticketId: id }, NOW)).rejects.toMatchObject({ reason: 'ticketAlreadyCancelled' });
    await expect(cancelByAdmin(ports, admin, { ticketId: 'AAAAAAAAAAAAAAAA' }, NOW)).rejects.toMatchObject({ reason: 'noSuchTicket' });
    const page = await eventTickets(documents, { eventId: EVENT });
    expect(page.tickets.map((row) => [row.state, row.cancelledBy])).toEqual([['cancelled', 'admin']]);
    expect(page.totals).toEqual({ guest: { tickets: 0 }, guestList: { tickets: 0 }, public: { tickets: 0 }, cancelled: 1 });
  });

  it('lists 2,050 tickets of one night a page at a time, newest first, each with its admission', async () => {
    const total = 2050;
    const ids: string[] = [];
    for (let start = 0; start < total; start += 250) {
      await documents.runTransaction(async (tx) => {
        for (let index = start; index < Math.min(total, start + 250); index++) {
          const kind = index % 2 === 0 ? 'guest' : 'guestList';
          ids.push(createTicket(ports, tx, { eventId: EVENT, kind, holder: { name: `Guest ${index}`, email: null }, sponsorUid: 'm', sponsorName: 'Mia Member', locale: 'en' }, new Date(NOW.getTime() - HOUR + index)).id);
        }
      });
    }
    const admitted = ids[total - 1]!;
    await documents.collection(Checkins).doc(`${EVENT}_ticket:${admitted}`).create({ eventId: EVENT, uid: `ticket:${admitted}`, at: NOW, scannerUid: 'door-1', scannerName: null, device: 'Front door', source: 'camera', guest: true, ticketId: admitted });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await eventTickets(documents, { eventId: EVENT, cursor });
      expect(page.tickets.length).toBeLessThanOrEqual(TICKETS_PAGE_SIZE);
      if (pages === 0) {
        expect(page.tickets[0]).toMatchObject({ id: admitted, admission: { at: NOW, door: 'Front door', inside: true } });
        expect(page.tickets[1]!.admission).toBeNull();
        expect(page.totals).toEqual({ guest: { tickets: 1025 }, guestList: { tickets: 1025 }, public: { tickets: 0 }, cancelled: 0 });
      }
      seen.push(...page.tickets.map((row) => row.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(Math.ceil(total / TICKETS_PAGE_SIZE));
    expect(seen).toEqual([...ids].reverse());
    const guestsOnly = await eventTickets(documents, { eventId: EVENT, kind: 'guestList' });
    expect(guestsOnly.tickets.every((row) => row.kind === 'guestList')).toBe(true);
  });

  it('is for admins only, and refuses a party beyond the limit before anything is written', async () => {
    const call = (identity: ReturnType<typeof testPerson>) => createCaller(createContextInner({ documents, identity })).ticketAdmin;
    await expect(call(testPerson('mia', 'user')).list({ eventId: EVENT })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const refused = await call(admin)
      .addGuestListEntry(entry({ party: 21 }))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe('BAD_REQUEST');
    expect(await documents.collection(Tickets).count()).toBe(0);
  });
});
