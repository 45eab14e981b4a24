// The door list for any venue (decision 053): a list of 20,000 members comes complete, in pages of
// bounded size, documents written before stamps included; after it, only what changed: a member
// added, a membership ended (by a write or by the clock), a pass rotated, a ban, a ticket, an
// admission, an account deleted; each answer merged as the phone merges it, and a change no delta
// can carry answered with "start over".
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { defineCollection } from '@/server/documents/port';
import { searchTermsFor, UserDocument, Users } from '@/features/identity/users';
import { addTestUser } from '@/features/identity/test-users';
import { liftBan, setBan } from '@/features/bans/ban-admin';
import { accountBanId } from '@/features/bans/bans';
import { DOOR_LIST_PAGE, doorList, doorListPage, type DoorList, type DoorListAnswer, type DoorListChanges } from './door-list';
import { emptyDoorList, mergeDoorList } from './door-list-merge';
import { passKeys } from './pass-keys';
import { ticketKeys } from './ticket-keys';
import { Passes, rotatePass } from './passes';
import { scanCode } from './scanning';
import { addEvent, addTicket, HOUR, person, phoneCode } from './test-door';
import { stepAt } from './pass-code';
import type { DoorPorts } from './passes';

const DAY = 24 * HOUR;
/** users/{uid} as a release before stamps wrote it: no changedAt. */
const UnstampedUsers = defineCollection(Users.name, UserDocument);

/** A users document as addTestUser writes it, without writing it. */
async function userOf(uid: string): Promise<UserDocument> {
  const scratch = new SqliteDocuments(':memory:');
  await addTestUser(scratch, person(uid, 'user'));
  const data = (await scratch.collection(UnstampedUsers).doc(uid).get()).data!;
  await scratch.close();
  const { changedAt: _changedAt, ...user } = data as UserDocument & { changedAt?: Date };
  return user;
}

function membership(now: Date, days = 30) {
  return { id: 'm', validFrom: new Date(now.getTime() - 30 * DAY), validUntil: new Date(now.getTime() + days * DAY) };
}

/** Many members at once, as written before this release (unstamped), 500 a commit. */
async function addOldMembers(documents: SqliteDocuments, count: number, now: Date, prefix = 'member') {
  for (let start = 0; start < count; start += 500) {
    const batch = documents.batch();
    for (let i = start; i < Math.min(count, start + 500); i++) {
      const uid = `${prefix}-${String(i).padStart(5, '0')}`;
      const email = `${uid}@example.org`;
      batch.create(documents.collection(UnstampedUsers).doc(uid), {
        email,
        displayName: `Member ${i}`,
        photoURL: null,
        avatarPath: null,
        role: 'user',
        locale: null,
        disabled: false,
        membership: { id: `m-${uid}`, validFrom: new Date(now.getTime() - 30 * DAY), validUntil: new Date(now.getTime() + ((i % 300) + 1) * DAY) },
        createdAt: now,
        lastSignInAt: now,
        searchTerms: searchTermsFor(email, `Member ${i}`),
      });
    }
    await batch.commit();
  }
}

describe('the door list for any venue', () => {
  let documents: SqliteDocuments;
  let ports: DoorPorts;
  // The delta reads the store's own commit times: the night is now, by the wall clock.
  let now: Date;
  const later = (ms: number) => new Date(now.getTime() + ms);

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    ports = { documents, keys: passKeys(new Uint8Array(randomBytes(32))), tickets: ticketKeys(new Uint8Array(randomBytes(32))) };
    now = new Date();
    await addEvent(documents, 'tonight', now);
  });
  afterEach(() => documents.close());

  it('hands out a list of 20,000 members complete, in pages of at most 500, none twice, with the progress', async () => {
    await addOldMembers(documents, 20_000, now);
    // One ended yesterday and one disabled: not listed, and listed as refused.
    await documents.collection(UnstampedUsers).doc('member-00000').update({ membership: membership(now, -1) });
    await documents.collection(UnstampedUsers).doc('member-00001').update({ disabled: true });
    const pages: DoorListChanges[] = [];
    let answer: DoorListAnswer = await doorListPage(ports, { eventId: 'tonight' }, now);
    for (;;) {
      expect(answer.kind).toBe('page');
      const page = answer as DoorListChanges;
      pages.push(page);
      expect(page.members.length + page.refusedPasses.length + page.tickets.length + page.standings.length).toBeLessThanOrEqual(DOOR_LIST_PAGE);
      if (!page.next) break;
      answer = await doorListPage(ports, { eventId: 'tonight', cursor: page.next }, later(pages.length * 1000));
    }
    expect(pages.length).toBeGreaterThanOrEqual(40);
    // Every page of one list is as of its first page's time; the progress counts up to the total.
    expect(new Set(pages.map((page) => page.at.getTime()))).toEqual(new Set([now.getTime()]));
    expect(pages[0]!.progress).toEqual({ members: 500, of: 19_999 });
    expect(pages.at(-1)!.progress).toEqual({ members: 19_999, of: 19_999 });
    const uids = pages.flatMap((page) => page.members.map((member) => member.uid));
    expect(uids).toHaveLength(19_998);
    expect(new Set(uids).size).toBe(19_998);
    expect(uids).not.toContain('member-00000');
    expect(pages.flatMap((page) => page.refusedPasses)).toEqual([ports.keys.passIdFor('member-00001')]);
    const list = pages.reduce((held, page) => mergeDoorList(held, page), emptyDoorList(pages[0]!.header!, pages[0]!.at));
    expect(list.members).toHaveLength(19_998);
    expect(list.members.find((member) => member.uid === 'member-19999')).toMatchObject({ name: 'Member 19999', passId: ports.keys.passIdFor('member-19999') });
  }, 60_000);

  it('says to start over for a cursor it did not make, or one of a list too old to continue', async () => {
    expect(await doorListPage(ports, { eventId: 'tonight', cursor: 'bm90LWEtY3Vyc29y' }, now)).toEqual({ kind: 'startOver', serverTime: now });
    expect(await doorListPage(ports, { eventId: 'tonight', since: new Date(now.getTime() - 2 * DAY) }, now)).toEqual({ kind: 'startOver', serverTime: now });
  });

  describe('what changed since', () => {
    let list: DoorList;
    const admin = person('boss', 'admin');
    // By the wall clock, as the server answers: the store stamps writes with it.
    const changesAt = async (at = new Date()) => {
      const answer = await doorListPage(ports, { eventId: 'tonight', since: list.at }, at);
      if (answer.kind !== 'changes') throw new Error(`Expected changes, got ${answer.kind}`);
      list = mergeDoorList(list, answer);
      return answer;
    };

    beforeEach(async () => {
      // The venue as it was before this release: its members carry no stamp, so no change lists them.
      await addOldMembers(documents, 1_000, now, 'old');
      await addTestUser(documents, person('ada', 'user'), { membership: membership(now) }, now);
      // Unstamped, as the old members: the answers below carry only what the tests change (and Ada, within the overlap).
      await documents.collection(UnstampedUsers).doc('boss').create({ ...(await userOf('boss')), role: 'admin' });
      await addTicket(documents, ports.tickets!, 'ticketKai0000001', { holder: { name: 'Kai Guest', email: 'kai@example.org' } });
      list = await doorList(ports, { eventId: 'tonight' }, now);
      expect(list.members).toHaveLength(1_001);
    });

    it('carries a member added, a membership ended, a pass rotated, a ticket made and an admission, and nothing else', async () => {
      const adaKey = list.members.find((member) => member.uid === 'ada')!.version;
      await addTestUser(documents, person('bea', 'user'), { membership: membership(now) }, now);
      await documents.collection(Users).doc('old-00007').update({ membership: membership(now, -1) });
      await rotatePass(ports, admin, { uid: 'ada' }, now);
      const code = await addTicket(documents, ports.tickets!, 'ticketNew0000001', { holder: { name: 'Nia New', email: null }, party: 2, kind: 'guestList' });
      await scanCode(ports, person('door-1', 'scanner'), { eventId: 'tonight', mode: 'entry', code, nonce: 'nonce-0001', source: 'camera', device: 'Front door' }, later(1000));
      const changes = await changesAt();
      expect(changes.members.map((member) => member.uid).sort()).toEqual(['ada', 'bea']);
      expect(changes.removed).toEqual([{ uid: 'old-00007', passId: ports.keys.passIdFor('old-00007') }]);
      // Kai's ticket was made within the overlap before the list: carried again, the same.
      expect(changes.tickets.map((ticket) => ticket.id).sort()).toEqual(['ticketKai0000001', 'ticketNew0000001']);
      expect(changes.header).toMatchObject({ inside: 3 });
      // Read again: as many documents as changed, not as members (1,002).
      expect(changes.members.length + changes.removed.length + changes.tickets.length + changes.standings.length).toBeLessThan(10);
      expect(list.members).toHaveLength(1_001);
      expect(list.members.find((member) => member.uid === 'ada')!.version).toBe(adaKey + 1);
      expect(list.members.find((member) => member.uid === 'old-00007')).toBeUndefined();
      expect(list.tickets.find((ticket) => ticket.id === 'ticketNew0000001')).toMatchObject({ name: 'Nia New', party: 2, inside: true, firstDoor: 'Front door' });
      expect(list.inside).toBe(3);
      expect(list.at).toEqual(changes.at);
    });

    it('carries a membership that ended by the clock, with no write', async () => {
      await addTestUser(documents, person('cy', 'user'), { membership: { id: 'm', validFrom: new Date(now.getTime() - DAY), validUntil: later(30 * 60_000) } }, now);
      await changesAt();
      expect(list.members.map((member) => member.uid)).toContain('cy');
      const changes = await changesAt(later(31 * 60_000));
      expect(changes.removed).toContainEqual({ uid: 'cy', passId: ports.keys.passIdFor('cy') });
      expect(list.members.map((member) => member.uid)).not.toContain('cy');
    });

    it('carries a new ban: the account’s pass refused, the banned address’s ticket refused', async () => {
      await setBan(documents, admin, { person: { kind: 'account', uid: 'ada' }, reason: 'Fought at the bar' }, now);
      await setBan(documents, admin, { person: { kind: 'email', email: 'kai@example.org', name: 'Kai' }, reason: 'Threatened staff' }, now);
      const changes = await changesAt();
      expect(changes.refusedPasses).toEqual([ports.keys.passIdFor('ada')]);
      expect(list.members.find((member) => member.uid === 'ada')).toBeUndefined();
      expect(list.refusedPasses).toContain(ports.keys.passIdFor('ada'));
      expect(list.tickets.find((ticket) => ticket.id === 'ticketKai0000001')).toMatchObject({ refused: true });
      // Nothing in the list says why.
      expect(JSON.stringify(changes)).not.toMatch(/Fought|Threatened|ban/i);
    });

    it('takes a deleted account off by its pass, and says to start over when a ban is lifted', async () => {
      await phoneCode(ports, 'ada', stepAt(now.getTime()));
      await changesAt();
      // What an account's deletion does to the documents the list is built from (src/features/profile/account-deletion.ts).
      const passId = ports.keys.passIdFor('ada');
      await documents.batch().delete(documents.collection(Users).doc('ada')).delete(documents.collection(Passes).doc(passId)).commit();
      const changes = await changesAt();
      expect(changes.removed).toEqual([{ uid: null, passId }]);
      expect(list.members.map((member) => member.uid)).not.toContain('ada');
      await setBan(documents, admin, { person: { kind: 'account', uid: 'old-00001' }, reason: 'x' }, now);
      await changesAt();
      expect(list.refusedPasses).toContain(ports.keys.passIdFor('old-00001'));
      // A lifted ban's tombstone names no one: the phone fetches the whole list again.
      await liftBan(documents, admin, { id: accountBanId('old-00001') });
      const at = new Date();
      expect(await doorListPage(ports, { eventId: 'tonight', since: list.at }, at)).toEqual({ kind: 'startOver', serverTime: at });
    });
  });
});
