// The door's search by name or e-mail, for admitting someone whose phone died: only people who may
// enter (an active membership), with what the door needs to recognise them against their ID (name
// and photo; an address only masked, where no name is known), and whether they are in tonight.
// Rate-limited per door phone (door.router.ts): not a way to walk the member list. Tonight's tickets
// too (decision 050), by their holder's name: a guest-list entry is admitted by name, a guest or a
// public ticket is found (to say whether it is in) but shows its code.
import 'server-only';
import type { Documents } from '@/server/documents/port';
import { searchTermOf } from '@/server/documents/search-terms';
import { Users } from '@/features/identity/users';
import { Checkins } from './door-records';
import { membershipAdmits } from './admission';
import type { DoorSearchInput } from './door.inputs';
import { nameAtDoor, nameMatches } from './door-names';
import { storedPhoto } from '@/features/identity/avatar-access';
import { ticketDoorKey, Tickets, type TicketDocument } from './ticket-records';
import type { TicketKind } from './constants';

export interface DoorSearchHit {
  /** The member's uid, or a ticket's door key (`ticket:<id>`). */
  uid: string;
  /** The name to check against their ID; a masked address (`ma…@example.org`) where there is none. */
  name: string;
  photoURL: string | null;
  checkedInAt: Date | null;
  /** A ticket: its kind, whose guest, its party; admitted by name only when it is a guest-list entry. */
  ticket?: { kind: TicketKind; sponsorName: string | null; party: number };
}

/** Members found at most, and accounts looked at to find them. */
const HITS = 10;
const LOOKED_AT = 30;

/** Members who may enter, by name or e-mail prefix, for admitting someone whose phone died; then tonight's valid tickets by their holder's name. */
export async function searchAtDoor(documents: Documents, input: DoorSearchInput, now = new Date()): Promise<DoorSearchHit[]> {
  const [members, tickets] = await Promise.all([membersNamed(documents, input, now), ticketsNamed(documents, input)]);
  return [...members, ...tickets].slice(0, HITS);
}

/** An event's valid tickets whose holder's name the query starts (read whole: a night's tickets are a few thousand at most). */
async function ticketsNamed(documents: Documents, input: DoorSearchInput): Promise<DoorSearchHit[]> {
  const tickets = await documents.collection(Tickets).where('eventId', '==', input.eventId).where('state', '==', 'valid').get();
  const found = tickets.filter(({ data }) => nameMatches(data.holder.name, input.query)).slice(0, HITS);
  return Promise.all(found.map(async ({ id, data }) => ticketHit(id, data, (await documents.collection(Checkins).doc(`${input.eventId}_${ticketDoorKey(id)}`).get()).data?.at ?? null)));
}

function ticketHit(id: string, ticket: TicketDocument, checkedInAt: Date | null): DoorSearchHit {
  return { uid: ticketDoorKey(id), name: ticket.holder.name, photoURL: null, checkedInAt, ticket: { kind: ticket.kind, sponsorName: ticket.sponsorName, party: ticket.party } };
}

async function membersNamed(documents: Documents, input: DoorSearchInput, now: Date): Promise<DoorSearchHit[]> {
  // As the terms are stored: a whole address is longer than the longest prefix kept.
  const users = await documents.collection(Users).where('searchTerms', 'array-contains', searchTermOf(input.query)).limit(LOOKED_AT).get();
  // A disabled account is not offered: the venue shut it out (its scan says so, and no more).
  const members = users.filter((user) => !user.data.disabled && membershipAdmits(user.data.membership, now)).slice(0, HITS);
  return Promise.all(
    members.map(async (user) => ({
      uid: user.id,
      name: nameAtDoor(user.data),
      photoURL: storedPhoto(user.id, user.data),
      checkedInAt: (await documents.collection(Checkins).doc(`${input.eventId}_${user.id}`).get()).data?.at ?? null,
    })),
  );
}
