// Cancelling a ticket: the one way any ticket, of any kind, stops admitting (a member's guest by
// the member, a guest by themselves on the ticket page, an admin's cancel, a deleted account's
// guests, a waitlist's offer running out). It frees what the ticket held of a member's allowances,
// and tells the holder by mail, in the same transaction, when they gave an address and somebody
// else cancelled: a guest should not learn it at the door.
import 'server-only';
import type { Documents, Transaction } from '@/server/documents/port';
import { DomainError } from '@/server/domain-error';
import { localized } from '@/i18n/routing';
import { Events, type EventDocument } from '@/features/events/events';
import { Tickets, type CANCELLED_BY, type TicketDocument } from '@/features/door/ticket-records';
import { enqueueMail } from '@/features/mail/outbox';
import { mailDate } from '@/features/mail/templates';
import { slotsOf } from './guest-slots';

export type CancelledBy = (typeof CANCELLED_BY)[number];

/** What a ticket's holder becomes when what they gave is deleted: no name, no address. */
export const HOLDER_REMOVED: TicketDocument['holder'] = { name: '—', email: null };

export interface CancelOptions {
  by: CancelledBy;
  /** Refuses (throws) a cancel the caller may not make, given the ticket and its event as read. */
  check?: (ticket: TicketDocument, event: EventDocument | undefined) => void;
  /** The holder asked for it: their name and address go with the ticket (nobody is told). */
  forgetHolder?: boolean;
}

export interface CancelledTicket {
  id: string;
  /** The ticket as it was before. */
  ticket: TicketDocument;
  event: EventDocument | undefined;
}

/** The id of the mail that tells a holder their ticket was cancelled: one per ticket. */
export function cancelMailId(ticketId: string): string {
  return `ticket-cancelled-${ticketId}`;
}

/**
 * Cancels ticket `ticketId` in `tx`: reads it, its event and its allowance slots (so a caller may
 * have read before, but must write only after), refuses an unknown or already cancelled ticket,
 * then writes the state, frees the slots and queues the holder's mail.
 */
export async function cancelTicket(documents: Documents, tx: Transaction, ticketId: string, options: CancelOptions, now: Date): Promise<CancelledTicket> {
  const ref = documents.collection(Tickets).doc(ticketId);
  const ticket = (await tx.get(ref)).data;
  if (!ticket) throw new DomainError('not-found', 'noSuchTicket');
  const event = (await tx.get(documents.collection(Events).doc(ticket.eventId))).data;
  const frees = await slotsOf(tx, documents, ticketId);
  options.check?.(ticket, event);
  if (ticket.state === 'cancelled') throw new DomainError('conflict', 'ticketAlreadyCancelled');

  tx.update(ref, {
    state: 'cancelled',
    cancelledAt: now,
    cancelledBy: options.by,
    ...(options.forgetHolder ? { holder: HOLDER_REMOVED, pseudonymisedAt: now } : {}),
  });
  for (const free of frees) free();
  if (options.by !== 'holder' && ticket.holder.email && event) {
    enqueueMail(
      tx,
      documents,
      {
        kind: 'ticketCancelled',
        to: ticket.holder.email,
        uid: null,
        locale: ticket.locale,
        params: {
          name: ticket.holder.name,
          event: localized(event.title, ticket.locale),
          date: mailDate(event.startsAt, ticket.locale),
          by: options.by,
          // A deleted member is named nowhere any more, their guests' mail included.
          sponsor: options.by === 'accountDeleted' ? '' : (ticket.sponsorName ?? ''),
          link: `/events/${event.slug}`,
        },
      },
      now,
      cancelMailId(ticketId),
    );
  }
  return { id: ticketId, ticket, event };
}
