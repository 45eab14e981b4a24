// The door without signal (decision 043): the list a scanner holds can check codes and make none;
// the phone decides as the server would; the server records each uploaded decision once, as made,
// and flags a member admitted twice (naming both doors), an admission from an out-of-date list and
// a code that does not verify, while the night's figures count each member once.
import { describe, expect, it } from 'vitest';
import { Users } from '@/features/identity/users';
import { DoorConflicts, Scans } from './door-records';
import { UploadInput, type OfflineDecision } from './door.inputs';
import { doorList } from './door-list';
import { doorActivity } from './door-figures';
import { doorReport } from './door-report';
import { rotatePass, registerPassKey } from './passes';
import { newPhoneKey } from './client/pass-store';
import { decideOffline, type LocalPassage } from './client/offline-verdict';
import { recordOffline } from './scanning';
import { doorNight, HOUR, NOW, person, scanners } from './test-door';

describe('the door without signal', () => {
  const tonight = doorNight();
  const { addUser, codeOf, scan, nonce } = tonight;
  const none = new Map<string, LocalPassage>();

  const list = () => doorList(tonight.ports, { eventId: 'tonight' }, NOW);
  const offline = (decision: Partial<OfflineDecision> & Pick<OfflineDecision, 'verdict'>, at = NOW): OfflineDecision => ({ eventId: 'tonight', nonce: nonce(), mode: 'entry', source: 'camera', decidedAt: at, device: 'Side door', listAt: NOW, ...decision });
  const upload = (decision: Partial<OfflineDecision> & Pick<OfflineDecision, 'verdict'>, scanner = scanners[0]!, at = NOW) =>
    recordOffline(tonight.ports, scanner, offline(decision, at), new Date(at.getTime() + HOUR));

  it('lists who may enter with their public key, name, photo and standing, and nothing that makes a code', async () => {
    await addUser('bob');
    await addUser('cy', { member: false });
    await codeOf('ada');
    await scan(await codeOf('bob'));
    const held = await list();
    expect(held.members.map((member) => member.uid).sort()).toEqual(['ada', 'bob']);
    const ada = held.members.find((member) => member.uid === 'ada')!;
    expect(ada).toMatchObject({ name: 'Person ada', publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/), admittedAt: null, inside: false });
    expect(held.members.find((member) => member.uid === 'bob')).toMatchObject({ admittedAt: NOW, firstDoor: 'Front door', inside: true });
    // Only public keys: no field could sign a code.
    expect(JSON.stringify(held)).not.toMatch(/privateKey|secret|"key"/i);
  });

  // What the phone decides, and how it agrees with the server, is the table in ./admission.test.ts;
  // here what only the phone has.
  it('decides nothing without a list, and names a member chosen by name as the list holds them', async () => {
    await addUser('bob');
    const code = await codeOf('ada');
    expect(await decideOffline(null, { mode: 'entry', code }, NOW, none)).toEqual({ kind: 'undecidable', reason: 'noList' });
    const held = await list();
    expect(await decideOffline(held, { mode: 'entry', uid: 'bob' }, NOW, none)).toMatchObject({ verdict: 'admitted', member: { uid: 'bob', name: 'Person bob' } });
  });

  it('a new phone or a new pass ends the old key: offline after the next list, and the server flags a later admission as from an old list', async () => {
    const old = await codeOf('ada');
    const before = await list();
    const phone = await newPhoneKey();
    const registered = NOW.getTime() + 15_000;
    await registerPassKey(tonight.ports, { ...person('ada', 'user'), authTime: registered / 1000 }, { publicKey: phone.publicKey }, new Date(registered));
    const after = await list();
    expect((await decideOffline(before, { mode: 'entry', code: old }, NOW, none)).kind === 'verdict').toBe(true);
    expect(await decideOffline(after, { mode: 'entry', code: old }, NOW, none)).toMatchObject({ verdict: 'invalid' });
    // The server checks an upload against the key of its time: decided before the new phone
    // registered, a good admission; after it, an admission from an out-of-date list (flagged, not undone).
    const offline = (eventId: string, at: number) =>
      recordOffline(tonight.ports, scanners[0]!, { eventId, nonce: nonce(), mode: 'entry', source: 'camera', code: old, verdict: 'admitted', decidedAt: new Date(at), device: 'Side door', listAt: before.at }, new Date(registered + HOUR));
    await tonight.addEvent('second');
    expect(await offline('tonight', registered - 10_000)).toBe('recorded');
    expect(await offline('second', registered + 10_000)).toBe('recorded');
    const flags = await tonight.documents.collection(DoorConflicts).get();
    expect(flags.map((flag) => [flag.data.eventId, flag.data.kind])).toEqual([['second', 'staleList']]);
    // An admin's new pass: the list holds no key for it until the member's phone registers again.
    await rotatePass(tonight.ports, person('boss', 'admin'), { uid: 'ada' });
    expect((await list()).members[0]).toMatchObject({ uid: 'ada', publicKey: null });
  });

  it('records an upload once, as decided; two offline doors admitting one member make one admission and one conflict naming both doors', async () => {
    const code = await codeOf('ada');
    const first = { verdict: 'admitted' as const, code, nonce: 'offline-a-0001', device: 'Front door' };
    expect(await upload(first)).toBe('recorded');
    // The same upload again (the answer was lost): recorded once.
    expect(await upload(first)).toBe('known');
    const later = new Date(NOW.getTime() + 20_000);
    expect(await upload({ verdict: 'admitted', code, nonce: 'offline-b-0001', device: 'Side door' }, scanners[1], later)).toBe('recorded');
    const figures = await doorActivity(tonight.documents, { eventId: 'tonight' });
    expect(figures).toMatchObject({ admitted: 1, inside: 1, offline: 1, conflicts: 1 });
    expect(figures.flagged).toEqual([{ id: expect.any(String), kind: 'secondAdmission', name: 'Person ada', first: { device: 'Front door', at: NOW, offline: true }, second: { device: 'Side door', at: later } }]);
    // Both scans are in the log, at the time they were decided, marked offline.
    const scans = await tonight.documents.collection(Scans).where('eventId', '==', 'tonight').get();
    expect(scans.map((each) => [each.data.verdict, each.data.at.toISOString(), Boolean(each.data.offline)]).sort()).toEqual([
      ['admitted', NOW.toISOString(), true],
      ['admitted', later.toISOString(), true],
    ]);
    // The CSV: the offline admission and the conflict naming both doors.
    const report = await doorReport(tonight.documents, 'tonight');
    expect(report.map((row) => [row.kind, row.door, row.first?.door ?? null])).toEqual([
      ['offlineAdmission', 'Front door', null],
      ['secondAdmission', 'Side door', 'Front door'],
    ]);
  });

  it('an offline admission after an online one is a conflict; the online attempt of the same scan is not', async () => {
    const code = await codeOf('ada');
    const online = await scan(code, { nonce: 'same-nonce-0001' });
    expect(online.verdict).toBe('admitted');
    // The answer did not arrive in time: the door decided the same scan itself and uploads it.
    expect(await upload({ verdict: 'admitted', code, nonce: 'same-nonce-0001' })).toBe('known');
    expect(await tonight.documents.collection(DoorConflicts).count()).toBe(0);
    expect(await upload({ verdict: 'admitted', code, device: 'Garden gate' })).toBe('recorded');
    const [conflict] = (await doorActivity(tonight.documents, { eventId: 'tonight' })).flagged;
    expect(conflict).toMatchObject({ kind: 'secondAdmission', first: { device: 'Front door', offline: false }, second: { device: 'Garden gate' } });
  });

  it('a door that gave up waiting and admitted, while its late request found the member in already, reports the second admission', async () => {
    const code = await codeOf('ada');
    await scan(code, { device: 'Front door' });
    // The side door's request reaches the server late (the server was paused): "Already admitted".
    expect((await scan(code, { nonce: 'late-nonce-0001', device: 'Side door' })).verdict).toBe('alreadyAdmitted');
    // Meanwhile the side door had decided the same scan itself and let the member in.
    expect(await upload({ verdict: 'admitted', code, nonce: 'late-nonce-0001' })).toBe('known');
    expect(await upload({ verdict: 'admitted', code, nonce: 'late-nonce-0001' })).toBe('known');
    const figures = await doorActivity(tonight.documents, { eventId: 'tonight' });
    expect(figures).toMatchObject({ admitted: 1, conflicts: 1 });
    expect(figures.flagged[0]).toMatchObject({ kind: 'secondAdmission', first: { device: 'Front door' }, second: { device: 'Side door' } });
  });

  it('flags an admission whose membership had ended and a code that does not verify; records refusals and exits', async () => {
    await addUser('bob');
    const code = await codeOf('bob');
    await tonight.documents.collection(Users).doc('bob').update({ 'membership.validUntil': new Date(NOW.getTime() - 60_000) });
    expect(await upload({ verdict: 'admitted', code })).toBe('recorded');
    const ada = await codeOf('ada');
    const forged = ada.slice(0, -5) + (ada.at(-5) === '1' ? '2' : '1') + ada.slice(-4);
    expect(await upload({ verdict: 'admitted', code: forged })).toBe('recorded');
    expect(await upload({ verdict: 'expiredCode', code: ada })).toBe('recorded');
    const figures = await doorActivity(tonight.documents, { eventId: 'tonight' });
    // Bob is in (the door let him in) and flagged; the forged code admitted nobody.
    expect(figures).toMatchObject({ admitted: 1, offline: 1, conflicts: 2, refused: { expiredCode: 1 } });
    expect(figures.flagged.map((flag) => [flag.kind, flag.name]).sort()).toEqual([
      ['badCode', 'Person ada'],
      ['staleList', 'Person bob'],
    ]);
    // Leaving, decided offline, is recorded: inside goes 1 → 0.
    expect(await upload({ verdict: 'exited', mode: 'exit', code })).toBe('recorded');
    expect(await doorActivity(tonight.documents, { eventId: 'tonight' })).toMatchObject({ admitted: 1, inside: 0 });
    // Let back in by name offline: nothing proves he was there, and his membership had ended, so
    // not a re-entry (decision 046), only a flag.
    expect(await upload({ verdict: 'welcomeBack', source: 'manual', uid: 'bob' })).toBe('recorded');
    expect(await doorActivity(tonight.documents, { eventId: 'tonight' })).toMatchObject({ admitted: 1, inside: 0, conflicts: 3 });
  });

  it('refuses uploads that are not a door’s: a code and a member at once, a member by name from a camera, the bar', async () => {
    const code = await codeOf('ada');
    const refused = (decision: Parameters<typeof offline>[0]) => !UploadInput.safeParse({ decisions: [offline(decision)] }).success;
    expect(refused({ verdict: 'admitted', code, uid: 'ada' })).toBe(true);
    expect(refused({ verdict: 'admitted', uid: 'ada' })).toBe(true);
    expect(refused({ verdict: 'drinkRedeemed' as never, code, mode: 'bar' as never })).toBe(true);
    // The same decision with a code alone is a door's: the refusals above are the rules'.
    expect(refused({ verdict: 'admitted', code })).toBe(false);
  });
});
