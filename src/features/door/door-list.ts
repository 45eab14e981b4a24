// The door list (decision 043): what a scanner holds to decide without signal. For one event, each
// member whose membership covers the night: the pass id, the phone's public key and its version,
// the name and photo for the face check and whether (and where) they are in already; and the passes
// the venue has shut out (disabled accounts, and people on the house ban list: decision 052); and
// the night's tickets (decision 050) with the public half of the server's ticket key; and how many
// people are inside, against the capacity, so a door without signal keeps it as best it can. Nothing in it can make a valid code: a public key only checks
// signatures. It says nothing of a membership's dates, and is handed out only for the night
// (decision 046): from 12 hours before the door opens until the event ends. Door staff and admins
// fetch it when they open an event's door, in pages of at most DOOR_LIST_PAGE entries (a cursor the
// phone holds), and then every 60 s while online only what changed since (decision 053): every
// document the list is built from is stamped with the server's time of its last write, and a
// deleted one leaves a tombstone, so an open door costs reads per change, not per member per minute.
import 'server-only';
import { z } from 'zod';
import { DomainError } from '@/server/domain-error';
import { CHANGED_AT, type CollectionDef, type DocumentData, type Documents } from '@/server/documents/port';
import { Removals } from '@/server/documents/removals';
import { Checkins, Exits, Reentries } from './door-records';
import type { DoorListInput } from './door.inputs';
import { nameAtDoor } from './door-names';
import { Passes, rememberPassOwner, type DoorPorts } from './passes';
import { coversNight, DOOR_OPENS_BEFORE_MS, standingOf } from './admission';
import { storedPhoto } from '@/features/identity/avatar-access';
import { ticketDoorKey, Tickets, type TicketDocument } from './ticket-records';
import { banEmail, banOf, Bans, bansDuring, type BanDocument } from '@/features/bans/bans';
import { searchTermsFor, Users, type UserDocument } from '@/features/identity/users';
import { Events, type EventDocument } from '@/features/events/events';
import { emptyDoorList, mergeDoorList, type DoorList, type DoorListAnswer, type DoorListChanges, type DoorListHeader, type DoorListMember, type DoorListStartOver, type DoorListTicket, type DoorStanding } from './door-list-merge';

// The list's shape lives with the phone's merge (no server code there); named here too, where the list is made.
export type { DoorList, DoorListAnswer, DoorListChanges, DoorListHeader, DoorListMember, DoorListStartOver, DoorListTicket, DoorStanding };

/** How long before the door opens its list is handed out: a door phone prepared in the afternoon. */
export const DOOR_LIST_BEFORE_MS = 12 * 60 * 60 * 1000;

/**
 * Entries (members, tickets, standings) one page carries at most: about 120 KB of JSON and at most
 * twice as many documents read (an account and its pass), however large the venue.
 */
export const DOOR_LIST_PAGE = 500;

/** Tickets a list holds at most (far above any night's capacity). */
export const DOOR_LIST_TICKETS_MAX = 10_000;

/**
 * Changes are read from this long before the moment asked for: a write stamped by another server's
 * clock (or Firestore's) a little behind this one's is still found. What is found twice is the same
 * entry twice, which the phone's merge takes as once.
 */
export const DOOR_LIST_OVERLAP_MS = 30_000;

/** Changes further back than this are not given: the phone fetches the list again (tombstones are kept for two days). */
export const DOOR_LIST_CHANGES_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Documents one kind of change may find in one answer; more, and the phone fetches the list again (reads stay bounded). */
export const DOOR_LIST_CHANGES_MAX = 500;

/** Accounts, tickets and standings one answer of changes reads again at most. */
const CHANGED_KEYS_MAX = 300;

/** A moment later than this server's clock by more than that is no list of this server's. */
const FUTURE_SKEW_MS = 60_000;

/** The list's time, where the pages have got to, and how many accounts were read of how many. */
const Cursor = z.object({
  at: z.number().int(),
  section: z.enum(['members', 'tickets', 'standings']),
  /** Members: after [validUntil, uid]; tickets and standings: after this document id. */
  after: z.union([z.tuple([z.number(), z.string()]), z.string()]).nullable(),
  read: z.number().int().nonnegative(),
  of: z.number().int().nonnegative(),
});
type Cursor = z.infer<typeof Cursor>;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string): Cursor | null {
  try {
    const parsed = Cursor.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

type Event = EventDocument;

/** The event whose list is asked for, if it hands one out now. */
async function eventForList(documents: Documents, eventId: string, now: Date): Promise<Event> {
  const event = (await documents.collection(Events).doc(eventId).get()).data;
  if (!event || event.status !== 'published') throw new DomainError('not-found', 'eventNotFound');
  if (now.getTime() < event.doorsAt.getTime() - DOOR_OPENS_BEFORE_MS - DOOR_LIST_BEFORE_MS) throw new DomainError('conflict', 'doorListNotYet');
  if (now.getTime() >= event.endsAt.getTime()) throw new DomainError('conflict', 'doorListOver');
  return event;
}

/** The night as the list says it, with the people inside counted as the server counts them (index counts, no documents read). */
async function headerOf({ documents, tickets }: DoorPorts, eventId: string, event: Event): Promise<DoorListHeader> {
  const [checkins, exits, reentries] = await Promise.all([Checkins, Exits, Reentries].map((collection) => documents.collection(collection as typeof Checkins).where('eventId', '==', eventId).count()));
  // As the server counts it: admissions (each person of a party), less exits, plus re-entries.
  return { eventId, doorsAt: event.doorsAt, endsAt: event.endsAt, inside: checkins! - exits! + reentries!, capacity: event.capacity, ticketKey: tickets?.publicKey ?? null };
}

/** Whether a membership admits to some of the night, as the list is at `at`. */
function covers(user: UserDocument | undefined, event: Event, at: Date): user is UserDocument & { membership: NonNullable<UserDocument['membership']> } {
  return user !== undefined && coversNight(user.membership, event, at);
}

/** Bans holding at a moment, as the list asks them: by account and by address. */
function shutOutBy(bans: readonly Pick<BanDocument, 'uid' | 'email'>[]) {
  const uids = new Set(bans.map((ban) => ban.uid).filter((uid) => uid !== null));
  const emails = new Set(bans.map((ban) => ban.email).filter((email) => email !== null));
  const byAddress = (email: string | null) => email !== null && emails.has(banEmail(email));
  return { byAddress, account: (uid: string, user: Pick<UserDocument, 'disabled' | 'email'>) => user.disabled || uids.has(uid) || byAddress(user.email) };
}

function memberEntry(uid: string, user: UserDocument, passId: string, pass: { publicKey?: string | null; version: number } | undefined, standing: DoorStanding | null): DoorListMember {
  // This server knows whose each pass is for the night: a scan reads the member at once.
  rememberPassOwner(passId, uid);
  return {
    uid,
    passId,
    publicKey: pass?.publicKey ?? null,
    version: pass?.version ?? 1,
    name: nameAtDoor(user),
    photoURL: storedPhoto(uid, user),
    admittedAt: standing?.admittedAt ?? null,
    firstDoor: standing?.firstDoor ?? null,
    inside: standing?.inside ?? false,
  };
}

function ticketEntry(id: string, ticket: TicketDocument, refused: boolean, standing: DoorStanding | null): DoorListTicket {
  return {
    id,
    kind: ticket.kind,
    name: ticket.holder.name,
    sponsorName: ticket.sponsorName,
    party: ticket.party,
    cancelled: ticket.state === 'cancelled',
    ...(refused ? { refused: true } : {}),
    admittedAt: standing?.admittedAt ?? null,
    firstDoor: standing?.firstDoor ?? null,
    inside: standing?.inside ?? false,
  };
}

/**
 * The standings of some door keys: each one's admission (by its fixed id) and their exits and
 * re-entries (30 keys a query). A party's passages come one per person, so its exits and
 * re-entries compare as a member's do.
 */
async function standingsOf(documents: Documents, eventId: string, keys: readonly string[], admissions?: ReadonlyMap<string, { at: Date; device: string }>): Promise<DoorStanding[]> {
  if (!keys.length) return [];
  const chunks = Array.from({ length: Math.ceil(keys.length / 30) }, (_, index) => keys.slice(index * 30, index * 30 + 30));
  const tally = async (collection: typeof Exits) => {
    const found = (await Promise.all(chunks.map((chunk) => documents.collection(collection).where('eventId', '==', eventId).where('uid', 'in', chunk).get()))).flat();
    return found.reduce((counts, { data }) => counts.set(data.uid, (counts.get(data.uid) ?? 0) + 1), new Map<string, number>());
  };
  const [checkins, out, back] = await Promise.all([
    admissions ??
      Promise.all(keys.map(async (key) => ({ key, checkin: (await documents.collection(Checkins).doc(`${eventId}_${key}`).get()).data }))).then(
        (found) => new Map(found.flatMap(({ key, checkin }) => (checkin ? [[key, checkin] as const] : []))),
      ),
    tally(Exits),
    tally(Reentries),
  ]);
  return keys.map((key) => {
    const checkin = checkins.get(key);
    return { key, admittedAt: checkin?.at ?? null, firstDoor: checkin?.device ?? null, inside: standingOf(Boolean(checkin), out.get(key) ?? 0, back.get(key) ?? 0).inside };
  });
}

/** A section of the full list read from `after` on, `budget` entries at most: what it holds, and where the next read starts (null: done). */
interface SectionRead {
  members: DoorListMember[];
  refusedPasses: string[];
  tickets: DoorListTicket[];
  standings: DoorStanding[];
  /** Accounts read (the progress). */
  read: number;
  entries: number;
  after: Cursor['after'];
  done: boolean;
}

async function readSection(ports: DoorPorts, eventId: string, event: Event, at: Date, section: Cursor['section'], after: Cursor['after'], budget: number, bans: () => Promise<ReturnType<typeof shutOutBy>>): Promise<SectionRead> {
  const { documents, keys } = ports;
  const read: SectionRead = { members: [], refusedPasses: [], tickets: [], standings: [], read: 0, entries: 0, after: null, done: false };
  if (section === 'members') {
    // Ordered by the validity the query ranges over, then the id; the list's time fixes the range for every page.
    let query = documents.collection(Users).where('membership.validUntil', '>', at).orderBy('membership.validUntil');
    if (Array.isArray(after)) query = query.startAfterValues([new Date(after[0])], after[1]);
    const found = await query.limit(budget + 1).get();
    const page = found.slice(0, budget);
    const shutOut = await bans();
    const covering = page.filter(({ data }) => covers(data, event, at));
    const members = covering.filter(({ id, data }) => !shutOut.account(id, data));
    const passes = await Promise.all(members.map(({ id }) => documents.collection(Passes).doc(keys.passIdFor(id)).get()));
    read.members = members.map(({ id, data }, index) => memberEntry(id, data, passes[index]!.id, passes[index]!.data, null));
    read.refusedPasses = covering.filter(({ id, data }) => shutOut.account(id, data)).map(({ id }) => keys.passIdFor(id));
    read.read = page.length;
    read.entries = page.length;
    const last = page.at(-1);
    read.after = last ? [last.data.membership!.validUntil.getTime(), last.id] : null;
    read.done = found.length <= budget;
    return read;
  }
  if (section === 'tickets') {
    let query = documents.collection(Tickets).where('eventId', '==', eventId);
    if (typeof after === 'string') query = query.startAfterValues([], after);
    const found = await query.limit(budget + 1).get();
    const page = found.slice(0, budget);
    const shutOut = await bans();
    read.tickets = page.map(({ id, data }) => ticketEntry(id, data, shutOut.byAddress(data.holder.email), null));
    read.entries = page.length;
    read.after = page.at(-1)?.id ?? null;
    read.done = found.length <= budget;
    return read;
  }
  // Standings: the night's admissions, a page at a time, with the exits and re-entries of those admitted.
  let query = documents.collection(Checkins).where('eventId', '==', eventId);
  if (typeof after === 'string') query = query.startAfterValues([], after);
  const found = await query.limit(budget + 1).get();
  const page = found.slice(0, budget);
  const firsts = page.filter(({ data }) => !data.companion);
  read.standings = await standingsOf(
    documents,
    eventId,
    firsts.map(({ data }) => data.uid),
    new Map(firsts.map(({ data }) => [data.uid, data])),
  );
  read.entries = page.length;
  read.after = page.at(-1)?.id ?? null;
  read.done = found.length <= budget;
  return read;
}

const SECTIONS: readonly Cursor['section'][] = ['members', 'tickets', 'standings'];

/**
 * `door.list`: the first page of the event's list (no cursor), the next one (its cursor), or what
 * changed since a moment (`since`, the list's `at` the phone holds).
 */
export async function doorListPage(ports: DoorPorts, input: DoorListInput, now = new Date()): Promise<DoorListAnswer> {
  const { eventId } = input;
  const event = await eventForList(ports.documents, eventId, now);
  if (input.since) return doorListChangesSince(ports, eventId, event, input.since, now);
  const cursor = input.cursor === undefined ? null : decodeCursor(input.cursor);
  // A cursor of another list's making, or of a list so old its changes are no longer kept.
  if (input.cursor !== undefined && (!cursor || now.getTime() - cursor.at > DOOR_LIST_CHANGES_MAX_AGE_MS || cursor.at > now.getTime() + FUTURE_SKEW_MS)) return { kind: 'startOver', serverTime: now };
  const at = cursor ? new Date(cursor.at) : now;
  const [header, of] = cursor ? [null, cursor.of] : await Promise.all([headerOf(ports, eventId, event), ports.documents.collection(Users).where('membership.validUntil', '>', at).count()]);
  // Bans are few (read whole, decision 052): once per page, only if the page needs them.
  let banned: Promise<ReturnType<typeof shutOutBy>> | null = null;
  const bans = () => (banned ??= bansDuring(ports.documents, at, new Date(at.getTime() + 1)).then(shutOutBy));
  const answer: DoorListChanges = { kind: 'page', at, serverTime: now, header, members: [], refusedPasses: [], removed: [], tickets: [], removedTickets: [], standings: [], next: null, progress: { members: cursor?.read ?? 0, of } };
  let position: Pick<Cursor, 'section' | 'after'> | null = cursor ? { section: cursor.section, after: cursor.after } : { section: 'members', after: null };
  let budget = DOOR_LIST_PAGE;
  // A section that ends within the page's budget hands the rest to the next one.
  while (position && budget > 0) {
    const read = await readSection(ports, eventId, event, at, position.section, position.after, budget, bans);
    answer.members.push(...read.members);
    answer.refusedPasses.push(...read.refusedPasses);
    answer.tickets.push(...read.tickets);
    answer.standings.push(...read.standings);
    answer.progress.members += read.read;
    budget -= read.entries;
    const next: Cursor['section'] | undefined = SECTIONS[SECTIONS.indexOf(position.section) + 1];
    position = !read.done ? { section: position.section, after: read.after } : next ? { section: next, after: null } : null;
  }
  if (position) answer.next = encodeCursor({ at: at.getTime(), ...position, read: answer.progress.members, of });
  else answer.progress.members = Math.max(answer.progress.members, of);
  return answer;
}

/**
 * What changed for the event's list since `since`: the documents stamped since (with the overlap),
 * memberships and bans that began or ended since, and the tombstones of deletions. Each account,
 * ticket and door key they name is read again as it is now, and sent as the list would hold it
 * now, or as removed. Reads grow with the changes, not with the members; too many changes (or too
 * old a moment) and the phone is told to fetch the list again.
 */
async function doorListChangesSince(ports: DoorPorts, eventId: string, event: Event, since: Date, now: Date): Promise<DoorListAnswer> {
  const startOver: DoorListStartOver = { kind: 'startOver', serverTime: now };
  if (now.getTime() - since.getTime() > DOOR_LIST_CHANGES_MAX_AGE_MS || since.getTime() > now.getTime() + FUTURE_SKEW_MS) return startOver;
  const { documents } = ports;
  const from = new Date(since.getTime() - DOOR_LIST_OVERLAP_MS);
  const limit = DOOR_LIST_CHANGES_MAX;
  const changed = <T extends DocumentData>(collection: CollectionDef<T>, ofEvent = false) => {
    const all = documents.collection(collection);
    return (ofEvent ? all.where('eventId', '==', eventId) : all).where(CHANGED_AT, '>', from).orderBy(CHANGED_AT).limit(limit).get();
  };
  const between = <T extends DocumentData>(collection: CollectionDef<T>, field: string) => documents.collection(collection).where(field, '>', from).where(field, '<=', now).orderBy(field).limit(limit).get();
  const [users, lapsed, passes, bans, bansBegun, bansEnded, tickets, checkins, exits, reentries, removals] = await Promise.all([
    changed(Users),
    // Memberships that ended by the clock, with no write.
    between(Users, 'membership.validUntil'),
    changed(Passes),
    changed(Bans),
    between(Bans, 'from'),
    between(Bans, 'until'),
    changed(Tickets, true),
    changed(Checkins, true),
    changed(Exits, true),
    changed(Reentries, true),
    documents.collection(Removals).where('removedAt', '>', from).orderBy('removedAt').limit(limit).get(),
  ]);
  if ([users, lapsed, passes, bans, bansBegun, bansEnded, tickets, checkins, exits, reentries, removals].some((found) => found.length >= limit)) return startOver;

  const accounts = new Map<string, UserDocument | undefined>();
  const touch = (uid: string) => accounts.has(uid) || accounts.set(uid, undefined);
  users.forEach(({ id }) => touch(id));
  lapsed.forEach(({ id }) => touch(id));
  passes.forEach(({ data }) => touch(data.uid));
  const ticketIds = new Set(tickets.map(({ id }) => id));
  const doorKeys = new Set([...checkins, ...exits, ...reentries].map(({ data }) => data.uid));
  const addresses = new Set<string>();
  for (const { data } of [...bans, ...bansBegun, ...bansEnded]) {
    if (data.uid) touch(data.uid);
    if (data.email) addresses.add(banEmail(data.email));
  }
  const passesGone = new Set<string>();
  for (const { data } of removals) {
    // A deleted pass: its account was deleted (the account leaves no tombstone of its own, its id names the person).
    if (data.collection === Passes.name && data.id) passesGone.add(data.id);
    else if (data.collection === Tickets.name && data.id) ticketIds.add(data.id);
    // A ban lifted or swept names no one once deleted: whom it shut out cannot be found again. Rare
    // (an admin's lift, a ban a day after its end), so the phone fetches the list again.
    else if (data.collection === Bans.name) return startOver;
    // Door records go only with an account's deletion, written again under the anonymous id: found above as changed.
  }
  if (addresses.size) {
    // Who an address's ban concerns: the accounts with that address (their search terms hold it,
    // cut at 24 characters), and the night's tickets given to it (addresses as typed).
    const [holders, nightTickets] = await Promise.all([
      Promise.all([...addresses].map((email) => documents.collection(Users).where('searchTerms', 'array-contains', searchTermsFor(email, null).sort((a, b) => b.length - a.length)[0]!).get())),
      documents.collection(Tickets).where('eventId', '==', eventId).limit(DOOR_LIST_TICKETS_MAX).get(),
    ]);
    for (const { id, data } of holders.flat()) if (data.email && addresses.has(banEmail(data.email))) accounts.set(id, data);
    for (const { id, data } of nightTickets) if (data.holder.email && addresses.has(banEmail(data.holder.email))) ticketIds.add(id);
  }
  if (accounts.size + ticketIds.size + doorKeys.size > CHANGED_KEYS_MAX) return startOver;
  // Those read already need no second read.
  for (const { id, data } of [...users, ...lapsed]) accounts.set(id, data);

  const [header, memberStates, ticketStates] = await Promise.all([
    headerOf(ports, eventId, event),
    Promise.all([...accounts].map(([uid, known]) => memberNow(ports, eventId, event, uid, known, now))),
    Promise.all([...ticketIds].map((id) => ticketNow(documents, eventId, id, now))),
  ]);
  const answered = new Set([...memberStates.map((state) => state.uid), ...[...ticketIds].map(ticketDoorKey)]);
  const standings = await standingsOf(documents, eventId, [...doorKeys].filter((key) => !answered.has(key)));
  return {
    kind: 'changes',
    at: now,
    serverTime: now,
    header,
    members: memberStates.flatMap((state) => (state.member ? [state.member] : [])),
    refusedPasses: memberStates.flatMap((state) => (state.refused ? [state.passId] : [])),
    removed: [...memberStates.filter((state) => !state.member && !state.refused).map(({ uid, passId }) => ({ uid, passId })), ...[...passesGone].map((passId) => ({ uid: null, passId }))],
    tickets: ticketStates.flatMap((state) => (state.ticket ? [state.ticket] : [])),
    removedTickets: ticketStates.filter((state) => !state.ticket).map((state) => state.id),
    standings,
    next: null,
    progress: { members: 0, of: 0 },
  };
}

/** An account as the list holds it now: a member (with their standing), a refused pass, or not listed. */
async function memberNow(ports: DoorPorts, eventId: string, event: Event, uid: string, known: UserDocument | undefined, now: Date): Promise<{ uid: string; passId: string; member?: DoorListMember; refused?: true }> {
  const { documents, keys } = ports;
  const passId = keys.passIdFor(uid);
  const user = known ?? (await documents.collection(Users).doc(uid).get()).data;
  if (!covers(user, event, now)) return { uid, passId };
  const [ban, pass, [standing]] = await Promise.all([banOf(documents, { uid, email: user.email }, now), documents.collection(Passes).doc(passId).get(), standingsOf(documents, eventId, [uid])]);
  if (user.disabled || ban) return { uid, passId, refused: true };
  return { uid, passId, member: memberEntry(uid, user, passId, pass.data, standing!) };
}

/** A ticket as the list holds it now (its holder's address banned or not, its standing), or none: gone, or another night's. */
async function ticketNow(documents: Documents, eventId: string, id: string, now: Date): Promise<{ id: string; ticket?: DoorListTicket }> {
  const ticket = (await documents.collection(Tickets).doc(id).get()).data;
  if (!ticket || ticket.eventId !== eventId) return { id };
  const [ban, [standing]] = await Promise.all([ticket.holder.email ? banOf(documents, { email: ticket.holder.email }, now) : null, standingsOf(documents, eventId, [ticketDoorKey(id)])]);
  return { id, ticket: ticketEntry(id, ticket, ban !== null, standing!) };
}

/**
 * The whole list at once, page after page merged as the phone merges them: for tests, the
 * benchmark and anything on the server that needs it whole.
 */
export async function doorList(ports: DoorPorts, { eventId }: { eventId: string }, now = new Date()): Promise<DoorList> {
  let list: DoorList | null = null;
  let cursor: string | undefined;
  do {
    const page = await doorListPage(ports, { eventId, ...(cursor ? { cursor } : {}) }, now);
    if (page.kind !== 'page') throw new Error('The door list changed its making while it was read');
    list = mergeDoorList(list ?? emptyDoorList(page.header!, page.at), page);
    cursor = page.next ?? undefined;
  } while (cursor);
  return list;
}
