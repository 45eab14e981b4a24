// The door's cases in one table, each run against both sides that decide by ./admission.ts: the
// server's scan (scanCode, and admitManually and admitAnyway for a name and "Admit anyway", on an
// embedded store) and the phone's offline verdict (decideOffline, with the door list assembled from
// door.list's pages as the phone assembles it, and the phone's own passages since). A row expects
// the same verdict from both, or says why they differ by design: the phone knows only its list,
// which names no dates, names refused passes by id alone, holds tonight's tickets only and is as
// old as its last fetch. A new rule is a new row.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@/server/domain-error';
import { Users } from '@/features/identity/users';
import { Events } from '@/features/events/events';
import { accountBanId, Bans, emailBanId, type BanDocument } from '@/features/bans/bans';
import type { ScanMode, Verdict } from './constants';
import { doorList } from './door-list';
import { admitAnyway, admitManually, scanCode, type ScanResult } from './scanning';
import { decideOffline, doorKeyOf, passageOf, type LocalPassage, type OfflineAnswer, type Undecidable } from './client/offline-verdict';
import { newPhoneKey, passCodeAt } from './client/pass-store';
import { endPassKey, ensurePass, registerPassKey, rotatePass } from './passes';
import { formatPassCode, parsePassCode } from './pass-code';
import { formatTicketCode, parseTicketCode } from './ticket-code';
import { ticketDoorKey, Tickets } from './ticket-records';
import { ticketKeys } from './ticket-keys';
import { doorNight, HOUR, NOW, person, scanners, STEP_MS } from './test-door';

type Night = ReturnType<typeof doorNight>;

/** What a side answers: a verdict, the server's refusal of a name as an error, the phone's "not here". */
type Answer = Verdict | `error:${string}` | `undecidable:${Undecidable}`;

/** One expectation for both sides, or each side's with the reason they differ. */
type Expected = Answer | { server: Answer; phone: Answer; why: string };

interface Scan {
  mode?: ScanMode;
  /** Server time of the scan (the phone's clock corrected to it); NOW unless said. */
  at?: Date;
  /** "Admit anyway" after this door's "Full" just before. */
  anyway?: boolean;
  expect: Expected;
}

interface Row {
  name: string;
  /** The night until the list is made (the list knows it), and what the person shows at the door: a code, or a name chosen in the search. */
  given: (night: Night) => Promise<{ code: string } | { uid: string }>;
  /** After the list was made: another door, or an admin. The server knows it; this phone does not. */
  since?: (night: Night) => Promise<unknown>;
  /** At this door, one after the other. */
  scans: Scan[];
}

const MINUTE = 60_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);
/** Tonight's event (test-door): doors an hour before NOW, the door open from three hours before NOW, the end four hours after. */
const BEFORE_OPENING = at(-3 * HOUR - MINUTE);
const AFTER_THE_END = at(4 * HOUR + MINUTE);

// The reasons the two sides differ, each once.
const NOT_LISTED = "The list holds only the members whose membership covers some of the night, with no dates (decisions 043, 046): another person's pass is unknown to the phone, 'Invalid code'.";
const LISTED_ALL_NIGHT = 'A membership that covers any of the night is listed for all of it, without its dates (decision 046); the upload of the admission is flagged staleList.';
const REFUSED_BY_ID = "The list names a shut-out account's pass by its id alone, without its key or whether its holder is inside (decisions 046, 052): the phone refuses every code of it and cannot find it by name; the server records a leaving and answers a screenshot as one.";
const LIST_IS_OLDER = 'The phone decides by its last list: what changed since reaches it with the next one, within a minute online (decisions 043, 053); the upload is flagged where it matters.';
const OTHER_DOORS = "The phone counts on from its list with its own entries and exits only: another door's since are not in it (decisions 043, 052); the upload is flagged.";
const TONIGHTS_TICKETS = "The list holds tonight's tickets only: a ticket it lacks is another night's, or newer than the list (decision 050).";
const ERRORS_OFFLINE = 'The server answers a name it cannot admit with an error saying why; the phone has only its verdicts, and says "Invalid code".';
const UNKNOWN_NAME = "The phone cannot tell an account that does not exist from one its list does not hold: either has no membership tonight as far as it knows.";
const NL1_ONLINE = 'An NL1 code is checked with a key only the server holds (decision 042): the phone waits for the server.';
const BAR_ONLINE = 'The bar is decided with signal only: two bars without it could each pour the whole allowance (decision 043).';

const code = (text: string) => ({ code: text });

async function ban(night: Night, id: string, data: Partial<BanDocument>) {
  await night.documents
    .collection(Bans)
    .doc(id)
    .create({ subject: 'account', uid: null, email: null, name: null, reason: 'Fought at the bar', from: new Date(NOW.getTime() - HOUR), until: null, createdBy: 'admin', createdByName: 'Admin', createdAt: NOW, updatedBy: 'admin', updatedAt: NOW, ...data });
}

/** What user administration does at the door when it disables an account: shut out, the pass's key ended. */
async function disable(night: Night, uid: string) {
  await night.documents.collection(Users).doc(uid).update({ disabled: true });
  await endPassKey(night.documents, uid, NOW);
}

async function membership(night: Night, uid: string, window: { validFrom?: Date; validUntil?: Date }) {
  const user = (await night.documents.collection(Users).doc(uid).get()).data!;
  await night.documents.collection(Users).doc(uid).update({ membership: { ...user.membership!, ...window } });
}

/** Ada's code two characters from the end changed: still a code in form, not one her phone made. */
function tampered(text: string) {
  const at = text.length - 5;
  return text.slice(0, at) + (text[at] === '1' ? '2' : '1') + text.slice(at + 1);
}

const capacity = (night: Night, value: number) => night.documents.collection(Events).doc('tonight').update({ capacity: value });

/** Another door's scan (its own scanner and device), online. */
const elsewhere = async (night: Night, shown: string, mode: ScanMode = 'entry', when = NOW) =>
  scanCode(night.ports, scanners[1]!, { eventId: 'tonight', mode, code: shown, nonce: night.nonce(), source: 'camera', device: 'Side door' }, when);

const ROWS: Row[] = [
  // Passes: the code, its window, its key.
  { name: "a member's pass in its window", given: async (night) => code(await night.codeOf('ada')), scans: [{ expect: 'admitted' }] },
  { name: 'the pass as a phone that has not updated shows it (NL2)', given: async (night) => code(await night.codeOf('ada', NOW, 'NL2')), scans: [{ expect: 'admitted' }] },
  { name: 'a code one window old: within the tolerance', given: async (night) => code(await night.codeOf('ada')), scans: [{ at: at(STEP_MS), expect: 'admitted' }] },
  { name: 'a code one window ahead: within the tolerance', given: async (night) => code(await night.codeOf('ada', at(STEP_MS))), scans: [{ expect: 'admitted' }] },
  { name: 'a code two windows old: a screenshot', given: async (night) => code(await night.codeOf('ada')), scans: [{ at: at(2 * STEP_MS), expect: 'expiredCode' }] },
  { name: 'a code two windows ahead: no code yet', given: async (night) => code(await night.codeOf('ada', at(2 * STEP_MS))), scans: [{ expect: 'invalid' }] },
  { name: 'a digit of the signature changed', given: async (night) => code(tampered(await night.codeOf('ada'))), scans: [{ expect: 'invalid' }] },
  {
    name: 'an NL2 signature written as NL3',
    given: async (night) => {
      const parts = parsePassCode(await night.codeOf('ada', NOW, 'NL2'));
      if (parts?.format !== 'NL2') throw new Error('expected NL2');
      return code(formatPassCode({ ...parts, format: 'NL3' }));
    },
    scans: [{ expect: 'invalid' }],
  },
  {
    name: 'a well-formed code of a pass nobody has',
    given: async () => code((await passCodeAt({ passId: 'AAAAAAAAAAAAAAAA', version: 1, phoneKey: await newPhoneKey(), offsetMs: 0 }, NOW.getTime())).code),
    scans: [{ expect: 'invalid' }],
  },
  { name: 'not a code at all', given: async () => code('https://example.org'), scans: [{ expect: 'invalid' }] },
  {
    name: 'an NL1 code of a pass no phone registered a key for',
    given: async (night) => {
      const { passId, pass } = await ensurePass(night.ports, 'ada');
      const step = Math.floor(NOW.getTime() / STEP_MS);
      return code(formatPassCode({ format: 'NL1', passId, step, mac: night.keys.macFor(passId, pass.version, step) }));
    },
    scans: [{ expect: { server: 'admitted', phone: 'undecidable:onlineOnly', why: NL1_ONLINE } }],
  },
  {
    name: 'the pass moved to another phone before the list: the old phone’s code',
    given: async (night) => {
      const old = await night.codeOf('ada');
      await registerPassKey(night.ports, { ...person('ada', 'user'), authTime: NOW.getTime() / 1000 }, { publicKey: (await newPhoneKey()).publicKey }, NOW);
      return code(old);
    },
    scans: [{ expect: 'invalid' }],
  },
  {
    name: "an admin's new pass before the list: the old code",
    given: async (night) => {
      const old = await night.codeOf('ada');
      await rotatePass(night.ports, person('boss', 'admin'), { uid: 'ada' }, NOW);
      return code(old);
    },
    scans: [{ expect: 'invalid' }],
  },
  {
    name: 'the pass moved to another phone after the list: the old phone’s code',
    given: async (night) => code(await night.codeOf('ada')),
    since: async (night) => registerPassKey(night.ports, { ...person('ada', 'user'), authTime: NOW.getTime() / 1000 }, { publicKey: (await newPhoneKey()).publicKey }, NOW),
    scans: [{ expect: { server: 'invalid', phone: 'admitted', why: LIST_IS_OLDER } }],
  },

  // The membership.
  {
    name: 'an account without a membership',
    given: async (night) => {
      await night.addUser('bob', { member: false });
      return code(await night.codeOf('bob'));
    },
    scans: [{ expect: { server: 'noMembership', phone: 'invalid', why: NOT_LISTED } }],
  },
  {
    name: 'a membership that ended yesterday',
    given: async (night) => {
      await membership(night, 'ada', { validUntil: at(-24 * HOUR) });
      return code(await night.codeOf('ada'));
    },
    scans: [{ expect: { server: 'noMembership', phone: 'invalid', why: NOT_LISTED } }],
  },
  {
    name: 'a membership that begins next month',
    given: async (night) => {
      await membership(night, 'ada', { validFrom: at(30 * 24 * HOUR), validUntil: at(60 * 24 * HOUR) });
      return code(await night.codeOf('ada'));
    },
    scans: [{ expect: { server: 'noMembership', phone: 'invalid', why: NOT_LISTED } }],
  },
  {
    name: 'a membership that ends during the night, scanned after its end',
    given: async (night) => {
      await membership(night, 'ada', { validUntil: at(HOUR) });
      return code(await night.codeOf('ada', at(2 * HOUR)));
    },
    scans: [{ at: at(2 * HOUR), expect: { server: 'noMembership', phone: 'admitted', why: LISTED_ALL_NIGHT } }],
  },
  {
    name: 'a membership that begins later tonight, scanned before it does',
    given: async (night) => {
      await membership(night, 'ada', { validFrom: at(HOUR) });
      return code(await night.codeOf('ada'));
    },
    scans: [{ expect: { server: 'noMembership', phone: 'admitted', why: LISTED_ALL_NIGHT } }],
  },
  { name: 'a member chosen by name', given: async () => ({ uid: 'ada' }), scans: [{ expect: 'admitted' }] },
  {
    name: 'an account without a membership chosen by name',
    given: async (night) => {
      await night.addUser('bob', { member: false });
      return { uid: 'bob' };
    },
    scans: [{ expect: 'noMembership' }],
  },
  { name: 'a name of no account', given: async () => ({ uid: 'nobody' }), scans: [{ expect: { server: 'error:userNotFound', phone: 'noMembership', why: UNKNOWN_NAME } }] },

  // Shut out: a disabled account, the house ban list.
  {
    name: 'a disabled account’s phone, still signing',
    given: async (night) => {
      const shown = await night.codeOf('ada');
      await disable(night, 'ada');
      return code(shown);
    },
    scans: [{ expect: 'notAdmitted' }],
  },
  {
    name: 'a disabled account chosen by name',
    given: async (night) => {
      await disable(night, 'ada');
      return { uid: 'ada' };
    },
    scans: [{ expect: { server: 'notAdmitted', phone: 'noMembership', why: REFUSED_BY_ID } }],
  },
  {
    name: 'a member banned by their account',
    given: async (night) => {
      await ban(night, accountBanId('ada'), { uid: 'ada' });
      return code(await night.codeOf('ada'));
    },
    scans: [{ expect: 'notAdmitted' }],
  },
  {
    name: 'a member banned by their address',
    given: async (night) => {
      await ban(night, emailBanId('ADA@example.org'), { subject: 'email', email: 'ada@example.org' });
      return code(await night.codeOf('ada'));
    },
    scans: [{ expect: 'notAdmitted' }],
  },
  {
    name: 'a banned member chosen by name',
    given: async (night) => {
      await ban(night, accountBanId('ada'), { uid: 'ada' });
      return { uid: 'ada' };
    },
    scans: [{ expect: { server: 'notAdmitted', phone: 'noMembership', why: REFUSED_BY_ID } }],
  },
  {
    name: 'a member inside, banned since, leaving',
    given: async (night) => {
      const shown = await night.codeOf('ada');
      await elsewhere(night, shown);
      await ban(night, accountBanId('ada'), { uid: 'ada' });
      return code(shown);
    },
    scans: [{ mode: 'exit', expect: { server: 'exited', phone: 'notAdmitted', why: REFUSED_BY_ID } }],
  },
  {
    name: "a banned member's screenshot",
    given: async (night) => {
      await ban(night, accountBanId('ada'), { uid: 'ada' });
      return code(await night.codeOf('ada'));
    },
    scans: [{ at: at(2 * STEP_MS), expect: { server: 'expiredCode', phone: 'notAdmitted', why: REFUSED_BY_ID } }],
  },
  {
    name: 'a member banned after the list',
    given: async (night) => code(await night.codeOf('ada')),
    since: (night) => ban(night, accountBanId('ada'), { uid: 'ada' }),
    scans: [{ expect: { server: 'notAdmitted', phone: 'admitted', why: LIST_IS_OLDER } }],
  },

  // The door's hours.
  { name: 'before the door opens', given: async (night) => code(await night.codeOf('ada', BEFORE_OPENING)), scans: [{ at: BEFORE_OPENING, expect: 'notOnTonight' }] },
  { name: "after the event's end", given: async (night) => code(await night.codeOf('ada', AFTER_THE_END)), scans: [{ at: AFTER_THE_END, expect: 'notOnTonight' }] },
  { name: "leaving after the event's end", given: async (night) => code(await night.codeOf('ada', AFTER_THE_END)), scans: [{ mode: 'exit', at: AFTER_THE_END, expect: 'notOnTonight' }] },
  { name: 'a name at a closed door', given: async () => ({ uid: 'ada' }), scans: [{ at: AFTER_THE_END, expect: 'notOnTonight' }] },
  {
    name: 'an unknown name at a closed door',
    given: async () => ({ uid: 'nobody' }),
    scans: [{ at: AFTER_THE_END, expect: 'notOnTonight' }],
  },

  // In and out: this door, another door before the list, another door since.
  {
    name: 'exit and re-entry at this door',
    given: async (night) => code(await night.codeOf('ada')),
    scans: [
      { mode: 'exit', expect: 'notCheckedIn' },
      { at: at(1000), expect: 'admitted' },
      { at: at(2000), expect: 'alreadyAdmitted' },
      { mode: 'exit', at: at(3000), expect: 'exited' },
      { mode: 'exit', at: at(4000), expect: 'notInside' },
      { at: at(5000), expect: 'welcomeBack' },
      { at: at(6000), expect: 'alreadyAdmitted' },
    ],
  },
  {
    name: 'admitted at another door before the list',
    given: async (night) => {
      const shown = await night.codeOf('ada');
      await elsewhere(night, shown);
      return code(shown);
    },
    scans: [{ expect: 'alreadyAdmitted' }],
  },
  {
    name: 'out by another door before the list, back in here',
    given: async (night) => {
      const shown = await night.codeOf('ada');
      await elsewhere(night, shown);
      await elsewhere(night, shown, 'exit');
      return code(shown);
    },
    scans: [{ expect: 'welcomeBack' }, { mode: 'exit', at: at(1000), expect: 'exited' }],
  },
  {
    name: 'admitted at another door after the list',
    given: async (night) => code(await night.codeOf('ada')),
    since: (night) => night.codeOf('ada').then((shown) => elsewhere(night, shown)),
    scans: [{ expect: { server: 'alreadyAdmitted', phone: 'admitted', why: OTHER_DOORS } }],
  },

  // The capacity.
  {
    name: 'the event at its capacity',
    given: async (night) => {
      await capacity(night, 1);
      await night.addUser('bob');
      await elsewhere(night, await night.codeOf('bob'));
      return code(await night.codeOf('ada'));
    },
    scans: [{ expect: 'full' }, { anyway: true, expect: 'admitted' }],
  },
  {
    name: 'an exit makes room',
    given: async (night) => {
      await capacity(night, 1);
      await night.addUser('bob');
      const bob = await night.codeOf('bob');
      await elsewhere(night, bob);
      await elsewhere(night, bob, 'exit');
      return code(await night.codeOf('ada'));
    },
    scans: [{ expect: 'admitted' }],
  },
  {
    name: 'the last place taken by another door after the list',
    given: async (night) => {
      await capacity(night, 1);
      await night.addUser('bob');
      await night.codeOf('bob');
      return code(await night.codeOf('ada'));
    },
    since: async (night) => elsewhere(night, await night.codeOf('bob')),
    scans: [{ expect: { server: 'full', phone: 'admitted', why: OTHER_DOORS } }],
  },
  {
    name: 'a guest-list party of four with three places left',
    given: async (night) => {
      await capacity(night, 3);
      return code(await night.addTicket('kaiPlusThree0001', { kind: 'guestList', party: 3, holder: { name: 'Kai Lane', email: null } }));
    },
    scans: [{ expect: 'full' }, { anyway: true, expect: 'admitted' }],
  },

  // Tickets.
  { name: "a member's guest's ticket", given: async (night) => code(await night.addTicket('guestTicket00001')), scans: [{ expect: 'admitted' }, { at: at(1000), expect: 'alreadyAdmitted' }] },
  {
    name: 'a ticket as it was mailed before issue 48 (NT1)',
    given: async (night) => code(formatTicketCode(parseTicketCode(await night.addTicket('mailedTicket0001'))!, 'NT1')),
    scans: [{ expect: 'admitted' }],
  },
  {
    name: 'a ticket used at another door before the list',
    given: async (night) => {
      const shown = await night.addTicket('usedTicket000001');
      await elsewhere(night, shown);
      return code(shown);
    },
    scans: [{ expect: 'alreadyAdmitted' }],
  },
  { name: 'a cancelled ticket', given: async (night) => code(await night.addTicket('cancelledTicket1', { state: 'cancelled', cancelledAt: NOW, cancelledBy: 'sponsor' })), scans: [{ expect: 'ticketCancelled' }] },
  {
    name: "another night's ticket",
    given: async (night) => {
      await night.addEvent('next-week', { doorsAt: at(7 * 24 * HOUR) });
      return code(await night.addTicket('nextWeekTicket01', { eventId: 'next-week' }));
    },
    scans: [{ expect: 'otherNight' }],
  },
  {
    name: "another night's cancelled ticket",
    given: async (night) => {
      await night.addEvent('next-week', { doorsAt: at(7 * 24 * HOUR) });
      return code(await night.addTicket('nextWeekCancel01', { eventId: 'next-week', state: 'cancelled', cancelledAt: NOW, cancelledBy: 'holder' }));
    },
    scans: [{ expect: { server: 'ticketCancelled', phone: 'otherNight', why: TONIGHTS_TICKETS } }],
  },
  {
    name: 'a ticket the server signed and has no record of',
    given: async (night) => code(night.tickets.codeOf('neverStoredTkt01', night.tickets.signatureFor('neverStoredTkt01'))),
    scans: [{ expect: { server: 'invalid', phone: 'otherNight', why: TONIGHTS_TICKETS } }],
  },
  {
    name: 'a ticket signed by another key',
    given: async (night) => {
      await night.addTicket('forgedTicket0001');
      const other = ticketKeys(new Uint8Array(randomBytes(32)));
      return code(other.codeOf('forgedTicket0001', other.signatureFor('forgedTicket0001')));
    },
    scans: [{ expect: 'invalid' }],
  },
  {
    name: "a ticket's id under another ticket's signature",
    given: async (night) => {
      await night.addTicket('firstTicket00001');
      const second = await night.addTicket('secondTicket0001');
      return code(formatTicketCode({ ticketId: 'firstTicket00001', signature: parseTicketCode(second)!.signature }));
    },
    scans: [{ expect: 'invalid' }],
  },
  {
    name: 'a guest banned by their address: refused, and not inside to leave',
    given: async (night) => {
      const shown = await night.addTicket('bannedGuest00001', { holder: { name: 'Rex Rowdy', email: 'rex@example.org' } });
      await ban(night, emailBanId('rex@example.org'), { subject: 'email', email: 'rex@example.org', name: 'Rex Rowdy' });
      return code(shown);
    },
    scans: [{ expect: 'notAdmitted' }, { mode: 'exit', at: at(1000), expect: 'notCheckedIn' }],
  },
  {
    name: 'a guest inside, banned since, leaving',
    given: async (night) => {
      const shown = await night.addTicket('bannedLater00001', { holder: { name: 'Rex Rowdy', email: 'rex@example.org' } });
      await elsewhere(night, shown);
      await ban(night, emailBanId('rex@example.org'), { subject: 'email', email: 'rex@example.org', name: 'Rex Rowdy' });
      return code(shown);
    },
    scans: [{ mode: 'exit', expect: 'exited' }, { at: at(1000), expect: 'notAdmitted' }],
  },
  {
    name: 'a ticket cancelled after the list',
    given: async (night) => code(await night.addTicket('cancelLaterTkt01')),
    since: (night) => night.documents.collection(Tickets).doc('cancelLaterTkt01').update({ state: 'cancelled', cancelledAt: at(MINUTE), cancelledBy: 'sponsor' }),
    scans: [{ at: at(2 * MINUTE), expect: { server: 'ticketCancelled', phone: 'admitted', why: LIST_IS_OLDER } }],
  },
  {
    name: "a guest-list party 'Kai +3' in, out and back",
    given: async (night) => code(await night.addTicket('kaiPartyTicket01', { kind: 'guestList', party: 3, sponsorUid: 'admin', sponsorName: 'Alex Admin' })),
    scans: [
      { mode: 'exit', expect: 'notCheckedIn' },
      { at: at(1000), expect: 'admitted' },
      { mode: 'exit', at: at(2000), expect: 'exited' },
      { mode: 'exit', at: at(3000), expect: 'notInside' },
      { at: at(4000), expect: 'welcomeBack' },
    ],
  },
  { name: "a ticket after the event's end", given: async (night) => code(await night.addTicket('lateTicket000001')), scans: [{ at: AFTER_THE_END, expect: 'notOnTonight' }] },
  {
    name: 'a guest-list entry chosen by name',
    given: async (night) => {
      await night.addTicket('crewByName000001', { kind: 'guestList', party: 2, holder: { name: 'Kai Crew', email: 'kai@example.org' } });
      return { uid: ticketDoorKey('crewByName000001') };
    },
    scans: [{ expect: 'admitted' }],
  },
  {
    name: "a guest's ticket chosen by name",
    given: async (night) => {
      await night.addTicket('guestByName00001');
      return { uid: ticketDoorKey('guestByName00001') };
    },
    scans: [{ expect: { server: 'error:ticketNeedsCode', phone: 'invalid', why: ERRORS_OFFLINE } }],
  },
  {
    name: "a cancelled guest's ticket chosen by name",
    given: async (night) => {
      await night.addTicket('cancelledName001', { state: 'cancelled', cancelledAt: NOW, cancelledBy: 'sponsor' });
      return { uid: ticketDoorKey('cancelledName001') };
    },
    scans: [{ expect: { server: 'error:ticketNeedsCode', phone: 'invalid', why: ERRORS_OFFLINE } }],
  },
  {
    name: 'a cancelled guest-list entry chosen by name',
    given: async (night) => {
      await night.addTicket('cancelledCrew001', { kind: 'guestList', state: 'cancelled', cancelledAt: NOW, cancelledBy: 'admin' });
      return { uid: ticketDoorKey('cancelledCrew001') };
    },
    scans: [{ expect: 'ticketCancelled' }, { at: AFTER_THE_END, expect: 'notOnTonight' }],
  },
  { name: 'a name of no ticket', given: async () => ({ uid: ticketDoorKey('noSuchTicket0001') }), scans: [{ expect: { server: 'error:ticketNotFound', phone: 'invalid', why: ERRORS_OFFLINE } }] },

  // The bar.
  {
    name: 'a drink for an admitted member',
    given: async (night) => {
      const shown = await night.codeOf('ada');
      await elsewhere(night, shown);
      return code(shown);
    },
    scans: [{ mode: 'bar', expect: { server: 'drinkRedeemed', phone: 'undecidable:bar', why: BAR_ONLINE } }],
  },
  {
    name: 'the bar before the door',
    given: async (night) => code(await night.codeOf('ada')),
    scans: [{ mode: 'bar', expect: { server: 'notCheckedIn', phone: 'undecidable:bar', why: BAR_ONLINE } }],
  },
];

/** The server's answer to a scan of this door: its verdict, or the reason it refused a name. */
async function onServer(night: Night, shown: { code: string } | { uid: string }, scan: Scan, fullNonce: string | null): Promise<{ answer: Answer; result: ScanResult | null; nonce: string }> {
  const nonce = night.nonce();
  const when = scan.at ?? NOW;
  const door = { eventId: 'tonight', nonce, device: 'Front door' };
  try {
    const result =
      scan.anyway && fullNonce
        ? await admitAnyway(night.ports, scanners[0]!, { ...door, fullNonce, reason: 'The manager said yes' }, when)
        : 'code' in shown
          ? await scanCode(night.ports, scanners[0]!, { ...door, mode: scan.mode ?? 'entry', code: shown.code, source: 'camera' }, when)
          : await admitManually(night.ports, scanners[0]!, { ...door, uid: shown.uid }, when);
    return { answer: result.verdict, result, nonce };
  } catch (error) {
    if (error instanceof DomainError) return { answer: `error:${error.reason}`, result: null, nonce };
    throw error;
  }
}

function offlineAnswer(answer: OfflineAnswer): Answer {
  return answer.kind === 'verdict' ? answer.verdict : `undecidable:${answer.reason}`;
}

describe("the door's rules, online and on the phone without signal", () => {
  const night = doorNight();

  for (const row of ROWS) {
    it(row.name, async () => {
      const shown = await row.given(night);
      const list = await doorList(night.ports, { eventId: 'tonight' }, NOW);
      await row.since?.(night);
      // What this phone let happen since its list, as the scanner keeps it.
      const local = new Map<string, LocalPassage>();
      let fullNonce: string | null = null;
      for (const [index, scan] of row.scans.entries()) {
        const expected = typeof scan.expect === 'string' ? { server: scan.expect, phone: scan.expect, why: '' } : scan.expect;
        // A row that says the sides differ names a real difference, and why.
        if (typeof scan.expect !== 'string') expect([expected.server !== expected.phone, expected.why.length > 20], `scan ${index + 1}: a difference, and its reason`).toEqual([true, true]);
        const when = scan.at ?? NOW;
        const server = await onServer(night, shown, scan, fullNonce);
        fullNonce = server.answer === 'full' ? server.nonce : fullNonce;
        const phone = await decideOffline(list, { mode: scan.mode ?? 'entry', ...shown, anyway: scan.anyway === true }, when, local);
        if (phone.kind === 'verdict') {
          const passage = passageOf(phone, local, { eventId: 'tonight', at: when, door: 'Front door' });
          if (passage) local.set(passage.uid, passage);
        }
        expect({ server: server.answer, phone: offlineAnswer(phone) }, `scan ${index + 1}`).toEqual({ server: expected.server, phone: expected.phone });
        // Where both name someone, it is the same person, first admitted at the same door.
        const serverNames = server.result && (server.result.member?.uid ?? (server.result.ticket ? ticketDoorKey(server.result.ticket.id) : null));
        const phoneNames = phone.kind === 'verdict' ? doorKeyOf(phone) : null;
        if (serverNames && phoneNames) expect(phoneNames, `scan ${index + 1}: whom it names`).toBe(serverNames);
        if (phone.kind === 'verdict' && server.result && phone.verdict === server.answer) {
          expect([phone.firstAt, phone.firstDevice], `scan ${index + 1}: the first admission`).toEqual([server.result.firstAt, server.result.firstDevice]);
        }
      }
    });
  }

  it('covers every verdict the door can give without signal, and the bar', () => {
    const answers = new Set(ROWS.flatMap((row) => row.scans.flatMap((scan) => (typeof scan.expect === 'string' ? [scan.expect] : [scan.expect.server, scan.expect.phone]))));
    const offline: Verdict[] = ['admitted', 'alreadyAdmitted', 'welcomeBack', 'invalid', 'expiredCode', 'noMembership', 'notOnTonight', 'exited', 'notInside', 'notCheckedIn', 'notAdmitted', 'full', 'ticketCancelled', 'otherNight'];
    expect(offline.filter((verdict) => !answers.has(verdict))).toEqual([]);
    expect(answers.has('drinkRedeemed') && answers.has('undecidable:bar')).toBe(true);
  });
});
