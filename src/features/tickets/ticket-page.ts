// What the ticket page (/tickets/{id}?key=<secret>) shows, and the holder's own "cancel my ticket".
// Whoever has the link has the ticket: no sign-in, and a wrong or missing secret is the same
// refusal as no ticket at all, so the page is a plain 404 and nobody learns which ids exist.
import 'server-only';
import type { Documents } from '@/server/documents/port';
import { DomainError } from '@/server/domain-error';
import { Events, type EventDocument, type LocalizedText, type Venue } from '@/features/events/events';
import { Tickets, type TicketDocument } from '@/features/door/ticket-records';
import { cancelTicket } from './cancel';
import { secretMatches, type TicketPorts } from './tickets';
import type { TicketLinkInput } from './tickets.inputs';

export interface TicketView {
  id: string;
  kind: TicketDocument['kind'];
  state: TicketDocument['state'];
  cancelledBy: TicketDocument['cancelledBy'];
  /** The holder's name as the door checks it (never their address: the page may be shown around). */
  holderName: string;
  /** Who brought the guest, as the door says it ("Guest of Mia Member"); null for other kinds. */
  sponsorName: string | null;
  /** A guest-list entry's "+N". */
  party: number;
  /** The code the door scans; null once the ticket is cancelled. */
  code: string | null;
  /** Whether the holder may still cancel it here (a valid ticket, until the door opens). */
  cancellable: boolean;
  event: {
    slug: string;
    title: LocalizedText;
    status: EventDocument['status'];
    startsAt: Date;
    endsAt: Date;
    doorsAt: Date;
    venue: Venue;
  };
}

async function ticketByLink(documents: Documents, link: TicketLinkInput) {
  const ticket = (await documents.collection(Tickets).doc(link.id).get()).data;
  if (!ticket || !secretMatches(ticket, link.key)) throw new DomainError('not-found', 'noSuchTicket');
  return ticket;
}

function holderMayCancel(ticket: TicketDocument, event: EventDocument | undefined, now: Date): boolean {
  return ticket.state === 'valid' && ticket.kind !== 'guestList' && event !== undefined && now < event.doorsAt;
}

/** The ticket the link opens, or the "no ticket" refusal (a wrong secret included). */
export async function ticketForPage({ documents, keys }: TicketPorts, link: TicketLinkInput, now = new Date()): Promise<TicketView> {
  const ticket = await ticketByLink(documents, link);
  const event = (await documents.collection(Events).doc(ticket.eventId).get()).data;
  if (!event) throw new DomainError('not-found', 'noSuchTicket');
  return {
    id: link.id,
    kind: ticket.kind,
    state: ticket.state,
    cancelledBy: ticket.cancelledBy,
    holderName: ticket.holder.name,
    sponsorName: ticket.kind === 'guest' ? ticket.sponsorName : null,
    party: ticket.party,
    code: ticket.state === 'valid' ? keys.codeOf(link.id, ticket.signature) : null,
    cancellable: holderMayCancel(ticket, event, now),
    event: { slug: event.slug, title: event.title, status: event.status, startsAt: event.startsAt, endsAt: event.endsAt, doorsAt: event.doorsAt, venue: event.venue },
  };
}

/**
 * The holder cancels their own ticket (a guest's or a public one; a guest-list entry is the
 * admin's): it stops admitting, and the name and address they gave are deleted with it.
 */
export async function cancelOwnTicket(documents: Documents, link: TicketLinkInput, now = new Date()): Promise<void> {
  await ticketByLink(documents, link);
  await documents.runTransaction((tx) =>
    cancelTicket(
      documents,
      tx,
      link.id,
      {
        by: 'holder',
        forgetHolder: true,
        check: (ticket, event) => {
          if (ticket.kind === 'guestList' || !secretMatches(ticket, link.key)) throw new DomainError('not-found', 'noSuchTicket');
          if (ticket.state === 'valid' && !holderMayCancel(ticket, event, now)) throw new DomainError('conflict', 'ticketCancelClosed');
        },
      },
      now,
    ),
  );
}
