// The door's words, shared by the scanner page and the server: modes, sources, verdicts and the
// longest code. No schema library or Node module here, so the scanner's page stays light.
export const SCAN_MODES = ['entry', 'bar', 'exit'] as const;
export type ScanMode = (typeof SCAN_MODES)[number];
export const SCAN_SOURCES = ['camera', 'manual', 'keyboard'] as const;
export type ScanSource = (typeof SCAN_SOURCES)[number];

/**
 * `notAdmitted`: a person the venue has shut out (a disabled account); the door says only "ask the
 * manager". `ticketCancelled`: a ticket its sponsor, holder or an admin cancelled. `otherNight`: a
 * valid ticket of another event ("Not for tonight"). `full`: the event is at its capacity; the door
 * may "Admit anyway" with a reason.
 */
export const VERDICTS = ['admitted', 'alreadyAdmitted', 'invalid', 'expiredCode', 'noMembership', 'notOnTonight', 'drinkRedeemed', 'noDrinksLeft', 'notCheckedIn', 'exited', 'welcomeBack', 'notInside', 'notAdmitted', 'ticketCancelled', 'otherNight', 'full'] as const;
export type Verdict = (typeof VERDICTS)[number];
/** The verdicts that let someone in (again), out, or pour a drink. */
export const ACCEPTED: readonly Verdict[] = ['admitted', 'drinkRedeemed', 'exited', 'welcomeBack'];

/** A ticket's kind: a member's guest, a guest-list entry an admin added, a public ticket. */
export const TICKET_KINDS = ['guest', 'guestList', 'public'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];
/** The most people a guest-list entry brings with its holder ("+N"). */
export const PARTY_MAX = 20;

/** The longest text a scanner may send as a code (a pass code is about 60 characters). */
export const CODE_MAX = 200;

/** The longest reason a door gives for "Admit anyway". */
export const OVERRIDE_REASON_MAX = 200;
/** From this share of the capacity inside, the scanner and /admin warn. */
export const NEARLY_FULL = 0.9;
