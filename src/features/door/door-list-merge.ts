// The door list as a door phone holds it (decisions 043 and 053): its shape, and how the pages of a
// whole list, then the changes since, merge into the one DoorList the offline decisions read. The
// same function assembles the list on the server (./door-list.ts) for tests and the benchmark, so
// the two cannot disagree. No DOM, no Node, no server code.
import { ticketIdOfKey } from './ticket-code';
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

/** Who is in tonight, by door key (a member's uid, a ticket's `ticket:<id>`): what a standing patches onto the list. */
export interface DoorStanding {
  key: string;
  admittedAt: Date | null;
  firstDoor: string | null;
  inside: boolean;
}

/** What the list says of the night itself: read again with every answer that carries it. */
export type DoorListHeader = Pick<DoorList, 'eventId' | 'doorsAt' | 'endsAt' | 'inside' | 'capacity' | 'ticketKey'>;

/**
 * One answer of `door.list`: a page of the full list, or the changes since a moment. The phone
 * merges either into the list it holds (`mergeDoorList`): a member put in replaces the one held, an
 * account in `removed` leaves the members and the refused passes, a standing is written onto
 * whoever has that door key.
 */
export interface DoorListChanges {
  kind: 'page' | 'changes';
  /** The moment the list is as of: the first page's for every page of a list; for changes, the server's now. */
  at: Date;
  /** This answer's server time: the phone measures its clock's offset from it. */
  serverTime: Date;
  /** The night (door hours, people inside, capacity, ticket key): on the first page and with changes. */
  header: DoorListHeader | null;
  members: DoorListMember[];
  refusedPasses: string[];
  /** Accounts the list no longer holds (the membership ended), or passes (the account deleted: its pass's tombstone names no account). */
  removed: { uid: string | null; passId: string }[];
  tickets: DoorListTicket[];
  removedTickets: string[];
  standings: DoorStanding[];
  /** The next page's cursor; null when the list is complete. */
  next: string | null;
  /** Members' accounts read so far, of about how many (the scanner's "12,000 of 20,000"). */
  progress: { members: number; of: number };
}

/** The changes asked for cannot be given (too old, too many, a cursor from another list): fetch the whole list again. */
export interface DoorListStartOver {
  kind: 'startOver';
  serverTime: Date;
}

export type DoorListAnswer = DoorListChanges | DoorListStartOver;


/** A list with nothing in it yet, as of `at`: the first page fills it. */
export function emptyDoorList(header: DoorListHeader, at: Date): DoorList {
  return { ...header, at, members: [], refusedPasses: [], tickets: [] };
}

/**
 * `list` with `changes` applied: accounts taken off first, then members and refused passes put in
 * (an account is in one of the two at most), tickets likewise, then the standings (who is in)
 * written onto whoever the list holds. Applying the same changes twice gives the same list, so
 * answers whose windows overlap need no care.
 */
export function mergeDoorList(list: DoorList, changes: DoorListChanges): DoorList {
  const members = new Map(list.members.map((member) => [member.uid, member]));
  const owners = new Map(list.members.map((member) => [member.passId, member.uid]));
  const refused = new Set(list.refusedPasses);
  const dropPass = (passId: string) => {
    const uid = owners.get(passId);
    if (uid !== undefined && members.get(uid)?.passId === passId) members.delete(uid);
  };
  for (const { uid, passId } of changes.removed) {
    if (uid === null) dropPass(passId);
    else members.delete(uid);
    refused.delete(passId);
  }
  for (const passId of changes.refusedPasses) {
    dropPass(passId);
    refused.add(passId);
  }
  for (const member of changes.members) {
    refused.delete(member.passId);
    members.set(member.uid, member);
    owners.set(member.passId, member.uid);
  }
  const tickets = new Map((list.tickets ?? []).map((ticket) => [ticket.id, ticket]));
  for (const id of changes.removedTickets) tickets.delete(id);
  for (const ticket of changes.tickets) tickets.set(ticket.id, ticket);
  for (const { key, ...standing } of changes.standings) {
    const member = members.get(key);
    if (member) members.set(key, { ...member, ...standing });
    const ticketId = ticketIdOfKey(key);
    const ticket = ticketId === null ? undefined : tickets.get(ticketId);
    if (ticket) tickets.set(ticket.id, { ...ticket, ...standing });
  }
  return {
    ...list,
    ...(changes.header ?? {}),
    at: changes.at,
    members: [...members.values()],
    refusedPasses: [...refused],
    tickets: [...tickets.values()],
  };
}
