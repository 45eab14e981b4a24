// The door's admission rules, written once (decisions 022, 042, 043, 046, 050, 052): when the door
// is open, which code windows count, whose membership admits, and the order of the checks that
// turn a scan of a pass or a ticket into a verdict, with tickets, capacity, bans, exits, re-entries
// and the bar's drinks. The server's scan (./scanning.ts) and the door phone without signal
// (./client/offline-verdict.ts) each gather what they know their own way (the store; the door list
// in IndexedDB) and take the verdict from here, so the two cannot drift apart; where they still
// answer differently, the list knows less, and ./admission.test.ts names each such case. Pure and
// small, as the scanner's page loads it: no Node module, no schema library, no server code.
import type { EventDocument } from '@/features/events/events';
import { withinValidity } from '@/features/identity/membership-window';
import { stepAt } from './pass-code';
import type { ScanMode, Verdict } from './constants';

/** Windows accepted on each side of the current one: clock drift, a slow scan (about 90 s in all). */
export const STEP_TOLERANCE = 1;

/** The door opens this long before the event's doors time, and closes at its end. */
export const DOOR_OPENS_BEFORE_MS = 2 * 60 * 60 * 1000;

/** Whether the event admits now: published, from two hours before doors until its end. */
export function doorIsOpen(event: Pick<EventDocument, 'status' | 'doorsAt' | 'endsAt'>, now: Date): boolean {
  return event.status === 'published' && now.getTime() >= event.doorsAt.getTime() - DOOR_OPENS_BEFORE_MS && now < event.endsAt;
}

/** Where a code's window lies from `now`'s: a window ahead is no code yet, one behind a screenshot. */
export function codeWindow(step: number, now: Date): 'ahead' | 'current' | 'behind' {
  const current = stepAt(now.getTime());
  if (step > current + STEP_TOLERANCE) return 'ahead';
  if (step < current - STEP_TOLERANCE) return 'behind';
  return 'current';
}

/** The membership window a person's account carries. */
type MembershipWindow = { validFrom: Date; validUntil: Date } | null;

/** Whether the membership on a person's account admits them at `now` (the scan, the search, the pass). */
export function membershipAdmits(membership: MembershipWindow, now: Date): boolean {
  return membership !== null && withinValidity(membership, now);
}

/**
 * Whether a membership admits at some moment of the night from `at` to its end: who the door list
 * holds. The list carries no dates, so for the phone being listed is the membership (decision 046):
 * a membership that ends during the night admits there all night, and the upload is flagged.
 */
export function coversNight(membership: MembershipWindow, night: Pick<EventDocument, 'endsAt'>, at: Date): boolean {
  if (membership === null) return false;
  const first = new Date(Math.max(at.getTime(), membership.validFrom.getTime()));
  return first < night.endsAt && withinValidity(membership, first);
}

/** People one ticket admits: the holder and their party ("Kai +3" is four). */
export function peopleOf(ticket: { party: number }): number {
  return 1 + ticket.party;
}

/** Where a person (or a whole party) stands tonight: admitted at all, and inside now. */
export interface Standing {
  admitted: boolean;
  inside: boolean;
}

/** Admitted, and inside while their exits are no more than their re-entries (a party's come one per person). */
export function standingOf(admitted: boolean, exits: number, reentries: number): Standing {
  return { admitted, inside: admitted && exits <= reentries };
}

/** The people inside and the event's capacity, as the side deciding counts them. */
export interface Room {
  inside: number;
  capacity: number;
}

/** Whether letting `people` in takes the people inside past the capacity. */
export function takesPastCapacity(room: Room, people: number): boolean {
  return room.inside + people > room.capacity;
}

/**
 * The bar is decided with signal only: two bars without it could each pour the whole allowance
 * (decision 043). Entry and exit are decided on the phone too.
 */
export function decidedWithoutSignal(mode: ScanMode): boolean {
  return mode !== 'bar';
}

/**
 * Entry: in already is "Already admitted"; each person coming in needs a place, so past the
 * capacity it is "Full" unless the door admits anyway; back after leaving, "Welcome back".
 */
export function entryVerdict(standing: Standing, room: Room | null, people: number, anyway: boolean): 'alreadyAdmitted' | 'full' | 'welcomeBack' | 'admitted' {
  if (standing.admitted && standing.inside) return 'alreadyAdmitted';
  if (room && !anyway && takesPastCapacity(room, people)) return 'full';
  return standing.admitted ? 'welcomeBack' : 'admitted';
}

/** Exit: never refused to someone inside; one not admitted, or out already, is said so. */
export function exitVerdict(standing: Standing): 'notCheckedIn' | 'notInside' | 'exited' {
  if (!standing.admitted) return 'notCheckedIn';
  return standing.inside ? 'exited' : 'notInside';
}

/**
 * The bar: only for someone admitted tonight; one pass window pours once (a code scanned again is
 * a replay); then the next drink of the allowance, or none left.
 */
export function barVerdict({ admitted, codeUsed, poured, allowance }: { admitted: boolean; codeUsed: boolean; poured: number; allowance: number }): 'notCheckedIn' | 'expiredCode' | 'noDrinksLeft' | 'drinkRedeemed' {
  if (!admitted) return 'notCheckedIn';
  if (codeUsed) return 'expiredCode';
  return poured + 1 > allowance ? 'noDrinksLeft' : 'drinkRedeemed';
}

/**
 * What the rules answer beside the door's verdicts. `banned`: the door says "Not admitted" and never
 * why; the scan's log says it for the admins. The others refuse an admission by name or "anyway"
 * that names nobody the door may admit that way: the server answers them as errors, the phone as
 * "Invalid code".
 */
export type Refusal = 'banned' | 'userNotFound' | 'ticketNotFound' | 'ticketNeedsCode';
export type Outcome = Verdict | Refusal;

/** The verdict the door phone shows for an outcome. */
export function shownOffline(outcome: Outcome): Verdict {
  if (outcome === 'banned') return 'notAdmitted';
  if (outcome === 'userNotFound' || outcome === 'ticketNotFound' || outcome === 'ticketNeedsCode') return 'invalid';
  return outcome;
}

/** A scan as the rules see it: entry, exit or bar, when, and how the person was named. */
export interface Asked {
  mode: ScanMode;
  now: Date;
  /** A code read, a name chosen in the door's search, or the "Full" this door now admits anyway. */
  by: 'code' | 'name' | 'override';
  /** A pass code's window (a ticket's code has none). */
  step?: number;
  /** "Admit anyway": let in past the capacity. */
  anyway: boolean;
}

/** The night as the deciding side knows it. */
export interface NightAt {
  open: boolean;
  /** Counted only where an entry needs it (the phone walks its list to count); null: no capacity known. */
  room: () => Room | null;
  /** The event's drinks per member and per guest; absent where the bar is not decided (the phone). */
  bar?: { drinkAllowance: number; guestDrinks: number };
}

/** What the bar needs of a person: drinks poured tonight, and whether this code poured already. */
interface AtBar {
  poured?: number;
  codeUsed?: boolean;
}

/** The event's drinks for a person: the members' allowance, or for a ticket the guests' per person (never the members'). */
export function drinkAllowance(event: { drinkAllowance: number; guestDrinks: number }, ticket: { people: number } | null): number {
  return ticket ? event.guestDrinks * ticket.people : event.drinkAllowance;
}

function atBar(night: NightAt, person: AtBar & { standing: Standing }, ticket: { people: number } | null) {
  if (!night.bar) throw new Error('The bar is decided with signal only.');
  return barVerdict({ admitted: person.standing.admitted, codeUsed: person.codeUsed ?? false, poured: person.poured ?? 0, allowance: drinkAllowance(night.bar, ticket) });
}

/**
 * A pass's code before anything of its holder: a code no key of the pass made names nobody, but a
 * shut-out holder's is "Not admitted" (disabling ends the key while the phone still signs; the
 * phone's list holds no key of a refused pass at all); a window ahead is no code yet. Null: the
 * holder's checks follow (`memberVerdict`).
 */
export function passCodeVerdict(step: number, now: Date, signature: { verifies: boolean; holderShutOut: boolean }): 'invalid' | 'notAdmitted' | null {
  if (!signature.verifies) return signature.holderShutOut ? 'notAdmitted' : 'invalid';
  if (codeWindow(step, now) === 'ahead') return 'invalid';
  return null;
}

/** A ticket's code before anything of the ticket: only the server's key makes one, and a code it did not sign names nobody. */
export function ticketCodeVerdict(signed: boolean): 'invalid' | null {
  return signed ? null : 'invalid';
}

/** What the deciding side knows of a member. */
export interface MemberSeen extends AtBar {
  /** The venue disabled the account: shut out everywhere (decision 046). */
  disabled: boolean;
  /** On the house ban list now, by the account or its address (decision 052). */
  banned: boolean;
  /** The membership admits now: the server reads its dates, the phone that its list holds them. */
  member: boolean;
  standing: Standing;
}

/**
 * A member whose code passed `passCodeVerdict` (or chosen by name, or admitted anyway), in the
 * order the door checks: a closed door names nobody to a search; no such account; the account
 * shut out; a screenshot's window; leaving (recorded whatever the membership or a ban says, so who
 * is inside stays right); a ban; the membership; the door's hours; then entry or the bar.
 * `member` null: no such account.
 */
export function memberVerdict(asked: Asked, night: NightAt, member: MemberSeen | null): Outcome {
  const { by, mode, now } = asked;
  if (by === 'name' && !night.open) return 'notOnTonight';
  if (!member && by !== 'code') return 'userNotFound';
  if (member?.disabled) return 'notAdmitted';
  if (asked.step !== undefined && codeWindow(asked.step, now) === 'behind') return 'expiredCode';
  if (member && mode === 'exit') return night.open ? exitVerdict(member.standing) : 'notOnTonight';
  if (member?.banned) return 'banned';
  if (!member?.member) return 'noMembership';
  if (!night.open) return 'notOnTonight';
  if (mode === 'entry') return entryVerdict(member.standing, night.room(), 1, asked.anyway);
  return atBar(night, member, null);
}

/** What the deciding side knows of a ticket (decision 050). */
export interface TicketSeen extends AtBar {
  /** The server compares the ticket's event; the phone holds tonight's tickets only, so any other is another night's. */
  night: 'tonight' | 'otherNight';
  cancelled: boolean;
  /** A guest-list entry: the only kind admitted by name (nothing else ties a person to a ticket). */
  guestList: boolean;
  /** The holder's address is on the house ban list. */
  banned: boolean;
  /** The holder and their party. */
  people: number;
  standing: Standing;
}

/**
 * A ticket whose code passed `ticketCodeVerdict` (or a guest-list entry chosen by name, or
 * admitted anyway), in the order the door checks: a closed door names nobody to a search; by name
 * only tonight's guest list; no such ticket; cancelled; another night's; the door's hours;
 * leaving (recorded whatever a ban says); a ban; then entry (a place for each person) or the bar.
 * `ticket` null: no such ticket.
 */
export function ticketVerdict(asked: Asked, night: NightAt, ticket: TicketSeen | null): Outcome {
  const { by, mode } = asked;
  if (by === 'name' && !night.open) return 'notOnTonight';
  if (by !== 'code' && ticket?.night !== 'tonight') return 'ticketNotFound';
  if (by === 'name' && !ticket?.guestList) return 'ticketNeedsCode';
  if (!ticket) return 'invalid';
  if (ticket.cancelled) return 'ticketCancelled';
  if (ticket.night === 'otherNight') return 'otherNight';
  if (!night.open) return 'notOnTonight';
  if (mode === 'exit') return exitVerdict(ticket.standing);
  if (ticket.banned) return 'banned';
  if (mode === 'entry') return entryVerdict(ticket.standing, night.room(), ticket.people, asked.anyway);
  return atBar(night, ticket, ticket);
}
