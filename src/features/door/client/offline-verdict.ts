// Deciding a scan on the door's phone, without the server (decision 043): the same checks in the
// same order as the server's (src/features/door/scanning.ts), against the event's door list. A pass
// the venue shut out, the code's signature with the pass's public key, its window on the phone's
// clock corrected to server time, the membership (being in the list: it covers the night), the
// door's hours, and whether the member is in already, on this phone or in the list. The bar is never decided here. No DOM, no Node: tested in Node's WebCrypto.
import type { DoorList, DoorListMember } from '../door-list';
import { doorIsOpen } from '../door-hours';
import { fromBase64url, parsePassCode, PASS_KEY_ALGORITHM, PASS_SIGNATURE_ALGORITHM, signedMessage, stepAt } from '../pass-code';
import type { ScanMode, Verdict } from '../constants';

/** What this phone let happen at an event since its list was made: the newer of it and the list wins. */
export interface LocalPassage {
  eventId: string;
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
  | { kind: 'verdict'; verdict: Verdict; member: DoorListMember | null; firstAt: Date | null; firstDevice: string | null }
  | { kind: 'undecidable'; reason: Undecidable };

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

/** Where the member stands tonight: this phone's record if it is newer than the list. */
function standing(list: DoorList, member: DoorListMember, local: ReadonlyMap<string, LocalPassage>) {
  const here = local.get(member.uid);
  if (here && here.at.getTime() >= list.at.getTime()) return { admittedAt: here.admittedAt, firstDoor: here.firstDoor, inside: here.inside };
  return { admittedAt: member.admittedAt, firstDoor: member.firstDoor, inside: member.inside };
}

const verdict = (value: Verdict, member: DoorListMember | null, first: { admittedAt: Date | null; firstDoor: string | null } | null = null): OfflineAnswer => ({
  kind: 'verdict',
  verdict: value,
  member,
  firstAt: first?.admittedAt ?? null,
  firstDevice: first?.firstDoor ?? null,
});

/**
 * Decides a scan (a code read, or a member chosen by name) at server time `now`. `local` is what
 * this phone recorded tonight, by member.
 */
export async function decideOffline(
  list: DoorList | null,
  scan: { mode: ScanMode; code?: string; uid?: string },
  now: Date,
  local: ReadonlyMap<string, LocalPassage>,
): Promise<OfflineAnswer> {
  // Two bars without signal could each pour the whole allowance.
  if (scan.mode === 'bar') return { kind: 'undecidable', reason: 'bar' };
  if (!list) return { kind: 'undecidable', reason: 'noList' };
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
    const message = new TextEncoder().encode(signedMessage(member.version, code.passId, code.step));
    if (!key || !(await crypto.subtle.verify(PASS_SIGNATURE_ALGORITHM, key, fromBase64url(code.signature) as Uint8Array<ArrayBuffer>, message))) return verdict('invalid', null);
    const current = stepAt(now.getTime());
    if (code.step > current + STEP_TOLERANCE) return verdict('invalid', null);
    if (code.step < current - STEP_TOLERANCE) return verdict('expiredCode', member);
  }
  const event = { status: 'published' as const, doorsAt: list.doorsAt, endsAt: list.endsAt };
  const state = standing(list, member, local);
  if (scan.mode === 'exit') {
    if (!doorIsOpen(event, now)) return verdict('notOnTonight', member);
    if (!state.admittedAt) return verdict('notCheckedIn', member);
    return verdict(state.inside ? 'exited' : 'notInside', member);
  }
  if (!doorIsOpen(event, now)) return verdict('notOnTonight', member);
  if (!state.admittedAt) return verdict('admitted', member);
  return state.inside ? verdict('alreadyAdmitted', member, state) : verdict('welcomeBack', member, state);
}

/** What an accepted verdict makes of the member's standing on this phone. */
export function passageAfter(previous: { admittedAt: Date | null; firstDoor: string | null }, verdict: Verdict, at: Date, door: string): Pick<LocalPassage, 'admittedAt' | 'firstDoor' | 'inside'> | null {
  if (verdict === 'admitted') return { admittedAt: at, firstDoor: door, inside: true };
  if (verdict === 'welcomeBack') return { ...previous, inside: true };
  if (verdict === 'exited') return { ...previous, inside: false };
  return null;
}
