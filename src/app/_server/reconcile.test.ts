import { describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import { Users } from '@/features/identity/users';
import { seedDemoData } from '@/app/_server/demo/seed';
import { DEMO_ACCOUNTS } from '@/app/_server/demo/demo-accounts';
import { AccountChecks } from '@/features/identity/account-checks';
import { reconcileAccounts } from './reconcile';

describe('start-up reconciliation of accounts and user documents', () => {
  it('records each case once, deletes and re-creates nothing', async () => {
    const documents = new SqliteDocuments(':memory:');
    const accounts = new FakeAccounts();
    await seedDemoData(documents, accounts);
    expect(await reconcileAccounts(documents, accounts)).toEqual([]);

    // After a crash or a restore: an account lost (its document stays), an account signed up
    // whose document was never written, and a demo account someone deleted on purpose.
    const member = DEMO_ACCOUNTS.find((account) => account.role === 'user')!.uid;
    accounts.existing.delete(member);
    accounts.existing.add('signed-up-only');
    accounts.existing.delete('demo-admin');
    await documents.collection(Users).doc('demo-admin').delete();
    accounts.calls = [];

    const lines = await reconcileAccounts(documents, accounts);
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^Accounts: 1 user documents whose sign-in account no longer exists .*: ${member}\\.$`)),
      expect.stringMatching(/^Accounts: 1 sign-in accounts without a user document .*: signed-up-only\.$/),
      expect.stringMatching(/^Accounts: 1 demo accounts deleted on purpose \(not re-created\): demo-admin\.$/),
    ]);
    expect((await documents.collection(Users).doc(member).get()).exists).toBe(true);
    expect(accounts.calls).toEqual([]);
    expect(await documents.collection(AccountChecks).get()).toHaveLength(3);

    // A crash between a role change's commit and its claim: the document's role wins.
    const door = DEMO_ACCOUNTS.find((account) => account.role === 'scanner')!.uid;
    expect(accounts.roleClaims.get(door)).toBe('scanner');
    accounts.roleClaims.set(door, 'admin');
    expect(await reconcileAccounts(documents, accounts)).toEqual([`Accounts: 1 role claims set to the role of their user document: ${door}.`]);
    expect(accounts.roleClaims.get(door)).toBe('scanner');

    // The next start says nothing new about the same cases, and seeding does not bring the demo admin back.
    expect(await reconcileAccounts(documents, accounts)).toEqual([]);
    await seedDemoData(documents, accounts);
    expect(accounts.existing.has('demo-admin')).toBe(false);
  });
});
