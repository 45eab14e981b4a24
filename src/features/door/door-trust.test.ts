// The door's records can be trusted (issue 43): an uploaded offline decision is bound to its night,
// its window and the key of its time; admissions by name pass the online checks; an upload is
// judged by who was inside when it was decided; door staff never see a full address (a disabled
// account shut out: src/features/users/disabled-at-the-door.test.ts); one written form per code; the door list is for the night; and
// moving the pass to another phone needs a recent sign-in.
import { describe, expect, it } from 'vitest';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import { Users } from '@/features/identity/users';
import { createContextInner } from '@/server/trpc/context';
import { createCaller } from '@/app/_server/router';
import { RATE_POLICIES } from '@/server/http/rate-limit';
import { DoorConflicts, Scans } from './door-records';
import type { OfflineDecision } from './door.inputs';
import { doorList } from './door-list';
import { doorActivity } from './door-figures';
import { doorReport } from './door-report';
import { ensurePass, registerPassKey, Passes } from './passes';
import { newPhoneKey, passCodeAt } from './client/pass-store';
import { formatPassCode, parsePassCode, stepAt, type SignedCode } from './pass-code';
import { recordOffline, recordUploads } from './scanning';
import { maskScannedAddresses } from './door-names-migration';
import { doorNight, HOUR, NOW, person, scanners, STEP_MS } from './test-door';

const MINUTE = 60_000;
/** The order of the P-256 group: a signature (r, s) has the twin (r, n − s). */
const CURVE_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

function bytesToBigInt(bytes: Uint8Array): bigint {
  return bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);
}

function bigIntToBytes(value: bigint, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let index = length - 1; index >= 0; index--, value >>= 8n) bytes[index] = Number(value & 0xffn);
  return bytes;
}

function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

/** A signed code's parts (NL3 or NL2). */
function signedParts(code: string): SignedCode {
  const parsed = parsePassCode(code);
  if (!parsed || parsed.format === 'NL1') throw new Error(`not a signed code: ${code}`);
  return parsed;
}

/** The s half of a code's signature. */
function sOf(code: SignedCode): bigint {
  return bytesToBigInt(new Uint8Array(Buffer.from(code.signature, 'base64url')).slice(32));
}

/** The same code, in the same format, with the twin signature (r, n − s): as valid to WebCrypto as the original. */
function twinOf(code: string): string {
  const parts = signedParts(code);
  const signature = new Uint8Array(Buffer.from(parts.signature, 'base64url'));
  const twin = new Uint8Array(64);
  twin.set(signature.slice(0, 32));
  twin.set(bigIntToBytes(CURVE_ORDER - sOf(parts), 32), 32);
  return formatPassCode({ ...parts, signature: base64url(twin) });
}

describe('what an offline door uploads is bound to its night, its window and its key', () => {
  const tonight = doorNight();
  const { addUser, codeOf, nonce } = tonight;
  const decision = (fields: Partial<OfflineDecision>): OfflineDecision => ({
    eventId: 'tonight',
    nonce: nonce(),
    mode: 'entry',
    source: 'camera',
    verdict: 'admitted',
    decidedAt: NOW,
    device: 'Side door',
    listAt: new Date(NOW.getTime() - MINUTE),
    ...fields,
  });
  const upload = (fields: Partial<OfflineDecision>, uploadedAt = new Date(NOW.getTime() + MINUTE), scanner = scanners[0]!) => recordOffline(tonight.ports, scanner, decision(fields), uploadedAt);
  const flags = async (eventId = 'tonight') => (await tonight.documents.collection(DoorConflicts).where('eventId', '==', eventId).get()).map((flag) => flag.data.kind);
  const figures = (eventId = 'tonight') => doorActivity(tonight.documents, { eventId });

  it("a queue whose event was deleted meanwhile: that scan is rejected and the rest of the queue is recorded", async () => {
    const code = await codeOf('ada');
    const uploaded = await recordUploads(tonight.ports, scanners[0]!, { decisions: [decision({ eventId: 'gone', code }), decision({ code })] }, new Date(NOW.getTime() + MINUTE));
    expect(uploaded.results.map((result) => result.status)).toEqual(['rejected', 'recorded']);
    expect(await figures()).toMatchObject({ admitted: 1, offline: 1 });
  });

  it('a code signed in 2024, uploaded as an admission to an event whose door opens in two days, admits nobody and is flagged', async () => {
    await tonight.addEvent('later', { doorsAt: new Date(NOW.getTime() + 2 * 24 * HOUR) });
    const old = await codeOf('ada', new Date('2024-06-01T22:00:00Z'));
    expect(await upload({ eventId: 'later', code: old })).toBe('recorded');
    expect(await figures('later')).toMatchObject({ admitted: 0, offline: 0, inside: 0, conflicts: 1 });
    expect(await flags('later')).toEqual(['outsideNight']);
  });

  it("a code of another window than the decision's (an old code replayed) admits nobody", async () => {
    const earlier = await codeOf('ada', new Date(NOW.getTime() - 10 * MINUTE));
    expect(await upload({ code: earlier })).toBe('recorded');
    expect(await figures()).toMatchObject({ admitted: 0, conflicts: 1 });
    expect(await flags()).toEqual(['codeOutOfWindow']);
    // One window either side is a slow scan, as online.
    expect(await upload({ code: await codeOf('ada', new Date(NOW.getTime() - STEP_MS)) })).toBe('recorded');
    expect(await figures()).toMatchObject({ admitted: 1, offline: 1, conflicts: 1 });
  });

  it('a decision outside the door hours, at an event not published, after its upload or before its list admits nobody', async () => {
    await addUser('bob');
    await addUser('cy');
    await addUser('dee');
    // The door opened three hours before NOW (doors an hour before, opening two hours earlier still).
    const beforeDoor = new Date(NOW.getTime() - 4 * HOUR);
    expect(await upload({ code: await codeOf('ada', beforeDoor), decidedAt: beforeDoor, listAt: new Date(beforeDoor.getTime() - MINUTE) })).toBe('recorded');
    await tonight.addEvent('draft', { status: 'draft' as 'published' });
    expect(await upload({ eventId: 'draft', code: await codeOf('bob') })).toBe('recorded');
    // Decided ten minutes after the upload that carried it.
    expect(await upload({ code: await codeOf('cy') }, new Date(NOW.getTime() - 10 * MINUTE))).toBe('recorded');
    // Decided with a list made after the decision.
    expect(await upload({ code: await codeOf('dee'), listAt: new Date(NOW.getTime() + 5 * MINUTE) })).toBe('recorded');
    expect(await figures()).toMatchObject({ admitted: 0, inside: 0, offline: 0 });
    expect((await flags()).sort()).toEqual(['impossibleTime', 'impossibleTime', 'outsideNight']);
    expect(await flags('draft')).toEqual(['outsideNight']);
  });

  it('a decision made before the key that signed its code was registered admits nobody; a key replaced later still counts for its time', async () => {
    const registeredAt = NOW;
    const phoneKey = await newPhoneKey();
    await registerPassKey(tonight.ports, { ...person('ada', 'user'), authTime: registeredAt.getTime() / 1000 }, { publicKey: phoneKey.publicKey }, registeredAt);
    const { passId, pass } = await ensurePass(tonight.ports, 'ada');
    const before = new Date(registeredAt.getTime() - 2 * MINUTE);
    const { code } = await passCodeAt({ passId, version: pass.version, phoneKey, offsetMs: 0 }, before.getTime());
    expect(await upload({ code, decidedAt: before, listAt: new Date(before.getTime() - MINUTE) })).toBe('recorded');
    expect(await figures()).toMatchObject({ admitted: 0, conflicts: 1 });
    expect(await flags()).toEqual(['impossibleTime']);
    // The former key keeps when it was registered as well as when it was replaced.
    const next = await newPhoneKey();
    await registerPassKey(tonight.ports, { ...person('ada', 'user'), authTime: (NOW.getTime() + 10 * MINUTE) / 1000 }, { publicKey: next.publicKey }, new Date(NOW.getTime() + 10 * MINUTE));
    const stored = (await tonight.documents.collection(Passes).doc(passId).get()).data!;
    expect(stored.formerKeys?.[0]).toMatchObject({ version: pass.version, from: registeredAt, until: new Date(NOW.getTime() + 10 * MINUTE) });
    const { code: good } = await passCodeAt({ passId, version: pass.version, phoneKey, offsetMs: 0 }, NOW.getTime() + MINUTE);
    expect(await upload({ code: good, decidedAt: new Date(NOW.getTime() + MINUTE) }, new Date(NOW.getTime() + HOUR))).toBe('recorded');
    expect(await figures()).toMatchObject({ admitted: 1, offline: 1, conflicts: 1 });
  });

  it('an admission by name uploaded offline passes the online checks and is flagged as by name, offline', async () => {
    await addUser('bob');
    await addUser('cy', { member: false });
    await tonight.addEvent('next-week', { doorsAt: new Date(NOW.getTime() + 7 * 24 * HOUR) });
    // Pre-admitting a member to next week's event, so that the real door turns them away, fails.
    expect(await upload({ eventId: 'next-week', source: 'manual', uid: 'bob' })).toBe('recorded');
    expect(await figures('next-week')).toMatchObject({ admitted: 0 });
    expect(await flags('next-week')).toEqual(['outsideNight']);
    // Backdated to 1970: outside the night.
    expect(await upload({ source: 'manual', uid: 'bob', decidedAt: new Date(0), listAt: new Date(0) })).toBe('recorded');
    // No membership at the time decided: not an admission.
    expect(await upload({ source: 'manual', uid: 'cy' })).toBe('recorded');
    expect(await figures()).toMatchObject({ admitted: 0 });
    // A member, in the door hours: admitted, and flagged for the admins to look at.
    expect(await upload({ source: 'manual', uid: 'bob' })).toBe('recorded');
    expect(await figures()).toMatchObject({ admitted: 1, offline: 1 });
    expect((await flags()).sort()).toEqual(['byNameNoMembership', 'byNameOffline', 'outsideNight']);
  });

  it('door.admit is limited per door phone, as search is', async () => {
    const documents = tonight.documents;
    const door = { ...person('door-9', 'scanner'), session: 'phone-a' };
    await addUser('bob');
    const caller = createCaller(createContextInner({ documents, accounts: new FakeAccounts(), identity: door }));
    const admit = () => caller.door.admit({ eventId: 'tonight', uid: 'bob', nonce: nonce(), device: 'Front door' });
    for (let i = 0; i < RATE_POLICIES.doorAdmits.burst; i++) await admit();
    await expect(admit()).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('an upload is judged by who was inside when it was decided: a screenshot let in before the member scanned out is a second admission', async () => {
    const code = await codeOf('ada');
    // In at the front door (online), 22:00.
    await tonight.scan(code, { device: 'Front door' });
    // A screenshot at the offline side door a minute later.
    const screenshot = await codeOf('ada', new Date(NOW.getTime() + MINUTE));
    const sideDoor = decision({ code: screenshot, decidedAt: new Date(NOW.getTime() + MINUTE), device: 'Side door' });
    // The member scans out at the front door half an hour later.
    const out = new Date(NOW.getTime() + 30 * MINUTE);
    expect((await tonight.scan(await codeOf('ada', out), { mode: 'exit' }, out)).verdict).toBe('exited');
    // The side door uploads an hour later: not a re-entry dated before the exit.
    expect(await recordOffline(tonight.ports, scanners[1]!, sideDoor, new Date(NOW.getTime() + HOUR))).toBe('recorded');
    expect(await figures()).toMatchObject({ admitted: 1, inside: 0, conflicts: 1 });
    expect(await flags()).toEqual(['secondAdmission']);
    // After the exit, a re-entry decided offline is one.
    const back = new Date(NOW.getTime() + 40 * MINUTE);
    expect(await upload({ code: await codeOf('ada', back), decidedAt: back, verdict: 'welcomeBack' }, new Date(NOW.getTime() + HOUR))).toBe('recorded');
    expect(await figures()).toMatchObject({ admitted: 1, inside: 1, conflicts: 1 });
  });
});

describe('door staff never see a full address', () => {
  const tonight = doorNight();
  const { codeOf, scan } = tonight;

  it('names a member without a display name by a masked address in the answer, the log, the live panel and the list; the CSV keeps the address', async () => {
    await tonight.documents.collection(Users).doc('ada').update({ displayName: null });
    const answer = await scan(await codeOf('ada'));
    expect(answer.member?.displayName).toBe('ad…@example.org');
    const [logged] = await tonight.documents.collection(Scans).get();
    expect(logged!.data.name).toBe('ad…@example.org');
    expect((await doorActivity(tonight.documents, { eventId: 'tonight' })).recent[0]!.name).toBe('ad…@example.org');
    expect(JSON.stringify(await doorActivity(tonight.documents, { eventId: 'tonight' }))).not.toContain('ada@example.org');
    const report = await doorReport(tonight.documents, 'tonight');
    expect(report[0]).toMatchObject({ email: 'ada@example.org' });
  });

  it('rewrites stored scans that hold a full address, once', async () => {
    await tonight.documents.collection(Scans).doc('old-scan').create({
      eventId: 'tonight',
      mode: 'entry',
      source: 'camera',
      verdict: 'admitted',
      uid: 'ada',
      name: 'ada@example.org',
      scannerUid: 'door-1',
      device: 'Front door',
      at: NOW,
      detail: { firstAt: null, firstDevice: null, drinksLeft: null },
    });
    expect(await maskScannedAddresses(tonight.documents)).toBe(1);
    expect((await tonight.documents.collection(Scans).doc('old-scan').get()).data?.name).toBe('ad…@example.org');
    expect(await maskScannedAddresses(tonight.documents)).toBe(0);
  });
});

describe('one written form per code', () => {
  const tonight = doorNight();
  const { codeOf, scan } = tonight;

  it("accepts exactly one of a signature and its twin (low S) in NL3 and in NL2, and no NL2 window written with leading zeros", async () => {
    for (const format of ['NL3', 'NL2'] as const) {
      const code = await codeOf('ada', NOW, format);
      // The low form is the one the phone writes: its twin is no code.
      expect(sOf(signedParts(code)) <= CURVE_ORDER / 2n).toBe(true);
      const high = twinOf(code);
      expect(high).not.toBe(code);
      expect(parsePassCode(high)).toBeNull();
      expect((await scan(high)).verdict).toBe('invalid');
    }
    const nl2 = await codeOf('ada', NOW, 'NL2');
    const [prefix, passId, step, signature] = nl2.split('.');
    expect(parsePassCode(`${prefix}.${passId}.0${step}.${signature}`)).toBeNull();
    expect((await scan(`${prefix}.${passId}.0${step}.${signature}`)).verdict).toBe('invalid');
    // A phone that has not updated still gets in; the updated one after it finds Ada in.
    expect((await scan(nl2)).verdict).toBe('admitted');
    expect((await scan(await codeOf('ada'))).verdict).toBe('alreadyAdmitted');
  });

  it('the phone signs every code in the low form', async () => {
    const phoneKey = await newPhoneKey();
    for (let i = 0; i < 40; i++) {
      const { code } = await passCodeAt({ passId: 'AAAAAAAAAAAAAAAA', version: 1, phoneKey, offsetMs: 0 }, NOW.getTime() + i * STEP_MS);
      expect(sOf(signedParts(code)) <= CURVE_ORDER / 2n).toBe(true);
    }
    expect(stepAt(NOW.getTime())).toBeGreaterThan(0);
  });
});

describe('the door list is for the night', () => {
  const tonight = doorNight();

  it('answers from 12 hours before the door opens until the event ends, and says nothing of a membership’s dates', async () => {
    await tonight.addEvent('next-week', { doorsAt: new Date(NOW.getTime() + 7 * 24 * HOUR) });
    await expect(doorList(tonight.ports, { eventId: 'next-week' }, NOW)).rejects.toMatchObject({ reason: 'doorListNotYet' });
    // The door opens two hours before doors: 12 hours before that, the list is handed out.
    const doorsAt = new Date(NOW.getTime() + 7 * 24 * HOUR);
    const opensAt = doorsAt.getTime() - 2 * HOUR;
    await expect(doorList(tonight.ports, { eventId: 'next-week' }, new Date(opensAt - 12 * HOUR - MINUTE))).rejects.toMatchObject({ reason: 'doorListNotYet' });
    expect((await doorList(tonight.ports, { eventId: 'next-week' }, new Date(opensAt - 12 * HOUR + MINUTE))).members).toHaveLength(1);
    // After the end, no list.
    await expect(doorList(tonight.ports, { eventId: 'tonight' }, new Date(NOW.getTime() + 5 * HOUR))).rejects.toMatchObject({ reason: 'doorListOver' });
    const list = await doorList(tonight.ports, { eventId: 'tonight' }, NOW);
    expect(list.members[0]).not.toHaveProperty('validFrom');
    expect(list.members[0]).not.toHaveProperty('validUntil');
    expect(JSON.stringify(list)).not.toContain(new Date(NOW.getTime() + 30 * 24 * HOUR).toISOString());
  });
});

describe('moving the pass to another phone', () => {
  const tonight = doorNight();

  it('needs a sign-in within the last 5 minutes once a phone shows the pass; the first phone does not', async () => {
    const first = await newPhoneKey();
    const member = person('ada', 'user');
    await registerPassKey(tonight.ports, member, { publicKey: first.publicKey }, NOW);
    // The same key again is no change.
    await registerPassKey(tonight.ports, member, { publicKey: first.publicKey }, NOW);
    const second = await newPhoneKey();
    await expect(registerPassKey(tonight.ports, member, { publicKey: second.publicKey }, NOW)).rejects.toMatchObject({ reason: 'passMoveNeedsRecentSignIn' });
    await expect(registerPassKey(tonight.ports, { ...member, authTime: (NOW.getTime() - 6 * MINUTE) / 1000 }, { publicKey: second.publicKey }, NOW)).rejects.toMatchObject({ reason: 'passMoveNeedsRecentSignIn' });
    expect((await ensurePass(tonight.ports, 'ada')).pass.publicKey).toBe(first.publicKey);
    await registerPassKey(tonight.ports, { ...member, authTime: (NOW.getTime() - 4 * MINUTE) / 1000 }, { publicKey: second.publicKey }, NOW);
    expect((await ensurePass(tonight.ports, 'ada')).pass.publicKey).toBe(second.publicKey);
  });
});
