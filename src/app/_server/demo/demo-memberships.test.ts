import { describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import { Users, withStoredRole } from '@/features/identity/users';
import { isActiveNow, Memberships } from '@/features/memberships/membership-rules';
import { Mail } from '@/features/mail/outbox';
import { seedDemoData } from './seed';
import { seedDemoMemberships } from './demo-memberships';

const accounts = new FakeAccounts();

describe('demo memberships', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('give the demo member a running membership, the guest a pending request, the crowd every state; once', async () => {
    const documents = new SqliteDocuments(':memory:');
    await seedDemoData(documents, accounts, now);
    await documents.collection(Users).doc('demo-guest-005').delete();
    const written = await seedDemoMemberships(documents, accounts, now);
    expect(written).toBeGreaterThan(10);

    const all = await documents.collection(Memberships).get();
    const of = (uid: string) => all.filter((snapshot) => snapshot.data.uid === uid).map((snapshot) => snapshot.data);
    expect(of('demo-member')).toHaveLength(1);
    expect(isActiveNow(of('demo-member')[0]!, now)).toBe(true);
    expect(of('demo-guest').map((membership) => membership.status)).toEqual(['pending']);
    expect(of('demo-guest-005')).toEqual([]);
    expect(new Set(all.map((snapshot) => snapshot.data.status))).toEqual(new Set(['pending', 'active', 'expired', 'cancelled']));
    // Every crowd member with the member role is admitted now; nobody else in the crowd is.
    for (const snapshot of await documents.collection(Users).get()) {
      if (!snapshot.id.startsWith('demo-guest-')) continue;
      const role = (await withStoredRole(documents, { uid: snapshot.id, email: null, emailVerified: true, displayName: null, photoURL: null, role: null }, now))?.role ?? null;
      expect(role, snapshot.id).toBe(snapshot.data.role === 'user' ? 'user' : null);
    }
    // Someone ends soon, so the "ends in N days" notice can be seen.
    expect(all.some((snapshot) => snapshot.data.status === 'active' && snapshot.data.validUntil!.getTime() - now.getTime() < 14 * 86_400_000)).toBe(true);

    // A history nobody lived through: no request, approval, cancellation or end is mailed.
    expect(await documents.collection(Mail).count()).toBe(0);

    expect(await seedDemoMemberships(documents, accounts, now)).toBe(0);
    expect(await documents.collection(Memberships).get()).toHaveLength(all.length);
  });
});
