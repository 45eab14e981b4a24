// The pass and the door: codes verify in their window and both neighbours and nowhere else; a
// changed character, another pass's key or a rotated version is invalid; a member is admitted
// once per event however many doors scan at once; the bar pours exactly the allowance.
import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { passKeys, type PassKeys } from '@/server/door/pass-keys';
import type { Identity } from '@/features/identity/identity';
import { AuditLog } from '@/features/users/audit';
import type { Role } from '@/features/identity/roles';
import { addTestUser } from '@/server/testing/user-fixtures';
import { Events, HOME_VENUE } from '@/features/events/events';
import { formatPassCode, parsePassCode, stepAt, STEP_SECONDS } from './pass-code';
import { ensurePass, passForPhone, rotatePass } from './passes';
import { admitManually, countsOf, DOOR_REPORT_COLUMNS, doorActivity, doorIsOpen, doorReport, doorReportCells, memberNight, personAtTheDoor, scanCode, Scans, searchAtDoor, toCsv, type DoorReportWords, type ScanInput } from './door';

const HOUR = 60 * 60 * 1000;
const NOW = new Date('2026-11-27T21:10:00Z');
const STEP_MS = STEP_SECONDS * 1000;

function person(uid: string, role: Role | null): Identity {
  return { uid, email: `${uid}@example.org`, emailVerified: true, displayName: `Person ${uid}`, photoURL: null, role };
}

const scanners = ['door-1', 'door-2', 'door-3', 'door-4', 'door-5'].map((uid) => person(uid, 'scanner'));
let nonces = 0;
const nonce = () => `nonce-${(nonces += 1).toString().padStart(4, '0')}`;

describe('the pass and the door', () => {
  let documents: SqliteDocuments;
  let keys: PassKeys;

  async function addUser(uid: string, { member = true }: { member?: boolean } = {}) {
    const membership = member ? { id: `m-${uid}`, validFrom: new Date(NOW.getTime() - 30 * 24 * HOUR), validUntil: new Date(NOW.getTime() + 30 * 24 * HOUR) } : null;
    await addTestUser(documents, person(uid, member ? 'user' : null), { membership }, NOW);
  }

  async function addEvent(id: string, { doorsAt = new Date(NOW.getTime() - HOUR), hours = 5, status = 'published' as const, drinkAllowance = 2 } = {}) {
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
      capacity: 300,
      drinkAllowance,
      barMenu: { en: '', de: '' },
      searchTerms: [],
      publishedAt: NOW,
      cancelledAt: null,
      createdAt: NOW,
      updatedAt: NOW,
      updatedBy: 'admin',
    });
  }

  /** The code the member's phone shows at `at` (its clock corrected to server time). */
  async function codeOf(uid: string, at = NOW) {
    const { passId, pass } = await ensurePass(documents, keys, uid);
    const step = stepAt(at.getTime());
    return formatPassCode({ passId, step, mac: keys.macFor(passId, pass.version, step) });
  }

  const scan = (code: string, input: Partial<ScanInput> = {}, at = NOW, scanner = scanners[0]!) =>
    scanCode({ documents, keys }, scanner, { eventId: 'tonight', mode: 'entry', code, nonce: nonce(), source: 'camera', device: 'Front door', ...input }, at);

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    keys = passKeys(new Uint8Array(randomBytes(32)));
    await addUser('ada');
    await addEvent('tonight');
  });

  it('accepts the current window and one on each side; two windows old is a screenshot, ahead is not a pass', async () => {
    const code = await codeOf('ada');
    expect(parsePassCode(code)).not.toBeNull();
    expect((await scan(code, {}, new Date(NOW.getTime() + STEP_MS))).verdict).toBe('admitted');
    await addEvent('second');
    expect((await scan(code, { eventId: 'second' }, new Date(NOW.getTime() - STEP_MS))).verdict).toBe('admitted');
    await addEvent('third');
    expect((await scan(code, { eventId: 'third' }, new Date(NOW.getTime() + 2 * STEP_MS))).verdict).toBe('expiredCode');
    expect((await scan(code, { eventId: 'third' }, new Date(NOW.getTime() - 2 * STEP_MS))).verdict).toBe('invalid');
  });

  it('refuses a changed character, another pass’s key, an unknown pass and anything that is not a pass', async () => {
    await addUser('bob');
    const code = await codeOf('ada');
    const last = code.at(-1)!;
    expect((await scan(code.slice(0, -1) + (last === 'A' ? 'B' : 'A'))).verdict).toBe('invalid');
    // Bob's pass id with a MAC made with Ada's key.
    const bob = await ensurePass(documents, keys, 'bob');
    const parts = code.split('.');
    expect((await scan(`NL1.${bob.passId}.${parts[2]}.${parts[3]}`)).verdict).toBe('invalid');
    expect((await scan(`NL1.AAAAAAAAAAAAAAAA.${parts[2]}.${parts[3]}`)).verdict).toBe('invalid');
    for (const junk of ['https://example.org', 'NL1', 'NL2.x.y.z', '4006381333931']) expect((await scan(junk)).verdict, junk).toBe('invalid');
    // Nothing of those admitted anyone.
    expect((await doorActivity(documents, 'tonight')).admitted).toBe(0);
  });

  it("a rotated pass makes every older code invalid at once; the phone gets the new key; the person's history says who", async () => {
    const before = await codeOf('ada');
    const phoneBefore = await passForPhone(documents, keys, 'ada', NOW);
    const admin = person('boss', 'admin');
    await rotatePass(documents, keys, admin, 'ada');
    const history = await documents.collection(AuditLog).where('targetUid', '==', 'ada').get();
    expect(history.map((entry) => [entry.data.action, entry.data.actorUid, entry.data.actorName])).toEqual([['passRenewed', 'boss', admin.displayName ?? admin.email]]);
    expect((await scan(before)).verdict).toBe('invalid');
    const phoneAfter = await passForPhone(documents, keys, 'ada', NOW);
    expect(phoneAfter.version).toBe(phoneBefore.version + 1);
    expect(phoneAfter.key).not.toBe(phoneBefore.key);
    expect((await scan(await codeOf('ada'))).verdict).toBe('admitted');
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
    expect(first.counts).toEqual({ admitted: 1, capacity: expect.any(Number), drinks: 0 });
    const later = new Date(NOW.getTime() + 5 * 60_000);
    const again = await scan(await codeOf('ada', later), { device: 'Side door' }, later, scanners[1]);
    expect(again).toMatchObject({ verdict: 'alreadyAdmitted', firstDevice: 'Front door', firstAt: NOW });
  });

  it('50 simultaneous scans of one pass from 5 doors admit exactly once and log 50 scans', async () => {
    const code = await codeOf('ada');
    const results = await Promise.all(Array.from({ length: 50 }, (_, index) => scan(code, { device: `Door ${index % 5}` }, NOW, scanners[index % 5])));
    expect(results.filter((result) => result.verdict === 'admitted')).toHaveLength(1);
    expect(results.filter((result) => result.verdict === 'alreadyAdmitted')).toHaveLength(49);
    expect(await documents.collection(Scans).where('eventId', '==', 'tonight').get()).toHaveLength(50);
    expect((await doorActivity(documents, 'tonight')).admitted).toBe(1);
    // The admins' event list: a page of events at once; an unknown id is left out.
    expect(await countsOf(documents, { eventIds: ['tonight', 'no-such-event'] })).toEqual({ tonight: { admitted: 1, capacity: expect.any(Number), drinks: 0 } });
    await expect(countsOf(documents, { eventIds: [] })).rejects.toThrow();
  });

  it('a retried request with the same nonce gets the first answer, never a second admission', async () => {
    const code = await codeOf('ada');
    const input = { eventId: 'tonight', mode: 'entry' as const, code, nonce: 'retry-nonce-1', source: 'camera' as const, device: 'Front door' };
    const [first, retry] = await Promise.all([scanCode({ documents, keys }, scanners[0]!, input, NOW), scanCode({ documents, keys }, scanners[0]!, input, NOW)]);
    expect(first.verdict).toBe('admitted');
    expect(retry.verdict).toBe('admitted');
    expect(await documents.collection(Scans).get()).toHaveLength(1);
    // Another door's scanner with the same nonce is its own scan.
    expect((await scanCode({ documents, keys }, scanners[1]!, input, NOW)).verdict).toBe('alreadyAdmitted');
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
    const night = await memberNight(documents, 'bob', NOW);
    expect(night).toMatchObject({ drinksUsed: 2, drinksLeft: 0, checkedInAt: NOW });
    const activity = await doorActivity(documents, 'tonight');
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
    expect(results.find((result) => result.verdict === 'noDrinksLeft')?.counts).toMatchObject({ admitted: 2, drinks: 3 });
  });

  it('admits by hand after a search by name, once, and only a member', async () => {
    await addUser('carla');
    await addUser('dan', { member: false });
    const hits = await searchAtDoor(documents, { eventId: 'tonight', query: 'carla' }, NOW);
    expect(hits.map((hit) => [hit.uid, hit.member, hit.checkedInAt])).toEqual([['carla', true, null]]);
    const manual = (uid: string) => admitManually({ documents, keys }, scanners[0]!, { eventId: 'tonight', uid, nonce: nonce(), device: 'Front door' }, NOW);
    expect((await manual('carla')).verdict).toBe('admitted');
    expect((await manual('carla')).verdict).toBe('alreadyAdmitted');
    expect((await manual('dan')).verdict).toBe('noMembership');
    const scans = await documents.collection(Scans).where('eventId', '==', 'tonight').get();
    expect(scans.every((entry) => entry.data.source === 'manual')).toBe(true);
  });

  it("gives admins the night as CSV and a person's admissions and scans", async () => {
    await scan(await codeOf('ada'), { device: 'Front, left' });
    const later = new Date(NOW.getTime() + STEP_MS);
    await scan(await codeOf('ada', later), { mode: 'bar', device: 'Bar "up"' }, later);
    const rows = await doorReport(documents, 'tonight');
    expect(rows.map((row) => [row.kind, row.name, row.door, row.source, row.drink])).toEqual([
      ['admission', 'Person ada', 'Front, left', 'camera', null],
      ['drink', 'Person ada', 'Bar "up"', 'camera', 1],
    ]);
    const words: DoorReportWords = {
      columns: { kind: 'Eintrag', at: 'Zeit (UTC)', name: 'Name', email: 'E-Mail', door: 'Tür', source: 'Erfasst per', drink: 'Getränk Nr.' },
      kinds: { admission: 'Einlass', drink: 'Getränk' },
      sources: { camera: 'Kamera', manual: 'Name', keyboard: 'Handscanner' },
    };
    const cells = doorReportCells(rows, words);
    expect(cells[1]).toEqual({ kind: 'Getränk', at: later.toISOString(), name: 'Person ada', email: expect.any(String), door: 'Bar "up"', source: 'Kamera', drink: '1' });
    const csv = toCsv(DOOR_REPORT_COLUMNS, cells);
    expect(csv.split('\r\n')[0]).toBe('kind,at,name,email,door,source,drink');
    expect(csv).toContain('"Front, left"');
    expect(csv).toContain('"Bar ""up"""');
    // German spreadsheets split on semicolons: a comma is plain text there, a semicolon is quoted.
    const german = toCsv(DOOR_REPORT_COLUMNS, cells, { headings: words.columns, delimiter: ';' });
    expect(german.split('\r\n')[0]).toBe('Eintrag;Zeit (UTC);Name;E-Mail;Tür;Erfasst per;Getränk Nr.');
    expect(german).toContain(';Front, left;Kamera;');
    expect(toCsv(['door'] as const, [{ door: 'Bar; up' }], { delimiter: ';' })).toBe('door\r\n"Bar; up"\r\n');
    // A name a spreadsheet would run as a formula is written as text.
    expect(toCsv(['name'] as const, [{ name: '=HYPERLINK("x")' }])).toBe(`name\r\n"'=HYPERLINK(""x"")"\r\n`);
    const person = await personAtTheDoor(documents, 'ada');
    expect(person.admissions).toEqual([expect.objectContaining({ eventId: 'tonight', door: 'Front, left', source: 'camera' })]);
    expect(person.scans.map((entry) => entry.verdict)).toEqual(['drinkRedeemed', 'admitted']);
  });
});
