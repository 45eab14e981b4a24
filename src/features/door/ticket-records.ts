// tickets/{id}: the people at the door who are not members (decision 050). One entity, three kinds:
// a member's `guest` (sponsored by the member), a `guestList` entry an admin adds ("Kai +3": the
// holder and `party` more people), and a `public` ticket a person without a role took. The server
// signs each ticket's code once (./ticket-code.ts) and keeps the signature here: the code is static,
// like a pretix ticket, and the door admits it once. Whether a ticket was admitted and is inside is
// the door's records, as for members: door records name a ticket by its door key `ticket:<id>`
// where a member's name their uid (no account id has a colon).
// The door reads tickets (scan, list, search); src/features/tickets makes, cancels and shows them.
import 'server-only';
import { z } from 'zod';
import { defineCollection } from '@/server/documents/port';
import { TICKET_KINDS } from './constants';

export { ticketDoorKey, ticketIdOfKey } from './ticket-code';

export const TICKET_STATES = ['valid', 'cancelled'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

/** Why a ticket was cancelled: the holder or sponsor, an admin, the account deleted, the 24 hours of a waitlist offer ran out. */
export const CANCELLED_BY = ['sponsor', 'holder', 'admin', 'accountDeleted'] as const;

export const TicketDocument = z.object({
  eventId: z.string(),
  kind: z.enum(TICKET_KINDS),
  /** Who the ticket admits: a name (the door's check) and, where given, an address it is mailed to. */
  holder: z.object({ name: z.string(), email: z.string().nullable() }),
  /** A guest-list entry's "+N": people admitted with the holder. 0 for guests and public tickets. */
  party: z.number().int().nonnegative(),
  /** The member who brought the guest, the admin who added the entry, the account that took the public ticket. */
  sponsorUid: z.string().nullable(),
  /** The sponsor's name as the door shows it ("Guest of Mia Member"). */
  sponsorName: z.string().nullable(),
  state: z.enum(TICKET_STATES),
  /** The server's signature of the code (ECDSA P-256, low form, base64url): the code is `NT1.<id>.<signature>`. */
  signature: z.string(),
  /** SHA-256 of the ticket page's link secret (base64url): the page opens only with the secret. */
  secretHash: z.string(),
  /** The language the ticket's mails and page default to (the sponsor's, or the holder's). */
  locale: z.enum(['en', 'de']),
  createdAt: z.date(),
  cancelledAt: z.date().nullable(),
  cancelledBy: z.enum(CANCELLED_BY).nullable(),
  /** When the holder's name and address were replaced by a placeholder (30 days after the event). */
  pseudonymisedAt: z.date().nullable(),
});
export type TicketDocument = z.infer<typeof TicketDocument>;

// Stamped: a ticket made or cancelled reaches the door list's changes (decision 053).
export const Tickets = defineCollection('tickets', TicketDocument, { stamped: { removals: 'byId' } });

/** Ticket ids: 16 base64url characters (96 random bits), as pass ids. */
export const TICKET_ID_PATTERN = /^[A-Za-z0-9_-]{16}$/;
