// The door and the bar: a scanned pass code becomes a verdict. Entry admits a member once per
// event (`checkins/{eventId}_{uid}`, a create that fails if it exists, on SQLite and Firestore
// alike); the bar redeems the event's drink allowance one create at a time
// (`drinks/{eventId}_{uid}_{n}`, n = 1..allowance), so two bars scanning at once can never pour
// more. Every scan, admitted or refused, is written to `scans/` under an id made from the
// scanner and its nonce: a retried request gets the first answer instead of a second admission.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { defineCollection, isDocumentsError, type DocumentData, type DocumentRef, type Documents, type WriteData } from '@/server/documents/port';
import { DocumentId } from '@/server/documents/document-id';
import { DomainError } from '@/server/domain-error';
import type { PassKeys } from '@/server/door/pass-keys';
import { Events, type EventDocument } from '@/features/events/events';
import { Users, type UserDocument } from '@/features/identity/users';
import type { Identity } from '@/features/identity/identity';
import { isActiveNow } from '@/features/memberships/membership';
import { parsePassCode, stepAt } from './pass-code';
import { Passes } from './passes';
import { ACCEPTED, CODE_MAX, SCAN_MODES, SCAN_SOURCES, VERDICTS, type ScanMode, type ScanSource, type Verdict } from './scan-terms';

export { SCAN_MODES, type ScanMode, type Verdict };

/** The door opens this long before the event's doors time, and closes at its end. */
export const DOOR_OPENS_BEFORE_MS = 2 * 60 * 60 * 1000;
/** Windows accepted on each side of the current one (clock drift, a slow scan). */
export const STEP_TOLERANCE = 1;

export const Checkins = defineCollection(
  'checkins',
  z.object({
    eventId: z.string(),
    uid: z.string(),
    at: z.date(),
    scannerUid: z.string(),
    scannerName: z.string().nullable(),
    device: z.string(),
    source: z.enum(SCAN_SOURCES),
  }),
);

// `source` is absent on drinks poured before the report named how each drink was scanned.
export const Drinks = defineCollection('drinks', z.object({ eventId: z.string(), uid: z.string(), number: z.number().int().positive(), at: z.date(), scannerUid: z.string(), device: z.string(), source: z.enum(SCAN_SOURCES).optional() }));

/** At the bar, one (pass, window) pours once per event: a replayed code is refused. */
export const CodeUses = defineCollection('codeUses', z.object({ at: z.date() }));

export const ScanDocument = z.object({
  eventId: z.string(),
  mode: z.enum(SCAN_MODES),
  source: z.enum(SCAN_SOURCES),
  /** Null while the scan is being decided (a retry with the same nonce waits for it). */
  verdict: z.enum(VERDICTS).nullable(),
  uid: z.string().nullable(),
  name: z.string().nullable(),
  scannerUid: z.string(),
  device: z.string(),
  at: z.date(),
  /** Verdict details the scanner shows again to a retry (first admission, drinks left). */
  detail: z.object({ firstAt: z.date().nullable(), firstDevice: z.string().nullable(), drinksLeft: z.number().int().nullable() }),
});
export type ScanDocument = z.infer<typeof ScanDocument>;
export const Scans = defineCollection('scans', ScanDocument);

export const ScanInput = z.object({
  eventId: DocumentId,
  mode: z.enum(SCAN_MODES),
  code: z.string().trim().min(1).max(CODE_MAX),
  /** Chosen by the scanner for each scan; a retry sends the same one. */
  nonce: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  source: z.enum(['camera', 'keyboard']),
  /** The door's name for this device ("Front door"), shown with a first admission. */
  device: z.string().trim().min(1).max(60),
});
export type ScanInput = z.input<typeof ScanInput>;

export const ManualAdmitInput = z.object({
  eventId: DocumentId,
  uid: DocumentId,
  nonce: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  device: z.string().trim().min(1).max(60),
});
export type ManualAdmitInput = z.input<typeof ManualAdmitInput>;

export interface ScanResult {
  verdict: Verdict;
  eventId: string;
  mode: ScanMode;
  /** The member, where the code named one: name and photo for the face check. */
  member: { uid: string; displayName: string | null; photoURL: string | null } | null;
  /** alreadyAdmitted: when and at which door the first admission was. */
  firstAt: Date | null;
  firstDevice: string | null;
  /** bar: drinks left after this scan. */
  drinksLeft: number | null;
  at: Date;
  /** The event's figures as this scan was answered. */
  counts: DoorCounts;
}

export interface DoorCounts {
  admitted: number;
  capacity: number;
  drinks: number;
}

export interface DoorPorts {
  documents: Documents;
  keys: PassKeys;
}

/** Whether the event admits now: published, from two hours before doors until its end. */
export function doorIsOpen(event: Pick<EventDocument, 'status' | 'doorsAt' | 'endsAt'>, now: Date): boolean {
  return event.status === 'published' && now.getTime() >= event.doorsAt.getTime() - DOOR_OPENS_BEFORE_MS && now < event.endsAt;
}

/** The scan's document id: one per scanner and nonce, so a retry finds the first answer. */
function scanId(scannerUid: string, nonce: string): string {
  return createHash('sha256').update(`${scannerUid}:${nonce}`).digest('base64url').slice(0, 32);
}

/** A create that makes a verdict true: an admission, a drink, a bar code's use. */
interface Claim {
  ref: DocumentRef<DocumentData>;
  data: DocumentData;
}

interface Decision {
  verdict: Verdict;
  user: (UserDocument & { uid: string }) | null;
  firstAt?: Date | null;
  firstDevice?: string | null;
  drinksLeft?: number | null;
  /** Written with the scan's log in one commit; if one was taken meanwhile, the scan is decided again. */
  claims?: Claim[];
}

function claim<T extends DocumentData>(ref: DocumentRef<T>, data: WriteData<T>): Claim {
  return { ref: ref as unknown as DocumentRef<DocumentData>, data: data as DocumentData };
}

/** Decides a scanned code: the pass, its window, the membership, the door, then entry or bar. */
export async function scanCode(ports: DoorPorts, scanner: Identity, raw: ScanInput, now = new Date()): Promise<ScanResult> {
  const input = ScanInput.parse(raw);
  const code = parsePassCode(input.code);
  return once(ports.documents, scanner, { ...input, source: input.source }, now, async (event) => {
    if (!code) return { verdict: 'invalid', user: null };
    const pass = (await ports.documents.collection(Passes).doc(code.passId).get()).data;
    // Unknown pass, another pass's key, a rotated (older) version: all the same to the door.
    if (!pass || !ports.keys.verifies(code, pass.version)) return { verdict: 'invalid', user: null };
    const current = stepAt(now.getTime());
    if (code.step > current + STEP_TOLERANCE) return { verdict: 'invalid', user: null };
    const user = await readUser(ports.documents, pass.uid);
    if (code.step < current - STEP_TOLERANCE) return { verdict: 'expiredCode', user };
    if (!user || !hasActiveMembership(user, now)) return { verdict: 'noMembership', user };
    if (!doorIsOpen(event, now)) return { verdict: 'notOnTonight', user };
    if (input.mode === 'entry') return admit(ports.documents, user, scanner, input.device, input.source, now, input.eventId);
    if (!(await ports.documents.collection(Checkins).doc(`${input.eventId}_${user.uid}`).get()).exists) return { verdict: 'notCheckedIn', user };
    // One (pass, window) pours once: the same code scanned again is a replay. (At the door the
    // admission itself is once per event, whatever the code.)
    const use = ports.documents.collection(CodeUses).doc(`${input.eventId}.bar.${code.passId}.${code.step}`);
    if ((await use.get()).exists) return { verdict: 'expiredCode', user };
    const decision = await pour(ports.documents, event, user, scanner, input.device, input.source, now, input.eventId);
    // The drink before the code's use: the drink number is what every bar contends for.
    return decision.claims ? { ...decision, claims: [...decision.claims, claim(use, { at: now })] } : decision;
  });
}

/** Admits a member whose phone cannot show the pass, after the door has checked who they are. */
export async function admitManually(ports: DoorPorts, scanner: Identity, raw: ManualAdmitInput, now = new Date()): Promise<ScanResult> {
  const input = ManualAdmitInput.parse(raw);
  return once(ports.documents, scanner, { ...input, mode: 'entry', source: 'manual' }, now, async (event) => {
    const user = await readUser(ports.documents, input.uid);
    if (!user) throw new DomainError('not-found', 'userNotFound');
    if (!hasActiveMembership(user, now)) return { verdict: 'noMembership', user };
    if (!doorIsOpen(event, now)) return { verdict: 'notOnTonight', user };
    return admit(ports.documents, user, scanner, input.device, 'manual', now, input.eventId);
  });
}

function hasActiveMembership(user: UserDocument, now: Date): boolean {
  return user.membership !== null && isActiveNow({ status: 'active', ...user.membership }, now);
}

async function readUser(documents: Documents, uid: string) {
  const user = (await documents.collection(Users).doc(uid).get()).data;
  return user ? { ...user, uid } : null;
}

function isAlreadyExists(error: unknown): boolean {
  return isDocumentsError(error, 'already-exists');
}

/** Each lost race means another door took a claim first, so a scan settles in a few rounds. */
const MAX_DECISIONS = 20;

/**
 * Runs a scan once per scanner and nonce, in one commit: the scan's log (with its verdict) and
 * what the verdict claims (an admission, a drink) are created together, so a scan costs one write
 * to the store and is never logged without its effect or the other way round. When a create fails
 * because the document exists, either a retry of this very scan was answered first (its log
 * exists: that answer is returned) or another door claimed the admission or drink meanwhile: the
 * scan is decided again and now sees it.
 */
async function once(
  documents: Documents,
  scanner: Identity,
  input: { eventId: string; nonce: string; mode: ScanMode; source: ScanSource; device: string },
  now: Date,
  decide: (event: EventDocument) => Promise<Decision>,
): Promise<ScanResult> {
  const event = (await documents.collection(Events).doc(input.eventId).get()).data;
  if (!event) throw new DomainError('not-found', 'eventNotFound');
  const ref = documents.collection(Scans).doc(scanId(scanner.uid, input.nonce));
  for (let round = 0; round < MAX_DECISIONS; round++) {
    const decision = await decide(event);
    const detail = { firstAt: decision.firstAt ?? null, firstDevice: decision.firstDevice ?? null, drinksLeft: decision.drinksLeft ?? null };
    const batch = documents.batch();
    // Claims first, the most contended first: where a store applies a batch's creates one by one
    // (the Firestore stand-in), a lost claim then stops it before anything else is written.
    for (const { ref: claimed, data } of decision.claims ?? []) batch.create(claimed, data);
    batch.create(ref, {
      eventId: input.eventId,
      mode: input.mode,
      source: input.source,
      verdict: decision.verdict,
      uid: decision.user?.uid ?? null,
      name: decision.user?.displayName ?? decision.user?.email ?? null,
      scannerUid: scanner.uid,
      device: input.device,
      at: now,
      detail,
    });
    try {
      await batch.commit();
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
      if ((await ref.get()).exists) return firstAnswer(documents, event, ref.id);
      continue;
    }
    return result(input.eventId, input.mode, decision.verdict, decision.user, detail, now, await doorCounts(documents, input.eventId, event));
  }
  throw new DomainError('conflict', 'scanStillRunning');
}

async function firstAnswer(documents: Documents, event: EventDocument, id: string): Promise<ScanResult> {
  const ref = documents.collection(Scans).doc(id);
  // Scans logged before a scan became one commit were claimed first and decided after: a log
  // without its verdict yet is waited for.
  for (let attempt = 0; attempt < 50; attempt++) {
    const scan = (await ref.get()).data;
    if (scan?.verdict) {
      const [user, counts] = await Promise.all([scan.uid ? readUser(documents, scan.uid) : null, doorCounts(documents, scan.eventId, event)]);
      return result(scan.eventId, scan.mode, scan.verdict, user, scan.detail, scan.at, counts);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new DomainError('conflict', 'scanStillRunning');
}

/** An event's admissions and drinks, counted (an index lookup on each backend, no documents read). */
export async function doorCounts(documents: Documents, eventId: string, event: Pick<EventDocument, 'capacity'>): Promise<DoorCounts> {
  const [admitted, drinks] = await Promise.all([
    documents.collection(Checkins).where('eventId', '==', eventId).count(),
    documents.collection(Drinks).where('eventId', '==', eventId).count(),
  ]);
  return { admitted, capacity: event.capacity, drinks };
}

export const CountsOfInput = z.object({ eventIds: z.array(DocumentId).min(1).max(50) });

/** Several events' admissions and drinks at once (a page of the admins' event list). */
export async function countsOf(documents: Documents, raw: z.input<typeof CountsOfInput>): Promise<Record<string, DoorCounts>> {
  const input = CountsOfInput.parse(raw);
  const entries = await Promise.all(
    [...new Set(input.eventIds)].map(async (eventId) => {
      const event = (await documents.collection(Events).doc(eventId).get()).data;
      return event ? ([eventId, await doorCounts(documents, eventId, event)] as const) : null;
    }),
  );
  return Object.fromEntries(entries.filter((entry) => entry !== null));
}

function result(
  eventId: string,
  mode: ScanMode,
  verdict: Verdict,
  user: (UserDocument & { uid: string }) | null,
  detail: ScanDocument['detail'],
  at: Date,
  counts: DoorCounts,
): ScanResult {
  return {
    verdict,
    eventId,
    mode,
    member: user ? { uid: user.uid, displayName: user.displayName ?? user.email, photoURL: user.photoURL } : null,
    firstAt: detail.firstAt,
    firstDevice: detail.firstDevice,
    drinksLeft: detail.drinksLeft,
    at,
    counts,
  };
}

/** Entry: the first admission to the event claims `checkins/{eventId}_{uid}`; any later one sees it. */
async function admit(
  documents: Documents,
  user: UserDocument & { uid: string },
  scanner: Identity,
  device: string,
  source: ScanSource,
  now: Date,
  eventId: string,
): Promise<Decision> {
  const ref = documents.collection(Checkins).doc(`${eventId}_${user.uid}`);
  const first = (await ref.get()).data;
  if (first) return { verdict: 'alreadyAdmitted', user, firstAt: first.at, firstDevice: first.device };
  return { verdict: 'admitted', user, claims: [claim(ref, { eventId, uid: user.uid, at: now, scannerUid: scanner.uid, scannerName: scanner.displayName ?? scanner.email, device, source })] };
}

/** Bar: the next drink number claims `drinks/{eventId}_{uid}_{n}`, so concurrent bars never pour the same one. */
async function pour(
  documents: Documents,
  event: EventDocument,
  user: UserDocument & { uid: string },
  scanner: Identity,
  device: string,
  source: ScanSource,
  now: Date,
  eventId: string,
): Promise<Decision> {
  const poured = await documents.collection(Drinks).where('eventId', '==', eventId).where('uid', '==', user.uid).count();
  const number = poured + 1;
  if (number > event.drinkAllowance) return { verdict: 'noDrinksLeft', user, drinksLeft: 0 };
  return {
    verdict: 'drinkRedeemed',
    user,
    drinksLeft: event.drinkAllowance - number,
    claims: [claim(documents.collection(Drinks).doc(`${eventId}_${user.uid}_${number}`), { eventId, uid: user.uid, number, at: now, scannerUid: scanner.uid, device, source })],
  };
}

// ---- what the door and the member see ----

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

export interface DoorActivity {
  admitted: number;
  capacity: number;
  drinks: number;
  /** Refused scans by verdict (entry and bar). */
  refused: Partial<Record<Verdict, number>>;
  recent: { id: string; verdict: Verdict; name: string | null; mode: ScanMode; source: ScanSource; device: string; at: Date }[];
}

/** The door's figures for an event and its latest scans (the scanner's live panel, /admin). */
export async function doorActivity(documents: Documents, eventId: string): Promise<DoorActivity> {
  const event = (await documents.collection(Events).doc(eventId).get()).data;
  if (!event) throw new DomainError('not-found', 'eventNotFound');
  const refusals = VERDICTS.filter((verdict) => !ACCEPTED.includes(verdict));
  const [counts, scans, refusedCounts] = await Promise.all([
    doorCounts(documents, eventId, event),
    documents.collection(Scans).where('eventId', '==', eventId).orderBy('at', 'desc').limit(RECENT_SCANS).get(),
    Promise.all(refusals.map((verdict) => documents.collection(Scans).where('eventId', '==', eventId).where('verdict', '==', verdict).count())),
  ]);
  const refused: Partial<Record<Verdict, number>> = {};
  refusals.forEach((verdict, index) => {
    if (refusedCounts[index]) refused[verdict] = refusedCounts[index];
  });
  return {
    ...counts,
    refused,
    recent: scans
      .filter((scan) => scan.data.verdict !== null)
      .map((scan) => ({ id: scan.id, verdict: scan.data.verdict!, name: scan.data.name, mode: scan.data.mode, source: scan.data.source, device: scan.data.device, at: scan.data.at })),
  };
}

export interface MemberNight {
  event: DoorEvent | null;
  checkedInAt: Date | null;
  drinksUsed: number;
  drinksLeft: number;
}

/** The member's night: the event whose door is open (else the next), their admission and drinks. */
export async function memberNight(documents: Documents, uid: string, now = new Date()): Promise<MemberNight> {
  const [event] = await doorEvents(documents, now).then((events) => events.filter((candidate) => candidate.open || candidate.startsAt > now));
  if (!event) return { event: null, checkedInAt: null, drinksUsed: 0, drinksLeft: 0 };
  const [checkin, drinks] = await Promise.all([
    documents.collection(Checkins).doc(`${event.id}_${uid}`).get(),
    documents.collection(Drinks).where('eventId', '==', event.id).where('uid', '==', uid).count(),
  ]);
  return { event, checkedInAt: checkin.data?.at ?? null, drinksUsed: drinks, drinksLeft: Math.max(0, event.drinkAllowance - drinks) };
}

export const DoorSearchInput = z.object({ eventId: DocumentId, query: z.string().trim().min(2).max(80) });

export interface DoorSearchHit {
  uid: string;
  displayName: string | null;
  email: string | null;
  photoURL: string | null;
  member: boolean;
  checkedInAt: Date | null;
}

/** People by name or e-mail prefix, for admitting someone whose phone died. */
export async function searchAtDoor(documents: Documents, raw: z.input<typeof DoorSearchInput>, now = new Date()): Promise<DoorSearchHit[]> {
  const input = DoorSearchInput.parse(raw);
  const term = input.query.toLowerCase().split(/\s+/)[0]!;
  const users = await documents.collection(Users).where('searchTerms', 'array-contains', term).limit(10).get();
  return Promise.all(
    users.map(async (user) => ({
      uid: user.id,
      displayName: user.data.displayName,
      email: user.data.email,
      photoURL: user.data.photoURL,
      member: hasActiveMembership(user.data, now),
      checkedInAt: (await documents.collection(Checkins).doc(`${input.eventId}_${user.id}`).get()).data?.at ?? null,
    })),
  );
}

// ---- what admins take away ----

export const DOOR_REPORT_COLUMNS = ['kind', 'at', 'name', 'email', 'door', 'source', 'drink'] as const;
export type DoorReportColumn = (typeof DOOR_REPORT_COLUMNS)[number];

export interface DoorReportRow {
  kind: 'admission' | 'drink';
  at: Date;
  name: string;
  email: string;
  door: string;
  /** How the pass was read; null for a drink poured before drinks recorded it. */
  source: ScanSource | null;
  /** The drink's number for this person tonight; null for an admission. */
  drink: number | null;
}

/** One line per admission and per drink of an event, oldest first, for the admins' CSV. */
export async function doorReport(documents: Documents, eventId: string): Promise<DoorReportRow[]> {
  const event = (await documents.collection(Events).doc(eventId).get()).data;
  if (!event) throw new DomainError('not-found', 'eventNotFound');
  const [checkins, drinks] = await Promise.all([
    documents.collection(Checkins).where('eventId', '==', eventId).get(),
    documents.collection(Drinks).where('eventId', '==', eventId).get(),
  ]);
  const uids = [...new Set([...checkins, ...drinks].map((entry) => entry.data.uid))];
  const people = new Map(await Promise.all(uids.map(async (uid) => [uid, (await documents.collection(Users).doc(uid).get()).data] as const)));
  const who = (uid: string) => ({ name: people.get(uid)?.displayName ?? '', email: people.get(uid)?.email ?? '' });
  return [
    ...checkins.map(({ data }): DoorReportRow => ({ kind: 'admission', at: data.at, ...who(data.uid), door: data.device, source: data.source, drink: null })),
    ...drinks.map(({ data }): DoorReportRow => ({ kind: 'drink', at: data.at, ...who(data.uid), door: data.device, source: data.source ?? null, drink: data.number })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The words of the CSV in the admin's language: column headings, kinds of line and how a pass was read. */
export interface DoorReportWords {
  columns: Record<DoorReportColumn, string>;
  kinds: Record<DoorReportRow['kind'], string>;
  sources: Record<ScanSource, string>;
}

/** The report's lines as the CSV's cells: times in UTC (ISO 8601), everything else in the admin's words. */
export function doorReportCells(rows: readonly DoorReportRow[], words: DoorReportWords): Record<DoorReportColumn, string>[] {
  return rows.map((row) => ({
    kind: words.kinds[row.kind],
    at: row.at.toISOString(),
    name: row.name,
    email: row.email,
    door: row.door,
    source: row.source ? words.sources[row.source] : '',
    drink: row.drink === null ? '' : String(row.drink),
  }));
}

/**
 * RFC 4180 CSV (with another delimiter where a language's spreadsheets expect one: German Excel
 * splits on semicolons). A cell that a spreadsheet would run as a formula is prefixed with an
 * apostrophe.
 */
export function toCsv<K extends string>(
  columns: readonly K[],
  rows: readonly Record<K, string>[],
  { headings, delimiter = ',' }: { headings?: Record<K, string>; delimiter?: ',' | ';' } = {},
): string {
  const special = new RegExp(`["${delimiter}\n\r]`);
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return special.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const line = (cells: string[]) => cells.map(cell).join(delimiter);
  return [line(columns.map((column) => headings?.[column] ?? column)), ...rows.map((row) => line(columns.map((column) => row[column])))].join('\r\n') + '\r\n';
}

export interface PersonAtTheDoor {
  admissions: { eventId: string; title: EventDocument['title'] | null; at: Date; door: string; source: ScanSource }[];
  scans: { id: string; eventId: string; verdict: Verdict; mode: ScanMode; at: Date; door: string }[];
}

/** A person's admissions and scans, newest first (their page in the admin area). */
export async function personAtTheDoor(documents: Documents, uid: string): Promise<PersonAtTheDoor> {
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
