// User administration on the Firestore adapter too (the in-process stand-in): the role picker
// that leaves the member role to a membership, and ending every session of a person.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Documents } from '@/server/documents/port';
import { DomainError } from '@/server/domain-error';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import { standInDocuments } from '@/server/testing/firestore-stand-in';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { AuditLog } from '@/features/identity/audit';
import { Users, withStoredRole } from '@/features/identity/users';
import { approveMembership } from '@/features/memberships/memberships';
import { signOutEverywhereContract } from './sign-out-everywhere.contract';
import { changeRole } from './user-admin';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const person = testPerson;
const admin = person('admin', 'admin');

signOutEverywhereContract('Firestore', { open: standInDocuments });

describe('the role picker, on Firestore', () => {
  let documents: Documents;
  let accounts: FakeAccounts;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ documents, close } = await standInDocuments());
    accounts = new FakeAccounts();
    await addTestUser(documents, admin, {}, NOW);
    await addTestUser(documents, person('bob'), {}, NOW);
  });
  afterEach(() => close());

  it('refuses the member role in the role picker, changing nothing; a member without a staff role stays a member', async () => {
    const refused = await changeRole(documents, accounts, admin, { uid: 'bob', role: 'user' }, NOW).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).reason).toBe('memberRoleByMembership');
    expect((await documents.collection(Users).doc('bob').get()).data?.role).toBeNull();
    expect(await documents.collection(AuditLog).get()).toEqual([]);

    await approveMembership(documents, accounts, admin, { uid: 'bob', note: '' }, NOW);
    expect(await changeRole(documents, accounts, admin, { uid: 'bob', role: 'scanner' }, NOW)).toEqual({ role: 'scanner' });
    expect(await changeRole(documents, accounts, admin, { uid: 'bob', role: null }, NOW)).toEqual({ role: 'user' });
    expect((await withStoredRole(documents, person('bob'), NOW))?.role).toBe('user');
  });
});
