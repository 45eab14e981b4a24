import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import type { Identity } from '@/access/identity';
import type { Role } from '@/access/roles';
import { Users, withStoredRole } from '@/features/identity/users';
import { addTestUser } from '@/features/identity/test-users';
import { recordSession, liveRecord } from '@/features/identity/session-records';
import { avatarSeenBy } from '@/features/identity/avatar-access';
import { AVATAR_MAX_SIDE } from './constants';
import { removeAvatar, setAvatar, signOutEverywhere, updateProfile, type AvatarPorts } from './profile';
import { ProfileInput } from './profile.inputs';
import { stagedUploadPorts } from './test-profile';

const root = mkdtempSync(join(tmpdir(), 'profile-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function person(uid: string, role: Role | null = 'user'): Identity {
  return { uid, email: `${uid}@example.org`, emailVerified: true, displayName: `Person ${uid}`, photoURL: null, role };
}

/** A photo as phones take them: JPEG with camera and GPS position in its EXIF block. */
async function phonePhoto(width = 900, height = 600) {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#3fd3ff' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'P1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 33/1 0/1' } })
    .toBuffer();
  return new Uint8Array(bytes);
}

describe('profile', () => {
  let documents: SqliteDocuments;
  let accounts: FakeAccounts;
  let ports: AvatarPorts;
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

  it('changes the name and language on the users document, the search terms and the sign-in account', async () => {
    const ada = person('ada');
    await addUser(ada);
    const profile = await updateProfile(documents, accounts, ada, ProfileInput.parse({ displayName: '  Ada Lovelace ', locale: 'de' }));
    expect(profile).toMatchObject({ displayName: 'Ada Lovelace', locale: 'de' });
    const stored = (await documents.collection(Users).doc('ada').get()).data!;
    expect(stored.searchTerms).toContain('lovel');
    expect(accounts.calls).toContain('profile ada {"displayName":"Ada Lovelace"}');
    // Every request after this sees the new name, whatever the session's token says.
    expect((await withStoredRole(documents, ada))?.displayName).toBe('Ada Lovelace');
    // A blank or long name, an unknown language, nothing at all: refused by the procedure's input.
    for (const refused of [{ displayName: '   ', locale: 'en' }, { displayName: 'x'.repeat(81), locale: 'en' }, { displayName: 'Ada', locale: 'fr' }, {}]) {
      expect(ProfileInput.safeParse(refused).success).toBe(false);
    }
    expect((await documents.collection(Users).doc('ada').get()).data).toMatchObject({ displayName: 'Ada Lovelace', locale: 'de' });
    // The language alone: the name stays.
    expect(await updateProfile(documents, accounts, ada, { locale: 'en' })).toMatchObject({ displayName: 'Ada Lovelace', locale: 'en' });
  });

  it('stores a photo re-encoded as a 512x512 WebP without EXIF or position, and replaces the last one', async () => {
    const ada = person('ada');
    await addUser(ada);
    staged.set('ada/first', await phonePhoto());
    const first = await setAvatar(ports, ada, { upload: 'first' });
    expect(first.photoURL).toMatch(/^http:\/\/localhost:3000\/api\/avatars\/ada\?v=[0-9a-f-]{36}$/);
    const stored = (await documents.collection(Users).doc('ada').get()).data!;
    expect(stored.photoURL).toBe(first.photoURL);
    const { bytes, metadata } = await ports.files.read(stored.avatarPath!);
    expect(metadata.contentType).toBe('image/webp');
    const facts = await sharp(bytes).metadata();
    expect(facts).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(facts.exif).toBeUndefined();
    expect(Buffer.from(bytes).includes('PhoneCo')).toBe(false);
    // The raw upload is gone; only the re-encoded photo is kept.
    await expect(ports.files.read('avatars/ada/first')).rejects.toMatchObject({ code: 'object-not-found' });
    expect(accounts.calls).toContain(`profile ada ${JSON.stringify({ photoURL: first.photoURL })}`);

    staged.set('ada/second', await phonePhoto(400, 400));
    const second = await setAvatar(ports, ada, { upload: 'second' });
    expect(second.photoURL).not.toBe(first.photoURL);
    await expect(ports.files.read(stored.avatarPath!)).rejects.toMatchObject({ code: 'object-not-found' });

    await removeAvatar(ports, ada);
    const after = (await documents.collection(Users).doc('ada').get()).data!;
    expect(after).toMatchObject({ photoURL: null, avatarPath: null });
    expect(accounts.calls.at(-1)).toBe('profile ada {"photoURL":null}');
  });

  it("refuses someone else's upload and a file that is not a picture, changing nothing", async () => {
    const ada = person('ada');
    await addUser(ada);
    staged.set('bob/theirs', await phonePhoto());
    await expect(setAvatar(ports, ada, { upload: 'theirs' })).rejects.toMatchObject({ reason: 'uploadNotUsable' });
    // Looks like a JPEG at the start, and is none: what a renamed or broken file gives.
    staged.set('ada/text', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 2, 3]));
    await expect(setAvatar(ports, ada, { upload: 'text' })).rejects.toMatchObject({ reason: 'notAnImage' });
    expect((await documents.collection(Users).doc('ada').get()).data).toMatchObject({ photoURL: null, avatarPath: null });
  });

  it(`refuses a picture of more than ${AVATAR_MAX_SIDE}x${AVATAR_MAX_SIDE} pixels before decoding it, changing nothing`, async () => {
    const ada = person('ada');
    await addUser(ada);
    staged.set('ada/huge', await phonePhoto(AVATAR_MAX_SIDE + 1, AVATAR_MAX_SIDE));
    await expect(setAvatar(ports, ada, { upload: 'huge' })).rejects.toMatchObject({ reason: 'pictureTooLarge', params: { side: String(AVATAR_MAX_SIDE) } });
    expect((await documents.collection(Users).doc('ada').get()).data).toMatchObject({ photoURL: null, avatarPath: null });
    // The upload is consumed all the same.
    await expect(ports.files.read('avatars/ada/huge')).rejects.toMatchObject({ code: 'object-not-found' });
    staged.set('ada/editor', await phonePhoto(1024, 1024));
    expect((await setAvatar(ports, ada, { upload: 'editor' })).photoURL).not.toBeNull();
  });

  it('signs the person out on every device', async () => {
    const ada = person('ada');
    await addUser(ada);
    await recordSession(documents, { uid: 'ada', cookie: 'cookie-phone', expiresInSeconds: 3600, now: Date.now() });
    await recordSession(documents, { uid: 'ada', cookie: 'cookie-laptop', expiresInSeconds: 3600, now: Date.now() });
    await signOutEverywhere(documents, accounts, ada);
    expect(await liveRecord(documents, 'cookie-phone', 'ada')).toBeNull();
    expect(await liveRecord(documents, 'cookie-laptop', 'ada')).toBeNull();
    expect(accounts.calls).toContain('revoke ada');
  });

  it.each([
    ['nobody signed in', null, false],
    ['the person', { uid: 'ada', role: 'user' }, true],
    ['another member', { uid: 'bob', role: 'user' }, false],
    ['an account without a role', { uid: 'eve', role: null }, false],
    ['an admin', { uid: 'boss', role: 'admin' }, true],
    ['the door', { uid: 'door', role: 'scanner' }, true],
  ] as const)("ada's photo, seen by %s: %s", (_who, viewer, seen) => {
    expect(avatarSeenBy(viewer, 'ada')).toBe(seen);
  });

});
