// What a freed public ticket does (issue 45, part 6). A place comes free when a public ticket is
// cancelled (any way: `offerToWaitlist` right after, the sweep for whatever it missed), when an
// offer runs out or is declined, or when an admin offers more tickets; it goes to the first person
// waiting, who is told in the app, by push and by mail, and whose place it is for 24 hours (never
// past the event's end). An offer holds its place: a newcomer cannot take it meanwhile, and people
// who joined later wait behind. Each step is one transaction over the entry and the event's
// counter; the in-app message and the mail are written in it under ids of the offer, so a step
// retried never tells anyone twice; the push follows the commit.
import 'server-only';
import type { Documents } from '@/server/documents/port';
import { localized } from '@/i18n/routing';
import { waitlistOfferMessages } from '@/i18n/api-messages';
import { Events } from '@/features/events/events';
import { Tickets } from '@/features/door/ticket-records';
import { banDuringIn } from '@/features/bans/bans';
import { enqueueMail } from '@/features/mail/outbox';
import { mailDate } from '@/features/mail/templates';
import { pushPersonalMessage, queuePersonalMessage, type PersonalMessage } from '@/features/notifications/personal';
import { emptyCount, entryId, OFFER_MS, PublicTicketCounts, PublicTicketEntries, type PublicTicketEntryDocument, type PublicTicketPorts } from './public-tickets-records';
import type { PublicEventInput } from './tickets.inputs';
import { log } from '@/server/log';

/** Offers made in one go for one event at most (an admin adding many places at once: the next sweep goes on). */
const OFFERS_PER_ROUND = 100;
/** Entries looked at per sweep and kind of work. */
const SWEEP_BATCH = 200;
/** How far back the sweep looks for public tickets cancelled without their place being freed. */
const RELEASE_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;

/** The offer's in-app message and push: one key per entry and offer. */
function offerMessage(id: string, entry: PublicTicketEntryDocument, offers: number, eventTitle: string, slug: string, until: Date): PersonalMessage {
  const t = waitlistOfferMessages(entry.locale);
  return { key: `waitlist-offer-${id}-${offers}`, uid: entry.uid, lang: entry.locale, title: t('title'), body: t('body', { event: eventTitle, until: mailDate(until, entry.locale) }), link: `/events/${slug}` };
}

/**
 * Offers one free place of the event to the first person waiting; the message to push, or null
 * when there is no place or nobody waits, or `passedOver` when the first waiting is banned on the
 * night (decision 052): they leave the line untold, since an offer they could not take would hold
 * the place for a day.
 */
async function offerOne(documents: Documents, eventId: string, now: Date): Promise<PersonalMessage | null | 'passedOver'> {
  const countRef = documents.collection(PublicTicketCounts).doc(eventId);
  return documents.runTransaction(async (tx) => {
    const [eventSnapshot, countSnapshot, first] = await Promise.all([
      tx.get(documents.collection(Events).doc(eventId)),
      tx.get(countRef),
      tx.query(documents.collection(PublicTicketEntries).where('eventId', '==', eventId).where('state', '==', 'waiting').orderBy('seq', 'asc').limit(1)),
    ]);
    const event = eventSnapshot.data;
    const count = countSnapshot.data;
    if (!event || !count || event.status !== 'published' || event.endsAt.getTime() <= now.getTime()) return null;
    if (count.taken >= event.publicTickets || count.waiting === 0) return null;
    const next = first[0];
    if (!next) {
      // Nobody waits after all (a count written before a crash): the counter says so from now on.
      tx.update(countRef, { waiting: 0, updatedAt: now });
      return null;
    }
    if (await banDuringIn(tx, documents, { uid: next.data.uid, email: next.data.email }, now, event.endsAt)) {
      tx.update(documents.collection(PublicTicketEntries).doc(next.id), { state: 'left', updatedAt: now });
      tx.update(countRef, { waiting: count.waiting - 1, updatedAt: now });
      return 'passedOver';
    }
    const until = new Date(Math.min(now.getTime() + OFFER_MS, event.endsAt.getTime()));
    const offers = next.data.offers + 1;
    tx.update(documents.collection(PublicTicketEntries).doc(next.id), { state: 'offered', offeredAt: now, offerUntil: until, offers, updatedAt: now });
    tx.update(countRef, { taken: count.taken + 1, waiting: count.waiting - 1, updatedAt: now });
    const title = localized(event.title, next.data.locale);
    const message = offerMessage(next.id, next.data, offers, title, event.slug, until);
    queuePersonalMessage(tx, documents, message, now);
    if (next.data.email) {
      enqueueMail(
        tx,
        documents,
        { kind: 'waitlistOffer', to: next.data.email, uid: next.data.uid, locale: next.data.locale, params: { name: next.data.name, event: title, date: mailDate(event.startsAt, next.data.locale), until: mailDate(until, next.data.locale), link: message.link } },
        now,
        message.key,
      );
    }
    return message;
  });
}

/** Offers the event's free places to those waiting, first come first; returns how many offers it made. */
export async function fillWaitlist({ documents, push }: Pick<PublicTicketPorts, 'documents' | 'push'>, eventId: string, now = new Date()): Promise<number> {
  let made = 0;
  while (made < OFFERS_PER_ROUND) {
    const message = await offerOne(documents, eventId, now);
    // Each one passed over leaves the line, so the loop ends.
    if (message === 'passedOver') continue;
    if (!message) break;
    made += 1;
    try {
      await pushPersonalMessage(documents, push, message);
    } catch (error) {
      // The offer stands, in the app and by mail: a push service that fails loses only the push.
      log.error({ err: error, pushKey: message.key }, `The push of ${message.key} failed`);
    }
  }
  return made;
}

/**
 * Frees the place of a cancelled public ticket and offers it on: the shared `cancelTicket` calls
 * it after the cancellation is committed. True when this call freed it (once per ticket; the
 * sweep calls it again for any it finds, which then changes nothing).
 */
export async function offerToWaitlist(ports: Pick<PublicTicketPorts, 'documents' | 'push'>, ticketId: string, now = new Date()): Promise<boolean> {
  const { documents } = ports;
  const released = await documents.runTransaction(async (tx) => {
    const ticket = (await tx.get(documents.collection(Tickets).doc(ticketId))).data;
    if (!ticket || ticket.kind !== 'public' || ticket.state !== 'cancelled' || !ticket.sponsorUid) return null;
    const entryRef = documents.collection(PublicTicketEntries).doc(entryId(ticket.eventId, ticket.sponsorUid));
    const countRef = documents.collection(PublicTicketCounts).doc(ticket.eventId);
    const [entry, count] = await Promise.all([tx.get(entryRef), tx.get(countRef)]);
    if (entry.data?.state !== 'holding' || entry.data.ticketId !== ticketId) return null;
    tx.update(entryRef, { state: 'cancelled', updatedAt: now });
    const counted = count.data ?? emptyCount(ticket.eventId, now);
    tx.set(countRef, { ...counted, taken: Math.max(0, counted.taken - 1), updatedAt: now });
    return ticket.eventId;
  });
  if (!released) return false;
  await fillWaitlist(ports, released, now);
  return true;
}

/** Ends the offers whose time ran out and passes their places on; returns how many ended. */
export async function expireOffers(ports: Pick<PublicTicketPorts, 'documents' | 'push'>, now = new Date()): Promise<number> {
  const { documents } = ports;
  const due = await documents.collection(PublicTicketEntries).where('state', '==', 'offered').where('offerUntil', '<=', now).orderBy('offerUntil', 'asc').limit(SWEEP_BATCH).get();
  const events = new Set<string>();
  let ended = 0;
  for (const { id } of due) {
    const entryRef = documents.collection(PublicTicketEntries).doc(id);
    const eventId = await documents.runTransaction(async (tx) => {
      const entry = (await tx.get(entryRef)).data;
      if (entry?.state !== 'offered' || entry.offerUntil!.getTime() > now.getTime()) return null;
      const countRef = documents.collection(PublicTicketCounts).doc(entry.eventId);
      const count = (await tx.get(countRef)).data ?? emptyCount(entry.eventId, now);
      tx.update(entryRef, { state: 'lapsed', updatedAt: now });
      tx.set(countRef, { ...count, taken: Math.max(0, count.taken - 1), updatedAt: now });
      return entry.eventId;
    });
    if (eventId) {
      ended += 1;
      events.add(eventId);
    }
  }
  for (const eventId of events) await fillWaitlist(ports, eventId, now);
  return ended;
}

/**
 * The waitlist's sweep (every minute, in every server): offers that ran out, public tickets
 * cancelled without their place freed (a server that died in between, a cancellation made by
 * another path), and places added by an admin since people joined.
 */
export async function sweepWaitlists(ports: Pick<PublicTicketPorts, 'documents' | 'push'>, now = new Date()): Promise<{ lapsed: number; released: number; offered: number }> {
  const { documents } = ports;
  const lapsed = await expireOffers(ports, now);
  const cancelled = await documents
    .collection(Tickets)
    .where('kind', '==', 'public')
    .where('state', '==', 'cancelled')
    .where('cancelledAt', '>=', new Date(now.getTime() - RELEASE_LOOKBACK_MS))
    .orderBy('cancelledAt', 'asc')
    .limit(SWEEP_BATCH)
    .get();
  let released = 0;
  for (const { id } of cancelled) if (await offerToWaitlist(ports, id, now)) released += 1;
  const waiting = await documents.collection(PublicTicketCounts).where('waiting', '>', 0).limit(SWEEP_BATCH).get();
  let offered = 0;
  for (const { id } of waiting) offered += await fillWaitlist(ports, id, now);
  return { lapsed, released, offered };
}

export interface WaitlistEntry {
  uid: string;
  name: string;
  email: string | null;
  state: 'waiting' | 'offered';
  /** Place in the line (1 first) among those waiting; null for an offer. */
  position: number | null;
  joinedAt: Date;
  offerUntil: Date | null;
}

/** Most entries the admins' view lists: those offered a place, then the first ones waiting. */
export const WAITLIST_VIEW_MAX = 500;

/** The event's waitlist for the admins: open offers, then those waiting in order. */
export async function waitlistOf(documents: Documents, { eventId }: PublicEventInput): Promise<WaitlistEntry[]> {
  const entries = documents.collection(PublicTicketEntries).where('eventId', '==', eventId);
  const [offered, waiting] = await Promise.all([entries.where('state', '==', 'offered').orderBy('seq', 'asc').limit(WAITLIST_VIEW_MAX).get(), entries.where('state', '==', 'waiting').orderBy('seq', 'asc').limit(WAITLIST_VIEW_MAX).get()]);
  const row = ({ data }: { data: PublicTicketEntryDocument }, position: number | null): WaitlistEntry => ({
    uid: data.uid,
    name: data.name,
    email: data.email,
    state: data.state as WaitlistEntry['state'],
    position,
    joinedAt: data.joinedAt,
    offerUntil: data.state === 'offered' ? data.offerUntil : null,
  });
  return [...offered.map((entry) => row(entry, null)), ...waiting.map((entry, index) => row(entry, index + 1))].slice(0, WAITLIST_VIEW_MAX);
}

/** How long after the event its takers' and waiters' entries (names, addresses, ticket links) are kept: as guest data. */
export const ENTRIES_KEPT_DAYS = 30;
const ENTRIES_KEPT_MS = ENTRIES_KEPT_DAYS * 24 * 60 * 60 * 1000;
/** Deletes per batch (within Firestore's 500 writes). */
const FORGET_BATCH = 400;

/**
 * Deletes the public-ticket entries and the counter of every event that ended 30 days ago or more
 * (the tickets themselves are pseudonymised by the tickets' own sweep). One counter per event that
 * offered public tickets, so this reads a few documents per event; it runs hourly. Returns how
 * many entries it deleted.
 */
export async function forgetPastWaitlists(documents: Documents, now = new Date()): Promise<number> {
  const counts = await documents.collection(PublicTicketCounts).get();
  let forgotten = 0;
  for (const { id: eventId } of counts) {
    const event = (await documents.collection(Events).doc(eventId).get()).data;
    if (event && event.endsAt.getTime() + ENTRIES_KEPT_MS > now.getTime()) continue;
    for (;;) {
      const entries = await documents.collection(PublicTicketEntries).where('eventId', '==', eventId).limit(FORGET_BATCH).get();
      if (entries.length === 0) break;
      const batch = documents.batch();
      for (const { id } of entries) batch.delete(documents.collection(PublicTicketEntries).doc(id));
      await batch.commit();
      forgotten += entries.length;
    }
    await documents.collection(PublicTicketCounts).doc(eventId).delete();
  }
  return forgotten;
}
