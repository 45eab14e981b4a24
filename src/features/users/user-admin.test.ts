import { beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { DomainError } from '@/server/domain-error';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import { recordSession, Sessions } from '@/features/identity/session-records';
import type { Identity } from '@/access/identity';
import type { Role } from '@/access/roles';
import { searchTermsFor, Users } from '@/features/identity/users';
import { signOutEverywhereContract } from './sign-out-everywhere.contract';
import { markUndeliverable } from '@/features/mail/addresses';
import { liftBan, setBan } from '@/features/bans/ban-admin';
import { changeRole, getUserDetail, listUsers, setDisabled, signOutEverywhere } from './user-admin';

/** The list's options as the procedure hands them over when the page sends none. */
const LIST = { search: '', sort: 'createdAt', direction: 'desc', pageSize: 25 } as const;

/** Audit entries are ordered by time; two changes in one millisecond would tie. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

signOutEverywhereContract('embedded', {
  open: async () => {
    const documents = new SqliteDocuments(':memory:');
    return { documents, close: () => documents.close() };
  },
});

const admin: Identity = { uid: 'admin', email: 'boss@example.org', emailVerified: true, displayName: 'Boss', photoURL: null, role: 'admin' };

async function addUser(documents: SqliteDocuments, uid: string, fields: { email: string; displayName: string; role?: Role | null; createdAt?: Date; lastSignInAt?: Date }) {
  await documents
    .collection(Users)
    .doc(uid)
    .create({
      email: fields.email,
      displayName: fields.displayName,
      photoURL: null,
      avatarPath: null,
      role: fields.role ?? null,
      locale: null,
      disabled: false,
      membership: null,
      createdAt: fields.createdAt ?? new Date(),
      lastSignInAt: fields.lastSignInAt ?? new Date(),
      searchTerms: searchTermsFor(fields.email, fields.displayName),
    });
}

describe('searching and paging users', () => {
  let documents: SqliteDocuments;
  const COUNT = 2_500;

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    const base = Date.UTC(2026, 0, 1);
    const batch = documents.batch();
    for (let i = 0; i < COUNT; i++) {
      const name = i % 10 === 0 ? `Ada Lovelace ${i}` : `Guest Number ${i}`;
      const email = `person${i}@example.org`;
      batch.create(documents.collection(Users).doc(`u${String(i).padStart(5, '0')}`), {
        email,
        displayName: name,
        photoURL: null,
        avatarPath: null,
        role: null,
        locale: null,
        disabled: false,
        membership: null,
        createdAt: new Date(base + i * 60_000),
        // Last sign-in runs the other way round, so the two sorts differ.
        lastSignInAt: new Date(base + (COUNT - i) * 60_000),
        searchTerms: searchTermsFor(email, name),
      });
    }
    await batch.commit();
  });

  it('walks thousands of users page by page with no gap or repeat, newest sign-up first', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await listUsers(documents, { ...LIST, pageSize: 100, cursor });
      seen.push(...page.users.map((user) => user.uid));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(25);
    expect(new Set(seen).size).toBe(COUNT);
    expect(seen[0]).toBe('u02499');
    expect(seen.at(-1)).toBe('u00000');
  });

  it('sorts by last sign-in in either direction', async () => {
    const recent = await listUsers(documents, { ...LIST, sort: 'lastSignInAt', direction: 'desc', pageSize: 25 });
    expect(recent.users[0]?.uid).toBe('u00000');
    const oldest = await listUsers(documents, { ...LIST, sort: 'lastSignInAt', direction: 'asc', pageSize: 25 });
    expect(oldest.users[0]?.uid).toBe('u02499');
  });

  it('finds people by the start of a name or an e-mail address, case-insensitively', async () => {
    const byName = await listUsers(documents, { ...LIST, search: 'LOVEL', pageSize: 100 });
    expect(byName.users).toHaveLength(100);
    expect(byName.users.every((user) => user.displayName?.startsWith('Ada Lovelace'))).toBe(true);
    const found = new Set(byName.users.map((user) => user.uid));
    for (let cursor = byName.nextCursor; cursor; ) {
      const page = await listUsers(documents, { ...LIST, search: 'lovel', pageSize: 100, cursor });
      page.users.forEach((user) => found.add(user.uid));
      cursor = page.nextCursor;
    }
    expect(found.size).toBe(COUNT / 10);
    const byEmail = await listUsers(documents, { ...LIST, search: 'person1234@', pageSize: 25 });
    expect(byEmail.users.map((user) => user.uid)).toEqual(['u01234']);
    expect((await listUsers(documents, { ...LIST, search: 'nobody' })).users).toEqual([]);
  });
});

describe('changing accounts', () => {
  let documents: SqliteDocuments;
  let accounts: FakeAccounts;

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    accounts = new FakeAccounts();
    await addUser(documents, 'admin', { email: 'boss@example.org', displayName: 'Boss', role: 'admin' });
    await addUser(documents, 'mia', { email: 'mia@example.org', displayName: 'Mia', role: null });
  });

  it('changes a role, keeps the claim in line and records who did it', async () => {
    await changeRole(documents, accounts, admin, { uid: 'mia', role: 'scanner' });
    await tick();
    await changeRole(documents, accounts, admin, { uid: 'mia', role: 'admin' });
    const detail = await getUserDetail(documents, { uid: 'mia' });
    expect(detail.user.role).toBe('admin');
    expect(accounts.calls).toEqual(['claim mia scanner', 'claim mia admin']);
    expect(detail.audit.map((entry) => [entry.action, entry.fromRole, entry.toRole, entry.actorUid, entry.actorName])).toEqual([
      ['role', 'scanner', 'admin', 'admin', 'Boss'],
      ['role', null, 'scanner', 'admin', 'Boss'],
    ]);
    expect(detail.audit[0]!.at).toBeInstanceOf(Date);
  });

  it('refuses the member role, which comes with a membership, changing nothing', async () => {
    await expect(changeRole(documents, accounts, admin, { uid: 'mia', role: 'user' })).rejects.toMatchObject({ kind: 'invalid', reason: 'memberRoleByMembership', field: 'role' });
    expect((await getUserDetail(documents, { uid: 'mia' })).user.role).toBeNull();
    expect((await getUserDetail(documents, { uid: 'mia' })).audit).toEqual([]);
    expect(accounts.calls).toEqual([]);
  });

  it('does nothing and records nothing when the role is already set', async () => {
    await changeRole(documents, accounts, admin, { uid: 'mia', role: null });
    expect(accounts.calls).toEqual([]);
    expect((await getUserDetail(documents, { uid: 'mia' })).audit).toEqual([]);
  });

  it('refuses to let an admin demote or disable themselves, changing nothing', async () => {
    await expect(changeRole(documents, accounts, admin, { uid: 'admin', role: 'user' })).rejects.toMatchObject({ kind: 'forbidden', reason: 'selfDemotion' });
    await expect(setDisabled(documents, accounts, admin, { uid: 'admin', disabled: true })).rejects.toMatchObject({ kind: 'forbidden', reason: 'selfDisable' });
    const detail = await getUserDetail(documents, { uid: 'admin' });
    expect(detail.user).toMatchObject({ role: 'admin', disabled: false });
    expect(detail.audit).toEqual([]);
    expect(accounts.calls).toEqual([]);
  });

  it('disables an account and ends its sessions; enabling lets it in again', async () => {
    await recordSession(documents, { uid: 'mia', cookie: 'phone', expiresInSeconds: 3600, now: Date.now() });
    await setDisabled(documents, accounts, admin, { uid: 'mia', disabled: true });
    expect(await documents.collection(Sessions).get()).toEqual([]);
    expect((await getUserDetail(documents, { uid: 'mia' })).user.disabled).toBe(true);
    await tick();
    await setDisabled(documents, accounts, admin, { uid: 'mia', disabled: false });
    const detail = await getUserDetail(documents, { uid: 'mia' });
    expect(detail.user.disabled).toBe(false);
    expect(accounts.calls).toEqual(['disabled mia true', 'revoke mia', 'disabled mia false']);
    expect(detail.audit.map((entry) => entry.action)).toEqual(['enabled', 'disabled']);
  });

  it('signs out everywhere: every session record of the account ends, and records it', async () => {
    const now = Date.now();
    for (const [uid, cookie] of [['mia', 'phone'], ['mia', 'laptop'], ['admin', 'desk']] as const) {
      await recordSession(documents, { uid, cookie, expiresInSeconds: 3600, now });
    }
    await signOutEverywhere(documents, accounts, admin, { uid: 'mia' });
    expect(accounts.calls).toEqual(['revoke mia']);
    expect((await documents.collection(Sessions).get()).map((session) => session.data.uid)).toEqual(['admin']);
    expect((await getUserDetail(documents, { uid: 'mia' })).audit[0]?.action).toBe('signedOutEverywhere');
  });

  it('says which user is missing', async () => {
    await expect(getUserDetail(documents, { uid: 'ghost' })).rejects.toBeInstanceOf(DomainError);
    await expect(changeRole(documents, accounts, admin, { uid: 'ghost', role: 'scanner' })).rejects.toMatchObject({ kind: 'not-found', reason: 'userNotFound' });
    expect(accounts.calls).toEqual([]);
  });

  it("shows the person's mail choices and an address that refuses mail, never their unsubscribe token", async () => {
    await documents.collection(Users).doc('mia').update({ mail: { announcements: true, unsubscribeToken: 'secret-token-of-mia-0001', digest: false } });
    expect((await getUserDetail(documents, { uid: 'mia' })).mail).toEqual({ announcements: true, digest: false, nightSummary: false, undeliverable: null });
    const at = new Date('2026-11-28T09:00:00Z');
    await markUndeliverable(documents, 'mia@example.org', '550 5.1.1 No such mailbox', at);
    const detail = await getUserDetail(documents, { uid: 'mia' });
    expect(detail.mail.undeliverable).toEqual({ at, reason: '550 5.1.1 No such mailbox' });
    expect(JSON.stringify(detail)).not.toContain('secret-token-of-mia');
    expect(JSON.stringify(await listUsers(documents, LIST))).not.toContain('secret-token-of-mia');
  });

  it('shows in the history the bans of their address made before they had an account, with their own', async () => {
    const kai = { kind: 'email', email: 'kai@example.org', name: 'Kai' } as const;
    const banned = await setBan(documents, admin, { person: kai, reason: 'Fought at the bar', from: null, until: null });
    await tick();
    await liftBan(documents, admin, { id: banned.id });
    await tick();
    await addUser(documents, 'kai', { email: 'kai@example.org', displayName: 'Kai', role: null });
    await setBan(documents, admin, { person: { kind: 'account', uid: 'kai' }, reason: 'Again', from: null, until: null });
    expect((await getUserDetail(documents, { uid: 'kai' })).audit.map((entry) => [entry.action, entry.actorName])).toEqual([
      ['banned', 'Boss'],
      ['banLifted', 'Boss'],
      ['banned', 'Boss'],
    ]);
  });
});
