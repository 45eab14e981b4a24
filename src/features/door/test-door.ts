// For tests: a night at the door. A fresh store with Ada (a member) and tonight's event (its door
// open), more people and events as a test needs them, the code a member's phone shows at a given
// moment, and scans of it by five door scanners.
import { randomBytes } from 'node:crypto';
import { beforeEach } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import type { Documents } from '@/server/documents/port';
import { passKeys, type PassKeys } from './pass-keys';
import { addTestUser } from '@/features/identity/test-users';
import { Events, HOME_VENUE } from '@/features/events/events';
import type { Identity } from '@/access/identity';
import type { Role } from '@/access/roles';
import { base64url, formatPassCode, lowS, PASS_SIGNATURE_ALGORITHM, signedMessage, stepAt, STEP_SECONDS } from './pass-code';
import { ensurePass, registerPassKey, type DoorPorts } from './passes';
import { newPhoneKey, passCodeAt, type PhoneKey } from './client/pass-store';
import type { ScanInput } from './door.inputs';
import { scanCode } from './scanning';
import { ticketKeys, type TicketKeys } from './ticket-keys';
import { Tickets, type TicketDocument } from './ticket-records';

export const HOUR = 60 * 60 * 1000;
export const NOW = new Date('2026-11-27T21:10:00Z');
export const STEP_MS = STEP_SECONDS * 1000;
/** When the members' phones registered their keys in these tests: a day before NOW. */
export const KEYS_REGISTERED_AT = new Date(NOW.getTime() - 24 * HOUR);

export function person(uid: string, role: Role | null): Identity {
  return { uid, email: `${uid}@example.org`, emailVerified: true, displayName: `Person ${uid}`, photoURL: null, role };
}

export const scanners = ['door-1', 'door-2', 'door-3', 'door-4', 'door-5'].map((uid) => person(uid, 'scanner'));

/** events/{id} as published at `now`: doors an hour before `now` unless said, starting an hour after doors. */
export async function addEvent(
  documents: Documents,
  id: string,
  now: Date,
  { doorsAt = new Date(now.getTime() - HOUR), hours = 5, status = 'published' as const, drinkAllowance = 2, capacity = 300, guestDrinks = 0 } = {},
): Promise<void> {
  await documents.collection(Events).doc(id).create({
    slug: id,
    previousSlugs: [],
    status,
    title: { en: `Event ${id}`, de: `Veranstaltung ${id}` },
    summary: { en: '', de: '' },
    description: { en: '', de: '' },
    startsAt: new Date(doorsAt.getTime() + HOUR),
    endsAt: new Date(doorsAt.getTime() + hours * HOUR),
    doorsAt,
    venue: HOME_VENUE,
    cover: null,
    capacity,
    drinkAllowance,
    barMenu: { en: '', de: '' },
    guestsPerMember: 1,
    guestDrinks,
    publicTickets: 0,
    searchTerms: [],
    publishedAt: now,
    cancelledAt: null,
    createdAt: now,
    updatedAt: now,
    updatedBy: 'admin',
  });
}

/** The tests' ticket key: one P-256 scalar for the run (any 32 random bytes but for a chance of 2^-32). */
const ticketScalar = new Uint8Array(randomBytes(32));

/** Each store's members' phones: the key each registered. */
const phones = new WeakMap<Documents, Map<string, PhoneKey>>();

/**
 * The code the member's phone shows in window `step`: signed with the phone's own key, registered
 * on first use, and again when the pass no longer has it (an admin renewed it), as the phone does.
 * NL3 as phones sign now, or NL2 as a phone that has not updated does.
 */
export async function phoneCode(ports: DoorPorts, uid: string, step: number, format: 'NL3' | 'NL2' = 'NL3'): Promise<string> {
  let known = phones.get(ports.documents);
  if (!known) phones.set(ports.documents, (known = new Map()));
  let { passId, pass } = await ensurePass(ports, uid);
  let phoneKey = known.get(uid);
  if (!phoneKey || pass.publicKey !== phoneKey.publicKey) {
    phoneKey = await newPhoneKey();
    // Registered the day before the night (an upload's decision must come after its key), by a
    // member just signed in (moving the pass from another phone asks for that).
    await registerPassKey(ports, { ...person(uid, 'user'), authTime: KEYS_REGISTERED_AT.getTime() / 1000 }, { publicKey: phoneKey.publicKey }, KEYS_REGISTERED_AT);
    known.set(uid, phoneKey);
    ({ passId, pass } = await ensurePass(ports, uid));
  }
  if (format === 'NL3') return (await passCodeAt({ passId, version: pass.version, phoneKey, offsetMs: 0 }, step * STEP_MS)).code;
  const signature = await crypto.subtle.sign(PASS_SIGNATURE_ALGORITHM, phoneKey.privateKey, new TextEncoder().encode(signedMessage('NL2', pass.version, passId, step)));
  return formatPassCode({ format: 'NL2', passId, step, signature: base64url(lowS(new Uint8Array(signature))) });
}

/**
 * A night on the embedded store at NOW, opened afresh before each test of the calling `describe`:
 * Ada (a member) and tonight's event, its door open. The helpers act on the night of the test.
 */
/**
 * tickets/{id} as src/features/tickets makes them (the door may not import it): signed with
 * `tickets`, valid, for tonight unless said. Returns the code the ticket page shows.
 */
export async function addTicket(documents: Documents, tickets: TicketKeys, id: string, ticket: Partial<TicketDocument> = {}): Promise<string> {
  const signature = tickets.signatureFor(id);
  await documents.collection(Tickets).doc(id).create({
    eventId: 'tonight',
    kind: 'guest',
    holder: { name: 'Kai Guest', email: null },
    party: 0,
    sponsorUid: 'ada',
    sponsorName: 'Person ada',
    state: 'valid',
    signature,
    secretHash: 'not-used-at-the-door',
    locale: 'en',
    createdAt: NOW,
    cancelledAt: null,
    cancelledBy: null,
    pseudonymisedAt: null,
    ...ticket,
  });
  return tickets.codeOf(id, signature);
}

export function doorNight() {
  let documents: SqliteDocuments;
  let keys: PassKeys;
  let tickets: TicketKeys;
  let nonces = 0;
  const nonce = () => `nonce-${(nonces += 1).toString().padStart(4, '0')}`;

  async function addUser(uid: string, { member = true }: { member?: boolean } = {}) {
    const membership = member ? { id: `m-${uid}`, validFrom: new Date(NOW.getTime() - 30 * 24 * HOUR), validUntil: new Date(NOW.getTime() + 30 * 24 * HOUR) } : null;
    await addTestUser(documents, person(uid, member ? 'user' : null), { membership }, NOW);
  }

  /** The code the member's phone shows at `at` (its clock corrected to server time), NL3 unless said. */
  const codeOf = (uid: string, at = NOW, format: 'NL3' | 'NL2' = 'NL3') => phoneCode({ documents, keys }, uid, stepAt(at.getTime()), format);

  const scan = (code: string, input: Partial<ScanInput> = {}, at = NOW, scanner = scanners[0]!) =>
    scanCode({ documents, keys, tickets }, scanner, { eventId: 'tonight', mode: 'entry', code, nonce: nonce(), source: 'camera', device: 'Front door', ...input }, at);

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    keys = passKeys(new Uint8Array(randomBytes(32)));
    tickets = ticketKeys(ticketScalar);
    await addUser('ada');
    await addEvent(documents, 'tonight', NOW);
  });

  return {
    get documents() {
      return documents;
    },
    get keys() {
      return keys;
    },
    get tickets() {
      return tickets;
    },
    /** What scanCode and admitManually take. */
    get ports() {
      return { documents, keys, tickets };
    },
    /** A ticket for tonight (or as said), signed with the night's ticket key: its code. */
    addTicket: (id: string, ticket: Partial<TicketDocument> = {}) => addTicket(documents, tickets, id, ticket),
    nonce,
    addUser,
    addEvent: (id: string, options?: Parameters<typeof addEvent>[3]) => addEvent(documents, id, NOW, options),
    codeOf,
    scan,
    /** Ada admitted at "Front, left", then a drink at 'Bar "up"' a window later; returns when it was poured. */
    async admitAdaThenPour(): Promise<Date> {
      await scan(await codeOf('ada'), { device: 'Front, left' });
      const later = new Date(NOW.getTime() + STEP_MS);
      await scan(await codeOf('ada', later), { mode: 'bar', device: 'Bar "up"' }, later);
      return later;
    },
  };
}
