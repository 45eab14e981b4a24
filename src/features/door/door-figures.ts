// What the door, the member and the admins see of the nights: an event's admissions and drinks
// counted, the events a door may scan for, the door's figures and latest scans, a member's night
// (admission and drinks left) and a person's admissions and scans.
import 'server-only';
import type { Documents } from '@/server/documents/port';
import { DomainError } from '@/server/domain-error';
import { Events, type EventDocument } from '@/features/events/events';
import { Users } from '@/features/identity/users';
import { CapacityOverrides, Checkins, DoorConflicts, Drinks, Scans, Exits, Reentries, type DoorFlag } from './door-records';
import { nameAtDoor } from './door-names';
import { ticketIdOfKey, Tickets } from './ticket-records';
import { DOOR_OPENS_BEFORE_MS, doorIsOpen, standingOf } from './admission';
import { nightSummary, type NightSummary } from './night';
import type { CountsOfInput, DoorEventInput, PersonInput } from './door.inputs';
import { ACCEPTED, VERDICTS, type ScanMode, type ScanSource, type Verdict } from './constants';

export interface DoorCounts {
  admitted: number;
  /** Admitted and not out now: admissions, less exits, plus re-entries. */
  inside: number;
  capacity: number;
  drinks: number;
  /** Admissions a door decided without signal and uploaded later. */
  offline: number;
  /** What the uploads flagged: second admissions, admissions from an out-of-date list, unverifiable codes. */
  conflicts: number;
}

/** An event's admissions, who is inside and drinks, counted (an index lookup on each backend, no documents read). */
export async function doorCounts(documents: Documents, eventId: string, event: Pick<EventDocument, 'capacity'>): Promise<DoorCounts> {
  return { ...(await tallyDoor(documents, eventId)), capacity: event.capacity };
}

/** The counts of doorCounts without the event's capacity (read alongside the event). */
export async function tallyDoor(documents: Documents, eventId: string): Promise<Omit<DoorCounts, 'capacity'>> {
  const [admitted, exits, reentries, drinks, offline, conflicts] = await Promise.all([
    documents.collection(Checkins).where('eventId', '==', eventId).count(),
    documents.collection(Exits).where('eventId', '==', eventId).count(),
    documents.collection(Reentries).where('eventId', '==', eventId).count(),
    documents.collection(Drinks).where('eventId', '==', eventId).count(),
    documents.collection(Checkins).where('eventId', '==', eventId).where('offline', '==', true).count(),
    documents.collection(DoorConflicts).where('eventId', '==', eventId).count(),
  ]);
  return { admitted, inside: admitted - exits + reentries, drinks, offline, conflicts };
}

/** A row of the admins' event list: the door's counts, and a past night's peak and admissions. */
export interface EventRowCounts extends DoorCounts {
  /** Null until the event has ended. */
  night: NightSummary | null;
}

/** Several events' admissions and drinks at once (a page of the admins' event list). */
export async function countsOf(documents: Documents, input: CountsOfInput, now = new Date()): Promise<Record<string, EventRowCounts>> {
  const entries = await Promise.all(
    [...new Set(input.eventIds)].map(async (eventId) => {
      const event = (await documents.collection(Events).doc(eventId).get()).data;
      if (!event) return null;
      const [counts, night] = await Promise.all([doorCounts(documents, eventId, event), nightSummary(documents, eventId, event, now)]);
      return [eventId, { ...counts, night }] as const;
    }),
  );
  return Object.fromEntries(entries.filter((entry) => entry !== null));
}

export interface DoorEvent {
  id: string;
  title: EventDocument['title'];
  startsAt: Date;
  doorsAt: Date;
  endsAt: Date;
  capacity: number;
  drinkAllowance: number;
  /** The VIP bar's drinks that night, one per line (members and staff see it). */
  barMenu: EventDocument['barMenu'];
  open: boolean;
}

/** How far back and ahead the scanner's event picker reaches. */
const PICKER_PAST_MS = 24 * 60 * 60 * 1000;
const PICKER_AHEAD_MS = 14 * 24 * 60 * 60 * 1000;

/** The events a door may scan for: published, ending from a day ago to two weeks ahead, the open ones first. */
export async function doorEvents(documents: Documents, now = new Date()): Promise<DoorEvent[]> {
  const events = await documents
    .collection(Events)
    .where('status', '==', 'published')
    .where('endsAt', '>=', new Date(now.getTime() - PICKER_PAST_MS))
    .orderBy('endsAt')
    .limit(50)
    .get();
  return events
    .filter((event) => event.data.startsAt.getTime() <= now.getTime() + PICKER_AHEAD_MS)
    .map((event) => ({
      id: event.id,
      title: event.data.title,
      startsAt: event.data.startsAt,
      doorsAt: event.data.doorsAt,
      endsAt: event.data.endsAt,
      capacity: event.data.capacity,
      drinkAllowance: event.data.drinkAllowance,
      barMenu: event.data.barMenu,
      open: doorIsOpen(event.data, now),
    }))
    .sort((a, b) => Number(b.open) - Number(a.open) || a.startsAt.getTime() - b.startsAt.getTime());
}

export const RECENT_SCANS = 20;

/** A flag an offline door's upload raised, as the admins read it. */
export interface DoorConflict {
  id: string;
  kind: DoorFlag;
  name: string;
  /** The admission the server had first (a second admission). */
  first: { device: string; at: Date; offline: boolean } | null;
  second: { device: string; at: Date };
}

/** Flags listed with the figures (the count covers all). */
export const LISTED_CONFLICTS = 20;

export interface DoorActivity extends DoorCounts {
  /** Of `admitted` and `inside`, the people on tickets (guests, guest lists, public): members are the rest. */
  guests: { admitted: number; inside: number };
  /** Refused scans by verdict (entry and bar). */
  refused: Partial<Record<Verdict, number>>;
  recent: { id: string; verdict: Verdict; name: string | null; mode: ScanMode; source: ScanSource; device: string; at: Date; offline: boolean }[];
  /** The latest flags of offline uploads, newest first. */
  flagged: DoorConflict[];
  /** "Admit anyway" at a full door, newest first: who let whom in, why, and how full it was. */
  overrides: CapacityOverride[];
}

/** An admission past the capacity, as the admins read it (decision 052). */
export interface CapacityOverride {
  id: string;
  name: string | null;
  reason: string;
  scannerName: string | null;
  device: string;
  at: Date;
  inside: number;
  capacity: number;
  offline: boolean;
}

/** Overrides listed with the figures. */
export const LISTED_OVERRIDES = 20;

/** The door's figures for an event and its latest scans (the scanner's live panel, /admin). */
export async function doorActivity(documents: Documents, { eventId }: DoorEventInput): Promise<DoorActivity> {
  const event = (await documents.collection(Events).doc(eventId).get()).data;
  if (!event) throw new DomainError('not-found', 'eventNotFound');
  const refusals = VERDICTS.filter((verdict) => !ACCEPTED.includes(verdict));
  const guestCount = (collection: typeof Checkins | typeof Exits | typeof Reentries) => documents.collection(collection as typeof Checkins).where('eventId', '==', eventId).where('guest', '==', true).count();
  const [counts, scans, refusedCounts, flagged, guestsAdmitted, guestsOut, guestsBack, overrides] = await Promise.all([
    doorCounts(documents, eventId, event),
    documents.collection(Scans).where('eventId', '==', eventId).orderBy('at', 'desc').limit(RECENT_SCANS).get(),
    Promise.all(refusals.map((verdict) => documents.collection(Scans).where('eventId', '==', eventId).where('verdict', '==', verdict).count())),
    flaggedAt(documents, eventId),
    guestCount(Checkins),
    guestCount(Exits),
    guestCount(Reentries),
    documents.collection(CapacityOverrides).where('eventId', '==', eventId).orderBy('at', 'desc').limit(LISTED_OVERRIDES).get(),
  ]);
  const refused: Partial<Record<Verdict, number>> = {};
  refusals.forEach((verdict, index) => {
    if (refusedCounts[index]) refused[verdict] = refusedCounts[index];
  });
  return {
    ...counts,
    guests: { admitted: guestsAdmitted, inside: guestsAdmitted - guestsOut + guestsBack },
    refused,
    recent: scans
      .filter((scan) => scan.data.verdict !== null)
      .map((scan) => ({ id: scan.id, verdict: scan.data.verdict!, name: scan.data.name, mode: scan.data.mode, source: scan.data.source, device: scan.data.device, at: scan.data.at, offline: Boolean(scan.data.offline) })),
    flagged,
    overrides: overrides.map(({ id, data }) => ({ id, name: data.name, reason: data.reason, scannerName: data.scannerName, device: data.device, at: data.at, inside: data.inside, capacity: data.capacity, offline: data.offline ?? false })),
  };
}

/** The latest flags of an event's offline uploads, each naming the member as the door does. */
async function flaggedAt(documents: Documents, eventId: string): Promise<DoorConflict[]> {
  const flags = await documents.collection(DoorConflicts).where('eventId', '==', eventId).orderBy('recordedAt', 'desc').limit(LISTED_CONFLICTS).get();
  const names = new Map(
    await Promise.all(
      [...new Set(flags.map((flag) => flag.data.uid))].map(async (uid) => {
        const ticketId = ticketIdOfKey(uid);
        if (ticketId) return [uid, (await documents.collection(Tickets).doc(ticketId).get()).data?.holder.name ?? '…'] as const;
        const user = (await documents.collection(Users).doc(uid).get()).data;
        return [uid, user ? nameAtDoor(user) : '…'] as const;
      }),
    ),
  );
  return flags.map(({ id, data }) => ({ id, kind: data.kind, name: names.get(data.uid) ?? '…', first: data.first, second: { device: data.second.device, at: data.second.at } }));
}

export interface MemberNight {
  event: DoorEvent | null;
  checkedInAt: Date | null;
  drinksUsed: number;
  drinksLeft: number;
}

/** How far ahead the pass names the next night when no door is open: tonight's, not next week's. */
export const NEXT_NIGHT_WITHIN_MS = 12 * 60 * 60 * 1000;

/**
 * The night a member's pass shows: of the events whose door is open now (two may overlap, an early
 * show and the late night), the one the member was admitted to, else the one whose doors time came
 * last (the later night once its doors are open, the earlier one until then); with no door open,
 * the next door to open within 12 hours. Never merely the first event that sorts first.
 */
export function nightToShow(events: readonly DoorEvent[], now: Date, admittedTo: ReadonlySet<string> = new Set()): DoorEvent | null {
  const open = events.filter((event) => event.open);
  const admitted = open.find((event) => admittedTo.has(event.id));
  if (admitted) return admitted;
  const begun = open.filter((event) => event.doorsAt.getTime() <= now.getTime()).sort((a, b) => b.doorsAt.getTime() - a.doorsAt.getTime());
  if (begun[0]) return begun[0];
  const opening = [...open].sort((a, b) => a.doorsAt.getTime() - b.doorsAt.getTime());
  if (opening[0]) return opening[0];
  const next = events
    .filter((event) => event.doorsAt.getTime() - DOOR_OPENS_BEFORE_MS > now.getTime() && event.doorsAt.getTime() - DOOR_OPENS_BEFORE_MS <= now.getTime() + NEXT_NIGHT_WITHIN_MS)
    .sort((a, b) => a.doorsAt.getTime() - b.doorsAt.getTime());
  return next[0] ?? null;
}

/**
 * The member's night (nightToShow): its event, their admission and drinks. `known`: the night's
 * event as read a moment ago, unchanged since (a live feed woken only by the member's own admission
 * or drink), kept while its door is open instead of read again.
 */
export async function memberNight(documents: Documents, uid: string, now = new Date(), known?: DoorEvent): Promise<MemberNight> {
  const kept = known && { ...known, open: doorIsOpen({ status: 'published', doorsAt: known.doorsAt, endsAt: known.endsAt }, now) };
  const event = kept?.open ? kept : await nightOf(documents, uid, now);
  if (!event) return { event: null, checkedInAt: null, drinksUsed: 0, drinksLeft: 0 };
  const [checkin, drinks] = await Promise.all([
    documents.collection(Checkins).doc(`${event.id}_${uid}`).get(),
    documents.collection(Drinks).where('eventId', '==', event.id).where('uid', '==', uid).count(),
  ]);
  return { event, checkedInAt: checkin.data?.at ?? null, drinksUsed: drinks, drinksLeft: Math.max(0, event.drinkAllowance - drinks) };
}

/** nightToShow of the events now, with where the member is in where two doors are open at once. */
async function nightOf(documents: Documents, uid: string, now: Date): Promise<DoorEvent | null> {
  const events = await doorEvents(documents, now);
  const open = events.filter((event) => event.open);
  // A read by id per open door, only where there are two or more.
  const admittedTo =
    open.length > 1
      ? new Set((await Promise.all(open.map(async (event) => ((await documents.collection(Checkins).doc(`${event.id}_${uid}`).get()).exists ? event.id : null)))).filter((id) => id !== null))
      : new Set<string>();
  return nightToShow(events, now, admittedTo);
}

/** A ticket's night as the door recorded it: when (and at which door) it was first admitted, and whether its holder is inside now. */
export interface TicketNight {
  admittedAt: Date | null;
  door: string | null;
  inside: boolean;
}

/**
 * The nights of an event's tickets, by ticket id (the member's guests, the admins' list): one read
 * of the event's ticket admissions, exits and re-entries. A party moves as one: its exits and
 * re-entries come as many at a time as it has people, so it is inside while they are as many.
 */
export async function ticketNights(documents: Documents, eventId: string): Promise<Map<string, TicketNight>> {
  const guests = <T extends typeof Checkins | typeof Exits | typeof Reentries>(collection: T) => documents.collection(collection as typeof Checkins).where('eventId', '==', eventId).where('guest', '==', true).get();
  const [checkins, exits, reentries] = await Promise.all([guests(Checkins), guests(Exits), guests(Reentries)]);
  const tally = (list: typeof exits) => list.reduce((counts, { data }) => counts.set(data.ticketId!, (counts.get(data.ticketId!) ?? 0) + 1), new Map<string, number>());
  const [out, back] = [tally(exits), tally(reentries)];
  const nights = new Map<string, TicketNight>();
  for (const { data } of checkins) {
    if (!data.ticketId || data.companion) continue;
    nights.set(data.ticketId, { admittedAt: data.at, door: data.device, inside: standingOf(true, out.get(data.ticketId) ?? 0, back.get(data.ticketId) ?? 0).inside });
  }
  return nights;
}

export interface PersonAtTheDoor {
  admissions: { eventId: string; title: EventDocument['title'] | null; at: Date; door: string; source: ScanSource }[];
  scans: { id: string; eventId: string; verdict: Verdict; mode: ScanMode; at: Date; door: string }[];
}

/** A person's admissions and scans, newest first (their page in the admin area). */
export async function personAtTheDoor(documents: Documents, { uid }: PersonInput): Promise<PersonAtTheDoor> {
  const [checkins, scans] = await Promise.all([
    documents.collection(Checkins).where('uid', '==', uid).get(),
    documents.collection(Scans).where('uid', '==', uid).orderBy('at', 'desc').limit(50).get(),
  ]);
  const titles = new Map(
    await Promise.all([...new Set(checkins.map((entry) => entry.data.eventId))].map(async (id) => [id, (await documents.collection(Events).doc(id).get()).data?.title ?? null] as const)),
  );
  return {
    admissions: checkins
      .map((entry) => ({ eventId: entry.data.eventId, title: titles.get(entry.data.eventId) ?? null, at: entry.data.at, door: entry.data.device, source: entry.data.source }))
      .sort((a, b) => b.at.getTime() - a.at.getTime()),
    scans: scans.filter((entry) => entry.data.verdict).map((entry) => ({ id: entry.id, eventId: entry.data.eventId, verdict: entry.data.verdict!, mode: entry.data.mode, at: entry.data.at, door: entry.data.device })),
  };
}
