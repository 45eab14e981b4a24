// Deciding a scan on the door's phone, without the server (decision 043): the rules and their
// order are the server's own (../admission.ts); this module gathers what the phone knows for them
// from the event's door list. A pass the venue shut out (the list names it), the code's signature
// with the pass's public key, its window on the phone's clock corrected to server time, the
// membership (being in the list: it covers the night), and where the member stands, on this phone
// or in the list. A ticket's code likewise (decision 050): the server's signature with the ticket
// public key, the ticket in tonight's list. The bar is never decided here. The capacity (decision
// 052): the list's people inside, plus what this phone let in and out since, which is all it knows:
// other doors' entries meanwhile are not in it, so the count is approximate. No DOM, no Node:
// tested in Node's WebCrypto.
import type { DoorList, DoorListMember, DoorListTicket } from '../door-list';
import { parseTicketCode, ticketDoorKey, ticketIdOfKey, ticketMessage } from '../ticket-code';
import { decidedWithoutSignal, doorIsOpen, memberVerdict, passCodeVerdict, peopleOf, shownOffline, ticketCodeVerdict, ticketVerdict, type Asked, type MemberSeen, type NightAt, type Outcome, type Standing, type TicketSeen } from '../admission';
import { fromBase64url, parsePassCode, PASS_KEY_ALGORITHM, PASS_SIGNATURE_ALGORITHM, signedMessage } from '../pass-code';
import type { ScanMode, Verdict } from '../constants';

/** What this phone let happen at an event since its list was made: the newer of it and the list wins. */
export interface LocalPassage {
  eventId: string;
  /** The member's uid, or a ticket's door key (`ticket:<id>`). */
  uid: string;
  admittedAt: Date | null;
  firstDoor: string | null;
  inside: boolean;
  /** Server time of the change. */
  at: Date;
}

/** Why a scan cannot be decided here: it waits for the server (the door says which). */
export type Undecidable = 'bar' | 'noList' | 'onlineOnly' | 'clockChanged';

export type OfflineAnswer =
  | { kind: 'verdict'; verdict: Verdict; member: DoorListMember | null; ticket: DoorListTicket | null; firstAt: Date | null; firstDevice: string | null; inside?: Approximate }
  | { kind: 'undecidable'; reason: Undecidable };

/** People inside as this phone counts them without signal (never other doors' entries since the list), and the capacity. */
export interface Approximate {
  inside: number;
  capacity: number;
}

/**
 * The people inside by this phone's count: the list's, and each person (a party counting all of
 * its people) this phone let in or out since the list, where that changed what the list said.
 */
export function insideHere(list: DoorList, local: ReadonlyMap<string, LocalPassage>): number {
  let inside = list.inside ?? 0;
  const listed = new Map<string, { inside: boolean; people: number }>();
  for (const member of list.members) listed.set(member.uid, { inside: member.inside, people: 1 });
  for (const ticket of list.tickets ?? []) listed.set(ticketDoorKey(ticket.id), { inside: ticket.inside, people: peopleOf(ticket) });
  for (const passage of local.values()) {
    if (passage.eventId !== list.eventId || passage.at.getTime() < list.at.getTime()) continue;
    const before = listed.get(passage.uid) ?? { inside: false, people: 1 };
    if (passage.inside !== before.inside) inside += passage.inside ? before.people : -before.people;
  }
  return Math.max(0, inside);
}

/** Imported public keys, by pass, version and key: a door checks the same few hundred all night. */
const keys = new Map<string, Promise<CryptoKey | null>>();

async function publicKeyOf(member: DoorListMember & { publicKey: string }): Promise<CryptoKey | null> {
  const id = `${member.passId}.${member.version}.${member.publicKey}`;
  let key = keys.get(id);
  if (!key) {
    if (keys.size > 10_000) keys.clear();
    key = crypto.subtle.importKey('raw', fromBase64url(member.publicKey) as Uint8Array<ArrayBuffer>, PASS_KEY_ALGORITHM, false, ['verify']).catch(() => null);
    keys.set(id, key);
  }
  return key;
}

/** The ticket public key, imported once per key. */
const ticketKeys = new Map<string, Promise<CryptoKey | null>>();

function ticketKeyOf(publicKey: string): Promise<CryptoKey | null> {
  let key = ticketKeys.get(publicKey);
  if (!key) {
    key = crypto.subtle.importKey('raw', fromBase64url(publicKey) as Uint8Array<ArrayBuffer>, PASS_KEY_ALGORITHM, false, ['verify']).catch(() => null);
    ticketKeys.set(publicKey, key);
  }
  return key;
}

async function verifies(key: Promise<CryptoKey | null>, signature: string, message: string): Promise<boolean> {
  const imported = await key;
  return imported !== null && crypto.subtle.verify(PASS_SIGNATURE_ALGORITHM, imported, fromBase64url(signature) as Uint8Array<ArrayBuffer>, new TextEncoder().encode(message));
}

/** The door key of whoever an answer names: a member's uid, a ticket's `ticket:<id>`. */
export function doorKeyOf(answer: { member: DoorListMember | null; ticket: DoorListTicket | null }): string | null {
  return answer.member?.uid ?? (answer.ticket ? ticketDoorKey(answer.ticket.id) : null);
}

/** Where a member (or ticket) stands tonight: this phone's record if it is newer than the list. */
function standingHere(list: DoorList, person: { key: string; admittedAt: Date | null; firstDoor: string | null; inside: boolean }, local: ReadonlyMap<string, LocalPassage>) {
  const here = local.get(person.key);
  if (here && here.at.getTime() >= list.at.getTime()) return { admittedAt: here.admittedAt, firstDoor: here.firstDoor, inside: here.inside };
  return { admittedAt: person.admittedAt, firstDoor: person.firstDoor, inside: person.inside };
}

type Here = ReturnType<typeof standingHere>;

/** A person the list does not hold: never admitted tonight, as far as this phone knows. */
const NOWHERE: Here = { admittedAt: null, firstDoor: null, inside: false };

/** The standing the rules read: admitted once tonight, and inside now. */
function standingFrom(here: Here): Standing {
  return { admitted: here.admittedAt !== null, inside: here.admittedAt !== null && here.inside };
}

/** The night as this phone knows it: the list's door hours, and its own count of the people inside (made once, where an entry needs it). */
function nightHere(list: DoorList, local: ReadonlyMap<string, LocalPassage>, now: Date): NightAt & { room: () => Approximate | null } {
  let counted: Approximate | null | undefined;
  return {
    open: doorIsOpen({ status: 'published', doorsAt: list.doorsAt, endsAt: list.endsAt }, now),
    room: () => (counted ??= list.capacity === undefined ? null : { inside: insideHere(list, local), capacity: list.capacity }),
  };
}

/**
 * The answer the door shows for an outcome of the rules: whom it names (nobody for an invalid
 * code), when and where they were first admitted, and, when full, this phone's count.
 */
function answer(outcome: Outcome, night: ReturnType<typeof nightHere>, named: { member: DoorListMember | null; ticket: DoorListTicket | null; here: Here }): Extract<OfflineAnswer, { kind: 'verdict' }> {
  const shown = shownOffline(outcome);
  const first = shown === 'alreadyAdmitted' || shown === 'welcomeBack';
  const nobody = shown === 'invalid';
  return {
    kind: 'verdict',
    verdict: shown,
    member: nobody ? null : named.member,
    ticket: nobody ? null : named.ticket,
    firstAt: first ? named.here.admittedAt : null,
    firstDevice: first ? named.here.firstDoor : null,
    ...(shown === 'full' ? { inside: night.room()! } : {}),
  };
}

/**
 * Decides a scan (a code read, or a member chosen by name) at server time `now`. `local` is what
 * this phone recorded tonight, by member.
 */
export async function decideOffline(
  list: DoorList | null,
  scan: { mode: ScanMode; code?: string; uid?: string; anyway?: boolean },
  now: Date,
  local: ReadonlyMap<string, LocalPassage>,
): Promise<OfflineAnswer> {
  if (!decidedWithoutSignal(scan.mode)) return { kind: 'undecidable', reason: 'bar' };
  if (!list) return { kind: 'undecidable', reason: 'noList' };
  const night = nightHere(list, local, now);
  const asked = { mode: scan.mode, now, anyway: scan.anyway === true };
  const ticketId = scan.uid !== undefined ? ticketIdOfKey(scan.uid) : null;
  const ticketCode = scan.uid === undefined ? parseTicketCode(scan.code ?? '') : null;
  if (ticketId !== null || ticketCode) return decideTicket(list, asked, ticketCode ?? { ticketId: ticketId!, signature: null }, night, local);
  if (scan.uid !== undefined) {
    // By name, from the list: being listed is the membership (the list holds no dates).
    const member = list.members.find((candidate) => candidate.uid === scan.uid) ?? null;
    const here = member ? standingHere(list, { ...member, key: member.uid }, local) : NOWHERE;
    return answer(memberVerdict({ ...asked, by: 'name' }, night, listed(member !== null, here)), night, { member, ticket: null, here });
  }
  const code = parsePassCode(scan.code ?? '');
  if (!code) return answer('invalid', night, { member: null, ticket: null, here: NOWHERE });
  // A code made with a key the server holds (a phone that has not updated) is the server's to check.
  if (code.format === 'NL1') return { kind: 'undecidable', reason: 'onlineOnly' };
  // A pass the venue shut out: the list holds no key of it, and its phone may still sign (offline, the page kept).
  const refused = list.refusedPasses?.includes(code.passId) ?? false;
  // Unknown here: no pass of a member who may enter tonight, or not a pass at all.
  const member = refused ? undefined : list.members.find((candidate) => candidate.passId === code.passId);
  const signed = member?.publicKey ? await verifies(publicKeyOf({ ...member, publicKey: member.publicKey }), code.signature, signedMessage(code.format, member.version, code.passId, code.step)) : false;
  const refusal = passCodeVerdict(code.step, now, { verifies: signed, holderShutOut: refused });
  if (refusal || !member) return answer(refusal ?? 'invalid', night, { member: null, ticket: null, here: NOWHERE });
  const here = standingHere(list, { ...member, key: member.uid }, local);
  return answer(memberVerdict({ ...asked, by: 'code', step: code.step }, night, listed(true, here)), night, { member, ticket: null, here });
}

/** A member as the list holds them: listed or not, never shut out (the list names refused passes only), standing where this phone knows. */
function listed(member: boolean, here: Here): MemberSeen {
  return { disabled: false, banned: false, member, standing: standingFrom(here) };
}

/**
 * A ticket, by its code (`signature` set) or by name (a guest-list entry chosen in the search): the
 * server's signature, then the rules with what tonight's list holds. A ticket the list does not
 * hold is another night's (or newer than the list: the next list knows it).
 */
async function decideTicket(list: DoorList, asked: Omit<Asked, 'by'>, code: { ticketId: string; signature: string | null }, night: ReturnType<typeof nightHere>, local: ReadonlyMap<string, LocalPassage>): Promise<OfflineAnswer> {
  if (code.signature !== null) {
    // Lists fetched before tickets were listed hold no key: such a code waits for the server.
    if (!list.ticketKey) return { kind: 'undecidable', reason: 'onlineOnly' };
    const refusal = ticketCodeVerdict(await verifies(ticketKeyOf(list.ticketKey), code.signature, ticketMessage(code.ticketId)));
    if (refusal) return answer(refusal, night, { member: null, ticket: null, here: NOWHERE });
  }
  const ticket = (list.tickets ?? []).find((candidate) => candidate.id === code.ticketId) ?? null;
  const here = ticket ? standingHere(list, { ...ticket, key: ticketDoorKey(ticket.id) }, local) : NOWHERE;
  const known: TicketSeen = ticket
    ? { night: 'tonight', cancelled: ticket.cancelled, guestList: ticket.kind === 'guestList', banned: ticket.refused === true, people: peopleOf(ticket), standing: standingFrom(here) }
    : { night: 'otherNight', cancelled: false, guestList: false, banned: false, people: 1, standing: standingFrom(NOWHERE) };
  const outcome = ticketVerdict({ ...asked, by: code.signature === null ? 'name' : 'code' }, night, known);
  return answer(outcome, night, { member: null, ticket, here });
}

/**
 * What an offline answer makes of its person's standing on this phone (kept beside the list until
 * the next one), or null where it changed nothing: the phone's own passages since the list.
 */
export function passageOf(answer: Extract<OfflineAnswer, { kind: 'verdict' }>, local: ReadonlyMap<string, LocalPassage>, { eventId, at, door }: { eventId: string; at: Date; door: string }): LocalPassage | null {
  const person = answer.member ?? answer.ticket;
  const key = doorKeyOf(answer);
  if (!person || !key) return null;
  const after = passageAfter(local.get(key) ?? { admittedAt: person.admittedAt, firstDoor: person.firstDoor }, answer.verdict, at, door);
  return after && { eventId, uid: key, ...after, at };
}

/** What an accepted verdict makes of the member's standing on this phone. */
export function passageAfter(previous: { admittedAt: Date | null; firstDoor: string | null }, verdict: Verdict, at: Date, door: string): Pick<LocalPassage, 'admittedAt' | 'firstDoor' | 'inside'> | null {
  if (verdict === 'admitted') return { admittedAt: at, firstDoor: door, inside: true };
  if (verdict === 'welcomeBack') return { ...previous, inside: true };
  if (verdict === 'exited') return { ...previous, inside: false };
  return null;
}
