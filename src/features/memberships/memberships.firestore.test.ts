// Membership by the admin's hand on the Firestore adapter too (the in-process stand-in): giving a
// membership from a person's page (the role picker that leaves the member role to it is users':
// src/features/users/user-admin.firestore.test.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Documents } from '@/server/documents/port';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import { standInDocuments } from '@/server/testing/firestore-stand-in';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { Users, withStoredRole } from '@/features/identity/users';
import { Memberships } from './membership-rules';
import { approveMembership, requestMembership } from './memberships';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const person = testPerson;
const admin = person('admin', 'admin');

describe('memberships given by an admin, on Firestore', () => {
  let documents: Documents;
  let accounts: FakeAccounts;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ documents, close } = await standInDocuments());
    accounts = new FakeAccounts();
    await addTestUser(documents, admin, {}, NOW);
    await addTestUser(documents, person('ada'), {}, NOW);
    await addTestUser(documents, person('bob'), {}, NOW);
  });
  afterEach(() => close());

  it('gives a membership in one transaction: the person is a member at once, and a second one is refused', async () => {
    await approveMembership(documents, accounts, admin, { uid: 'ada', note: '' }, NOW);
    const [given, ...more] = await documents.collection(Memberships).where('uid', '==', 'ada').get();
    expect(more).toEqual([]);
    expect(given!.data).toMatchObject({ status: 'active', decidedBy: 'admin', revision: 1 });
    expect(given!.data.history.map((entry) => entry.action)).toEqual(['approved']);
    const user = (await documents.collection(Users).doc('ada').get()).data!;
    expect(user).toMatchObject({ role: 'user', membership: { id: given!.id } });
    expect((await withStoredRole(documents, person('ada'), NOW))?.role).toBe('user');
    expect(accounts.calls).toEqual(['claim ada user']);
    await expect(approveMembership(documents, accounts, admin, { uid: 'ada', note: '' }, NOW)).rejects.toMatchObject({ reason: 'personAlreadyMember' });
  });

  it("approves the person's own request when they asked for one", async () => {
    const { id } = await requestMembership(documents, person('bob'), { note: 'Please' }, NOW);
    await approveMembership(documents, accounts, admin, { uid: 'bob', note: '' }, NOW);
    expect((await documents.collection(Memberships).where('uid', '==', 'bob').get()).map((found) => [found.id, found.data.status])).toEqual([[id, 'active']]);
  });
});
