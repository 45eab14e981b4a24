// Deciding a scan on the door's phone, without the server (decision 043): the same checks in the
// same order as the server's (src/features/door/scanning.ts), against the event's door list. A pass
// the venue shut out, the code's signature with the pass's public key, its window on the phone's
// clock corrected to server time, the membership (being in the list: it covers the night), the
// door's hours, and whether the member is in already, on this phone or in the list. A ticket's code
// likewise (decision 050): the server's signature with the ticket public key, the ticket in tonight's
// list (cancelled ones say so), the door's hours, whether it is in. The bar is never decided here.
// The capacity (decision 052): the list's people inside, plus what this phone let in and out since,
// which is all it knows: other doors' entries meanwhile are not in it, so the count is approximate.
// No DOM, no Node: tested in Node's WebCrypto.
import type { DoorList, DoorListMember, DoorListTicket } from '../door-list';
import { parseTicketCode, ticketDoorKey, ticketIdOfKey, ticketMessage } from '../ticket-code';
import { doorIsOpen } from '../door-hours';
import { fromBase64url, parsePassCode, PASS_KEY_ALGORITHM, PASS_SIGNATURE_ALGORITHM, signedMessage, stepAt } from '../pass-code';
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
  for (const ticket of list.tickets ?? []) listed.set(ticketDoorKey(ticket.id), { inside: ticket.inside, people: 1 + ticket.party });
  for (const passage of local.values()) {
    if (passage.eventId !== list.eventId || passage.at.getTime() < list.at.getTime()) continue;
    const before = listed.get(passage.uid) ?? { inside: false, people: 1 };
    if (passage.inside !== before.inside) inside += passage.inside ? before.people : -before.people;
  }
  return Math.max(0, inside);
}

/** An entry this phone would let in, unless that takes its count past the capacity ("Full"); "Admit anyway" lets it in. */
function entering(list: DoorList, local: ReadonlyMap<string, LocalPassage>, people: number, anyway: boolean): Approximate | null {
  if (list.capacity === undefined) return null;
  const count = { inside: insideHere(list, local), capacity: list.capacity };
  return !anyway && count.inside + people > count.capacity ? count : null;
}

/** Windows accepted on each side of the current one, as on the server. */
const STEP_TOLERANCE = 1;

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

/** The door key of whoever an answer names: a member's uid, a ticket's `ticket:<id>`. */
export function doorKeyOf(answer: { member: DoorListMember | null; ticket: DoorListTicket | null }): string | null {
  return answer.member?.uid ?? (answer.ticket ? ticketDoorKey(answer.ticket.id) : null);
}

/** Where the member (or ticket) stands tonight: this phone's record if it is newer than the list. */
function standing(list: DoorList, member: { key: string; admittedAt: Date | null; firstDoor: string | null; inside: boolean }, local: ReadonlyMap<string, LocalPassage>) {
  const here = local.get(member.key);
  if (here && here.at.getTime() >= list.at.getTime()) return { admittedAt: here.admittedAt, firstDoor: here.firstDoor, inside: here.inside };
  return { admittedAt: member.admittedAt, firstDoor: member.firstDoor, inside: member.inside };
}

const verdict = (value: Verdict, member: DoorListMember | null, first: { admittedAt: Date | null; firstDoor: string | null } | null = null, ticket: DoorListTicket | null = null): Extract<OfflineAnswer, { kind: 'verdict' }> => ({
  kind: 'verdict',
  verdict: value,
  member,
  ticket,
  firstAt: first?.admittedAt ?? null,
  firstDevice: first?.firstDoor ?? null,
});

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
  // Two bars without signal could each pour the whole allowance.
  if (scan.mode === 'bar') return { kind: 'undecidable', reason: 'bar' };
  if (!list) return { kind: 'undecidable', reason: 'noList' };
  const ticketId = scan.uid !== undefined ? ticketIdOfKey(scan.uid) : null;
  const ticketCode = scan.uid === undefined ? parseTicketCode(scan.code ?? '') : null;
  if (ticketId !== null || ticketCode) return decideTicket(list, scan, ticketCode ?? { ticketId: ticketId!, signature: null }, now, local);
  let member: DoorListMember | undefined;
  if (scan.uid !== undefined) {
    member = list.members.find((candidate) => candidate.uid === scan.uid);
    if (!member) return verdict('noMembership', null);
  } else {
    const code = parsePassCode(scan.code ?? '');
    if (!code) return verdict('invalid', null);
    // A code made with a key the server holds (a phone that has not updated) is the server's to check.
    if (code.format === 'NL1') return { kind: 'undecidable', reason: 'onlineOnly' };
    // A pass the venue shut out: its phone may still sign (offline, the page kept), the door refuses it.
    if (list.refusedPasses?.includes(code.passId)) return verdict('notAdmitted', null);
    member = list.members.find((candidate) => candidate.passId === code.passId);
    // Unknown here: no pass of a member who may enter tonight, or not a pass at all.
    if (!member?.publicKey) return verdict('invalid', null);
    const key = await publicKeyOf({ ...member, publicKey: member.publicKey });
    const message = new TextEncoder().encode(signedMessage(code.format, member.version, code.passId, code.step));
    if (!key || !(await crypto.subtle.verify(PASS_SIGNATURE_ALGORITHM, key, fromBase64url(code.signature) as Uint8Array<ArrayBuffer>, message))) return verdict('invalid', null);
    const current = stepAt(now.getTime());
    if (code.step > current + STEP_TOLERANCE) return verdict('invalid', null);
    if (code.step < current - STEP_TOLERANCE) return verdict('expiredCode', member);
  }
  const event = { status: 'published' as const, doorsAt: list.doorsAt, endsAt: list.endsAt };
  const state = standing(list, { ...member, key: member.uid }, local);
  if (scan.mode === 'exit') {
    if (!doorIsOpen(event, now)) return verdict('notOnTonight', member);
    if (!state.admittedAt) return verdict('notCheckedIn', member);
    return verdict(state.inside ? 'exited' : 'notInside', member);
  }
  if (!doorIsOpen(event, now)) return verdict('notOnTonight', member);
  if (state.admittedAt && state.inside) return verdict('alreadyAdmitted', member, state);
  const full = entering(list, local, 1, scan.anyway === true);
  if (full) return { ...verdict('full', member), inside: full };
  return state.admittedAt ? verdict('welcomeBack', member, state) : verdict('admitted', member);
}

/**
 * A ticket, by its code (`signature` set) or by name (a guest-list entry chosen in the search):
 * the server's signature, tonight's list, cancelled, the door's hours, then in or out. A ticket
 * the list does not hold is another night's (or newer than the list: the next list knows it).
 */
async function decideTicket(list: DoorList, { mode, anyway }: { mode: ScanMode; anyway?: boolean }, code: { ticketId: string; signature: string | null }, now: Date, local: ReadonlyMap<string, LocalPassage>): Promise<OfflineAnswer> {
  if (code.signature !== null) {
    // Lists fetched before tickets were listed hold no key: such a code waits for the server.
    if (!list.ticketKey) return { kind: 'undecidable', reason: 'onlineOnly' };
    const key = await ticketKeyOf(list.ticketKey);
    const message = new TextEncoder().encode(ticketMessage(code.ticketId));
    if (!key || !(await crypto.subtle.verify(PASS_SIGNATURE_ALGORITHM, key, fromBase64url(code.signature) as Uint8Array<ArrayBuffer>, message))) return verdict('invalid', null);
  }
  const ticket = (list.tickets ?? []).find((candidate) => candidate.id === code.ticketId);
  if (!ticket) return code.signature === null ? verdict('invalid', null) : verdict('otherNight', null);
  const named = (value: Verdict, first: { admittedAt: Date | null; firstDoor: string | null } | null = null) => verdict(value, null, first, ticket);
  if (ticket.cancelled) return named('ticketCancelled');
  // By name, only the guest list: a guest or a public ticket shows its code.
  if (code.signature === null && ticket.kind !== 'guestList') return verdict('invalid', null);
  const event = { status: 'published' as const, doorsAt: list.doorsAt, endsAt: list.endsAt };
  if (!doorIsOpen(event, now)) return named('notOnTonight');
  const state = standing(list, { ...ticket, key: ticketDoorKey(ticket.id) }, local);
  if (mode === 'exit') {
    if (!state.admittedAt) return named('notCheckedIn');
    return named(state.inside ? 'exited' : 'notInside');
  }
  // A banned holder: refused as the server refuses them; leaving (above) is recorded regardless.
  if (ticket.refused) return named('notAdmitted');
  if (state.admittedAt && state.inside) return named('alreadyAdmitted', state);
  const full = entering(list, local, 1 + ticket.party, anyway === true);
  if (full) return { ...named('full'), inside: full };
  return state.admittedAt ? named('welcomeBack', state) : named('admitted');
}

/** What an accepted verdict makes of the member's standing on this phone. */
export function passageAfter(previous: { admittedAt: Date | null; firstDoor: string | null }, verdict: Verdict, at: Date, door: string): Pick<LocalPassage, 'admittedAt' | 'firstDoor' | 'inside'> | null {
  if (verdict === 'admitted') return { admittedAt: at, firstDoor: door, inside: true };
  if (verdict === 'welcomeBack') return { ...previous, inside: true };
  if (verdict === 'exited') return { ...previous, inside: false };
  return null;
}
