// Exactly once at the door on the Firestore adapter too (the in-process stand-in, which has no
// transaction isolation: the door relies on creates, which it applies atomically, decision 022).
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Documents } from '@/server/documents/port';
import { passKeys } from './pass-keys';
import { standInDocuments } from '@/server/testing/firestore-stand-in';
import type { Identity } from '@/access/identity';
import { addTestUser } from '@/features/identity/test-users';
import { stepAt, STEP_SECONDS } from './pass-code';
import { rotatePass } from './passes';
import { Places, Scans } from './door-records';
import { Events } from '@/features/events/events';
import { admitAnyway, admitManually, recordOffline, scanCode } from './scanning';
import { doorList, doorListPage } from './door-list';
import { mergeDoorList } from './door-list-merge';
import { decideOffline } from './client/offline-verdict';
import { countsOf, doorActivity, personAtTheDoor } from './door-figures';
import { searchAtDoor } from './door-search';
import { doorReport } from './door-report';
import { addEvent, addTicket, HOUR, phoneCode } from './test-door';
import { ticketKeys } from './ticket-keys';
import { AuditLog } from '@/features/identity/audit';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const scanners: Identity[] = [1, 2, 3, 4, 5].map((n) => ({ uid: `door-${n}`, email: null, emailVerified: false, displayName: `Door ${n}`, photoURL: null, role: 'scanner' }));

describe('the door on Firestore', () => {
  let documents: Documents;
  let close: () => Promise<void>;
  const keys = passKeys(new Uint8Array(randomBytes(32)));
  let nonce = 0;

  beforeEach(async () => {
    ({ documents, close } = await standInDocuments());
    const ada: Identity = { uid: 'ada', email: 'ada@example.org', emailVerified: true, displayName: 'Ada', photoURL: null, role: 'user' };
    await addTestUser(documents, ada, { membership: { id: 'm', validFrom: new Date(NOW.getTime() - 24 * HOUR), validUntil: new Date(NOW.getTime() + 24 * HOUR) } }, NOW);
    await addEvent(documents, 'tonight', NOW, { capacity: 100 });
  });

  afterEach(() => close());

  const code = (stepOffset = 0) => phoneCode({ documents, keys }, 'ada', stepAt(NOW.getTime()) + stepOffset);
  const scan = (value: string, mode: 'entry' | 'bar', index: number) =>
    scanCode({ documents, keys }, scanners[index % 5]!, { eventId: 'tonight', mode, code: value, nonce: `nonce-${String((nonce += 1)).padStart(4, '0')}`, source: 'camera', device: `Door ${index % 5}` }, NOW);

  it('50 simultaneous scans of one pass from 5 doors admit once and log 50 scans', async () => {
    const value = await code();
    const results = await Promise.all(Array.from({ length: 50 }, (_, index) => scan(value, 'entry', index)));
    expect(results.filter((result) => result.verdict === 'admitted')).toHaveLength(1);
    expect(results.filter((result) => result.verdict === 'alreadyAdmitted')).toHaveLength(49);
    expect(await documents.collection(Scans).where('eventId', '==', 'tonight').get()).toHaveLength(50);
  });

  it("a guest-list party's ticket scanned by 20 doors at once is admitted once, as four people; the list and search carry it; 5 offline uploads of it make one admission", async () => {
    const tickets = ticketKeys(new Uint8Array(randomBytes(32)));
    const ports = { documents, keys, tickets };
    const ticket = await addTicket(documents, tickets, 'firestoreCrew001', { kind: 'guestList', party: 3, holder: { name: 'Kai Crew', email: 'kai@example.org' } });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        scanCode(ports, scanners[index % 5]!, { eventId: 'tonight', mode: 'entry', code: ticket, nonce: `ticket-${String(index).padStart(4, '0')}`, source: 'camera', device: `Door ${index % 5}` }, NOW),
      ),
    );
    expect(results.filter((result) => result.verdict === 'admitted')).toHaveLength(1);
    expect(await doorActivity(documents, { eventId: 'tonight' })).toMatchObject({ admitted: 4, inside: 4, guests: { admitted: 4, inside: 4 } });
    const list = await doorList(ports, { eventId: 'tonight' }, NOW);
    expect(list.tickets).toEqual([expect.objectContaining({ id: 'firestoreCrew001', name: 'Kai Crew', party: 3, inside: true })]);
    expect(await searchAtDoor(documents, { eventId: 'tonight', query: 'kai' }, NOW)).toEqual([expect.objectContaining({ uid: 'ticket:firestoreCrew001' })]);
    const other = await addTicket(documents, tickets, 'firestoreGuest01');
    const uploads = await Promise.all(
      [0, 1, 2, 3, 4].map((index) =>
        recordOffline(ports, scanners[index]!, { eventId: 'tonight', nonce: `ticket-offline-${index}`, mode: 'entry', source: 'camera', code: other, verdict: 'admitted', decidedAt: NOW, device: `Door ${index}`, listAt: list.at }, NOW),
      ),
    );
    expect(uploads).toEqual(['recorded', 'recorded', 'recorded', 'recorded', 'recorded']);
    expect(await doorActivity(documents, { eventId: 'tonight' })).toMatchObject({ admitted: 5, guests: { admitted: 5 }, conflicts: 4 });
  });

  it('an offline door on Firestore: the list checks the code; 10 doors uploading the same admission at once make one admission and 9 conflicts; a repeated upload is known', async () => {
    const value = await code();
    const list = await doorList({ documents, keys }, { eventId: 'tonight' }, NOW);
    expect(list.members.map((member) => member.uid)).toEqual(['ada']);
    expect(await decideOffline(list, { mode: 'entry', code: value }, NOW, new Map())).toMatchObject({ kind: 'verdict', verdict: 'admitted' });
    const upload = (index: number) =>
      recordOffline({ documents, keys }, scanners[index % 5]!, { eventId: 'tonight', nonce: `offline-${index}-nonce`, mode: 'entry', source: 'camera', code: value, verdict: 'admitted', decidedAt: NOW, device: `Door ${index}`, listAt: list.at }, NOW);
    expect(await Promise.all(Array.from({ length: 10 }, (_, index) => upload(index)))).toEqual(Array(10).fill('recorded'));
    expect(await upload(3)).toBe('known');
    expect(await doorActivity(documents, { eventId: 'tonight' })).toMatchObject({ admitted: 1, inside: 1, offline: 1, conflicts: 9 });
  });

  it('the door list on Firestore: the whole list, then what changed since (a member added, a pass rotated, an admission), by the store\'s stamps', async () => {
    const ports = { documents, keys };
    let list = await doorList(ports, { eventId: 'tonight' });
    expect(list.members.map((member) => member.uid)).toEqual(['ada']);
    await addTestUser(documents, { uid: 'bea', email: 'bea@example.org', emailVerified: true, displayName: 'Bea', photoURL: null, role: 'user' }, { membership: { id: 'm', validFrom: NOW, validUntil: new Date(NOW.getTime() + 24 * HOUR) } }, NOW);
    await rotatePass(ports, scanners[0]!, { uid: 'ada' }, NOW);
    await scan(await code(), 'entry', 0);
    const changes = await doorListPage(ports, { eventId: 'tonight', since: list.at });
    if (changes.kind !== 'changes') throw new Error(`Expected changes, got ${changes.kind}`);
    list = mergeDoorList(list, changes);
    expect(list.members.map((member) => member.uid).sort()).toEqual(['ada', 'bea']);
    expect(list.members.find((member) => member.uid === 'ada')).toMatchObject({ inside: true, firstDoor: 'Door 0' });
    expect(list.inside).toBe(1);
  });

  it('20 simultaneous bar scans against an allowance of 2 pour exactly 2', async () => {
    await scan(await code(), 'entry', 0);
    const codes = [await code(-1), await code(0), await code(1)];
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => scan(codes[index % 3]!, 'bar', index)));
    expect(results.filter((result) => result.verdict === 'drinkRedeemed')).toHaveLength(2);
    expect(STEP_SECONDS).toBe(30);
  });

  it('admits by hand after a search, counts refusals by reason and lists a person\'s admissions and scans', async () => {
    const [hit] = await searchAtDoor(documents, { eventId: 'tonight', query: 'ada' }, NOW);
    expect(hit).toMatchObject({ uid: 'ada', checkedInAt: null });
    await scan('NL1.nothing', 'entry', 0);
    await scan(await code(-3), 'entry', 1);
    const admitted = await admitManually({ documents, keys }, scanners[2]!, { eventId: 'tonight', uid: 'ada', nonce: 'manual-0001', device: 'Front door' }, NOW);
    expect(admitted).toMatchObject({ verdict: 'admitted', counts: { admitted: 1, capacity: 100, drinks: 0 } });
    expect((await searchAtDoor(documents, { eventId: 'tonight', query: 'ada' }, NOW))[0]?.checkedInAt).toEqual(NOW);
    const activity = await doorActivity(documents, { eventId: 'tonight' });
    expect(activity).toMatchObject({ admitted: 1, drinks: 0, refused: { invalid: 1, expiredCode: 1 } });
    expect(activity.recent.map((entry) => entry.verdict).sort()).toEqual(['admitted', 'expiredCode', 'invalid']);
    expect(await countsOf(documents, { eventIds: ['tonight'] })).toEqual({ tonight: { admitted: 1, inside: 1, capacity: 100, drinks: 0, offline: 0, conflicts: 0, night: null } });
    const person = await personAtTheDoor(documents, { uid: 'ada' });
    expect(person.admissions).toMatchObject([{ eventId: 'tonight', door: 'Front door', source: 'manual' }]);
    expect(person.scans.map((entry) => entry.verdict).sort()).toEqual(['admitted', 'expiredCode']);
  });

  it("the night's report names how each pass was read; a renewed pass refuses old codes and is in the person's history", async () => {
    const before = await code();
    await scan(before, 'entry', 0);
    await scanCode({ documents, keys }, scanners[1]!, { eventId: 'tonight', mode: 'bar', code: await code(1), nonce: 'bar-0001', source: 'keyboard', device: 'Bar' }, NOW);
    const report = await doorReport(documents, 'tonight');
    expect(report.map((row) => [row.kind, row.source, row.drink])).toEqual([
      ['admission', 'camera', null],
      ['drink', 'keyboard', 1],
    ]);
    const admin: Identity = { uid: 'boss', email: 'boss@example.org', emailVerified: true, displayName: 'Boss', photoURL: null, role: 'admin' };
    await rotatePass({ documents, keys }, admin, { uid: 'ada' });
    expect((await scan(before, 'bar', 2)).verdict).toBe('invalid');
    const history = await documents.collection(AuditLog).where('targetUid', '==', 'ada').get();
    expect(history.map((entry) => [entry.data.action, entry.data.actorName])).toEqual([['passRenewed', 'Boss']]);
  });

  it('the capacity on Firestore: 20 members at once for the last 5 places admit 5; Full, then admitted anyway with the reason recorded', async () => {
    await documents.collection(Events).doc('tonight').update({ capacity: 6 });
    const uids = Array.from({ length: 21 }, (_, index) => `late${index + 1}`);
    for (const uid of uids) await addTestUser(documents, { uid, email: `${uid}@example.org`, emailVerified: true, displayName: uid, photoURL: null, role: 'user' }, { membership: { id: `m-${uid}`, validFrom: new Date(NOW.getTime() - 24 * HOUR), validUntil: new Date(NOW.getTime() + 24 * HOUR) } }, NOW);
    expect((await scan(await code(), 'entry', 0)).verdict).toBe('admitted');
    const codes = await Promise.all(uids.slice(0, 20).map((uid) => phoneCode({ documents, keys }, uid, stepAt(NOW.getTime()))));
    const results = await Promise.all(codes.map((value, index) => scan(value, 'entry', index)));
    expect(results.filter((result) => result.verdict === 'admitted')).toHaveLength(5);
    expect(results.filter((result) => result.verdict === 'full')).toHaveLength(15);
    expect(await documents.collection(Places).where('eventId', '==', 'tonight').count()).toBe(6);
    const fullNonce = 'nonce-full-0001';
    const last = await phoneCode({ documents, keys }, uids[20]!, stepAt(NOW.getTime()));
    const full = await scanCode({ documents, keys }, scanners[0]!, { eventId: 'tonight', mode: 'entry', code: last, nonce: fullNonce, source: 'camera', device: 'Door 0' }, NOW);
    expect(full.verdict).toBe('full');
    const anyway = await admitAnyway({ documents, keys }, scanners[0]!, { eventId: 'tonight', fullNonce, nonce: 'nonce-anyway-01', device: 'Door 0', reason: 'Her sister is inside' }, NOW);
    expect(anyway).toMatchObject({ verdict: 'admitted', counts: { inside: 7, capacity: 6 } });
    expect((await doorActivity(documents, { eventId: 'tonight' })).overrides).toMatchObject([{ name: 'late21', reason: 'Her sister is inside', scannerName: 'Door 1', inside: 6, capacity: 6 }]);
  });
});
