// A member brings guests (issue 45, part 2) on SQLite: the ticket and its link, the mail where an
// address was given, the event's and the season's allowances and the event's capacity, each
// refused with its reason, also when many requests come at once; cancelling until the door
// opens gives the allowance back and tells the guest; the member's list shows who arrived.
import { beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { Tickets } from '@/features/door/ticket-records';
import { Checkins } from '@/features/door/door-records';
import { ticketDoorKey } from '@/features/door/ticket-records';
import { Mail } from '@/features/mail/outbox';
import { Events } from '@/features/events/events';
import { testPerson, addTestUser } from '@/features/identity/test-users';
import { bringGuest, cancelGuest, myGuests } from './guests';
import { cancelMailId } from './cancel';
import { addMember, addUpcomingEvent, DAY, HOUR, ticketPortsOf } from './test-guests';
import { BringGuestInput } from './tickets.inputs';

const NOW = new Date('2026-11-20T12:00:00Z');

async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => undefined,
    (error: { reason?: string }) => error.reason ?? String(error),
  );
}

describe('a member brings a guest', () => {
  let documents: SqliteDocuments;
  const guest = (eventId: string, name = 'Kai', email = '') => BringGuestInput.parse({ eventId, name, email });

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    await addUpcomingEvent(documents, 'friday', NOW);
  });

  it('makes a valid guest ticket named for its sponsor, whose link opens it, and mails it where an address was given', async () => {
    const { identity } = await addMember(documents, 'mia', NOW);
    const brought = await bringGuest(ticketPortsOf(documents), identity, guest('friday', '  Kai Gast ', 'Kai@Example.org'), NOW);
    expect(brought.link).toMatch(new RegExp(`^/tickets/${brought.ticketId}\\?key=[A-Za-z0-9_-]{32}$`));
    const ticket = (await documents.collection(Tickets).doc(brought.ticketId).get()).data!;
    expect(ticket).toMatchObject({ eventId: 'friday', kind: 'guest', state: 'valid', holder: { name: 'Kai Gast', email: 'kai@example.org' }, sponsorUid: 'mia', sponsorName: 'Mia mia', party: 0 });
    const mails = await documents.collection(Mail).get();
    expect(mails.map(({ data }) => [data.kind, data.to, data.params.link, data.params.sponsor])).toEqual([['guestTicket', 'kai@example.org', brought.link, 'Mia mia']]);
    expect(brought.mailed).toBe(true);

    const quiet = await bringGuest(ticketPortsOf(documents), (await addMember(documents, 'ole', NOW)).identity, guest('friday', 'Lou'), NOW);
    expect(quiet.mailed).toBe(false);
    expect(await documents.collection(Mail).count()).toBe(1);
  });

  it("refuses a second guest beyond the event's allowance, and any at an event that gives none", async () => {
    const { identity } = await addMember(documents, 'mia', NOW);
    await bringGuest(ticketPortsOf(documents), identity, guest('friday'), NOW);
    expect(await refusal(bringGuest(ticketPortsOf(documents), identity, guest('friday', 'Lou'), NOW))).toBe('guestsPerEventUsed');
    await addUpcomingEvent(documents, 'quiet', NOW, { guestsPerMember: 0 });
    expect(await refusal(bringGuest(ticketPortsOf(documents), identity, guest('quiet'), NOW))).toBe('noGuestsAtEvent');
  });

  it("refuses a guest beyond the season's allowance; cancelling one gives it back", async () => {
    const { identity } = await addMember(documents, 'mia', NOW, { guestsPerSeason: 2 });
    await addUpcomingEvent(documents, 'saturday', NOW, { inDays: 3 });
    await addUpcomingEvent(documents, 'sunday', NOW, { inDays: 4 });
    const first = await bringGuest(ticketPortsOf(documents), identity, guest('friday'), NOW);
    await bringGuest(ticketPortsOf(documents), identity, guest('saturday'), NOW);
    expect(await refusal(bringGuest(ticketPortsOf(documents), identity, guest('sunday'), NOW))).toBe('guestsPerSeasonUsed');
    expect((await myGuests(documents, testPerson('mia'), NOW)).season).toEqual({ allowed: 2, used: 2 });
    await cancelGuest(documents, identity, { ticketId: first.ticketId }, NOW);
    expect((await myGuests(documents, testPerson('mia'), NOW)).season).toEqual({ allowed: 2, used: 1 });
    await bringGuest(ticketPortsOf(documents), identity, guest('sunday'), NOW);
  });

  it('never exceeds an allowance with many requests at once', async () => {
    const { identity } = await addMember(documents, 'mia', NOW, { guestsPerSeason: 3 });
    await documents.collection(Events).doc('friday').update({ guestsPerMember: 10 });
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, n) => bringGuest(ticketPortsOf(documents), identity, guest('friday', `Guest ${n}`), NOW)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    expect(results.filter((result) => result.status === 'rejected').map((result) => (result.reason as { reason: string }).reason)).toEqual(Array(5).fill('guestsPerSeasonUsed'));
    expect(await documents.collection(Tickets).count()).toBe(3);
  });

  it("counts guests toward the event's capacity, over the people on its valid tickets", async () => {
    await addUpcomingEvent(documents, 'small', NOW, { capacity: 1 });
    const mia = (await addMember(documents, 'mia', NOW)).identity;
    const ole = (await addMember(documents, 'ole', NOW)).identity;
    const first = await bringGuest(ticketPortsOf(documents), mia, guest('small'), NOW);
    expect(await refusal(bringGuest(ticketPortsOf(documents), ole, guest('small'), NOW))).toBe('eventFull');
    await cancelGuest(documents, mia, { ticketId: first.ticketId }, NOW);
    await bringGuest(ticketPortsOf(documents), ole, guest('small'), NOW);
  });

  it('is for members, for published events until they end (cancelled only before the door opens), within the membership', async () => {
    const visitor = testPerson('vis');
    await addTestUser(documents, visitor, {}, NOW);
    expect(await refusal(bringGuest(ticketPortsOf(documents), visitor, guest('friday'), NOW))).toBe('guestNeedsMembership');
    const { identity } = await addMember(documents, 'mia', NOW, { validDays: 1 });
    expect(await refusal(bringGuest(ticketPortsOf(documents), identity, guest('friday'), NOW))).toBe('guestAfterMembership');
    const { identity: ole } = await addMember(documents, 'ole', NOW);
    expect(await refusal(bringGuest(ticketPortsOf(documents), ole, guest('friday'), new Date(NOW.getTime() + 3 * DAY)))).toBe('guestsClosed');
    // The door open: a member who arrives with a friend still brings them.
    const atTheDoor = await bringGuest(ticketPortsOf(documents), ole, guest('friday', 'Friend at the door'), new Date(NOW.getTime() + 2 * DAY + HOUR));
    expect(atTheDoor.name).toBe('Friend at the door');
    expect(await refusal(cancelGuest(documents, ole, { ticketId: atTheDoor.ticketId }, new Date(NOW.getTime() + 2 * DAY + HOUR)))).toBe('guestCancelClosed');
    expect(await refusal(bringGuest(ticketPortsOf(documents), ole, guest('nothing'), NOW))).toBe('guestsClosed');
    await documents.collection(Events).doc('friday').update({ status: 'draft' });
    expect(await refusal(bringGuest(ticketPortsOf(documents), ole, guest('friday'), NOW))).toBe('guestsClosed');
  });

  it('cancels a guest until the door opens, telling them by mail; nobody cancels another member’s guest', async () => {
    const { identity } = await addMember(documents, 'mia', NOW);
    const { identity: ole } = await addMember(documents, 'ole', NOW);
    const kept = await bringGuest(ticketPortsOf(documents), identity, guest('friday', 'Kai', 'kai@example.org'), NOW);
    expect(await refusal(cancelGuest(documents, ole, { ticketId: kept.ticketId }, NOW))).toBe('noSuchTicket');
    expect(await refusal(cancelGuest(documents, identity, { ticketId: kept.ticketId }, new Date(NOW.getTime() + 2 * DAY)))).toBe('guestCancelClosed');
    await cancelGuest(documents, identity, { ticketId: kept.ticketId }, NOW);
    expect((await documents.collection(Tickets).doc(kept.ticketId).get()).data).toMatchObject({ state: 'cancelled', cancelledBy: 'sponsor', cancelledAt: NOW });
    const told = (await documents.collection(Mail).doc(cancelMailId(kept.ticketId)).get()).data!;
    expect(told).toMatchObject({ kind: 'ticketCancelled', to: 'kai@example.org', params: { name: 'Kai', by: 'sponsor', sponsor: 'Mia mia' } });
    expect(await refusal(cancelGuest(documents, identity, { ticketId: kept.ticketId }, NOW))).toBe('ticketAlreadyCancelled');
  });

  it("lists the member's guests at events not yet over, with their arrival from the door's records", async () => {
    const { identity } = await addMember(documents, 'mia', NOW);
    await addUpcomingEvent(documents, 'saturday', NOW, { inDays: 3 });
    const kai = await bringGuest(ticketPortsOf(documents), identity, guest('friday', 'Kai'), NOW);
    const lou = await bringGuest(ticketPortsOf(documents), identity, guest('saturday', 'Lou'), NOW);
    const tonight = new Date(NOW.getTime() + 2 * DAY + HOUR);
    await documents.collection(Checkins).doc(`friday_${ticketDoorKey(kai.ticketId)}`).create({
      eventId: 'friday',
      uid: ticketDoorKey(kai.ticketId),
      at: tonight,
      scannerUid: 'door',
      scannerName: 'Door',
      device: 'door:1',
      source: 'camera',
      guest: true,
      ticketId: kai.ticketId,
    });
    const listed = await myGuests(documents, testPerson('mia'), tonight);
    expect(listed.events.map((event) => [event.id, event.open, event.guests.map((each) => [each.name, each.arrivedAt, each.inside, each.cancellable])])).toEqual([
      // Open for guests while it lasts (a member may arrive with a friend); Kai, in, is no longer cancellable.
      ['friday', true, [['Kai', tonight, true, false]]],
      ['saturday', true, [['Lou', null, false, true]]],
    ]);
    expect(listed.events[1]!.guests[0]!.ticketId).toBe(lou.ticketId);
    // After the night, its guests leave the list.
    expect((await myGuests(documents, testPerson('mia'), new Date(NOW.getTime() + 3 * DAY))).events.map((event) => event.id)).toEqual(['saturday']);
  });
});
