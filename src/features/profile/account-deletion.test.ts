// Deleting an account: what goes, what stays under an anonymous id, and, after a deletion by
// someone who has been everything, that the person appears in no document and no file at all.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { Inbox } from '@/features/notifications/inbox';
import { PushDevices, registerDevice } from '@/features/notifications/push-devices';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { DiskFiles } from '@/server/files/embedded/disk-files';
import { UnavailableFiles } from '@/server/files/files';
import { storageUploadClaims, type UploadClaims } from '@/server/files/uploads';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import type { Identity } from '@/access/identity';
import type { Role } from '@/access/roles';
import { Users } from '@/features/identity/users';
import { addTestUser } from '@/features/identity/test-users';
import { recordSession, liveRecord } from '@/features/identity/session-records';
import { AuditLog } from '@/features/identity/audit';
import { Memberships } from '@/features/memberships/membership-rules';
import { approveMembership, requestMembership } from '@/features/memberships/memberships';
import { Checkins, Drinks, Scans } from '@/features/door/door-records';
import { Passes, passOwner, rememberPassOwner } from '@/features/door/passes';
import { setAvatar, type AvatarPorts } from './profile';
import { stagedUploadPorts } from './test-profile';
import { RECENT_SIGN_IN_SECONDS } from '@/access/identity';
import { deleteAccount } from './account-deletion';
import { Mail } from '@/features/mail/outbox';
import { ADA, adaDeletesHerAccount, everyFile, namingAda } from './deletion-scenario';

const root = mkdtempSync(join(tmpdir(), 'account-deletion-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Signed in just now, as a deletion asks. */
function person(uid: string, role: Role | null = 'user'): Identity {
  return { uid, email: `${uid}@example.org`, emailVerified: true, displayName: `Person ${uid}`, photoURL: null, role, authTime: Math.floor(Date.now() / 1000) };
}

describe('deleting an account', () => {
  let documents: SqliteDocuments;
  let accounts: FakeAccounts;
  let ports: AvatarPorts & { uploads: UploadClaims };
  let staged: Map<string, Uint8Array>;
  let count = 0;

  async function addUser(who: Identity) {
    await addTestUser(documents, who);
  }

  beforeEach(() => {
    count += 1;
    documents = new SqliteDocuments(':memory:');
    accounts = new FakeAccounts();
    ({ ports, staged } = stagedUploadPorts(documents, accounts, join(root, `store-${count}`)));
  });

  async function phonePhoto() {
    return new Uint8Array(await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3fd3ff' } }).jpeg().toBuffer());
  }

  it('deletes the account and personal data; audit and decisions keep an anonymous id', async () => {
    const boss = person('boss', 'admin');
    const deputy = person('deputy', 'admin');
    const ada = person('ada', null);
    for (const who of [boss, deputy, ada]) await addUser(who);
    staged.set('ada/photo', await phonePhoto());
    const adaMember = { ...ada, role: 'user' as const };
    await requestMembership(documents, ada, { note: 'Hello' });
    const [request] = await documents.collection(Memberships).where('uid', '==', 'ada').get();
    await approveMembership(documents, accounts, boss, { id: request!.id, revision: request!.data.revision, note: '' });
    await setAvatar(ports, adaMember, { upload: 'photo' });
    const avatarPath = (await documents.collection(Users).doc('ada').get()).data!.avatarPath!;
    await recordSession(documents, { uid: 'ada', cookie: 'cookie-ada', expiresInSeconds: 3600, now: Date.now() });
    await registerDevice(documents, person('ada'), { target: { kind: 'webpush', endpoint: 'https://fcm.googleapis.com/fcm/send/ada', keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } }, lang: 'en' });
    await documents.collection(Inbox).doc('n1_ada').create({ notificationId: 'n1', uid: 'ada', lang: 'en', title: 'Hi', body: 'Hello', link: null, at: new Date(), read: false, readAt: null, test: false });

    await expect(deleteAccount(ports, adaMember, { confirmation: 'someone@else.org' })).rejects.toMatchObject({ reason: 'deleteConfirmationMismatch' });
    expect((await documents.collection(Users).doc('ada').get()).exists).toBe(true);

    const deletion = await deleteAccount(ports, adaMember, { confirmation: 'ADA@example.org' });
    expect((await documents.collection(Users).doc('ada').get()).exists).toBe(false);
    expect(await documents.collection(Memberships).where('uid', '==', 'ada').get()).toEqual([]);
    expect(await liveRecord(documents, 'cookie-ada', 'ada')).toBeNull();
    expect(await documents.collection(Inbox).where('uid', '==', 'ada').count()).toBe(0);
    expect(await documents.collection(PushDevices).where('uid', '==', 'ada').count()).toBe(0);
    expect(accounts.calls).toContain('delete ada');
    await expect(ports.files.read(avatarPath)).rejects.toMatchObject({ code: 'object-not-found' });
    const entries = (await documents.collection(AuditLog).get()).map((entry) => entry.data);
    expect(entries.some((entry) => entry.targetUid === 'ada' || entry.actorUid === 'ada')).toBe(false);
    expect(entries.filter((entry) => entry.targetUid === deletion.anonymousId).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['membershipRequested', 'membershipApproved', 'accountDeleted']),
    );
    expect(deletion.anonymousId).toMatch(/^deleted-/);

    // An admin who decided on others: the decision stays, without their uid or name.
    const bob = person('bob', null);
    await addUser(bob);
    await requestMembership(documents, bob, { note: '' });
    const [bobs] = await documents.collection(Memberships).where('uid', '==', 'bob').get();
    await approveMembership(documents, accounts, deputy, { id: bobs!.id, revision: bobs!.data.revision, note: '' });
    const gone = await deleteAccount(ports, deputy, { confirmation: 'deputy@example.org' });
    const decided = (await documents.collection(Memberships).doc(bobs!.id).get()).data!;
    expect(decided).toMatchObject({ status: 'active', decidedBy: gone.anonymousId, decidedByName: null });
    expect(decided.history.find((entry) => entry.action === 'approved')).toMatchObject({ actorUid: gone.anonymousId, actorName: null });
  });

  it('refuses to delete the last admin', async () => {
    const boss = person('boss', 'admin');
    await addUser(boss);
    await expect(deleteAccount(ports, boss, { confirmation: 'boss@example.org' })).rejects.toMatchObject({ kind: 'conflict', reason: 'lastAdminDelete' });
    expect((await documents.collection(Users).doc('boss').get()).exists).toBe(true);
    expect(accounts.calls).not.toContain('delete boss');
  });


  it("keeps the door's records under the anonymous id and forgets the pass", async () => {
    const ada = person('ada', 'user');
    await addUser(ada);
    const at = new Date();
    const door = { scannerUid: 'door', device: 'Front door' };
    await documents.collection(Passes).doc('adaPassId000000A').create({ uid: 'ada', version: 1, createdAt: at, rotatedAt: null });
    rememberPassOwner('adaPassId000000A', 'ada');
    await documents.collection(Checkins).doc('night_ada').create({ eventId: 'night', uid: 'ada', at, scannerName: 'Door', source: 'camera', ...door });
    await documents.collection(Drinks).doc('night_ada_1').create({ eventId: 'night', uid: 'ada', number: 1, at, ...door });
    await documents.collection(Scans).doc('scan-1').create({ eventId: 'night', mode: 'entry', source: 'camera', verdict: 'admitted', uid: 'ada', name: 'Person ada', at, detail: { firstAt: null, firstDevice: null, drinksLeft: null }, ...door });

    const { anonymousId } = await deleteAccount(ports, ada, { confirmation: 'ada@example.org' });
    expect((await documents.collection(Scans).doc('scan-1').get()).data).toMatchObject({ uid: anonymousId, name: null, verdict: 'admitted' });
    expect((await documents.collection(Checkins).where('eventId', '==', 'night').get()).map((entry) => [entry.id, entry.data.uid])).toEqual([[`night_${anonymousId}`, anonymousId]]);
    expect((await documents.collection(Drinks).where('eventId', '==', 'night').get()).map((entry) => entry.id)).toEqual([`night_${anonymousId}_1`]);
    expect((await documents.collection(Passes).doc('adaPassId000000A').get()).exists).toBe(false);
    expect(passOwner('adaPassId000000A')).toBeUndefined();
  });

  it('asks for a sign-in within the last 5 minutes, and changes nothing without one', async () => {
    const ada = person('ada', 'user');
    await addUser(ada);
    const now = Date.now();
    const signedIn = (secondsAgo: number) => ({ ...ada, authTime: Math.floor(now / 1000) - secondsAgo });
    for (const who of [signedIn(RECENT_SIGN_IN_SECONDS + 1), { ...ada, authTime: undefined }]) {
      await expect(deleteAccount(ports, who, { confirmation: 'ada@example.org' }, now)).rejects.toMatchObject({ kind: 'forbidden', reason: 'recentSignInRequired' });
    }
    expect((await documents.collection(Users).doc('ada').get()).exists).toBe(true);
    expect(accounts.calls).not.toContain('delete ada');
    await deleteAccount(ports, signedIn(RECENT_SIGN_IN_SECONDS - 1), { confirmation: 'ada@example.org' }, now);
    expect((await documents.collection(Users).doc('ada').get()).exists).toBe(false);
  });

  it('completes on a site without file storage (Firebase without Storage), which holds no file of theirs', async () => {
    const ada = person('ada', 'user');
    await addUser(ada);
    const files = new UnavailableFiles('no bucket');
    await deleteAccount({ ...ports, files, uploads: storageUploadClaims(files) }, ada, { confirmation: 'ada@example.org' });
    expect((await documents.collection(Users).doc('ada').get()).exists).toBe(false);
    expect(accounts.calls).toContain('delete ada');
  });

  it('leaves the person in no document of any collection and in no file, with the door and the notification counting as before (embedded)', async () => {
    const file = join(root, 'walked.sqlite');
    const store = new SqliteDocuments(file);
    const filesRoot = join(root, 'walked-files');
    const files = new DiskFiles(filesRoot, 'http://localhost:3000');
    const { before, after, accounts: used, guest } = await adaDeletesHerAccount(store, files, storageUploadClaims(files));
    expect(after).toEqual(before);
    // Her guest to come is cancelled, told by mail (which does not name her), and kept without her.
    expect(guest).toMatchObject({ state: 'cancelled', cancelledBy: 'accountDeleted', sponsorName: null, holder: { name: 'Kai Gast' } });
    expect(guest.sponsorUid).toMatch(/^deleted-/);
    const told = await store.collection(Mail).where('kind', '==', 'ticketCancelled').get();
    expect(told.map(({ data }) => [data.to, data.params.by])).toEqual([['kai@example.org', 'accountDeleted']]);
    expect(before.door).toMatchObject({ admitted: 2, drinks: 2 });
    expect(before.notification).toMatchObject({ recipients: 2, inApp: 2, read: 1, pushSent: 2 });
    expect(used.calls).toContain(`delete ${ADA.uid}`);

    // Every table of the database, every row: a collection added later is walked too.
    const database = new Database(file, { readonly: true });
    const tables = database.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").all();
    const rows = tables.flatMap(({ name }) => database.prepare(`SELECT * FROM "${name}"`).all().map((row) => JSON.stringify({ table: name, ...(row as object) })));
    database.close();
    await store.close();
    // The walk sees the stored values: Bob, admitted by Ada, is still named.
    expect(rows.some((row) => row.includes('"table":"docs:checkins"'))).toBe(true);
    expect(rows.some((row) => row.includes('Person bob'))).toBe(true);
    expect(namingAda(rows)).toEqual([]);
    const stored = everyFile(filesRoot);
    expect(stored.length).toBeGreaterThan(0);
    expect(namingAda(stored)).toEqual([]);
  });
});
