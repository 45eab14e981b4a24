// A member's guests (issue 45, part 2): a member brings a guest to an upcoming published event
// (a name, an optional address the ticket is mailed to), within the event's `guestsPerMember` and
// the membership's `guestsPerSeason`, and within the event's capacity counted over the people on
// its valid tickets; cancels a guest until the door opens, which returns the allowance; and sees
// their guests and whether they have arrived. Each allowance is held by a slot on a fixed id
// (./guest-slots.ts), so two requests at once never exceed it on either backend.
import 'server-only';
import type { Identity } from '@/access/identity';
import { isDocumentsError, type Documents, type Transaction } from '@/server/documents/port';
import { DomainError } from '@/server/domain-error';
import { DEFAULT_LOCALE, localized, type Locale } from '@/i18n/routing';
import { Events, type EventDocument, type LocalizedText } from '@/features/events/events';
import { nextEvents } from '@/features/events/public-events';
import { Users } from '@/features/identity/users';
import { isActiveNow, Memberships } from '@/features/memberships/membership-rules';
import { banDuringIn } from '@/features/bans/bans';
import { nameAtDoor } from '@/features/door/door-names';
import { Tickets, type TicketDocument } from '@/features/door/ticket-records';
import { ticketNights } from '@/features/door/door-figures';
import { enqueueMail, Mail } from '@/features/mail/outbox';
import { mailDate } from '@/features/mail/templates';
import { dateToWallTime } from '@/features/events/venue-time';
import { createTicket, newTicketId, ticketPath, type TicketPorts } from './tickets';
import { cancelTicket } from './cancel';
import { firstFreeSlot, GuestSlots, slotsTaken } from './guest-slots';
import { placesOf } from './capacity';
import type { BringGuestInput, CancelGuestInput } from './tickets.inputs';

/** The active membership of `uid` at `now`, read in `tx`. */
async function membershipIn(tx: Transaction, documents: Documents, uid: string, now: Date) {
  const active = await tx.query(documents.collection(Memberships).where('uid', '==', uid).where('status', '==', 'active'));
  const current = active.find((snapshot) => isActiveNow(snapshot.data, now));
  return current ? { id: current.id, ...current.data } : null;
}

/**
 * Guests may be brought until the event ends: a member may arrive with a friend. An online door
 * knows the ticket at once; an offline one from its next list.
 */
function openForGuests(event: EventDocument | undefined, now: Date): event is EventDocument {
  return event !== undefined && event.status === 'published' && now < event.endsAt;
}

/** A guest may be cancelled (and the allowance given back) until the door opens: from then on they may be on their way in. */
function cancellableNow(event: EventDocument | undefined, now: Date): event is EventDocument {
  return event !== undefined && event.status === 'published' && now < event.doorsAt;
}

/** The guest's mail: the ticket's link, which exists in clear only now. */
export function guestTicketMailId(ticketId: string): string {
  return `guest-ticket-${ticketId}`;
}

export interface BroughtGuest {
  ticketId: string;
  /** The ticket page's path with its secret: shown to the member once, mailed to the guest where an address was given. */
  link: string;
  name: string;
  mailed: boolean;
}

/** Store attempts when two requests at once took the same slot: the next attempt sees it taken and answers why. */
const ATTEMPTS = 10;

/**
 * The member brings a guest to an event. Refused with a localized reason: no membership, the
 * event not open for guests (unknown, unpublished, or its door open), no guests at this event,
 * the member or the guest's address banned (decision 052), the event's or the season's allowance
 * used, the event full.
 */
export async function bringGuest(ports: TicketPorts, identity: Identity, input: BringGuestInput, now = new Date()): Promise<BroughtGuest> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ports.documents.runTransaction((tx) => bringGuestIn(tx, ports, identity, input, now));
    } catch (error) {
      // Another request created the slot this one chose: the next attempt reads it as taken.
      if (attempt < ATTEMPTS && isDocumentsError(error, 'already-exists')) continue;
      throw error;
    }
  }
}

async function bringGuestIn(tx: Transaction, ports: TicketPorts, identity: Identity, input: BringGuestInput, now: Date): Promise<BroughtGuest> {
  const { documents } = ports;
  const membership = await membershipIn(tx, documents, identity.uid, now);
  if (!membership) throw new DomainError('forbidden', 'guestNeedsMembership');
  const event = (await tx.get(documents.collection(Events).doc(input.eventId))).data;
  if (!openForGuests(event, now)) throw new DomainError('conflict', 'guestsClosed');
  if (event.guestsPerMember === 0) throw new DomainError('conflict', 'noGuestsAtEvent');
  // The season a guest counts in is the membership's window; an event after it is another season's.
  if (membership.validUntil && event.startsAt >= membership.validUntil) throw new DomainError('conflict', 'guestAfterMembership');
  // A ban from now to the event's end, of the member or of the guest's address. Neither refusal
  // says "ban": the member is told only that they can't bring guests, or can't bring this one.
  if (await banDuringIn(tx, documents, { uid: identity.uid, email: identity.email }, now, event.endsAt)) throw new DomainError('forbidden', 'guestsNotAllowedNow');
  if (input.email && (await banDuringIn(tx, documents, { email: input.email }, now, event.endsAt))) throw new DomainError('conflict', 'guestNotInvitable', {}, { field: 'email' });

  const places = await placesOf(tx, documents, input.eventId, now);
  const mine = (await tx.query(documents.collection(Tickets).where('sponsorUid', '==', identity.uid))).filter(
    ({ data }) => data.eventId === input.eventId && data.kind === 'guest' && data.state === 'valid',
  ).length;
  // Counted from the tickets too, so an allowance an admin lowered since holds.
  if (mine >= event.guestsPerMember) throw new DomainError('conflict', 'guestsPerEventUsed', { count: String(event.guestsPerMember) });
  if (places.people + 1 > event.capacity) throw new DomainError('conflict', 'eventFull');

  const seasonSlot = await firstFreeSlot(tx, documents, { kind: 'season', membershipId: membership.id }, membership.guestsPerSeason);
  if (!seasonSlot) throw new DomainError('conflict', 'guestsPerSeasonUsed', { count: String(membership.guestsPerSeason) });
  const eventSlot = await firstFreeSlot(tx, documents, { kind: 'event', eventId: input.eventId, uid: identity.uid }, event.guestsPerMember);
  if (!eventSlot) throw new DomainError('conflict', 'guestsPerEventUsed', { count: String(event.guestsPerMember) });
  const sponsor = (await tx.get(documents.collection(Users).doc(identity.uid))).data;

  const locale: Locale = sponsor?.locale ?? DEFAULT_LOCALE;
  const sponsorName = sponsor ? nameAtDoor(sponsor) : (identity.displayName ?? '');
  // The slots first: a create that finds its slot taken fails the commit before the ticket is
  // written (the Firestore stand-in applies a commit's writes one by one, decision 019).
  const ticketId = newTicketId();
  const slot = { ticketId, uid: identity.uid, eventId: input.eventId, membershipId: membership.id, takenAt: now };
  tx.create(documents.collection(GuestSlots).doc(eventSlot), { allowance: 'event', ...slot });
  tx.create(documents.collection(GuestSlots).doc(seasonSlot), { allowance: 'season', ...slot });
  places.take(1);
  const made = createTicket(
    ports,
    tx,
    { id: ticketId, eventId: input.eventId, kind: 'guest', holder: { name: input.name, email: input.email }, sponsorUid: identity.uid, sponsorName, locale },
    now,
  );
  const link = ticketPath(made.id, made.secret);
  if (input.email) {
    enqueueMail(
      tx,
      documents,
      {
        kind: 'guestTicket',
        to: input.email,
        uid: null,
        locale,
        params: {
          name: input.name,
          sponsor: sponsorName,
          event: localized(event.title, locale),
          date: mailDate(event.startsAt, locale),
          doors: dateToWallTime(event.doorsAt).slice(11, 16),
          venue: `${event.venue.name}, ${event.venue.address}`,
          link,
        },
      },
      now,
      guestTicketMailId(made.id),
    );
  }
  return { ticketId: made.id, link, name: input.name, mailed: input.email !== null };
}

/** The member cancels one of their guests, until the door opens: the allowance is theirs again, the guest is told by mail. */
export async function cancelGuest(documents: Documents, identity: Identity, input: CancelGuestInput, now = new Date()): Promise<void> {
  await documents.runTransaction((tx) =>
    cancelTicket(
      documents,
      tx,
      input.ticketId,
      {
        by: 'sponsor',
        check: (ticket, event) => {
          // Someone else's ticket looks the same as none.
          if (ticket.kind !== 'guest' || ticket.sponsorUid !== identity.uid) throw new DomainError('not-found', 'noSuchTicket');
          if (!cancellableNow(event, now)) throw new DomainError('conflict', 'guestCancelClosed');
        },
      },
      now,
    ),
  );
}

export interface MyGuest {
  ticketId: string;
  name: string;
  email: string | null;
  state: TicketDocument['state'];
  /** When the door admitted the guest, and whether they are inside now; null before. */
  arrivedAt: Date | null;
  inside: boolean;
  /** Whether the member may still cancel (until the door opens, before the guest arrived). */
  cancellable: boolean;
}

export interface GuestEvent {
  id: string;
  slug: string;
  title: LocalizedText;
  startsAt: Date;
  doorsAt: Date;
  guestsPerMember: number;
  /** Whether a guest may be brought now (published, the door not yet open, the event takes guests). */
  open: boolean;
  guests: MyGuest[];
}

export interface MyGuests {
  /** The next events, and any later one the member brought guests to, soonest first. */
  events: GuestEvent[];
  /** The season's allowance: how many guests the membership gives and how many it has brought. */
  season: { allowed: number; used: number } | null;
}

/** Events the member's page offers guests for (as many as the VIP home shows). */
export const GUEST_EVENTS_SHOWN = 6;

/**
 * The member's guests at events that have not ended, by event with the next events that take
 * guests, and their arrival from the door's records ("Kai arrived 22:31").
 */
export async function myGuests(documents: Documents, member: Identity, now = new Date()): Promise<MyGuests> {
  const { uid } = member;
  const [tickets, memberships, next] = await Promise.all([
    documents.collection(Tickets).where('sponsorUid', '==', uid).get(),
    documents.collection(Memberships).where('uid', '==', uid).where('status', '==', 'active').get(),
    nextEvents(documents, GUEST_EVENTS_SHOWN, now),
  ]);
  const guests = tickets.filter(({ data }) => data.kind === 'guest');
  const eventIds = [...new Set([...next.map((event) => event.id), ...guests.map(({ data }) => data.eventId)])];
  const read = await Promise.all(eventIds.map(async (id) => ({ id, event: (await documents.collection(Events).doc(id).get()).data })));
  const upcoming = read.filter((each): each is { id: string; event: EventDocument } => each.event !== undefined && each.event.status === 'published' && each.event.endsAt > now);
  const nights = new Map(await Promise.all(upcoming.map(async ({ id }) => [id, await ticketNights(documents, id)] as const)));
  const membership = memberships.find(({ data }) => isActiveNow(data, now));
  return {
    events: upcoming
      .sort((a, b) => a.event.startsAt.getTime() - b.event.startsAt.getTime())
      .map(({ id, event }) => ({
        id,
        slug: event.slug,
        title: event.title,
        startsAt: event.startsAt,
        doorsAt: event.doorsAt,
        guestsPerMember: event.guestsPerMember,
        open: openForGuests(event, now) && event.guestsPerMember > 0,
        guests: guests
          .filter(({ data }) => data.eventId === id)
          .sort((a, b) => a.data.createdAt.getTime() - b.data.createdAt.getTime())
          .map(({ id: ticketId, data }) => {
            const night = nights.get(id)?.get(ticketId);
            return {
              ticketId,
              name: data.holder.name,
              email: data.holder.email,
              state: data.state,
              arrivedAt: night?.admittedAt ?? null,
              inside: night?.inside ?? false,
              cancellable: data.state === 'valid' && !night && cancellableNow(event, now),
            };
          }),
      })),
    season: membership ? { allowed: membership.data.guestsPerSeason, used: await slotsTaken(documents, membership.id) } : null,
  };
}

/**
 * A member deletes their account: their guests at events whose door has not opened are cancelled
 * (each guest with an address is told), every ticket they sponsored keeps its place in the night's
 * figures under the anonymous id without their name, the guests' ticket mails that still name
 * them go, and so do their allowance slots. Returns how many guests were cancelled.
 */
export async function forgetSponsor(documents: Documents, uid: string, anonymousId: string, now: Date): Promise<number> {
  const sponsored = await documents.collection(Tickets).where('sponsorUid', '==', uid).get();
  let cancelled = 0;
  for (const { id, data } of sponsored) {
    if (data.state !== 'valid') continue;
    const event = (await documents.collection(Events).doc(data.eventId).get()).data;
    if (!event || event.doorsAt <= now) continue;
    await documents.runTransaction((tx) => cancelTicket(documents, tx, id, { by: 'accountDeleted' }, now));
    cancelled++;
  }
  const batch = documents.batch();
  for (const { id } of sponsored) {
    batch.update(documents.collection(Tickets).doc(id), { sponsorUid: anonymousId, sponsorName: null });
    // Sent, it kept nothing (a ticket's link is a secret); waiting or failed, it names the member.
    batch.delete(documents.collection(Mail).doc(guestTicketMailId(id)));
  }
  for (const slot of await documents.collection(GuestSlots).where('uid', '==', uid).get()) batch.delete(documents.collection(GuestSlots).doc(slot.id));
  await batch.commit();
  return cancelled;
}
