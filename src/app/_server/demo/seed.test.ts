import { describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import { Users } from '@/features/identity/users';
import { DEMO_CROWD_SIZE, seedDemoData } from './seed';
import { DEMO_ACCOUNTS } from './demo-accounts';

describe('demo data', () => {
  it('writes every demo account once, with its role', async () => {
    const documents = new SqliteDocuments(':memory:');
    const accounts = new FakeAccounts();
    const everyone = DEMO_ACCOUNTS.length + DEMO_CROWD_SIZE;
    expect(await seedDemoData(documents, accounts)).toEqual({ accountsCreated: everyone, documentsCreated: everyone });
    expect(accounts.calls).toContain('claim demo-admin admin');
    expect(await seedDemoData(documents, accounts)).toEqual({ accountsCreated: 0, documentsCreated: 0 });
  });

  it('does not bring back a deleted demo account at the next start', async () => {
    const documents = new SqliteDocuments(':memory:');
    const accounts = new FakeAccounts();
    await seedDemoData(documents, accounts);
    // Someone deleted the demo admin: its sign-in account and its user document.
    accounts.existing.delete('demo-admin');
    await documents.collection(Users).doc('demo-admin').delete();
    accounts.calls = [];

    expect(await seedDemoData(documents, accounts)).toEqual({ accountsCreated: 0, documentsCreated: 0 });
    expect(accounts.existing.has('demo-admin')).toBe(false);
    expect((await documents.collection(Users).doc('demo-admin').get()).exists).toBe(false);
    expect(accounts.calls).toEqual([]);
  });
});
