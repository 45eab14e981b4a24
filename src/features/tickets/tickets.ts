// Making and reading tickets (decision 050): the one way a ticket comes to be, whatever its kind.
// The id is random (96 bits), the code is signed once by the server's ticket key and kept, and the
// ticket page's link carries a secret of its own of which only a hash is kept: whoever has the link
// has the ticket, and a wrong secret is the same 404 as no ticket.
import 'server-only';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Documents, Transaction } from '@/server/documents/port';
import type { Locale } from '@/i18n/routing';
import { Tickets, type TicketDocument } from '@/features/door/ticket-records';
import type { TicketKeys } from '@/features/door/ticket-keys';
import type { TicketKind } from '@/features/door/constants';

/** What tickets read and write: the documents and the server's ticket key. */
export interface TicketPorts {
  documents: Documents;
  keys: TicketKeys;
}

function randomId(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/** A new ticket's id: 96 random bits. */
export function newTicketId(): string {
  return randomId(12);
}

export function secretHashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** Whether a link's secret is the ticket's (constant time). */
export function secretMatches(ticket: Pick<TicketDocument, 'secretHash'>, secret: string): boolean {
  const given = Buffer.from(secretHashOf(secret));
  const kept = Buffer.from(ticket.secretHash);
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/** The ticket page's path (under the locale), with its secret. */
export function ticketPath(id: string, secret: string): string {
  return `/tickets/${id}?key=${secret}`;
}

export interface NewTicket {
  /** An id from newTicketId(), where the caller writes documents naming the ticket before it (else a new one). */
  id?: string;
  eventId: string;
  kind: TicketKind;
  holder: { name: string; email: string | null };
  party?: number;
  sponsorUid: string | null;
  sponsorName: string | null;
  locale: Locale;
}

/**
 * A new ticket, written in `transaction` (with whatever made it: an allowance's count, a waitlist's
 * offer): its id, and the link secret, which is nowhere else (the caller shows or mails it once).
 */
export function createTicket({ documents, keys }: TicketPorts, transaction: Transaction, ticket: NewTicket, now: Date): { id: string; secret: string; code: string } {
  const id = ticket.id ?? newTicketId();
  const secret = randomId(24);
  const signature = keys.signatureFor(id);
  transaction.create(documents.collection(Tickets).doc(id), {
    eventId: ticket.eventId,
    kind: ticket.kind,
    holder: ticket.holder,
    party: ticket.party ?? 0,
    sponsorUid: ticket.sponsorUid,
    sponsorName: ticket.sponsorName,
    state: 'valid',
    signature,
    secretHash: secretHashOf(secret),
    locale: ticket.locale,
    createdAt: now,
    cancelledAt: null,
    cancelledBy: null,
    pseudonymisedAt: null,
  });
  return { id, secret, code: keys.codeOf(id, signature) };
}
