// The profile procedures through createCaller: always the caller's own account, whatever the
// input says; a photo needs the VIP area's roles; deleting refuses the last admin.
import { beforeEach, describe, expect, it } from 'vitest';
import { createContextInner } from '@/server/trpc/context';
import { createCaller } from '@/app/_server/router';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import type { Identity } from '@/access/identity';
import type { Role } from '@/access/roles';
import { Users } from '@/features/identity/users';
import { addTestUser } from '@/features/identity/test-users';
import { recordSession, liveRecord } from '@/features/identity/session-records';
import { FilesError } from '@/server/files/port';
import { RATE_POLICIES } from '@/server/http/rate-limit';

function person(uid: string, role: Role | null): Identity {
  return { uid, email: `${uid}@example.org`, emailVerified: true, displayName: `Person ${uid}`, photoURL: null, role };
}

const admin = person('admin', 'admin');
const guest = person('guest', null);
const door = person('door', 'scanner');

describe('profile router', () => {
  let documents: SqliteDocuments;
  let accounts: FakeAccounts;
  const as = (identity: Identity | null) => createCaller(createContextInner({ documents, accounts, identity }));

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    accounts = new FakeAccounts();
    for (const who of [admin, guest, door]) {
      await addTestUser(documents, who);
    }
  });

  it("reads and changes the caller's own profile only, whatever uid the input names", async () => {
    expect(await as(guest).profile.get()).toEqual({ displayName: 'Person guest', email: 'guest@example.org', photoURL: null, locale: null });
    await as(guest).profile.update({ displayName: 'Gina', locale: 'de' });
    expect((await documents.collection(Users).doc('guest').get()).data).toMatchObject({ displayName: 'Gina', locale: 'de' });
    expect((await documents.collection(Users).doc('admin').get()).data).toMatchObject({ displayName: 'Person admin', locale: null });
    // A uid slipped into the input is not read: the caller's own account changes, nobody else's.
    await as(guest).profile.update({ displayName: 'Not the admin', uid: 'admin' } as never);
    expect((await documents.collection(Users).doc('admin').get()).data?.displayName).toBe('Person admin');
    expect((await documents.collection(Users).doc('guest').get()).data?.displayName).toBe('Not the admin');
    await expect(as(null).profile.get()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(as(guest).profile.update({ displayName: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('a photo needs the VIP area: an account without a role is refused before anything is read', async () => {
    await expect(as(guest).profile.setAvatar({ upload: 'anything' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(as(null).profile.setAvatar({ upload: 'anything' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('limits how often a person sets a photo (each decodes a picture), per account', async () => {
    let claims = 0;
    const refusing = {
      async claim(): Promise<string> {
        claims += 1;
        throw new FilesError('object-not-found', 'no such upload');
      },
      discardAllOf: async () => {},
    };
    const caller = (identity: Identity) => createCaller(createContextInner({ documents, accounts, identity, uploads: () => refusing }));
    for (let i = 0; i < RATE_POLICIES.avatarChanges.burst; i++) await expect(caller(door).profile.setAvatar({ upload: `try-${i}` })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller(door).profile.setAvatar({ upload: 'one-more' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Refused before the upload is looked at; another account is not held up.
    expect(claims).toBe(RATE_POLICIES.avatarChanges.burst);
    await expect(caller(admin).profile.setAvatar({ upload: 'mine' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('signs the caller out everywhere, nobody else', async () => {
    const now = Date.now();
    await recordSession(documents, { uid: 'door', cookie: 'door-phone', expiresInSeconds: 3600, now });
    await recordSession(documents, { uid: 'admin', cookie: 'admin-laptop', expiresInSeconds: 3600, now });
    await as(door).profile.signOutEverywhere();
    expect(await liveRecord(documents, 'door-phone', 'door')).toBeNull();
    expect(await liveRecord(documents, 'admin-laptop', 'admin')).not.toBeNull();
  });

  it('deletes the caller’s account after the typed confirmation and a recent sign-in; the last admin is refused', async () => {
    const signedIn = (who: Identity, secondsAgo = 0) => ({ ...who, authTime: Math.floor(Date.now() / 1000) - secondsAgo });
    await expect(as(door).profile.deleteAccount({ confirmation: 'door@example.org' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'recentSignInRequired' });
    await expect(as(signedIn(door, 600)).profile.deleteAccount({ confirmation: 'door@example.org' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(as(signedIn(admin)).profile.deleteAccount({ confirmation: 'admin@example.org' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(as(signedIn(door)).profile.deleteAccount({ confirmation: 'wrong' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await as(signedIn(door)).profile.deleteAccount({ confirmation: 'door@example.org' });
    expect((await documents.collection(Users).doc('door').get()).exists).toBe(false);
    expect(accounts.calls).toContain('delete door');
    // A person without a role may leave too.
    await as(signedIn(guest)).profile.deleteAccount({ confirmation: 'GUEST@example.org' });
    expect((await documents.collection(Users).doc('guest').get()).exists).toBe(false);
  });
});
