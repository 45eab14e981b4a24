// Taking a public ticket from an event's page, and the waitlist behind them (issue 45, part 6). A
// signed-in person with any role or none takes one; when none are left, or people wait already,
// they join the waitlist at the back. Every step is one transaction over the person's entry (a
// fixed id: one per account and event) and the event's counter, so the counts hold with any number
// of people at once. What a freed place does next is ./waitlist.ts.
import 'server-only';
import type { Documents, Transaction } from '@/server/documents/port';
import { DomainError } from '@/server/domain-error';
import type { Identity } from '@/access/identity';
import { DEFAULT_LOCALE, localized, type Locale } from '@/i18n/routing';
import { Events, type EventDocument } from '@/features/events/events';
import { Users } from '@/features/identity/users';
import { Tickets } from '@/features/door/ticket-records';
import { banDuringIn } from '@/features/bans/bans';
import { enqueueMail } from '@/features/mail/outbox';
import { mailDate } from '@/features/mail/templates';
import { createTicket, ticketPath } from './tickets';
import { emptyCount, entryId, PublicTicketCounts, PublicTicketEntries, type PublicTicketCountDocument, type PublicTicketEntryDocument, type PublicTicketPorts } from './public-tickets-records';
import type { PublicEventInput } from './tickets.inputs';
import { fillWaitlist } from './waitlist';

/** Where the person stands for one event, as the event's page shows it. */
export type MyPublicTicket =
  | { state: 'holding'; link: string }
  | { state: 'waiting'; position: number }
  | { state: 'offered'; until: Date }
  | { state: 'cancelled' };

export interface PublicTicketStanding {
  /** Public tickets the event offers, and how many are free for a newcomer now. */
  offered: number;
  left: number;
  /** The caller's ticket or place, or null: they may take one or join the waitlist. */
  mine: MyPublicTicket | null;
}

/** Free places for a newcomer: none while anyone waits (they come first). */
function freePlaces(event: Pick<EventDocument, 'publicTickets'>, count: PublicTicketCountDocument): number {
  return count.waiting > 0 ? 0 : Math.max(0, event.publicTickets - count.taken);
}

/** The event, when it takes public tickets at `now`: published, offering some, not over. */
export function openForTickets(event: EventDocument | undefined, now: Date): EventDocument {
  if (!event || event.status === 'draft') throw new DomainError('not-found', 'eventNotFound');
  if (event.status !== 'published' || event.publicTickets === 0) throw new DomainError('conflict', 'publicTicketsNone');
  if (event.endsAt.getTime() <= now.getTime()) throw new DomainError('conflict', 'publicTicketsOver');
  return event;
}

/** The mail with a public ticket's link, in the holder's language, queued with the ticket. */
export function queueTicketMail(tx: Transaction, documents: Documents, ticket: { id: string; link: string; eventId: string; event: EventDocument; holder: { name: string; email: string }; locale: Locale; kind: 'publicTicket' | 'guestListTicket'; party?: number; uid: string | null }, now: Date) {
  enqueueMail(
    tx,
    documents,
    {
      kind: ticket.kind,
      to: ticket.holder.email,
      uid: ticket.uid,
      locale: ticket.locale,
      params: { name: ticket.holder.name, event: localized(ticket.event.title, ticket.locale), date: mailDate(ticket.event.startsAt, ticket.locale), party: String(ticket.party ?? 0), link: ticket.link },
    },
    now,
    `ticket-${ticket.id}`,
  );
}

async function position(documents: Documents, entry: PublicTicketEntryDocument): Promise<number> {
  const ahead = await documents.collection(PublicTicketEntries).where('eventId', '==', entry.eventId).where('state', '==', 'waiting').where('seq', '<', entry.seq).count();
  return ahead + 1;
}

async function mineOf(documents: Documents, entry: PublicTicketEntryDocument | undefined, now: Date): Promise<MyPublicTicket | null> {
  switch (entry?.state) {
    case 'holding':
      return { state: 'holding', link: entry.ticketPath! };
    case 'waiting':
      return { state: 'waiting', position: await position(documents, entry) };
    case 'offered':
      // An offer past its time is out until the sweep says so: the place is no longer theirs.
      return entry.offerUntil!.getTime() > now.getTime() ? { state: 'offered', until: entry.offerUntil! } : null;
    case 'cancelled':
      return { state: 'cancelled' };
    default:
      return null;
  }
}

/** How many public tickets the event offers, are free now, and how many people wait. */
export async function publicTicketAvailability(documents: Documents, { eventId }: PublicEventInput): Promise<{ offered: number; left: number; waiting: number }> {
  const [event, count] = await Promise.all([documents.collection(Events).doc(eventId).get(), documents.collection(PublicTicketCounts).doc(eventId).get()]);
  if (!event.data || event.data.status === 'draft') throw new DomainError('not-found', 'eventNotFound');
  const counted = count.data ?? emptyCount(eventId, new Date(0));
  return { offered: event.data.publicTickets, left: freePlaces(event.data, counted), waiting: counted.waiting };
}

/** The caller's public ticket or place for the event, with what is left. */
export async function myPublicTicket(documents: Documents, person: Identity, input: PublicEventInput, now = new Date()): Promise<PublicTicketStanding> {
  const [{ offered, left }, entry] = await Promise.all([publicTicketAvailability(documents, input), documents.collection(PublicTicketEntries).doc(entryId(input.eventId, person.uid)).get()]);
  return { offered, left, mine: await mineOf(documents, entry.data, now) };
}

/**
 * Takes a public ticket for the caller, or puts them on the waitlist (or takes the ticket offered
 * to them). Asking again answers where they stand and changes nothing.
 */
export async function takePublicTicket(ports: PublicTicketPorts, person: Identity, input: PublicEventInput, now = new Date()): Promise<PublicTicketStanding> {
  const { documents } = ports;
  const entryRef = documents.collection(PublicTicketEntries).doc(entryId(input.eventId, person.uid));
  const countRef = documents.collection(PublicTicketCounts).doc(input.eventId);
  await documents.runTransaction(async (tx) => {
    const [eventSnapshot, countSnapshot, entrySnapshot, userSnapshot] = await Promise.all([
      tx.get(documents.collection(Events).doc(input.eventId)),
      tx.get(countRef),
      tx.get(entryRef),
      tx.get(documents.collection(Users).doc(person.uid)),
    ]);
    const entry = entrySnapshot.data;
    if (entry?.state === 'holding' || entry?.state === 'waiting') return;
    if (entry?.state === 'cancelled') throw new DomainError('conflict', 'publicTicketCancelled');
    const event = openForTickets(eventSnapshot.data, now);
    // A person banned on the night (their account or their address) gets no ticket and no place in
    // line, offered or not; the refusal does not say why (decision 052).
    if (await banDuringIn(tx, documents, { uid: person.uid, email: person.email }, now, event.endsAt)) throw new DomainError('forbidden', 'publicTicketRefused');
    const count = { ...(countSnapshot.data ?? emptyCount(input.eventId, now)), updatedAt: now };
    const offerStands = entry?.state === 'offered' && entry.offerUntil!.getTime() > now.getTime();
    // An offer that ran out before the sweep saw it gives its place back here, and the person joins anew.
    if (entry?.state === 'offered' && !offerStands) count.taken = Math.max(0, count.taken - 1);
    const locale = userSnapshot.data?.locale ?? entry?.locale ?? DEFAULT_LOCALE;
    const holder = { name: person.displayName?.trim() || person.email || person.uid, email: person.email };
    const base: PublicTicketEntryDocument = entry ?? { eventId: input.eventId, uid: person.uid, ...holder, locale, state: 'waiting', seq: 0, joinedAt: now, ticketId: null, ticketPath: null, offeredAt: null, offerUntil: null, offers: 0, updatedAt: now };
    let next: PublicTicketEntryDocument;
    if (offerStands || freePlaces(event, count) > 0) {
      const ticket = createTicket(ports, tx, { eventId: input.eventId, kind: 'public', holder, sponsorUid: person.uid, sponsorName: holder.name, locale }, now);
      const link = ticketPath(ticket.id, ticket.secret);
      // The offered place was counted when it was offered.
      if (!offerStands) count.taken += 1;
      next = { ...base, ...holder, locale, state: 'holding', ticketId: ticket.id, ticketPath: link, updatedAt: now };
      if (holder.email) queueTicketMail(tx, documents, { id: ticket.id, link, eventId: input.eventId, event, holder: { name: holder.name, email: holder.email }, locale, kind: 'publicTicket', uid: person.uid }, now);
    } else {
      next = { ...base, ...holder, locale, state: 'waiting', seq: count.nextSeq, joinedAt: now, offeredAt: null, offerUntil: null, updatedAt: now };
      count.nextSeq += 1;
      count.waiting += 1;
    }
    // Created on its fixed id the first time: two takes at once by one person make one entry.
    if (entry) tx.set(entryRef, next);
    else tx.create(entryRef, next);
    tx.set(countRef, count);
  });
  return myPublicTicket(documents, person, input, now);
}

/**
 * The caller leaves the waitlist, or declines the ticket offered to them, which passes it to the
 * next at once. Refused when they are on neither.
 */
export async function leaveWaitlist(ports: PublicTicketPorts, person: Identity, input: PublicEventInput, now = new Date()): Promise<PublicTicketStanding> {
  const { documents } = ports;
  const entryRef = documents.collection(PublicTicketEntries).doc(entryId(input.eventId, person.uid));
  const countRef = documents.collection(PublicTicketCounts).doc(input.eventId);
  const declined = await documents.runTransaction(async (tx) => {
    const [entrySnapshot, countSnapshot] = await Promise.all([tx.get(entryRef), tx.get(countRef)]);
    const entry = entrySnapshot.data;
    if (!entry || (entry.state !== 'waiting' && entry.state !== 'offered')) throw new DomainError('conflict', 'notOnWaitlist');
    const count = { ...(countSnapshot.data ?? emptyCount(input.eventId, now)), updatedAt: now };
    if (entry.state === 'waiting') count.waiting = Math.max(0, count.waiting - 1);
    else count.taken = Math.max(0, count.taken - 1);
    tx.update(entryRef, { state: 'left', offerUntil: null, updatedAt: now });
    tx.set(countRef, count);
    return entry.state === 'offered';
  });
  if (declined) await fillWaitlist(ports, input.eventId, now);
  return myPublicTicket(documents, person, input, now);
}

/**
 * A deleted account's public tickets and places in line (issue 45, part 8): a ticket it holds is
 * cancelled (`accountDeleted`) and its holder forgotten, an offer or a place in line ends, and the
 * entries, which hold the name and address, are deleted; each freed place is offered on by the waitlist's next sweep.
 */
export async function forgetPublicTicketsOf(documents: Documents, uid: string, now = new Date()): Promise<void> {
  const entries = await documents.collection(PublicTicketEntries).where('uid', '==', uid).get();
  for (const { id } of entries) {
    await documents.runTransaction(async (tx) => {
      const entryRef = documents.collection(PublicTicketEntries).doc(id);
      const entry = (await tx.get(entryRef)).data;
      if (!entry) return;
      const countRef = documents.collection(PublicTicketCounts).doc(entry.eventId);
      const ticketRef = entry.ticketId ? documents.collection(Tickets).doc(entry.ticketId) : null;
      const [count, ticket] = await Promise.all([tx.get(countRef), ticketRef ? tx.get(ticketRef) : null]);
      const counted = { ...(count.data ?? emptyCount(entry.eventId, now)), updatedAt: now };
      if (entry.state === 'waiting') counted.waiting = Math.max(0, counted.waiting - 1);
      if (entry.state === 'offered' || entry.state === 'holding') counted.taken = Math.max(0, counted.taken - 1);
      // The ticket keeps no trace of them: cancelled where it was valid, its holder and taker forgotten.
      if (ticketRef && ticket?.data) {
        const cancel = ticket.data.state === 'valid' ? { state: 'cancelled' as const, cancelledAt: now, cancelledBy: 'accountDeleted' as const } : {};
        tx.update(ticketRef, { ...cancel, holder: { name: '', email: null }, sponsorUid: null, sponsorName: null, pseudonymisedAt: now });
      }
      tx.set(countRef, counted);
      tx.delete(entryRef);
    });
  }
}
