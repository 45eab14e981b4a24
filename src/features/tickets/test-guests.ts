// For tests: members who may bring guests, and events to bring them to, on any documents store
// (SQLite or the Firestore stand-in). The server's ticket key is a fresh one per run.
import { randomBytes } from 'node:crypto';
import type { Documents } from '@/server/documents/port';
import type { Identity } from '@/access/identity';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { Events } from '@/features/events/events';
import { GUESTS_PER_SEASON, Memberships, queueKey } from '@/features/memberships/membership-rules';
import { ticketKeys } from '@/features/door/ticket-keys';
import { addEvent, HOUR } from '@/features/door/test-door';
import type { TicketPorts } from './tickets';

export { HOUR };
export const DAY = 24 * HOUR;

export const testTicketKeys = ticketKeys(new Uint8Array(randomBytes(32)));

export function ticketPortsOf(documents: Documents): TicketPorts {
  return { documents, keys: testTicketKeys };
}

/** A member (role `user`, display name "Mia <uid>") whose membership runs from a day before `now` for 100 days. */
export async function addMember(documents: Documents, uid: string, now: Date, { guestsPerSeason = GUESTS_PER_SEASON, validDays = 100 } = {}): Promise<{ identity: Identity; membershipId: string }> {
  const identity = { ...testPerson(uid, 'user'), displayName: `Mia ${uid}` };
  const membership = documents.collection(Memberships).doc(`m-${uid}`);
  const validFrom = new Date(now.getTime() - DAY);
  const validUntil = new Date(now.getTime() + validDays * DAY);
  await membership.create({
    uid,
    email: identity.email,
    displayName: identity.displayName,
    searchTerms: [],
    plan: 'season',
    status: 'active',
    requestedAt: validFrom,
    validFrom,
    validUntil,
    decidedBy: 'admin',
    decidedByName: 'Admin',
    decidedAt: validFrom,
    note: null,
    revision: 1,
    queue: queueKey({ status: 'active', requestedAt: validFrom, validUntil, decidedAt: validFrom }),
    history: [],
    guestsPerSeason,
  });
  await addTestUser(documents, identity, { membership: { id: membership.id, validFrom, validUntil }, locale: 'en' }, now);
  return { identity, membershipId: membership.id };
}

/** A published event whose door opens `inDays` days after `now`, with the guests and capacity a test sets. */
export async function addUpcomingEvent(documents: Documents, id: string, now: Date, { inDays = 2, guestsPerMember = 1, capacity = 300 } = {}): Promise<void> {
  await addEvent(documents, id, now, { doorsAt: new Date(now.getTime() + inDays * DAY), capacity });
  await documents.collection(Events).doc(id).update({ guestsPerMember });
}
