// The door list (decision 043): what a scanner holds to decide without signal. For one event, each
// member whose membership covers the night: the pass id, the phone's public key and its version,
// the name and photo for the face check and whether (and where) they are in already; and the passes
// the venue has shut out (disabled accounts, and people on the house ban list: decision 052); and
// the night's tickets (decision 050) with the public half of the server's ticket key; and how many
// people are inside, against the capacity, so a door without signal keeps it as best it can. Nothing in it can make a valid code: a public key only checks
// signatures. It says nothing of a membership's dates, and is handed out only for the night
// (decision 046): from 12 hours before the door opens until the event ends. Door staff and admins
// fetch it when they open an event's door, and every 60 s while online.
import 'server-only';
import { DomainError } from '@/server/domain-error';
import { Events } from '@/features/events/events';
import { Users } from '@/features/identity/users';
import { Checkins, Exits, Reentries } from './door-records';
import type { DoorEventInput } from './door.inputs';
import { nameAtDoor } from './door-names';
import { Passes, rememberPassOwner, type DoorPorts } from './passes';
import { DOOR_OPENS_BEFORE_MS } from './door-hours';
import { storedPhoto } from '@/features/identity/avatar-access';
import { ticketDoorKey, Tickets } from './ticket-records';
import { banEmail, bansDuring } from '@/features/bans/bans';
import type { TicketKind } from './constants';

export interface DoorListMember {
  uid: string;
  passId: string;
  /** The key of the phone that shows the pass, and its version; null: no phone signs yet (checked online only). */
  publicKey: string | null;
  version: number;
  name: string;
  photoURL: string | null;
  /** The first admission tonight, if any, and whether the member is inside now. */
  admittedAt: Date | null;
  firstDoor: string | null;
  inside: boolean;
}

/** A ticket of the night as the door checks it: names only (door staff see no address). */
export interface DoorListTicket {
  id: string;
  kind: TicketKind;
  name: string;
  /** "Guest of Mia Member"; for a guest-list entry, who added it. */
  sponsorName: string | null;
  /** People with the holder ("+3"). */
  party: number;
  /** Refused ("Ticket cancelled") from this list on. */
  cancelled: boolean;
  /** Refused ("Not admitted: ask the manager"): the holder's address is on the house ban list. Never why. */
  refused?: boolean;
  admittedAt: Date | null;
  firstDoor: string | null;
  inside: boolean;
}

export interface DoorList {
  eventId: string;
  /** Server time when the list was made: the scanner measures its clock's offset from it. */
  at: Date;
  /** The event's door hours (an offline door admits only while the door is open). */
  doorsAt: Date;
  endsAt: Date;
  /** Members whose membership covers some of the night: being listed is what the door checks. */
  members: DoorListMember[];
  /** Pass ids the door refuses ("Not admitted: ask the manager"): accounts the venue disabled or banned. */
  refusedPasses: string[];
  /** People inside as the list was made, and the event's capacity: a door without signal counts on from here. */
  inside?: number;
  capacity?: number;
  /** The event's tickets, cancelled ones too (so the door can say so). */
  tickets: DoorListTicket[];
  /** The public half of the server's ticket key (P-256, uncompressed point, base64url); null: this server signs no tickets. */
  ticketKey: string | null;
}

/** How long before the door opens its list is handed out: a door phone prepared in the afternoon. */
export const DOOR_LIST_BEFORE_MS = 12 * 60 * 60 * 1000;

/** Members a list holds at most (a venue's members; far above any night's capacity). */
export const DOOR_LIST_MAX = 5000;

/** Tickets a list holds at most (far above any night's capacity). */
export const DOOR_LIST_TICKETS_MAX = 10_000;

/** Members whose membership covers some of the event's night, with their passes and tonight's admissions; the night's tickets likewise. */
export async function doorList({ documents, keys, tickets: ticketKeys }: DoorPorts, { eventId }: DoorEventInput, now = new Date()): Promise<DoorList> {
  const event = (await documents.collection(Events).doc(eventId).get()).data;
  if (!event || event.status !== 'published') throw new DomainError('not-found', 'eventNotFound');
  if (now.getTime() < event.doorsAt.getTime() - DOOR_OPENS_BEFORE_MS - DOOR_LIST_BEFORE_MS) throw new DomainError('conflict', 'doorListNotYet');
  if (now.getTime() >= event.endsAt.getTime()) throw new DomainError('conflict', 'doorListOver');
  const [users, checkins, exits, reentries, tickets, bans] = await Promise.all([
    documents.collection(Users).where('membership.validUntil', '>', now).limit(DOOR_LIST_MAX).get(),
    documents.collection(Checkins).where('eventId', '==', eventId).get(),
    documents.collection(Exits).where('eventId', '==', eventId).get(),
    documents.collection(Reentries).where('eventId', '==', eventId).get(),
    documents.collection(Tickets).where('eventId', '==', eventId).limit(DOOR_LIST_TICKETS_MAX).get(),
    // Those holding as the list is made: a ban that begins later tonight holds from the next list.
    bansDuring(documents, now, new Date(now.getTime() + 1)),
  ]);
  const bannedUids = new Set(bans.map((ban) => ban.uid).filter((uid) => uid !== null));
  const bannedEmails = new Set(bans.map((ban) => ban.email).filter((email) => email !== null));
  const isBanned = (email: string | null) => email !== null && bannedEmails.has(banEmail(email));
  const shutOut = (id: string, data: { disabled: boolean; email: string | null }) => data.disabled || bannedUids.has(id) || isBanned(data.email);
  const covering = users.filter(({ data }) => data.membership && data.membership.validFrom.getTime() < event.endsAt.getTime());
  const members = covering.filter(({ id, data }) => !shutOut(id, data));
  const passes = await Promise.all(members.map(({ id }) => documents.collection(Passes).doc(keys.passIdFor(id)).get()));
  const admitted = new Map(checkins.filter(({ data }) => !data.companion).map(({ data }) => [data.uid, data]));
  const passages = (list: typeof exits) => list.reduce((counts, { data }) => counts.set(data.uid, (counts.get(data.uid) ?? 0) + 1), new Map<string, number>());
  const [out, back] = [passages(exits), passages(reentries)];
  return {
    eventId,
    at: now,
    doorsAt: event.doorsAt,
    endsAt: event.endsAt,
    members: members.map(({ id, data }, index) => {
      const pass = passes[index]!;
      // This server knows whose each pass is for the night: a scan reads the member at once.
      rememberPassOwner(pass.id, id);
      const checkin = admitted.get(id);
      return {
        uid: id,
        passId: pass.id,
        publicKey: pass.data?.publicKey ?? null,
        version: pass.data?.version ?? 1,
        name: nameAtDoor(data),
        photoURL: storedPhoto(id, data),
        admittedAt: checkin?.at ?? null,
        firstDoor: checkin?.device ?? null,
        inside: Boolean(checkin) && (out.get(id) ?? 0) <= (back.get(id) ?? 0),
      };
    }),
    refusedPasses: covering.filter(({ id, data }) => shutOut(id, data)).map(({ id }) => keys.passIdFor(id)),
    // As the server counts it: admissions (each person of a party), less exits, plus re-entries.
    inside: checkins.length - exits.length + reentries.length,
    capacity: event.capacity,
    tickets: tickets.map(({ id, data }) => {
      const key = ticketDoorKey(id);
      const checkin = admitted.get(key);
      return {
        id,
        kind: data.kind,
        name: data.holder.name,
        sponsorName: data.sponsorName,
        party: data.party,
        cancelled: data.state === 'cancelled',
        ...(isBanned(data.holder.email) ? { refused: true } : {}),
        admittedAt: checkin?.at ?? null,
        firstDoor: checkin?.device ?? null,
        // A party's passages come one per person, so its exits and re-entries compare as a member's do.
        inside: Boolean(checkin) && (out.get(key) ?? 0) <= (back.get(key) ?? 0),
      };
    }),
    ticketKey: ticketKeys?.publicKey ?? null,
  };
}
