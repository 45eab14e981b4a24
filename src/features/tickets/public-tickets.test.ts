// Public tickets and their waitlist (issue 45, part 6), on SQLite: one ticket per account and event,
// exactly N for N offered however many take at once, the rest waiting in order; a freed ticket is
// offered to the first waiting (in the app, by push and by mail), held for them 24 hours, then
// passed on; leaving and declining pass it on at once.
import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import type { Documents } from '@/server/documents/port';
import type { Identity } from '@/access/identity';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { Events } from '@/features/events/events';
import { addEvent, HOUR, NOW } from '@/features/door/test-door';
import { ticketKeys } from '@/features/door/ticket-keys';
import { Tickets } from '@/features/door/ticket-records';
import { Mail } from '@/features/mail/outbox';
import { Inbox } from '@/features/notifications/inbox';
import { PushDevices } from '@/features/notifications/push-devices';
import { forgetPublicTicketsOf, leaveWaitlist, myPublicTicket, publicTicketAvailability, takePublicTicket } from './public-tickets';
import { expireOffers, forgetPastWaitlists, offerToWaitlist, sweepWaitlists, waitlistOf } from './waitlist';
import { cancelByAdmin } from './ticket-admin';
import { PublicTicketCounts, PublicTicketEntries, entryId, OFFER_MS } from './public-tickets-records';
import { RecordingPush } from './test-tickets';
import type { PublicTicketPorts } from './public-tickets-records';

const EVENT = 'night';
const admin = testPerson('admin', 'admin');

describe('public tickets', () => {
  let documents: Documents;
  let push: RecordingPush;
  let ports: PublicTicketPorts;

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    push = new RecordingPush();
    ports = { documents, keys: ticketKeys(randomBytes(32)), push };
    // Doors in two days: people take tickets ahead of the night.
    await addEvent(documents, EVENT, NOW, { doorsAt: new Date(NOW.getTime() + 48 * HOUR) });
    await offer(2);
    await addTestUser(documents, admin);
  });

  async function offer(count: number) {
    await documents.collection(Events).doc(EVENT).update({ publicTickets: count });
  }

  async function someone(uid: string): Promise<Identity> {
    const who = { ...testPerson(uid), displayName: `Person ${uid}` };
    await addTestUser(documents, who, { locale: 'de' });
    return who;
  }

  const take = (who: Identity, at = NOW) => takePublicTicket(ports, who, { eventId: EVENT }, at);
  const mine = async (who: Identity, at = NOW) => (await myPublicTicket(documents, who, { eventId: EVENT }, at)).mine;

  it('gives a signed-in person a public ticket in their name, mailed to them with its link', async () => {
    const mia = await someone('mia');
    const standing = await take(mia);
    expect(standing.mine).toMatchObject({ state: 'holding', link: expect.stringMatching(/^\/tickets\/[A-Za-z0-9_-]{16}\?key=/) });
    const tickets = await documents.collection(Tickets).get();
    expect(tickets.map(({ data }) => [data.kind, data.holder, data.sponsorUid, data.state, data.locale])).toEqual([['public', { name: 'Person mia', email: 'mia@example.org' }, 'mia', 'valid', 'de']]);
    const mails = await documents.collection(Mail).get();
    expect(mails.map(({ data }) => [data.kind, data.to, data.locale, data.params.link])).toEqual([['publicTicket', 'mia@example.org', 'de', standing.mine?.state === 'holding' && standing.mine.link]]);
    expect(standing).toMatchObject({ offered: 2, left: 1 });
  });

  it('gives one ticket per account and event, however often it is asked for at once', async () => {
    const mia = await someone('mia');
    const answers = await Promise.all(Array.from({ length: 5 }, () => take(mia)));
    expect(new Set(answers.map((answer) => answer.mine?.state === 'holding' && answer.mine.link)).size).toBe(1);
    expect(await documents.collection(Tickets).count()).toBe(1);
    expect(await documents.collection(Mail).count()).toBe(1);
    expect((await publicTicketAvailability(documents, { eventId: EVENT })).left).toBe(1);
  });

  it('gives exactly N tickets to 3N people taking at once, and puts the others on the waitlist in order', async () => {
    const n = 5;
    await offer(n);
    const people = await Promise.all(Array.from({ length: 3 * n }, (_, index) => someone(`p${index}`)));
    const answers = await Promise.all(people.map((who) => take(who)));
    expect(answers.filter((answer) => answer.mine?.state === 'holding')).toHaveLength(n);
    expect(await documents.collection(Tickets).where('state', '==', 'valid').count()).toBe(n);
    const positions = answers.flatMap((answer) => (answer.mine?.state === 'waiting' ? [answer.mine.position] : []));
    expect(positions.sort((a, b) => a - b)).toEqual(Array.from({ length: 2 * n }, (_, index) => index + 1));
    expect((await documents.collection(PublicTicketCounts).doc(EVENT).get()).data).toMatchObject({ taken: n, waiting: 2 * n });
    expect(await publicTicketAvailability(documents, { eventId: EVENT })).toEqual({ offered: n, left: 0, waiting: 2 * n });
  });

  it('refuses an event that offers no public tickets, and one that is over', async () => {
    const mia = await someone('mia');
    await offer(0);
    await expect(take(mia)).rejects.toMatchObject({ reason: 'publicTicketsNone' });
    await offer(2);
    await expect(take(mia, new Date(NOW.getTime() + 60 * HOUR))).rejects.toMatchObject({ reason: 'publicTicketsOver' });
    await expect(takePublicTicket(ports, mia, { eventId: 'nope' }, NOW)).rejects.toMatchObject({ reason: 'eventNotFound' });
  });

  it('lets a waiting person leave, and those behind move up', async () => {
    const [a, b, c, d] = await Promise.all(['a', 'b', 'c', 'd'].map(someone));
    for (const who of [a!, b!, c!, d!]) await take(who);
    expect(await mine(d!)).toEqual({ state: 'waiting', position: 2 });
    await leaveWaitlist(ports, c!, { eventId: EVENT }, NOW);
    expect(await mine(c!)).toBeNull();
    expect(await mine(d!)).toEqual({ state: 'waiting', position: 1 });
    await expect(leaveWaitlist(ports, a!, { eventId: EVENT }, NOW)).rejects.toMatchObject({ reason: 'notOnWaitlist' });
  });

  it('offers a cancelled ticket to the first waiting, in the app, by push and by mail, and holds it for them', async () => {
    const [a, b, c, d] = await Promise.all(['a', 'b', 'c', 'd'].map(someone));
    await documents.collection(PushDevices).doc('c-phone').create({ uid: 'c', target: { kind: 'webpush', endpoint: 'https://push.example/c', keys: { p256dh: 'BPublicKeyOfThePhone0123456789', auth: 'authSecret01' } }, lang: 'de', registeredAt: NOW });
    const held = await take(a!);
    await take(b!);
    await take(c!);
    await take(d!);
    const ticketId = (await documents.collection(Tickets).where('sponsorUid', '==', 'a').get())[0]!.id;
    const at = new Date(NOW.getTime() + HOUR);
    await cancelByAdmin(ports, admin, { ticketId }, at);

    expect(await mine(c!)).toEqual({ state: 'offered', until: new Date(at.getTime() + OFFER_MS) });
    expect(await mine(d!)).toEqual({ state: 'waiting', position: 1 });
    expect(await mine(a!)).toEqual({ state: 'cancelled' });
    const inbox = await documents.collection(Inbox).where('uid', '==', 'c').get();
    expect(inbox.map(({ data }) => [data.lang, data.link])).toEqual([['de', `/events/${EVENT}`]]);
    expect(push.sent.map(({ message }) => [message.url, message.lang])).toEqual([[`/de/events/${EVENT}`, 'de']]);
    const mails = await documents.collection(Mail).where('kind', 'in', ['waitlistOffer', 'ticketCancelled']).get();
    expect(mails.map(({ data }) => [data.kind, data.to]).sort()).toEqual([
      ['ticketCancelled', 'a@example.org'],
      ['waitlistOffer', 'c@example.org'],
    ]);
    expect(held.mine?.state).toBe('holding');

    // The held place is not anyone's to take but theirs: a newcomer waits behind d.
    const e = await someone('e');
    expect((await take(e)).mine).toEqual({ state: 'waiting', position: 2 });
    // A second release of the same ticket changes nothing.
    expect(await offerToWaitlist(ports, ticketId, at)).toBe(false);
    expect((await take(c!, new Date(at.getTime() + HOUR))).mine).toMatchObject({ state: 'holding' });
    expect(await documents.collection(Tickets).where('state', '==', 'valid').count()).toBe(2);
    expect((await documents.collection(PublicTicketCounts).doc(EVENT).get()).data).toMatchObject({ taken: 2, waiting: 2 });
  });

  it('passes an offer on when its 24 hours run out, and at once when it is declined', async () => {
    const [a, b, c, d] = await Promise.all(['a', 'b', 'c', 'd'].map(someone));
    for (const who of [a!, b!, c!, d!]) await take(who);
    const ticketId = (await documents.collection(Tickets).where('sponsorUid', '==', 'a').get())[0]!.id;
    await cancelByAdmin(ports, admin, { ticketId }, NOW);
    expect(await expireOffers(ports, new Date(NOW.getTime() + OFFER_MS - 1))).toBe(0);
    expect(await expireOffers(ports, new Date(NOW.getTime() + OFFER_MS))).toBe(1);
    expect(await mine(c!)).toBeNull();
    expect((await documents.collection(PublicTicketEntries).doc(entryId(EVENT, 'c')).get()).data?.state).toBe('lapsed');
    expect(await mine(d!)).toMatchObject({ state: 'offered' });
    // d says no: nobody is left waiting, so the place is free for anyone.
    await leaveWaitlist(ports, d!, { eventId: EVENT }, new Date(NOW.getTime() + OFFER_MS + HOUR));
    expect(await publicTicketAvailability(documents, { eventId: EVENT })).toEqual({ offered: 2, left: 1, waiting: 0 });
  });

  it('offers the places an admin adds to those waiting, and a cancelled ticket is released by the sweep whoever cancelled it', async () => {
    const [a, b, c, d] = await Promise.all(['a', 'b', 'c', 'd'].map(someone));
    for (const who of [a!, b!, c!, d!]) await take(who);
    await offer(3);
    expect(await sweepWaitlists(ports, NOW)).toEqual({ lapsed: 0, released: 0, offered: 1 });
    expect(await mine(c!)).toMatchObject({ state: 'offered' });
    // Cancelled elsewhere (the holder's own "cancel my ticket"), without a call here: the sweep finds it.
    const ticketId = (await documents.collection(Tickets).where('sponsorUid', '==', 'b').get())[0]!.id;
    await documents.collection(Tickets).doc(ticketId).update({ state: 'cancelled', cancelledAt: NOW, cancelledBy: 'holder' });
    await sweepWaitlists(ports, new Date(NOW.getTime() + 60_000));
    expect(await mine(d!)).toMatchObject({ state: 'offered' });
    expect((await waitlistOf(documents, { eventId: EVENT })).map((entry) => [entry.name, entry.state])).toEqual([
      ['Person c', 'offered'],
      ['Person d', 'offered'],
    ]);
  });
  it('forgets a deleted account’s entries: its ticket cancelled and its place freed for those waiting, its place in line gone', async () => {
    const [a, b, c, d] = await Promise.all(['a', 'b', 'c', 'd'].map(someone));
    for (const who of [a!, b!, c!, d!]) await take(who);
    const ticketId = (await documents.collection(Tickets).where('sponsorUid', '==', 'a').get())[0]!.id;
    await forgetPublicTicketsOf(documents, 'a', NOW);
    await forgetPublicTicketsOf(documents, 'd', NOW);
    expect((await documents.collection(Tickets).doc(ticketId).get()).data).toMatchObject({ state: 'cancelled', cancelledBy: 'accountDeleted', cancelledAt: NOW, holder: { name: '', email: null }, sponsorUid: null, sponsorName: null });
    expect(await documents.collection(PublicTicketEntries).where('uid', 'in', ['a', 'd']).count()).toBe(0);
    expect((await documents.collection(PublicTicketCounts).doc(EVENT).get()).data).toMatchObject({ taken: 1, waiting: 1 });
    expect(await sweepWaitlists(ports, NOW)).toEqual({ lapsed: 0, released: 0, offered: 1 });
    expect(await mine(c!)).toMatchObject({ state: 'offered' });
  });
  it('forgets who took or waited for an event’s public tickets 30 days after it ended, and not before', async () => {
    const [a, b] = await Promise.all(['a', 'b'].map(someone));
    await offer(1);
    for (const who of [a!, b!]) await take(who);
    const event = (await documents.collection(Events).doc(EVENT).get()).data!;
    const day = 24 * HOUR;
    expect(await forgetPastWaitlists(documents, new Date(event.endsAt.getTime() + 30 * day - 1))).toBe(0);
    expect(await documents.collection(PublicTicketEntries).count()).toBe(2);
    expect(await forgetPastWaitlists(documents, new Date(event.endsAt.getTime() + 30 * day))).toBe(2);
    expect(await documents.collection(PublicTicketEntries).count()).toBe(0);
    expect((await documents.collection(PublicTicketCounts).doc(EVENT).get()).exists).toBe(false);
  });
});
