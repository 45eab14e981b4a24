// The door and the bar: a scanned pass code becomes a verdict. Entry admits a member once per
// event (`checkins/{eventId}_{uid}`, a create that fails if it exists, on SQLite and Firestore
// alike); the bar redeems the event's drink allowance one create at a time
// (`drinks/{eventId}_{uid}_{n}`, n = 1..allowance), so two bars scanning at once can never pour
// more. Every scan, admitted or refused, is written to `scans/` under an id made from the
// scanner and its nonce: a retried request gets the first answer instead of a second admission.
// Also admitting by hand, for a member whose phone cannot show the pass. Tickets (decision 050) go
// the same way: a ticket's door records name it by its door key (`ticket:<id>`) where a member's
// name the uid, and a guest-list entry's party ("+3") is admitted, leaves and comes back with its
// holder: one admission, exit or re-entry per person, so every count stays a count.
// The door's rules (decision 052): an event's capacity is kept, each entry claiming the next of
// its places (`places/{eventId}_{n}`) in its commit, so racing doors never let in more than it
// holds; a full door may "Admit anyway" with a reason, recorded for the admins. A person on the
// house ban list is "Not admitted", as a disabled account is: door staff never see why.
// Which verdict a scan gets, in which order of checks, is ./admission.ts, which the door phone
// without signal decides by too: here is what the server reads for it and what each verdict writes.
import 'server-only';
import { createHash } from 'node:crypto';
import { isDocumentsError, serverTimestamp, type DocumentData, type DocumentRef, type Documents, type WriteData } from '@/server/documents/port';
import { DomainError } from '@/server/domain-error';
import { Events, type EventDocument } from '@/features/events/events';
import { Users, type UserDocument } from '@/features/identity/users';
import type { Identity } from '@/access/identity';
import { parsePassCode, type PassCode } from './pass-code';
import { codeVerifies, passOwner, Passes, rememberPassOwner, signingKey, type DoorPorts, type SigningKey } from './passes';
import { CapacityOverrides, Checkins, CodeUses, DoorConflicts, Drinks, Exits, Places, Reentries, Scans, type CheckinDocument, type DoorFlag, type ScanDocument } from './door-records';
import type { AdmitAnywayInput, ManualAdmitInput, OfflineDecision, ScanInput, UploadInput } from './door.inputs';
import { banOf } from '@/features/bans/bans';
import {
  codeWindow,
  doorIsOpen,
  drinkAllowance,
  entryVerdict,
  exitVerdict,
  memberVerdict,
  membershipAdmits,
  passCodeVerdict,
  peopleOf,
  standingOf,
  takesPastCapacity,
  ticketCodeVerdict,
  ticketVerdict,
  type MemberSeen,
  type NightAt,
  type Outcome,
  type Standing,
  type TicketSeen,
} from './admission';
import { doorCounts, tallyDoor, type DoorCounts } from './door-figures';
import { ACCEPTED, type ScanMode, type ScanSource, type TicketKind, type Verdict } from './constants';
import { parseTicketCode, type TicketCode } from './ticket-code';
import { ticketDoorKey, ticketIdOfKey, Tickets, type TicketDocument } from './ticket-records';
import { storedPhoto } from '@/features/identity/avatar-access';
import { nameAtDoor } from './door-names';

export interface ScanResult {
  verdict: Verdict;
  eventId: string;
  mode: ScanMode;
  /** The member, where the code named one: name and photo for the face check. */
  member: { uid: string; displayName: string | null; photoURL: string | null } | null;
  /** The ticket, where the code named one: whose it is, whose guest, and how many it admits. */
  ticket: TicketAtDoor | null;
  /** alreadyAdmitted: when and at which door the first admission was. */
  firstAt: Date | null;
  firstDevice: string | null;
  /** bar: drinks left after this scan. */
  drinksLeft: number | null;
  at: Date;
  /** The event's figures as this scan was answered. */
  counts: DoorCounts;
}

/** What the door shows of a ticket: "Admitted · Guest of Mia Member", "Guest list · Kai +3". */
export interface TicketAtDoor {
  id: string;
  kind: TicketKind;
  name: string;
  sponsorName: string | null;
  /** People with the holder ("+3"). */
  party: number;
}

type KnownTicket = TicketDocument & { id: string };

function ticketAtDoor(ticket: KnownTicket): TicketAtDoor {
  return { id: ticket.id, kind: ticket.kind, name: ticket.holder.name, sponsorName: ticket.sponsorName, party: ticket.party };
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
  ticket?: KnownTicket | null;
  firstAt?: Date | null;
  firstDevice?: string | null;
  drinksLeft?: number | null;
  /** Written with the scan's log in one commit; if one was taken meanwhile, the scan is decided again. */
  claims?: Claim[];
  /** Written after the scan's log in the same commit (an offline scan's flag): never contended. */
  records?: Claim[];
  /** What the scan's log says beside the verdict: refused for a ban, admitted past capacity. */
  log?: Pick<ScanDocument, 'banned' | 'override'>;
  /** The entry took the event past its capacity (by "Admit anyway", or an offline door's). */
  pastCapacity?: boolean;
}

/** "Admit anyway": the reason a door gives for letting someone in past the capacity. */
interface Override {
  reason: string;
  offline: boolean;
}

/** Where, how and when a scan is made: what an admission or a drink records of it. */
interface ScanAt {
  eventId: string;
  scanner: Identity;
  device: string;
  source: ScanSource;
  now: Date;
}

function claim<T extends DocumentData>(ref: DocumentRef<T>, data: WriteData<T>): Claim {
  return { ref: ref as unknown as DocumentRef<DocumentData>, data: data as DocumentData };
}

/** Decides a scanned code by the door's rules: the pass, its window, the member, the door, then entry, exit or bar. */
export async function scanCode(ports: DoorPorts, scanner: Identity, input: ScanInput, now = new Date()): Promise<ScanResult> {
  const ticketCode = parseTicketCode(input.code);
  if (ticketCode) return scanTicket(ports, scanner, input, ticketCode, now);
  const code = parsePassCode(input.code);
  const at: ScanAt = { eventId: input.eventId, scanner, device: input.device, source: input.source, now };
  const barCode = code && input.mode === 'bar' ? code : null;
  // Read alongside the event (one round trip): the pass the code names, and, where this server
  // knows whose pass it is (its id never changes owner), everything about the member too.
  const passRead = code ? ports.documents.collection(Passes).doc(code.passId).get().then((snapshot) => snapshot.data) : Promise.resolve(undefined);
  const owner = code ? passOwner(code.passId) : undefined;
  const early = owner ? memberFacts(ports.documents, input.eventId, owner, barCode, now) : null;
  return once({ documents: ports.documents, scanner, scan: input, now, prefetch: Promise.all([passRead, early]) }, async (event, round) => {
    if (!code) return { verdict: 'invalid', user: null };
    const pass = await passRead;
    // Unknown pass, another phone's key, a renewed (older) version: all the same to the door, but
    // for a disabled account, whose key ended with it: its phone still signs, and is shut out.
    const verifies = pass ? await codeVerifies(ports.keys, code, pass) : false;
    const holder = pass && !verifies ? await readUser(ports.documents, pass.uid) : null;
    if (pass && verifies) rememberPassOwner(code.passId, pass.uid);
    const refused = passCodeVerdict(code.step, now, { verifies, holderShutOut: holder?.disabled ?? false });
    if (refused || !pass) return { verdict: refused ?? 'invalid', user: refused === 'notAdmitted' ? holder : null };
    // Everything a verdict may need of the member: read already, or in one more round trip (the
    // pass's first scan on this server, or a decision made again after another door's claim).
    const facts = round === 0 && early && owner === pass.uid ? await early : await memberFacts(ports.documents, input.eventId, pass.uid, barCode, now);
    const person = facts.user ? memberAtDoor({ ...facts, user: facts.user }) : null;
    const outcome = memberVerdict({ mode: input.mode, now, by: 'code', step: code.step, anyway: false }, nightAt(event, now, facts), person && memberAt(facts, person, now));
    const decision = carryOut(ports.documents, outcome, person, at, { capacity: event.capacity, override: null }, event);
    if (outcome !== 'drinkRedeemed') return decision;
    // One (pass, window) pours once: the drink before the code's use, as the drink number is what
    // every bar contends for. (At the door the admission itself is once per event, whatever the code.)
    const use = ports.documents.collection(CodeUses).doc(codeUseId(input.eventId, code));
    return { ...decision, claims: [...decision.claims!, claim(use, { at: now })] };
  });
}

/**
 * Decides a ticket's code: the server's signature, the ticket (cancelled, another night's), the
 * door's hours, then entry, exit or bar. The code is static: the admission is once per ticket and
 * event, so a screenshot gets in once, and the bar pours the event's guest drinks per person.
 */
async function scanTicket(ports: DoorPorts, scanner: Identity, input: ScanInput, code: TicketCode, now: Date): Promise<ScanResult> {
  const at: ScanAt = { eventId: input.eventId, scanner, device: input.device, source: input.source, now };
  const { documents } = ports;
  const key = ticketDoorKey(code.ticketId);
  // Read alongside the event: the ticket, and what the door recorded of it tonight.
  const ticketRead = readTicket(documents, code.ticketId);
  const banRead = ticketRead.then((ticket) => holderBanned(documents, ticket, now));
  const early = doorFacts(documents, input.eventId, key, input.mode === 'bar' ? { codeUse: null } : null);
  return once({ documents, scanner, scan: input, now, prefetch: Promise.all([ticketRead, banRead, early]) }, async (event, round) => {
    // Only the server's key makes a ticket: a code it did not sign names nobody.
    const forged = ticketCodeVerdict(ports.tickets?.verifies(code) ?? false);
    if (forged) return { verdict: forged, user: null };
    const [ticket, banned, facts] = await Promise.all([ticketRead, banRead, round === 0 ? early : doorFacts(documents, input.eventId, key, input.mode === 'bar' ? { codeUse: null } : null)]);
    const holder = ticket && holderAtDoor(facts, ticket);
    const outcome = ticketVerdict({ mode: input.mode, now, by: 'code', anyway: false }, nightAt(event, now, facts), holder && ticketAt(holder, input.eventId, banned));
    return carryOut(documents, outcome, holder, at, { capacity: event.capacity, override: null }, event);
  });
}

/** Admits a guest-list entry by name (its holder checked against their ID), with its party. */
async function admitTicketByName(ports: DoorPorts, scanner: Identity, input: ManualAdmitInput, ticketId: string, now: Date): Promise<ScanResult> {
  const { documents } = ports;
  const key = ticketDoorKey(ticketId);
  const ticketRead = readTicket(documents, ticketId);
  const banRead = ticketRead.then((ticket) => holderBanned(documents, ticket, now));
  const early = doorFacts(documents, input.eventId, key, null);
  return once({ documents, scanner, scan: { ...input, mode: 'entry', source: 'manual' }, now, prefetch: Promise.all([ticketRead, banRead, early]) }, async (event, round) => {
    const [ticket, banned, facts] = await Promise.all([ticketRead, banRead, round === 0 ? early : doorFacts(documents, input.eventId, key, null)]);
    const holder = ticket && holderAtDoor(facts, ticket);
    const outcome = ticketVerdict({ mode: 'entry', now, by: 'name', anyway: false }, nightAt(event, now, facts), holder && ticketAt(holder, input.eventId, banned));
    // A closed door names nobody: the answer says nothing of the ticket asked for.
    if (outcome === 'notOnTonight') return { verdict: outcome, user: null };
    return carryOut(documents, outcome, holder, { eventId: input.eventId, scanner, device: input.device, source: 'manual', now }, { capacity: event.capacity, override: null }, event);
  });
}

/** Admits a member whose phone cannot show the pass, after the door has checked who they are; or a guest-list entry by name. */
export async function admitManually(ports: DoorPorts, scanner: Identity, input: ManualAdmitInput, now = new Date()): Promise<ScanResult> {
  const ticketId = ticketIdOfKey(input.uid);
  if (ticketId) return admitTicketByName(ports, scanner, input, ticketId, now);
  // The member is known: what the verdict needs of them is read alongside the event.
  const first = memberFacts(ports.documents, input.eventId, input.uid, null, now);
  return once({ documents: ports.documents, scanner, scan: { ...input, mode: 'entry', source: 'manual' }, now, prefetch: first }, async (event, round) => {
    const facts = round === 0 ? await first : await memberFacts(ports.documents, input.eventId, input.uid, null, now);
    const person = facts.user ? memberAtDoor({ ...facts, user: facts.user }) : null;
    const outcome = memberVerdict({ mode: 'entry', now, by: 'name', anyway: false }, nightAt(event, now, facts), person && memberAt(facts, person, now));
    // A closed door names nobody: the answer says nothing of the member asked for.
    if (outcome === 'notOnTonight') return { verdict: outcome, user: null };
    return carryOut(ports.documents, outcome, person, { eventId: input.eventId, scanner, device: input.device, source: 'manual', now }, { capacity: event.capacity, override: null }, event);
  });
}

/** How long after a "Full" the door may admit that person anyway (the reason is typed meanwhile). */
export const OVERRIDE_WINDOW_MS = 10 * 60 * 1000;

/**
 * "Admit anyway": the person a scan of this door found "Full" a moment ago is let in past the
 * capacity, with the door's reason recorded for the admins (`capacityOverrides/`). Who it is comes
 * from that scan's log, never from the request: the code was checked then, and everything else is
 * checked again now (the door's hours, the membership or ticket, a ban). Where a place came free
 * meanwhile it is a plain admission, and nothing is overridden.
 */
export async function admitAnyway(ports: DoorPorts, scanner: Identity, input: AdmitAnywayInput, now = new Date()): Promise<ScanResult> {
  const { documents } = ports;
  const full = (await documents.collection(Scans).doc(scanId(scanner.uid, input.fullNonce)).get()).data;
  const recent = full && now.getTime() - full.at.getTime() <= OVERRIDE_WINDOW_MS;
  if (!full || full.verdict !== 'full' || full.eventId !== input.eventId || !full.uid || !recent) throw new DomainError('conflict', 'overrideNotFull');
  const key = full.uid;
  const ticketId = ticketIdOfKey(key);
  const at: ScanAt = { eventId: input.eventId, scanner, device: input.device, source: full.source, now };
  const limit = (event: EventDocument): Limit => ({ capacity: event.capacity, override: { reason: input.reason, offline: false } });
  const scan = { eventId: input.eventId, nonce: input.nonce, mode: 'entry' as const, source: full.source, device: input.device };
  const asked = { mode: 'entry', now, by: 'override', anyway: true } as const;
  if (ticketId) {
    const ticketRead = readTicket(documents, ticketId);
    const banRead = ticketRead.then((ticket) => holderBanned(documents, ticket, now));
    return once({ documents, scanner, scan, now, prefetch: Promise.all([ticketRead, banRead]) }, async (event) => {
      const [ticket, banned, facts] = await Promise.all([ticketRead, banRead, doorFacts(documents, input.eventId, key, null)]);
      const holder = ticket && holderAtDoor(facts, ticket);
      const outcome = ticketVerdict(asked, nightAt(event, now, facts), holder && ticketAt(holder, input.eventId, banned));
      return carryOut(documents, outcome, holder, at, limit(event), event);
    });
  }
  return once({ documents, scanner, scan, now, prefetch: Promise.resolve() }, async (event) => {
    const facts = await memberFacts(documents, input.eventId, key, null, now);
    const person = facts.user ? memberAtDoor({ ...facts, user: facts.user }) : null;
    const outcome = memberVerdict(asked, nightAt(event, now, facts), person && memberAt(facts, person, now));
    return carryOut(documents, outcome, person, at, limit(event), event);
  });
}

/** What became of an uploaded offline scan: recorded now, or known already (an earlier upload, or its online attempt). */
export type UploadStatus = 'recorded' | 'known';

/**
 * A door's queue of scans decided without signal, recorded in the door's order (a member's exit
 * after their admission). A scan the server can never record (its event deleted meanwhile) is
 * `rejected` and does not hold up the rest of the queue: the door is told, and shows it. Any other
 * failure ends the upload, and the door sends the queue again later.
 */
export async function recordUploads(ports: DoorPorts, scanner: Identity, { decisions }: UploadInput, now = new Date()): Promise<{ results: { nonce: string; status: UploadStatus | 'rejected' }[] }> {
  const results: { nonce: string; status: UploadStatus | 'rejected' }[] = [];
  for (const decision of decisions) {
    try {
      results.push({ nonce: decision.nonce, status: await recordOffline(ports, scanner, decision, now) });
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'not-found') throw error;
      results.push({ nonce: decision.nonce, status: 'rejected' });
    }
  }
  return { results };
}

/** How far a door's clock, corrected to server time, may be off: half a round trip, and a margin. */
export const CLOCK_SKEW_MS = 5_000;

/**
 * Records a scan a door decided without signal (decision 043): as it was decided, never decided
 * again, once per scanner and nonce (an upload retried, or the online attempt that timed out and
 * reached the server after all, finds the first record). What it let happen is written as it
 * happened: an admission (or a re-entry, when the member was out at the time decided), an exit.
 * What the server knows better is flagged for the admins, not undone: a member admitted twice
 * (two offline doors, offline after online, or in already at the time decided), an admission from
 * an out-of-date list, by name, or of a disabled account. A decision no door could honestly have
 * made that night is never an admission, only a flag (decision 046): a code that does not verify,
 * a time outside the door's hours or the event not published, a time after the upload, before the
 * list or before the key that signed the code, a code of another window than the decision's.
 */
export async function recordOffline(ports: DoorPorts, scanner: Identity, input: OfflineDecision, now = new Date()): Promise<UploadStatus> {
  const log = ports.documents.collection(Scans).doc(scanId(scanner.uid, input.nonce));
  const ticketCode = input.code ? parseTicketCode(input.code) : null;
  const ticketId = ticketCode?.ticketId ?? (input.uid ? ticketIdOfKey(input.uid) : null);
  const code = input.code && !ticketCode ? parsePassCode(input.code) : null;
  const [logged, pass, ticket] = await Promise.all([
    log.get(),
    code ? ports.documents.collection(Passes).doc(code.passId).get().then((snapshot) => snapshot.data) : undefined,
    ticketId ? readTicket(ports.documents, ticketId) : null,
  ]);
  // Judged at the time the door gives; written no later than the upload, so the log stays in order.
  const decidedAt = input.decidedAt;
  const at = decidedAt.getTime() > now.getTime() ? now : decidedAt;
  const key = ticketId ? ticketDoorKey(ticketId) : (input.uid ?? pass?.uid ?? null);
  const accepted = input.verdict === 'admitted' || input.verdict === 'welcomeBack' || input.verdict === 'exited';
  const place: ScanAt = { eventId: input.eventId, scanner, device: input.device, source: input.source, now: at };
  if (logged.exists) {
    await flagOverruled(ports.documents, { id: log.id, logged: logged.data!, verdict: input.verdict, place, recordedAt: now });
    return 'known';
  }
  const scan = { ...input, at, offline: { listAt: input.listAt, uploadedAt: now } };
  // "Admit anyway" without signal: recorded with its reason, as at an online door.
  const override: Override | null = input.override ? { reason: input.override.reason, offline: true } : null;
  const flagOf =
    (uid: string) =>
    (kind: DoorFlag, first: CheckinDocument | null = null): Claim =>
      claim(ports.documents.collection(DoorConflicts).doc(log.id), doorConflict({ uid, kind, first, place, recordedAt: now }));
  await once({ documents: ports.documents, scanner, scan, now, prefetch: Promise.resolve() }, async (event) => {
    if (ticketId) {
      const decision: Decision = { verdict: input.verdict, user: null, ticket };
      if (!accepted) return decision;
      const flag = flagOf(key!);
      // Signed by the server's key, and a ticket it knows: else nothing is claimed.
      if ((ticketCode && !ports.tickets?.verifies(ticketCode)) || !ticket) return { ...decision, records: [flag('badCode')] };
      if (ticket.eventId !== input.eventId) return { ...decision, records: [flag('outsideNight')] };
      const unbound = unboundDecision({ event, input, code: null, key: null, uploadedAt: now });
      if (unbound) return { ...decision, records: [flag(unbound)] };
      const [facts, bannedThen] = await Promise.all([doorFacts(ports.documents, input.eventId, key!, null), holderBanned(ports.documents, ticket, decidedAt)]);
      const holder = holderAtDoor(facts, ticket);
      if (input.verdict === 'exited') return { ...decision, claims: leave(ports.documents, holder, place).claims };
      const cancelledThen = ticket.state === 'cancelled' && ticket.cancelledAt !== null && ticket.cancelledAt.getTime() <= decidedAt.getTime();
      // By name, only a guest-list entry valid at the time decided: nothing else proves who it was.
      if (input.source === 'manual' && (ticket.kind !== 'guestList' || cancelledThen || bannedThen)) return { ...decision, records: [flag(bannedThen ? 'banned' : 'byNameNotListed')] };
      return offlineEntry(ports.documents, holder, place, { decision, flag, limit: { capacity: event.capacity, override, uploaded: true } }, bannedThen ? 'banned' : cancelledThen ? 'staleList' : input.source === 'manual' ? 'byNameOffline' : null);
    }
    // Banned or not at the time decided: a ban that began after it was not the door's to know.
    const facts = key ? await memberFacts(ports.documents, input.eventId, key, null, decidedAt) : null;
    const user = facts?.user ?? null;
    const decision: Decision = { verdict: input.verdict, user };
    if (!accepted || !facts?.user) return decision;
    const member = memberAtDoor({ ...facts, user: facts.user });
    const flag = flagOf(facts.user.uid);
    // Signed by a key of the pass (the current one, or one replaced since): else nothing is claimed.
    const signer = code ? await signingKey(code, pass!) : null;
    if (code && !signer) return { ...decision, records: [flag('badCode')] };
    const unbound = unboundDecision({ event, input, code, key: signer, uploadedAt: now });
    if (unbound) return { ...decision, records: [flag(unbound)] };
    if (input.verdict === 'exited') return { ...decision, claims: leave(ports.documents, member, place).claims };
    const lapsed = !membershipAdmits(facts.user.membership, decidedAt) || (signer?.until != null && signer.until.getTime() < decidedAt.getTime());
    // By name, nothing proves the member was there: the online door's checks hold, at the time decided.
    if (input.source === 'manual' && (facts.user.disabled || facts.banned || lapsed)) return { ...decision, records: [flag(facts.user.disabled ? 'disabledAccount' : facts.banned ? 'banned' : 'byNameNoMembership')] };
    const kind: DoorFlag | null = facts.user.disabled ? 'disabledAccount' : facts.banned ? 'banned' : lapsed ? 'staleList' : input.source === 'manual' ? 'byNameOffline' : null;
    return offlineEntry(ports.documents, member, place, { decision, flag, limit: { capacity: event.capacity, override, uploaded: true } }, kind);
  });
  return 'recorded';
}

/** An uploaded entry and what it is judged by: the decision as the door made it, how to flag it, the event's capacity. */
interface Upload {
  decision: Decision;
  flag: (kind: DoorFlag, first?: CheckinDocument | null) => Claim;
  limit: Limit;
}

/**
 * An uploaded entry as it was decided: an admission or re-entry where the person was out at the
 * time, flagged as said (or, where nothing else is, past the capacity without "Admit anyway");
 * else a second admission.
 */
async function offlineEntry(documents: Documents, person: AtDoor, place: ScanAt, { decision, flag, limit }: Upload, kind: DoorFlag | null): Promise<Decision> {
  const entry = await entryAt(documents, person, place, limit);
  if (!entry.claims) return { ...decision, records: [flag('secondAdmission', person.checkin ?? null)] };
  // Only a person's own records say "offline": a place is the event's.
  const offlineClaims = entry.claims.map((each) => (each.ref.collection.name === Places.name ? each : { ...each, data: { ...each.data, offline: true } }));
  const flagged = kind ?? (entry.pastCapacity && !limit.override ? 'pastCapacity' : null);
  return { ...decision, claims: offlineClaims, log: entry.log, records: [...(flagged ? [flag(flagged)] : []), ...(entry.records ?? [])] };
}

/**
 * Why an uploaded decision cannot be one a door made honestly that night, or null: the event's
 * door was not open at the time decided (or the event is not published); the time is after the
 * upload, before the list it names, or before the key that signed the code was registered; the
 * code's window is not the decision's. Each within the clock's skew or the online door's tolerance.
 */
function unboundDecision({ event, input, code, key, uploadedAt }: { event: EventDocument; input: OfflineDecision; code: PassCode | null; key: SigningKey | null; uploadedAt: Date }): DoorFlag | null {
  const decidedAt = input.decidedAt.getTime();
  if (!doorIsOpen(event, input.decidedAt)) return 'outsideNight';
  const latest = uploadedAt.getTime() + CLOCK_SKEW_MS;
  if (decidedAt > latest || input.listAt.getTime() > latest || decidedAt < input.listAt.getTime() - CLOCK_SKEW_MS) return 'impossibleTime';
  if (key?.from && decidedAt < key.from.getTime() - CLOCK_SKEW_MS) return 'impossibleTime';
  if (code && codeWindow(code.step, input.decidedAt) !== 'current') return 'codeOutOfWindow';
  return null;
}

/**
 * An uploaded entry, judged by who was inside at the time decided, not at the upload: admitted
 * when the member had no admission; a re-entry when they were out then and are out still; else
 * nothing is claimed (a second admission: inside then, admitted first elsewhere later, or back in
 * since by another door).
 */
async function entryAt(documents: Documents, person: AtDoor, place: ScanAt, limit: Limit): Promise<Decision> {
  const { user, ticket, checkin } = person;
  if (!checkin) return admit(documents, person, place, limit);
  if (checkin.at.getTime() > place.now.getTime()) return { verdict: 'alreadyAdmitted', user, ticket };
  const passages = (collection: typeof Exits) => documents.collection(collection).where('eventId', '==', place.eventId).where('uid', '==', person.key).get();
  const [exits, reentries] = await Promise.all([passages(Exits), passages(Reentries)]);
  const before = (list: typeof exits) => list.filter((each) => each.data.at.getTime() <= place.now.getTime()).length;
  const outThen = before(exits) > before(reentries);
  const outNow = exits.length > reentries.length;
  if (!outThen || !outNow) return { verdict: 'alreadyAdmitted', user, ticket };
  return admit(documents, { ...person, exits: exits.length, reentries: reentries.length }, place, limit);
}

/** What an uploaded scan tells the admins: the admission the server had first, if any, and the scan itself. */
function doorConflict({ uid, kind, first, place, recordedAt }: { uid: string; kind: DoorFlag; first: CheckinDocument | null | undefined; place: ScanAt; recordedAt: Date }) {
  return {
    eventId: place.eventId,
    uid,
    kind,
    first: first ? { device: first.device, at: first.at, offline: first.offline ?? false } : null,
    second: { device: place.device, at: place.now, offline: true, scannerUid: place.scanner.uid },
    recordedAt,
  };
}

/**
 * The server answered this scan already (its online attempt arrived after the door had given up
 * waiting), and refused an entry the door let through offline: the member is in regardless, so
 * the server's refusal becomes a flag. "Already admitted" is a second admission naming the first;
 * a code the server found invalid, an unverifiable code; any other refusal, an old list.
 */
async function flagOverruled(documents: Documents, { id, logged, verdict, place, recordedAt }: { id: string; logged: ScanDocument; verdict: Verdict; place: ScanAt; recordedAt: Date }) {
  const enteredOffline = verdict === 'admitted' || verdict === 'welcomeBack';
  if (!enteredOffline || !logged.verdict || ACCEPTED.includes(logged.verdict) || !logged.uid) return;
  const first = logged.verdict === 'alreadyAdmitted' ? (await documents.collection(Checkins).doc(`${place.eventId}_${logged.uid}`).get()).data : undefined;
  const kind: DoorFlag = logged.verdict === 'alreadyAdmitted' ? 'secondAdmission' : logged.verdict === 'invalid' ? 'badCode' : 'staleList';
  try {
    await documents.collection(DoorConflicts).doc(id).create(doorConflict({ uid: logged.uid, kind, first, place, recordedAt }));
  } catch (error) {
    // Flagged by an earlier upload of the same scan.
    if (!isAlreadyExists(error)) throw error;
  }
}

/** What the door recorded of a person (a member, or a ticket) at an event, read at once. */
interface DoorFacts {
  checkin: CheckinDocument | undefined;
  /** Exits and re-entries so far: inside while they are as many. */
  exits: number;
  reentries: number;
  /** At the bar: drinks poured so far, and whether this (pass, window) has poured already. */
  drinks: number;
  codeUsed: boolean;
  /** The event's places taken and people who left (not at the bar): who is inside is the difference. */
  room: Room;
}

/** What an entry needs of the event's places: how many were taken so far, and how many people left since. */
interface Room {
  taken: number;
  left: number;
}

/** What the door's verdicts need to know of a member at an event. */
interface MemberFacts extends DoorFacts {
  user: (UserDocument & { uid: string }) | null;
  /** On the house ban list now (by the account, or its address). */
  banned: boolean;
}

/**
 * A person the door is deciding for, with what it recorded of them: a member (named by the uid) or
 * a ticket (named by its door key, and as many people as its party).
 */
interface AtDoor extends DoorFacts {
  key: string;
  people: number;
  user: (UserDocument & { uid: string }) | null;
  ticket: KnownTicket | null;
}

function memberAtDoor(facts: MemberFacts & { user: UserDocument & { uid: string } }): AtDoor {
  return { ...facts, key: facts.user.uid, people: 1, ticket: null };
}

function holderAtDoor(facts: DoorFacts, ticket: KnownTicket): AtDoor {
  return { ...facts, key: ticketDoorKey(ticket.id), people: peopleOf(ticket), user: null, ticket };
}

/** Where a person stands by the door's records: admitted, and inside while exits are no more than re-entries. */
function standingAt(person: DoorFacts): Standing {
  return standingOf(Boolean(person.checkin), person.exits, person.reentries);
}

/** The people inside as the places taken less the people who left, against the capacity. */
function roomOf(person: DoorFacts, limit: Pick<Limit, 'capacity'>) {
  return { inside: person.room.taken - person.room.left, capacity: limit.capacity };
}

/** The night as the server knows it for the rules: its hours, the room an entry needs, the drinks. */
function nightAt(event: EventDocument, now: Date, facts: DoorFacts): NightAt {
  return { open: doorIsOpen(event, now), room: () => roomOf(facts, event), bar: { drinkAllowance: event.drinkAllowance, guestDrinks: event.guestDrinks } };
}

/** A member as the rules read them: shut out, banned, the membership's dates, the door's records. */
function memberAt(facts: MemberFacts, person: AtDoor, now: Date): MemberSeen {
  return { disabled: person.user!.disabled, banned: facts.banned, member: membershipAdmits(person.user!.membership, now), standing: standingAt(facts), poured: facts.drinks, codeUsed: facts.codeUsed };
}

/** A ticket as the rules read it: tonight's or not, cancelled, its kind, a ban of its holder, its people and the door's records. */
function ticketAt(holder: AtDoor, eventId: string, banned: boolean): TicketSeen {
  const ticket = holder.ticket!;
  return { night: ticket.eventId === eventId ? 'tonight' : 'otherNight', cancelled: ticket.state === 'cancelled', guestList: ticket.kind === 'guestList', banned, people: holder.people, standing: standingAt(holder), poured: holder.drinks };
}

/**
 * What an outcome of the rules makes at the door: an entry's places and admission or re-entry, an
 * exit, a drink; a ban is "Not admitted" with the log saying why for the admins; a refusal of an
 * admission by name or "anyway" is an error; any other verdict claims nothing. `person` null: the
 * scan named nobody the store knows.
 */
function carryOut(documents: Documents, outcome: Outcome, person: AtDoor | null, at: ScanAt, limit: Limit, event: EventDocument): Decision {
  if (outcome === 'userNotFound' || outcome === 'ticketNotFound') throw new DomainError('not-found', outcome);
  if (outcome === 'ticketNeedsCode') throw new DomainError('conflict', outcome);
  if (!person) return { verdict: outcome === 'banned' ? 'notAdmitted' : outcome, user: null };
  const { user, ticket } = person;
  switch (outcome) {
    case 'banned':
      return { verdict: 'notAdmitted', user, ticket, log: { banned: true } };
    case 'admitted':
    case 'welcomeBack':
    case 'alreadyAdmitted':
    case 'full':
      return admit(documents, person, at, limit, outcome);
    case 'exited':
      return leave(documents, person, at, outcome);
    case 'drinkRedeemed':
    case 'noDrinksLeft':
      return pour(documents, outcome, drinkAllowance(event, ticket ? person : null), person, at);
    default:
      return { verdict: outcome, user, ticket };
  }
}

async function readTicket(documents: Documents, id: string): Promise<KnownTicket | null> {
  const ticket = (await documents.collection(Tickets).doc(id).get()).data;
  return ticket ? { ...ticket, id } : null;
}

function codeUseId(eventId: string, code: PassCode): string {
  return `${eventId}.bar.${code.passId}.${code.step}`;
}

async function memberFacts(documents: Documents, eventId: string, uid: string, barCode: PassCode | null, now: Date): Promise<MemberFacts> {
  const userRead = readUser(documents, uid);
  // A ban names the account or its address: the address is the user's document's, read first.
  const banRead = userRead.then(async (user) => (await banOf(documents, { uid, email: user?.email ?? null }, now)) !== null);
  const [user, banned, facts] = await Promise.all([userRead, banRead, doorFacts(documents, eventId, uid, barCode ? { codeUse: codeUseId(eventId, barCode) } : null)]);
  return { user, banned, ...facts };
}

/** Whether a ticket's holder is on the house ban list now, by the address the ticket was made for. */
async function holderBanned(documents: Documents, ticket: KnownTicket | null, now: Date): Promise<boolean> {
  return Boolean(ticket?.holder.email) && (await banOf(documents, { email: ticket!.holder.email }, now)) !== null;
}

/** The places of an event taken so far, and the people who left: read for each entry decision. */
async function roomAt(documents: Documents, eventId: string): Promise<Room> {
  const [taken, left] = await Promise.all([documents.collection(Places).where('eventId', '==', eventId).count(), documents.collection(Exits).where('eventId', '==', eventId).count()]);
  return { taken, left };
}

/** The admission, exits, re-entries and, at the bar, drinks and the code's use, of a door key at an event. */
async function doorFacts(documents: Documents, eventId: string, key: string, bar: { codeUse: string | null } | null): Promise<DoorFacts> {
  const [checkin, exits, reentries, drinks, codeUsed, room] = await Promise.all([
    documents
      .collection(Checkins)
      .doc(`${eventId}_${key}`)
      .get()
      .then((snapshot) => snapshot.data),
    documents.collection(Exits).where('eventId', '==', eventId).where('uid', '==', key).count(),
    documents.collection(Reentries).where('eventId', '==', eventId).where('uid', '==', key).count(),
    bar ? documents.collection(Drinks).where('eventId', '==', eventId).where('uid', '==', key).count() : 0,
    bar?.codeUse
      ? documents
          .collection(CodeUses)
          .doc(bar.codeUse)
          .get()
          .then((snapshot) => snapshot.exists)
      : false,
    bar ? { taken: 0, left: 0 } : roomAt(documents, eventId),
  ]);
  return { checkin, exits, reentries, drinks, codeUsed, room };
}

async function readUser(documents: Documents, uid: string) {
  const user = (await documents.collection(Users).doc(uid).get()).data;
  return user ? { ...user, uid } : null;
}

function isAlreadyExists(error: unknown): boolean {
  return isDocumentsError(error, 'already-exists');
}

/** A scan as `once` runs it: who scans, what was scanned, and when. */
interface ScanRun {
  documents: Documents;
  scanner: Identity;
  scan: {
    eventId: string;
    nonce: string;
    mode: ScanMode;
    source: ScanSource;
    device: string;
    /** When the scan was made, where it was decided earlier (offline): else now. */
    at?: Date;
    offline?: ScanDocument['offline'];
  };
  now: Date;
  /** Reads the decision needs first, made alongside the event's. */
  prefetch: Promise<unknown>;
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
async function once({ documents, scanner, scan: input, now, prefetch }: ScanRun, decide: (event: EventDocument, round: number) => Promise<Decision>): Promise<ScanResult> {
  // The event's figures are counted meanwhile, off the scan's path: the answer carries them with
  // this scan's own effect added (another door's scan of the same moment reaches the live feed).
  const tally = tallyDoor(documents, input.eventId);
  tally.catch(() => undefined);
  const [event] = await Promise.all([documents.collection(Events).doc(input.eventId).get().then((snapshot) => snapshot.data), prefetch.catch(() => undefined)]);
  if (!event) throw new DomainError('not-found', 'eventNotFound');
  const ref = documents.collection(Scans).doc(scanId(scanner.uid, input.nonce));
  for (let round = 0; round < MAX_DECISIONS; round++) {
    const decision = await decide(event, round);
    const detail = { firstAt: decision.firstAt ?? null, firstDevice: decision.firstDevice ?? null, drinksLeft: decision.drinksLeft ?? null };
    const batch = documents.batch();
    // Claims first, the most contended first: where a store applies a batch's creates one by one
    // (the Firestore stand-in), a lost claim then stops it before anything else is written.
    for (const { ref: claimed, data } of decision.claims ?? []) batch.create(claimed, data);
    for (const { ref: recorded, data } of decision.records ?? []) batch.create(recorded, data);
    // The log last: where a store applies a batch's writes one by one (the stand-in), another
    // server's feed woken by the log (its listener follows the newest log, decision 054) then reads
    // the admission it records, not the moment before it.
    const at = input.at ?? now;
    batch.create(ref, {
      eventId: input.eventId,
      mode: input.mode,
      source: input.source,
      verdict: decision.verdict,
      uid: decision.user?.uid ?? (decision.ticket ? ticketDoorKey(decision.ticket.id) : null),
      // The door's name for the member: never a full address (door staff read the log live); a ticket's holder.
      name: decision.user ? nameAtDoor(decision.user) : (decision.ticket?.holder.name ?? null),
      scannerUid: scanner.uid,
      device: input.device,
      at,
      recordedAt: serverTimestamp(),
      detail,
      ...(input.offline ? { offline: input.offline } : {}),
      ...decision.log,
    });
    try {
      await batch.commit();
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
      if ((await ref.get()).exists) return firstAnswer(documents, event, ref.id);
      continue;
    }
    const counts = withScan({ ...(await tally), capacity: event.capacity }, decision, Boolean(input.offline));
    return result({ eventId: input.eventId, mode: input.mode, verdict: decision.verdict, detail, at }, decision.user, decision.ticket ?? null, counts);
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
      const ticketId = scan.uid ? ticketIdOfKey(scan.uid) : null;
      const [user, ticket, counts] = await Promise.all([scan.uid && !ticketId ? readUser(documents, scan.uid) : null, ticketId ? readTicket(documents, ticketId) : null, doorCounts(documents, scan.eventId, event)]);
      return result({ ...scan, verdict: scan.verdict }, user, ticket, counts);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new DomainError('conflict', 'scanStillRunning');
}

/** What the door shows of a logged scan: its verdict and details, the member it named, the figures. */
function result(
  { eventId, mode, verdict, detail, at }: Pick<ScanDocument, 'eventId' | 'mode' | 'detail' | 'at'> & { verdict: Verdict },
  user: (UserDocument & { uid: string }) | null,
  ticket: KnownTicket | null,
  counts: DoorCounts,
): ScanResult {
  return {
    verdict,
    eventId,
    mode,
    member: user ? { uid: user.uid, displayName: nameAtDoor(user), photoURL: storedPhoto(user.uid, user) } : null,
    ticket: ticket ? ticketAtDoor(ticket) : null,
    firstAt: detail.firstAt,
    firstDevice: detail.firstDevice,
    drinksLeft: detail.drinksLeft,
    at,
    counts,
  };
}

/** The figures as they are once this scan's verdict is written: what it claimed added (a party counts each person; an upload adds what it claimed, whatever the door said then). */
function withScan(counts: DoorCounts, decision: Decision, offline: boolean): DoorCounts {
  const claimed = (collection: string) => (decision.claims ?? []).filter((each) => each.ref.collection.name === collection).length;
  const admitted = claimed(Checkins.name);
  return {
    ...counts,
    admitted: counts.admitted + admitted,
    inside: counts.inside + admitted + claimed(Reentries.name) - claimed(Exits.name),
    drinks: counts.drinks + claimed(Drinks.name),
    offline: counts.offline + (offline ? admitted : 0),
    conflicts: counts.conflicts + (offline ? (decision.records ?? []).length : 0),
  };
}

/** What a ticket's door records carry beside a member's: that they are a guest's, and whose. */
function ticketFields(person: AtDoor): { guest?: true; ticketId?: string } {
  return person.ticket ? { guest: true, ticketId: person.ticket.id } : {};
}

/**
 * Passages numbered on from `after`, one per person (`exits/{eventId}_{key}_{n}`): a party leaves
 * and comes back as one, so a ticket's exits and re-entries are as many as each other whenever its
 * people are inside, as a member's are.
 */
function passages(documents: Documents, collection: typeof Exits, person: AtDoor, after: number, { eventId, scanner, device, source, now }: ScanAt): Claim[] {
  return Array.from({ length: person.people }, (_, index) => {
    const number = after + index + 1;
    return claim(documents.collection(collection).doc(`${eventId}_${person.key}_${number}`), { eventId, uid: person.key, number, at: now, scannerUid: scanner.uid, device, source, ...ticketFields(person) });
  });
}

/** What an entry may do at the event's capacity: refuse ("Full"), or let in anyway, with a reason or because an offline door already did. */
interface Limit {
  capacity: number;
  /** "Admit anyway": past the capacity, recorded with its reason. */
  override: Override | null;
  /** An offline door's decision: recorded as made, past the capacity or not (and flagged). */
  uploaded?: boolean;
}

/**
 * Entry: the first admission to the event claims `checkins/{eventId}_{key}` (and, for each more
 * person of a party, `…+{n}`); any later one sees it, and is a re-entry ("Welcome back", claiming
 * the next `reentries/…_{n}`) when the person left since, else "Already admitted". Each person
 * coming in claims the event's next place: when that would take the people inside past the
 * capacity, the door is "Full", unless it admits anyway (recorded with its reason).
 */
function admit(documents: Documents, person: AtDoor, at: ScanAt, limit: Limit, verdict = entryVerdict(standingAt(person), roomOf(person, limit), person.people, Boolean(limit.override) || limit.uploaded === true)): Decision {
  const { user, ticket, checkin } = person;
  const first = checkin ? { user, ticket, firstAt: checkin.at, firstDevice: checkin.device } : { user, ticket };
  if (verdict === 'alreadyAdmitted') return { verdict, ...first };
  if (verdict === 'full') return { verdict, user, ticket };
  const { eventId, scanner, device, source, now } = at;
  const room = roomOf(person, limit);
  const { inside } = room;
  const pastCapacity = takesPastCapacity(room, person.people);
  // The most contended claims of all (every door's entries): first in the commit.
  const places = Array.from({ length: person.people }, (_, index) => {
    const number = person.room.taken + index + 1;
    return claim(documents.collection(Places).doc(`${eventId}_${number}`), { eventId, number, uid: person.key, at: now, ...(inside + index + 1 > limit.capacity ? { pastCapacity: true } : {}) });
  });
  const overridden: Partial<Decision> =
    pastCapacity && limit.override
      ? {
          log: { override: true },
          records: [
            claim(documents.collection(CapacityOverrides).doc(`${eventId}_${person.room.taken + 1}`), {
              eventId,
              uid: person.key,
              name: user ? nameAtDoor(user) : (ticket?.holder.name ?? null),
              reason: limit.override.reason,
              scannerUid: scanner.uid,
              scannerName: scanner.displayName ?? scanner.email,
              device,
              at: now,
              inside,
              capacity: limit.capacity,
              ...(limit.override.offline ? { offline: true } : {}),
            }),
          ],
        }
      : {};
  if (verdict === 'welcomeBack') return { verdict, ...first, claims: [...places, ...passages(documents, Reentries, person, person.reentries, at)], pastCapacity, ...overridden };
  const admission = { eventId, uid: person.key, at: now, scannerUid: scanner.uid, scannerName: scanner.displayName ?? scanner.email, device, source, ...ticketFields(person) };
  const claims = [...places, claim(documents.collection(Checkins).doc(`${eventId}_${person.key}`), admission)];
  for (let companion = 2; companion <= person.people; companion++) claims.push(claim(documents.collection(Checkins).doc(`${eventId}_${person.key}+${companion}`), { ...admission, companion }));
  return { verdict: 'admitted', user, ticket, claims, pastCapacity, ...overridden };
}

/** Exit: a person inside claims the next `exits/{eventId}_{key}_{n}` (one per person of a party); one not admitted, or out already, is said so. */
function leave(documents: Documents, person: AtDoor, at: ScanAt, verdict = exitVerdict(standingAt(person))): Decision {
  const { user, ticket } = person;
  if (verdict !== 'exited') return { verdict, user, ticket };
  return { verdict, user, ticket, claims: passages(documents, Exits, person, person.exits, at) };
}

/** Bar: the next drink number claims `drinks/{eventId}_{key}_{n}`, so concurrent bars never pour the same one. */
function pour(documents: Documents, verdict: 'drinkRedeemed' | 'noDrinksLeft', allowance: number, { key, user, ticket, drinks: poured }: AtDoor, { eventId, scanner, device, source, now }: ScanAt): Decision {
  const number = poured + 1;
  if (verdict === 'noDrinksLeft') return { verdict, user, ticket, drinksLeft: 0 };
  return {
    verdict: 'drinkRedeemed',
    user,
    ticket,
    drinksLeft: allowance - number,
    claims: [claim(documents.collection(Drinks).doc(`${eventId}_${key}_${number}`), { eventId, uid: key, number, at: now, scannerUid: scanner.uid, device, source })],
  };
}
