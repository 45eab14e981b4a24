// The door's rules (decision 052): the capacity is kept (each entry claims the event's next place,
// so racing doors never let in more than it holds; "Full"; "Admit anyway" with a reason; an offline
// door counts on from its list and its uploads are flagged past the capacity), and the house ban
// list is "Not admitted" online, offline and in uploads, until the ban ends.
import { describe, expect, it } from 'vitest';
import { Bans, accountBanId, emailBanId, type BanDocument } from '@/features/bans/bans';
import { Users } from '@/features/identity/users';
import { CapacityOverrides, DoorConflicts, Places, Scans } from './door-records';
import type { OfflineDecision } from './door.inputs';
import { doorList } from './door-list';
import { doorActivity } from './door-figures';
import { decideOffline, insideHere, type LocalPassage } from './client/offline-verdict';
import { admitAnyway, admitManually, recordOffline, OVERRIDE_WINDOW_MS } from './scanning';
import { Events } from '@/features/events/events';
import { ticketDoorKey } from './ticket-records';
import { doorNight, HOUR, NOW, scanners, STEP_MS } from './test-door';

describe("the door's rules", () => {
  const tonight = doorNight();
  const { addUser, codeOf, scan, nonce } = tonight;
  const none = new Map<string, LocalPassage>();

  const capacity = (value: number) => tonight.documents.collection(Events).doc('tonight').update({ capacity: value });
  const members = async (count: number, prefix = 'm') => {
    const uids = Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`);
    for (const uid of uids) await addUser(uid);
    return uids;
  };
  const ban = (id: string, data: Partial<BanDocument>) =>
    tonight.documents
      .collection(Bans)
      .doc(id)
      .create({ subject: 'account', uid: null, email: null, name: null, reason: 'Fought at the bar', from: new Date(NOW.getTime() - HOUR), until: null, createdBy: 'admin', createdByName: 'Admin', createdAt: NOW, updatedBy: 'admin', updatedAt: NOW, ...data });
  const offline = (decision: Partial<OfflineDecision> & Pick<OfflineDecision, 'verdict'>): OfflineDecision => ({ eventId: 'tonight', nonce: nonce(), mode: 'entry', source: 'camera', decidedAt: NOW, device: 'Side door', listAt: NOW, ...decision });
  const upload = (decision: Partial<OfflineDecision> & Pick<OfflineDecision, 'verdict'>) => recordOffline(tonight.ports, scanners[1]!, offline(decision), new Date(NOW.getTime() + HOUR / 2));

  it('at capacity an entry is Full and admits nobody; an exit makes room; a re-entry needs a place too', async () => {
    await capacity(2);
    const [bob, cy] = await members(2);
    expect((await scan(await codeOf('ada'))).verdict).toBe('admitted');
    expect((await scan(await codeOf(bob!))).verdict).toBe('admitted');
    const full = await scan(await codeOf(cy!));
    expect(full).toMatchObject({ verdict: 'full', member: { uid: cy }, counts: { admitted: 2, inside: 2, capacity: 2 } });
    expect(await tonight.documents.collection(Places).where('eventId', '==', 'tonight').count()).toBe(2);
    // Ada leaves: Cy comes in; Ada coming back finds it full.
    expect((await scan(await codeOf('ada'), { mode: 'exit' })).verdict).toBe('exited');
    expect((await scan(await codeOf(cy!))).verdict).toBe('admitted');
    expect((await scan(await codeOf('ada'))).verdict).toBe('full');
    // Leaving is never refused.
    expect((await scan(await codeOf(bob!), { mode: 'exit' })).verdict).toBe('exited');
    expect((await scan(await codeOf('ada'))).verdict).toBe('welcomeBack');
    const figures = await doorActivity(tonight.documents, { eventId: 'tonight' });
    expect(figures).toMatchObject({ admitted: 3, inside: 2, refused: { full: 2 } });
  });

  it('20 scans of 20 members at once for the last 5 places admit exactly 5', async () => {
    await capacity(10);
    const first = await members(5, 'early');
    for (const uid of first) await scan(await codeOf(uid));
    const racing = await members(20, 'late');
    const codes = await Promise.all(racing.map((uid) => codeOf(uid)));
    const results = await Promise.all(codes.map((code, index) => scan(code, { device: `Door ${index % 5}` }, NOW, scanners[index % 5]!)));
    const verdicts = results.map((result) => result.verdict);
    expect(verdicts.filter((verdict) => verdict === 'admitted')).toHaveLength(5);
    expect(verdicts.filter((verdict) => verdict === 'full')).toHaveLength(15);
    const figures = await doorActivity(tonight.documents, { eventId: 'tonight' });
    expect(figures).toMatchObject({ admitted: 10, inside: 10 });
    expect(await tonight.documents.collection(Places).where('eventId', '==', 'tonight').count()).toBe(10);
  });

  it("a party needs a place for each person: Kai +3 with 3 places left is Full", async () => {
    await capacity(3);
    const code = await tonight.addTicket('kaiplusthree0001', { kind: 'guestList', party: 3, holder: { name: 'Kai Lane', email: null } });
    expect((await scan(code)).verdict).toBe('full');
    await capacity(4);
    expect((await scan(code)).verdict).toBe('admitted');
    expect(await tonight.documents.collection(Places).where('eventId', '==', 'tonight').count()).toBe(4);
  });

  it('"Admit anyway" lets the person of a Full in past the capacity, with the reason, who and when, for the admins', async () => {
    await capacity(1);
    const [bob] = await members(1);
    const admittedNonce = nonce();
    await scan(await codeOf('ada'), { nonce: admittedNonce });
    const fullNonce = nonce();
    const full = await scan(await codeOf(bob!), { nonce: fullNonce });
    expect(full.verdict).toBe('full');
    // Only after this door's own "Full", for its event, within the window.
    const anyway = (input: { fullNonce?: string; reason?: string } = {}, at = NOW, scanner = scanners[0]!) =>
      admitAnyway(tonight.ports, scanner, { eventId: 'tonight', fullNonce, nonce: nonce(), device: 'Front door', reason: 'Ada left without scanning out', ...input }, at);
    await expect(anyway({}, NOW, scanners[1]!)).rejects.toMatchObject({ reason: 'overrideNotFull' });
    await expect(anyway({}, new Date(NOW.getTime() + OVERRIDE_WINDOW_MS + 1000))).rejects.toMatchObject({ reason: 'overrideNotFull' });
    const admitted = await anyway();
    expect(admitted).toMatchObject({ verdict: 'admitted', member: { uid: bob }, counts: { inside: 2, capacity: 1 } });
    const figures = await doorActivity(tonight.documents, { eventId: 'tonight' });
    expect(figures.overrides).toEqual([{ id: expect.any(String), name: 'Person m1', reason: 'Ada left without scanning out', scannerName: 'Person door-1', device: 'Front door', at: NOW, inside: 1, capacity: 1, offline: false }]);
    const log = await tonight.documents.collection(Scans).where('eventId', '==', 'tonight').where('verdict', '==', 'admitted').get();
    expect(log.filter((entry) => entry.data.override)).toHaveLength(1);
    // Asked again: in already, nothing more recorded.
    expect((await anyway()).verdict).toBe('alreadyAdmitted');
    expect(await tonight.documents.collection(CapacityOverrides).where('eventId', '==', 'tonight').count()).toBe(1);
    // A scan that was not full cannot be overridden.
    await expect(anyway({ fullNonce: admittedNonce })).rejects.toMatchObject({ reason: 'overrideNotFull' });
  });

  it('offline: the phone counts on from the list, says Full with its approximate count, and admits anyway; uploads past the capacity are flagged', async () => {
    await capacity(2);
    const [bob, cy] = await members(2);
    await scan(await codeOf('ada'));
    // The phones' keys are registered before the list is made.
    const cyCode = await codeOf(cy!);
    const bobCode = await codeOf(bob!);
    const held = await doorList(tonight.ports, { eventId: 'tonight' }, NOW);
    expect(held).toMatchObject({ inside: 1, capacity: 2 });
    // Bob let in by this phone since the list: it counts two.
    const here = new Map<string, LocalPassage>([[bob!, { eventId: 'tonight', uid: bob!, admittedAt: NOW, firstDoor: 'Side door', inside: true, at: new Date(NOW.getTime() + 1000) }]]);
    expect(insideHere(held, here)).toBe(2);
    expect(await decideOffline(held, { mode: 'entry', code: cyCode }, NOW, none)).toMatchObject({ verdict: 'admitted' });
    expect(await decideOffline(held, { mode: 'entry', code: cyCode }, NOW, here)).toMatchObject({ verdict: 'full', inside: { inside: 2, capacity: 2 } });
    expect(await decideOffline(held, { mode: 'entry', code: cyCode, anyway: true }, NOW, here)).toMatchObject({ verdict: 'admitted' });
    // Bob's and Cy's admissions reach the server: Bob fits, Cy is past the capacity.
    expect(await upload({ verdict: 'admitted', code: bobCode })).toBe('recorded');
    expect(await upload({ verdict: 'admitted', code: cyCode })).toBe('recorded');
    const flags = await tonight.documents.collection(DoorConflicts).where('eventId', '==', 'tonight').get();
    expect(flags.map((flag) => [flag.data.uid, flag.data.kind])).toEqual([[cy, 'pastCapacity']]);
    // "Admit anyway" without signal: recorded with its reason, not flagged.
    await addUser('dee');
    expect(await upload({ verdict: 'admitted', code: await codeOf('dee'), override: { reason: 'Fire marshal said yes' } })).toBe('recorded');
    const figures = await doorActivity(tonight.documents, { eventId: 'tonight' });
    expect(figures).toMatchObject({ admitted: 4, inside: 4, conflicts: 1 });
    expect(figures.overrides).toMatchObject([{ name: 'Person dee', reason: 'Fire marshal said yes', offline: true, inside: 3, capacity: 2 }]);
  });

  it('a banned member is Not admitted (the log says why, the door does not); leaving is recorded; the ban ends at its end', async () => {
    const [bob] = await members(1);
    await scan(await codeOf(bob!));
    const until = new Date(NOW.getTime() + 2 * HOUR);
    await ban(accountBanId('ada'), { uid: 'ada', until });
    const refused = await scan(await codeOf('ada'));
    expect(refused).toMatchObject({ verdict: 'notAdmitted', member: { uid: 'ada' } });
    expect(JSON.stringify(refused)).not.toContain('Fought');
    const log = await tonight.documents.collection(Scans).where('uid', '==', 'ada').get();
    expect(log.map((entry) => entry.data.banned)).toEqual([true]);
    await expect(admitManually(tonight.ports, scanners[0]!, { eventId: 'tonight', uid: 'ada', nonce: nonce(), device: 'Front door' }, NOW)).resolves.toMatchObject({ verdict: 'notAdmitted' });
    // Banned by their address, an account is too.
    await ban(emailBanId('M1@Example.org'), { subject: 'email', email: 'm1@example.org' });
    expect((await scan(await codeOf(bob!), { mode: 'exit' })).verdict).toBe('exited');
    expect((await scan(await codeOf(bob!))).verdict).toBe('notAdmitted');
    // At its end the ban no longer holds.
    const later = new Date(until.getTime() + STEP_MS);
    expect((await scan(await codeOf('ada', until), {}, until)).verdict).toBe('admitted');
    expect(later.getTime()).toBeGreaterThan(until.getTime());
    expect((await doorActivity(tonight.documents, { eventId: 'tonight' })).refused).toMatchObject({ notAdmitted: 3 });
  });

  it("a banned guest's ticket is Not admitted; the door list refuses banned passes and tickets; an offline admission of a banned person is flagged", async () => {
    const code = await tonight.addTicket('bannedguest00001', { holder: { name: 'Rex Rowdy', email: 'rex@example.org' } });
    await ban(emailBanId('rex@example.org'), { subject: 'email', email: 'rex@example.org', name: 'Rex Rowdy' });
    expect(await scan(code)).toMatchObject({ verdict: 'notAdmitted', ticket: { name: 'Rex Rowdy' } });
    const adaCode = await codeOf('ada');
    await addUser('bob');
    await tonight.documents.collection(Users).doc('bob').update({ email: 'bob@example.org' });
    await ban(accountBanId('ada'), { uid: 'ada' });
    const held = await doorList(tonight.ports, { eventId: 'tonight' }, NOW);
    expect(held.members.map((member) => member.uid)).toEqual(['bob']);
    expect(held.refusedPasses).toEqual([tonight.keys.passIdFor('ada')]);
    expect(held.tickets.find((ticket) => ticket.id === 'bannedguest00001')).toMatchObject({ refused: true });
    expect(JSON.stringify(held)).not.toContain('Fought');
    expect(await decideOffline(held, { mode: 'entry', code: adaCode }, NOW, none)).toMatchObject({ verdict: 'notAdmitted' });
    expect(await decideOffline(held, { mode: 'entry', code }, NOW, none)).toMatchObject({ verdict: 'notAdmitted' });
    // A door with an older list let both in: recorded (they are inside), flagged for the admins.
    expect(await upload({ verdict: 'admitted', code: adaCode })).toBe('recorded');
    expect(await upload({ verdict: 'admitted', code })).toBe('recorded');
    const flags = await tonight.documents.collection(DoorConflicts).where('eventId', '==', 'tonight').get();
    expect(flags.map((flag) => [flag.data.uid, flag.data.kind]).sort()).toEqual([
      ['ada', 'banned'],
      [ticketDoorKey('bannedguest00001'), 'banned'],
    ]);
    // By name, a banned person is never admitted from an upload.
    const byName = await upload({ verdict: 'admitted', source: 'manual', uid: 'ada', nonce: nonce() });
    expect(byName).toBe('recorded');
    expect((await doorActivity(tonight.documents, { eventId: 'tonight' })).admitted).toBe(2);
  });
});
