// The admins' "Guests & tickets" of one event (issue 45, part 7): every ticket with its kind,
// holder, sponsor, party, state and admission, a page at a time; guest-list entries added (mailed
// to the holder where an address is given); any ticket cancelled, the holder told by mail, a public
// ticket's place offered to the waitlist.
import 'server-only';
import type { Documents } from '@/server/documents/port';
import { DomainError } from '@/server/domain-error';
import { pageAfter } from '@/server/documents/paging';
import type { Identity } from '@/access/identity';
import { Events } from '@/features/events/events';
import { Tickets, type TicketDocument } from '@/features/door/ticket-records';
import { ticketNights } from '@/features/door/door-figures';
import { banDuringIn } from '@/features/bans/bans';
import type { TicketKind } from '@/features/door/constants';
import { createTicket, ticketPath, type TicketPorts } from './tickets';
import { queueTicketMail } from './public-tickets';
import { offerToWaitlist } from './waitlist';
import { cancelTicket } from './cancel';
import { placesOf } from './capacity';
import type { PublicTicketPorts } from './public-tickets-records';
import type { EventTicketsInput, GuestListEntryInput, TicketIdInput } from './tickets.inputs';

/** Tickets per page of the admins' list: a night of 2,000 is twenty pages, each read with the night's admissions. */
export const TICKETS_PAGE_SIZE = 100;

export interface TicketRow {
  id: string;
  kind: TicketKind;
  holder: { name: string; email: string | null };
  party: number;
  sponsorName: string | null;
  state: TicketDocument['state'];
  createdAt: Date;
  cancelledAt: Date | null;
  cancelledBy: TicketDocument['cancelledBy'];
  /** The first admission, by which door, and whether the holder is inside now; null before. */
  admission: { at: Date | null; door: string | null; inside: boolean } | null;
}

export interface EventTicketsPage {
  tickets: TicketRow[];
  nextCursor: string | null;
  /** Valid tickets of each kind and the people they admit, over all pages. */
  totals: Record<TicketKind, { tickets: number }> & { cancelled: number };
}

/** A page of the event's tickets, newest first, optionally of one kind, with their admissions. */
export async function eventTickets(documents: Documents, input: EventTicketsInput): Promise<EventTicketsPage> {
  const tickets = documents.collection(Tickets);
  const ofEvent = tickets.where('eventId', '==', input.eventId);
  const query = (input.kind ? ofEvent.where('kind', '==', input.kind) : ofEvent).orderBy('createdAt', 'desc');
  const valid = ofEvent.where('state', '==', 'valid');
  const [page, nights, guest, guestList, publicCount, cancelled] = await Promise.all([
    pageAfter(tickets, query, input.cursor, TICKETS_PAGE_SIZE),
    ticketNights(documents, input.eventId),
    valid.where('kind', '==', 'guest').count(),
    valid.where('kind', '==', 'guestList').count(),
    valid.where('kind', '==', 'public').count(),
    ofEvent.where('state', '==', 'cancelled').count(),
  ]);
  return {
    tickets: page.items.map(({ id, data }) => {
      const night = nights.get(id);
      return {
        id,
        kind: data.kind,
        holder: data.holder,
        party: data.party,
        sponsorName: data.sponsorName,
        state: data.state,
        createdAt: data.createdAt,
        cancelledAt: data.cancelledAt,
        cancelledBy: data.cancelledBy,
        admission: night ? { at: night.admittedAt, door: night.door, inside: night.inside } : null,
      };
    }),
    nextCursor: page.nextCursor,
    totals: { guest: { tickets: guest }, guestList: { tickets: guestList }, public: { tickets: publicCount }, cancelled },
  };
}

/**
 * Adds a guest-list entry ("Kai +3") to a published event that is not over, for an address no
 * ban holds on that night, in the admin's name;
 * its ticket is mailed to the holder where an address is given. Returns the ticket's id and the
 * link, which is shown once (only its hash is kept).
 */
export async function addGuestListEntry(ports: TicketPorts, admin: Identity, input: GuestListEntryInput, now = new Date()): Promise<{ id: string; link: string }> {
  const { documents } = ports;
  return documents.runTransaction(async (tx) => {
    const event = (await tx.get(documents.collection(Events).doc(input.eventId))).data;
    if (!event || event.status === 'draft') throw new DomainError('not-found', 'eventNotFound');
    if (event.status !== 'published' || event.endsAt.getTime() <= now.getTime()) throw new DomainError('conflict', 'guestListClosed');
    // Admins are told it is banned, and why: they may lift the ban, the member's refusal says neither.
    const ban = input.email ? await banDuringIn(tx, documents, { email: input.email }, now, event.endsAt) : null;
    if (ban) throw new DomainError('conflict', 'guestListBanned', { reason: ban.reason }, { field: 'email' });
    // The party counts toward the event's capacity as members' guests do.
    const places = await placesOf(tx, documents, input.eventId, now);
    if (places.people + 1 + input.party > event.capacity) throw new DomainError('conflict', 'guestListFull', { left: String(Math.max(0, event.capacity - places.people)) });
    places.take(1 + input.party);
    const holder = { name: input.name, email: input.email || null };
    const ticket = createTicket(ports, tx, { eventId: input.eventId, kind: 'guestList', holder, party: input.party, sponsorUid: admin.uid, sponsorName: admin.displayName ?? admin.email, locale: input.locale }, now);
    const link = ticketPath(ticket.id, ticket.secret);
    if (holder.email) queueTicketMail(tx, documents, { id: ticket.id, link, eventId: input.eventId, event, holder: { name: holder.name, email: holder.email }, locale: input.locale, kind: 'guestListTicket', party: input.party, uid: null }, now);
    return { id: ticket.id, link };
  });
}

/**
 * An admin cancels a ticket of any kind: through the one cancel of the tickets (`./cancel.ts`: the
 * state, the member's allowance given back, the holder told by mail where they gave an address),
 * then a public ticket's place goes to the waitlist. The ticket records that an admin cancelled it,
 * not which one.
 */
export async function cancelByAdmin(ports: PublicTicketPorts, _admin: Identity, { ticketId }: TicketIdInput, now = new Date()): Promise<void> {
  const { ticket } = await ports.documents.runTransaction((tx) => cancelTicket(ports.documents, tx, ticketId, { by: 'admin' }, now));
  if (ticket.kind === 'public') await offerToWaitlist(ports, ticketId, now);
}
