// The house ban list where tickets are made (decision 052), on SQLite: a banned member brings no
// guests, a banned address is no guest, gets no public ticket, no place in line and no offer from
// it, and no guest-list entry; members and ticket takers are not told why, admins are. A refusal
// writes nothing.
import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { Events } from '@/features/events/events';
import { ticketKeys } from '@/features/door/ticket-keys';
import { Tickets } from '@/features/door/ticket-records';
import { Mail } from '@/features/mail/outbox';
import { setBan } from '@/features/bans/ban-admin';
import type { BanInput } from '@/features/bans/bans.inputs';
import { bringGuest } from './guests';
import { myPublicTicket, takePublicTicket } from './public-tickets';
import { addGuestListEntry, cancelByAdmin } from './ticket-admin';
import { PublicTicketEntries } from './public-tickets-records';
import { RecordingPush } from './test-tickets';
import { addMember, addUpcomingEvent, DAY } from './test-guests';

const NOW = new Date('2026-11-20T12:00:00Z');
const boss = { ...testPerson('boss', 'admin'), displayName: 'Boss' };

describe('bans where tickets are made', () => {
  let documents: SqliteDocuments;
  const ports = () => ({ documents, keys: ticketKeys(randomBytes(32)), push: new RecordingPush() });
  const ban = (person: BanInput['person'], fields: Partial<BanInput> = {}) => setBan(documents, boss, { person, reason: 'Fought at the bar', from: null, until: null, ...fields }, NOW);
  const guest = (email: string | null) => ({ eventId: 'friday', name: 'Kai', email });

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    await addTestUser(documents, boss, {}, NOW);
    // Doors in two days; the night ends six hours later.
    await addUpcomingEvent(documents, 'friday', NOW, { guestsPerMember: 3 });
    await documents.collection(Events).doc('friday').update({ publicTickets: 10 });
  });

  async function nothingWritten() {
    expect(await documents.collection(Tickets).count()).toBe(0);
    expect(await documents.collection(Mail).count()).toBe(0);
    expect(await documents.collection(PublicTicketEntries).count()).toBe(0);
  }

  it("refuses a banned member's guests without saying why, also for a ban that begins before the night", async () => {
    const { identity } = await addMember(documents, 'mia', NOW);
    await ban({ kind: 'account', uid: 'mia' }, { from: new Date(NOW.getTime() + DAY) });
    await expect(bringGuest(ports(), identity, guest(null), NOW)).rejects.toMatchObject({ reason: 'guestsNotAllowedNow', params: {} });
    await nothingWritten();
  });

  it("refuses a member banned by their address, and lets them bring guests again once it is lifted or ended", async () => {
    const { identity } = await addMember(documents, 'mia', NOW);
    await ban({ kind: 'email', email: identity.email!, name: '' }, { until: new Date(NOW.getTime() + DAY) });
    await expect(bringGuest(ports(), identity, guest(null), NOW)).rejects.toMatchObject({ reason: 'guestsNotAllowedNow' });
    await bringGuest(ports(), identity, guest(null), new Date(NOW.getTime() + DAY));
  });

  it('refuses a guest whose address is banned, at the address field and without revealing the ban', async () => {
    const { identity } = await addMember(documents, 'mia', NOW);
    await ban({ kind: 'email', email: 'kai@example.org', name: 'Kai' });
    const refused = await bringGuest(ports(), identity, guest('kai@example.org'), NOW).catch((error: unknown) => error);
    expect(refused).toMatchObject({ reason: 'guestNotInvitable', field: 'email', params: {} });
    await nothingWritten();
    // Another address, or none, is welcome.
    await bringGuest(ports(), identity, guest('lou@example.org'), NOW);
  });

  it('gives no public ticket and no place in line to a banned account or address', async () => {
    const ole = testPerson('ole');
    const ida = testPerson('ida');
    for (const who of [ole, ida]) await addTestUser(documents, who, {}, NOW);
    await ban({ kind: 'account', uid: 'ole' });
    await ban({ kind: 'email', email: ida.email!, name: '' });
    for (const who of [ole, ida]) await expect(takePublicTicket(ports(), who, { eventId: 'friday' }, NOW)).rejects.toMatchObject({ reason: 'publicTicketRefused', params: {} });
    await nothingWritten();
    // When none are left, a newcomer waits; a banned one does not.
    await documents.collection(Events).doc('friday').update({ publicTickets: 0 });
    await expect(takePublicTicket(ports(), ole, { eventId: 'friday' }, NOW)).rejects.toMatchObject({ reason: 'publicTicketsNone' });
  });

  it('passes over a person banned while waiting: the freed place goes to the next, and they leave the line untold', async () => {
    await documents.collection(Events).doc('friday').update({ publicTickets: 1 });
    const [ann, ole, ida] = [testPerson('ann'), testPerson('ole'), testPerson('ida')];
    for (const who of [ann, ole, ida]) await addTestUser(documents, who, {}, NOW);
    const held = await takePublicTicket(ports(), ann, { eventId: 'friday' }, NOW);
    for (const who of [ole, ida]) await takePublicTicket(ports(), who, { eventId: 'friday' }, NOW);
    await ban({ kind: 'account', uid: 'ole' });
    const [ticket] = await documents.collection(Tickets).where('sponsorUid', '==', 'ann').get();
    await cancelByAdmin(ports(), boss, { ticketId: ticket!.id }, NOW);
    expect(held.mine?.state).toBe('holding');
    expect((await myPublicTicket(documents, ida, { eventId: 'friday' }, NOW)).mine?.state).toBe('offered');
    expect((await myPublicTicket(documents, ole, { eventId: 'friday' }, NOW)).mine).toBeNull();
  });

  it('tells an admin adding a guest-list entry that the address is banned, and why', async () => {
    await ban({ kind: 'email', email: 'kai@example.org', name: 'Kai' }, { reason: 'Threatened the door staff' });
    const entry = { eventId: 'friday', name: 'Kai', email: 'KAI@example.org', party: 1, locale: 'en' as const };
    await expect(addGuestListEntry(ports(), boss, entry, NOW)).rejects.toMatchObject({ reason: 'guestListBanned', field: 'email', params: { reason: 'Threatened the door staff' } });
    await nothingWritten();
    // A ban that has ended stops nobody.
    await ban({ kind: 'email', email: 'kai@example.org', name: 'Kai' }, { until: new Date(NOW.getTime() + 1000) });
    await addGuestListEntry(ports(), boss, entry, new Date(NOW.getTime() + 1000));
  });
});
