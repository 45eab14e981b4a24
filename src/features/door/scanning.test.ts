// The pass and the door: a changed character, another phone's key or a renewed version is
// invalid; a member is admitted once per event however many doors scan at once; the bar pours
// exactly the allowance. Which windows count, and every verdict beside the phone's without
// signal, is the table in ./admission.test.ts.
import { describe, expect, it } from 'vitest';
import { AuditLog } from '@/features/identity/audit';
import { formatPassCode, stepAt } from './pass-code';
import { ensurePass, passForPhone, registerPassKey, rotatePass } from './passes';
import { newPhoneKey, passCodeAt } from './client/pass-store';
import { Scans } from './door-records';
import { doorIsOpen } from './admission';
import { countsOf, doorActivity, memberNight } from './door-figures';
import { CountsOfInput } from './door.inputs';
import { doorReport } from './door-report';
import { Users } from '@/features/identity/users';
import { scanCode } from './scanning';
import { doorNight, HOUR, NOW, person, scanners, STEP_MS } from './test-door';

describe('the pass and the door', () => {
  const tonight = doorNight();
  const { addUser, addEvent, codeOf, scan } = tonight;

  it('refuses a changed character, another pass’s key, an unknown pass and anything that is not a pass', async () => {
    await addUser('bob');
    const code = await codeOf('ada');
    // Any character of the signature, the last one too (whose two spare bits must be zero).
    for (const at of [code.length - 1, code.length - 40]) {
      const changed = code.slice(0, at) + (code[at] === 'A' ? 'B' : 'A') + code.slice(at + 1);
      expect((await scan(changed)).verdict, `character ${at} changed`).toBe('invalid');
    }
    // Bob's pass id with a MAC made with Ada's key.
    const bob = await ensurePass(tonight.ports, 'bob');
    const parts = code.split('.');
    expect((await scan(`NL1.${bob.passId}.${parts[2]}.${parts[3]}`)).verdict).toBe('invalid');
    expect((await scan(`NL1.AAAAAAAAAAAAAAAA.${parts[2]}.${parts[3]}`)).verdict).toBe('invalid');
    for (const junk of ['https://example.org', 'NL1', 'NL2.x.y.z', '4006381333931']) expect((await scan(junk)).verdict, junk).toBe('invalid');
    // Nothing of those admitted anyone.
    expect((await doorActivity(tonight.documents, { eventId: 'tonight' })).admitted).toBe(0);
  });

  it("an admin's new pass makes every older code invalid at once; the phone registers a new key; the person's history says who", async () => {
    const before = await codeOf('ada');
    const phoneBefore = await passForPhone(tonight.ports, person('ada', 'user'), NOW);
    const admin = person('boss', 'admin');
    await rotatePass(tonight.ports, admin, { uid: 'ada' });
    const history = await tonight.documents.collection(AuditLog).where('targetUid', '==', 'ada').get();
    expect(history.map((entry) => [entry.data.action, entry.data.actorUid, entry.data.actorName])).toEqual([['passRenewed', 'boss', admin.displayName ?? admin.email]]);
    expect((await scan(before)).verdict).toBe('invalid');
    const phoneAfter = await passForPhone(tonight.ports, person('ada', 'user'), NOW);
    expect(phoneAfter.version).toBe(phoneBefore.version + 1);
    expect(phoneBefore.publicKey).not.toBeNull();
    expect(phoneAfter.publicKey).toBeNull();
    // The phone registers a key again (after the member said so) and its new codes admit.
    expect((await scan(await codeOf('ada'))).verdict).toBe('admitted');
  });

  it('one key per pass: a second phone registering ends the first phone’s codes at once; the same key again changes nothing', async () => {
    const first = await codeOf('ada');
    const secondPhone = await newPhoneKey();
    // Just signed in on the second phone: moving the pass asks for that.
    const member = { ...person('ada', 'user'), authTime: Math.floor(Date.now() / 1000) };
    const { version } = await registerPassKey(tonight.ports, member, { publicKey: secondPhone.publicKey });
    expect(await registerPassKey(tonight.ports, member, { publicKey: secondPhone.publicKey })).toMatchObject({ version });
    expect((await scan(first)).verdict).toBe('invalid');
    const { passId } = await passForPhone(tonight.ports, person('ada', 'user'), NOW);
    const { code } = await passCodeAt({ passId, version, phoneKey: secondPhone, offsetMs: 0 }, NOW.getTime());
    expect((await scan(code)).verdict).toBe('admitted');
    // Moving the pass from one phone to another is in the person's history.
    const history = await tonight.documents.collection(AuditLog).where('targetUid', '==', 'ada').get();
    expect(history.map((entry) => [entry.data.action, entry.data.actorUid])).toEqual([['passRenewed', 'ada']]);
  });

  it('refuses a public key that is not a point on P-256, and a retired NL1 code once a phone key is registered', async () => {
    await expect(registerPassKey(tonight.ports, person('ada', 'user'), { publicKey: 'A'.repeat(87) })).rejects.toMatchObject({ kind: 'invalid' });
    const { passId, pass } = await ensurePass(tonight.ports, 'ada');
    const step = stepAt(NOW.getTime());
    const nl1 = formatPassCode({ format: 'NL1', passId, step, mac: tonight.keys.macFor(passId, pass.version, step) });
    // No phone key yet: the phone that has not updated still gets in.
    expect((await scan(nl1)).verdict).toBe('admitted');
    await codeOf('ada');
    const { pass: registered } = await ensurePass(tonight.ports, 'ada');
    const later = formatPassCode({ format: 'NL1', passId, step, mac: tonight.keys.macFor(passId, registered.version, step) });
    expect((await scan(later)).verdict).toBe('invalid');
  });

  it('exit, then entry, is a re-entry ("Welcome back"); who is inside goes 1, 0, 1; leaving twice or before admission is said', async () => {
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
    const scanAt = async (mode: 'entry' | 'exit', minutes: number, scanner = scanners[0]!) => scan(await codeOf('ada', at(minutes)), { mode }, at(minutes), scanner);
    expect((await scanAt('exit', 0)).verdict).toBe('notCheckedIn');
    const admitted = await scanAt('entry', 1);
    expect([admitted.verdict, admitted.counts.admitted, admitted.counts.inside]).toEqual(['admitted', 1, 1]);
    const out = await scanAt('exit', 2);
    expect([out.verdict, out.counts.inside]).toEqual(['exited', 0]);
    expect((await scanAt('exit', 3)).verdict).toBe('notInside');
    const back = await scanAt('entry', 4);
    expect([back.verdict, back.counts.admitted, back.counts.inside]).toEqual(['welcomeBack', 1, 1]);
    expect(back.firstAt).toEqual(at(1));
    expect((await scanAt('entry', 5)).verdict).toBe('alreadyAdmitted');
    // Out and back at two doors at once: one re-entry between them.
    await scanAt('exit', 6);
    const both = await Promise.all([scanAt('entry', 7, scanners[1]), scanAt('entry', 7, scanners[2])]);
    expect(both.map((result) => result.verdict).sort()).toEqual(['alreadyAdmitted', 'welcomeBack']);
    expect((await doorActivity(tonight.documents, { eventId: 'tonight' })).inside).toBe(1);
    const rows = await doorReport(tonight.documents, 'tonight');
    expect(rows.map((row) => row.kind)).toEqual(['admission', 'exit', 'reentry', 'exit', 'reentry']);
  });

  it('records a member leaving even when their membership has ended since', async () => {
    await scan(await codeOf('ada'));
    const user = (await tonight.documents.collection(Users).doc('ada').get()).data!;
    await tonight.documents.collection(Users).doc('ada').update({ membership: { ...user.membership!, validUntil: new Date(NOW.getTime() - 60_000) } });
    expect((await scan(await codeOf('ada'), { mode: 'exit' })).verdict).toBe('exited');
  });

  it('stops admitting at once when the membership has ended, whatever the phone shows', async () => {
    await addUser('eve', { member: false });
    expect((await scan(await codeOf('eve'))).verdict).toBe('noMembership');
    const expired = new Date(NOW.getTime() + 31 * 24 * HOUR);
    await addEvent('later', { doorsAt: new Date(expired.getTime() - HOUR) });
    expect((await scan(await codeOf('ada', expired), { eventId: 'later' }, expired)).verdict).toBe('noMembership');
  });

  it('admits from two hours before doors until the end; a cancelled or draft event never', async () => {
    await addEvent('early', { doorsAt: new Date(NOW.getTime() + 2 * HOUR + 60_000) });
    expect((await scan(await codeOf('ada'), { eventId: 'early' })).verdict).toBe('notOnTonight');
    await addEvent('opening', { doorsAt: new Date(NOW.getTime() + 2 * HOUR) });
    expect((await scan(await codeOf('ada'), { eventId: 'opening' })).verdict).toBe('admitted');
    await addEvent('over', { doorsAt: new Date(NOW.getTime() - 6 * HOUR), hours: 6 });
    expect((await scan(await codeOf('ada'), { eventId: 'over' })).verdict).toBe('notOnTonight');
    await addEvent('draft', { status: 'draft' as never });
    expect((await scan(await codeOf('ada'), { eventId: 'draft' })).verdict).toBe('notOnTonight');
    expect(doorIsOpen({ status: 'cancelled', doorsAt: NOW, endsAt: new Date(NOW.getTime() + HOUR) }, NOW)).toBe(false);
  });

  it('says when and where a member was first admitted', async () => {
    const first = await scan(await codeOf('ada'), { device: 'Front door' });
    expect(first).toMatchObject({ verdict: 'admitted', member: { uid: 'ada', displayName: 'Person ada' } });
    // The answer carries the night's figures as they are after this scan.
    expect(first.counts).toEqual({ admitted: 1, inside: 1, capacity: expect.any(Number), drinks: 0, offline: 0, conflicts: 0 });
    const later = new Date(NOW.getTime() + 5 * 60_000);
    const again = await scan(await codeOf('ada', later), { device: 'Side door' }, later, scanners[1]);
    expect(again).toMatchObject({ verdict: 'alreadyAdmitted', firstDevice: 'Front door', firstAt: NOW });
  });

  it('50 simultaneous scans of one pass from 5 doors admit exactly once and log 50 scans', async () => {
    const code = await codeOf('ada');
    const results = await Promise.all(Array.from({ length: 50 }, (_, index) => scan(code, { device: `Door ${index % 5}` }, NOW, scanners[index % 5])));
    expect(results.filter((result) => result.verdict === 'admitted')).toHaveLength(1);
    expect(results.filter((result) => result.verdict === 'alreadyAdmitted')).toHaveLength(49);
    expect(await tonight.documents.collection(Scans).where('eventId', '==', 'tonight').get()).toHaveLength(50);
    expect((await doorActivity(tonight.documents, { eventId: 'tonight' })).admitted).toBe(1);
    // The admins' event list: a page of events at once; an unknown id is left out.
    expect(await countsOf(tonight.documents, { eventIds: ['tonight', 'no-such-event'] }, NOW)).toEqual({ tonight: { admitted: 1, inside: 1, capacity: expect.any(Number), drinks: 0, offline: 0, conflicts: 0, night: null } });
    expect(CountsOfInput.safeParse({ eventIds: [] }).success).toBe(false);
  });

  it('a retried request with the same nonce gets the first answer, never a second admission', async () => {
    const code = await codeOf('ada');
    const input = { eventId: 'tonight', mode: 'entry' as const, code, nonce: 'retry-nonce-1', source: 'camera' as const, device: 'Front door' };
    const [first, retry] = await Promise.all([scanCode(tonight.ports, scanners[0]!, input, NOW), scanCode(tonight.ports, scanners[0]!, input, NOW)]);
    expect(first.verdict).toBe('admitted');
    expect(retry.verdict).toBe('admitted');
    expect(await tonight.documents.collection(Scans).get()).toHaveLength(1);
    // Another door's scanner with the same nonce is its own scan.
    expect((await scanCode(tonight.ports, scanners[1]!, input, NOW)).verdict).toBe('alreadyAdmitted');
  });

  it('the bar needs an admission, pours exactly the allowance under 20 simultaneous scans, and never twice for one code', async () => {
    const code = await codeOf('ada');
    expect((await scan(code, { mode: 'bar' })).verdict).toBe('notCheckedIn');
    await scan(code);
    // The same window twice: a replay.
    const later = new Date(NOW.getTime() + STEP_MS);
    const next = await codeOf('ada', later);
    expect((await scan(next, { mode: 'bar' }, later)).verdict).toBe('drinkRedeemed');
    expect((await scan(next, { mode: 'bar' }, later)).verdict).toBe('expiredCode');

    await addUser('bob');
    const codes = [await codeOf('bob', new Date(NOW.getTime() - STEP_MS)), await codeOf('bob'), await codeOf('bob', new Date(NOW.getTime() + STEP_MS))];
    await scan(codes[1]!);
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => scan(codes[index % 3]!, { mode: 'bar' }, NOW, scanners[index % 5])));
    expect(results.filter((result) => result.verdict === 'drinkRedeemed')).toHaveLength(2);
    expect(results.filter((result) => result.verdict === 'drinkRedeemed').map((result) => result.drinksLeft).sort()).toEqual([0, 1]);
    const night = await memberNight(tonight.documents, 'bob', NOW);
    expect(night).toMatchObject({ drinksUsed: 2, drinksLeft: 0, checkedInAt: NOW });
    const activity = await doorActivity(tonight.documents, { eventId: 'tonight' });
    expect(activity).toMatchObject({ admitted: 2, drinks: 3 });
    // Of bob's 20 scans with three codes, two codes pour a drink each and their other scans are
    // replays; every scan of the third finds his allowance used (it poured nothing: no replay).
    const verdictsOf = codes.map((_, which) => results.filter((_, index) => index % 3 === which).map((result) => result.verdict));
    const pouring = verdictsOf.filter((verdicts) => verdicts.includes('drinkRedeemed'));
    const dry = verdictsOf.filter((verdicts) => !verdicts.includes('drinkRedeemed'));
    expect(pouring).toHaveLength(2);
    for (const verdicts of pouring) expect(verdicts.filter((verdict) => verdict !== 'drinkRedeemed').every((verdict) => verdict === 'expiredCode')).toBe(true);
    expect(dry.flat().every((verdict) => verdict === 'noDrinksLeft')).toBe(true);
    // Every refusal counted by reason: ada's scan before admission and her replay, then bob's.
    expect(activity.refused).toEqual({ notCheckedIn: 1, expiredCode: 1 + pouring.flat().length - 2, noDrinksLeft: dry.flat().length });
    // Answers count the night alongside the scan (other doors' scans of the same moment reach the
    // live feed); the next scan after the burst carries all of it.
    expect((await scan(await codeOf('bob', later), { mode: 'bar' }, later)).counts).toMatchObject({ admitted: 2, inside: 2, drinks: 3 });
  });
});
