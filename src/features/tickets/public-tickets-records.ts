// The public tickets of an event and their waitlist (issue 45, part 6): one entry per account and
// event, `publicTicketEntries/{eventId}_{uid}`, created on that fixed id so a person takes at most
// one, however often and from however many tabs they press; and one counter per event,
// `publicTicketCounts/{eventId}`, read and written by every take, offer, release and lapse in its
// transaction, so N tickets go to exactly N people whatever arrives at once (a count query in a
// transaction would not stop two takers on Firestore: it does not lock documents not yet written).
import 'server-only';
import { z } from 'zod';
import { defineCollection } from '@/server/documents/port';
import { LOCALES } from '@/i18n/routing';
import type { Push } from '@/server/push/port';
import type { TicketPorts } from './tickets';

/**
 * Where a person stands: holding a ticket, waiting, offered a freed one (24 hours to take it), or
 * out again: left the waitlist (or declined an offer), let an offer lapse, or had their ticket
 * cancelled. The last three may join again at the back; a cancelled ticket is not taken twice.
 */
export const ENTRY_STATES = ['holding', 'waiting', 'offered', 'left', 'lapsed', 'cancelled'] as const;
export type EntryState = (typeof ENTRY_STATES)[number];

export const PublicTicketEntryDocument = z.object({
  eventId: z.string(),
  uid: z.string(),
  /** The name and address the ticket (and its mails) name: the account's when the person joined. */
  name: z.string(),
  email: z.string().nullable(),
  locale: z.enum(LOCALES),
  state: z.enum(ENTRY_STATES),
  /** The order of the waitlist: the counter's next number when the person (last) joined. */
  seq: z.number().int().nonnegative(),
  joinedAt: z.date(),
  /** The ticket taken, and its page's path with the secret, which the holder sees on the event page. */
  ticketId: z.string().nullable(),
  ticketPath: z.string().nullable(),
  /** The offer of a freed ticket: when made, until when it is held, and how many were made (each mail and message once). */
  offeredAt: z.date().nullable(),
  offerUntil: z.date().nullable(),
  offers: z.number().int().nonnegative(),
  updatedAt: z.date(),
});
export type PublicTicketEntryDocument = z.infer<typeof PublicTicketEntryDocument>;
export const PublicTicketEntries = defineCollection('publicTicketEntries', PublicTicketEntryDocument);

export const PublicTicketCountDocument = z.object({
  eventId: z.string(),
  /** Places in use: valid public tickets and open offers (an offer holds its place for 24 hours). */
  taken: z.number().int().nonnegative(),
  /** People waiting (not counting those offered a place). */
  waiting: z.number().int().nonnegative(),
  /** The next waitlist number. */
  nextSeq: z.number().int().nonnegative(),
  updatedAt: z.date(),
});
export type PublicTicketCountDocument = z.infer<typeof PublicTicketCountDocument>;
export const PublicTicketCounts = defineCollection('publicTicketCounts', PublicTicketCountDocument);

export const entryId = (eventId: string, uid: string) => `${eventId}_${uid}`;

export function emptyCount(eventId: string, now: Date): PublicTicketCountDocument {
  return { eventId, taken: 0, waiting: 0, nextSeq: 0, updatedAt: now };
}

/** How long a freed ticket is held for the person it is offered to. */
export const OFFER_HOURS = 24;
export const OFFER_MS = OFFER_HOURS * 60 * 60 * 1000;

/** What public tickets and the waitlist use: the tickets' ports, and push to tell the person offered a ticket. */
export interface PublicTicketPorts extends TicketPorts {
  push: Push;
}
