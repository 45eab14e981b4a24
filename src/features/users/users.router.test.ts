// The role picker's procedure: staff roles only. The member role comes with a membership, so
// asking for it is refused with a message that says what to do instead, and changes nothing.
import { beforeEach, describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { createContextInner } from '@/server/trpc/context';
import { handleTrpcRequest } from '@/app/_server/http';
import { createCaller } from '@/app/_server/router';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import { addTestUser } from '@/features/identity/test-users';
import { errorMessages } from '@/i18n/api-messages';
import type { Identity } from '@/access/identity';
import type { Role } from '@/access/roles';
import { Users, withStoredRole } from '@/features/identity/users';
import { AuditLog } from '@/features/identity/audit';

function person(uid: string, role: Role | null): Identity {
  return { uid, email: `${uid}@example.org`, emailVerified: true, displayName: `Person ${uid}`, photoURL: null, role };
}

const admin = person('admin', 'admin');
const guest = person('guest', null);
const DAY = 24 * 60 * 60 * 1000;

describe('users router', () => {
  let documents: SqliteDocuments;
  let accounts: FakeAccounts;
  const context = () => createContextInner({ documents, accounts, identity: admin });
  const api = () => createCaller(context());

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    accounts = new FakeAccounts();
    await addTestUser(documents, admin);
    await addTestUser(documents, guest);
  });

  it('refuses the member role with a message in both languages that points to memberships, and changes nothing', async () => {
    await expect(api().users.setRole({ uid: 'guest', role: 'user' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      cause: { reason: 'memberRoleByMembership', field: 'role' },
    });
    const request = new Request('http://localhost:3000/api/trpc/users.setRole', {
      method: 'POST',
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'content-type': 'application/json', 'x-locale': 'de' },
      body: JSON.stringify(superjson.serialize({ uid: 'guest', role: 'user' })),
    });
    const response = await handleTrpcRequest(request, () => Promise.resolve(context()));
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { json: { data: { reason: string; reasonField: string } } } };
    expect(error.json.data).toMatchObject({ reason: 'memberRoleByMembership', reasonField: 'role' });
    expect(errorMessages('en')('reasons.memberRoleByMembership')).toMatch(/give this person a membership/i);
    expect(errorMessages('de')('reasons.memberRoleByMembership')).toMatch(/Mitgliedschaft/);

    expect((await documents.collection(Users).doc('guest').get()).data?.role).toBeNull();
    expect(await documents.collection(AuditLog).get()).toEqual([]);
    expect(accounts.calls).toEqual([]);
  });

  it('shows a member role without a membership (set before roles were staff only) as no role, and "none" clears it', async () => {
    await documents.collection(Users).doc('guest').update({ role: 'user' });
    expect((await api().users.get({ uid: 'guest' })).user.role).toBeNull();
    expect((await api().users.list({ search: 'guest' })).users.map((user) => user.role)).toEqual([null]);
    expect((await withStoredRole(documents, guest))?.role).toBeNull();
    expect(await api().users.setRole({ uid: 'guest', role: null })).toEqual({ role: null });
    expect((await documents.collection(Users).doc('guest').get()).data?.role).toBeNull();
    expect(accounts.calls).toEqual(['claim guest null']);
  });

  it('keeps a member a member when their staff role goes: the role follows the membership', async () => {
    const membership = { id: 'm1', validFrom: new Date(Date.now() - DAY), validUntil: new Date(Date.now() + 30 * DAY) };
    await documents.collection(Users).doc('guest').update({ role: 'user', membership });
    expect(await api().users.setRole({ uid: 'guest', role: 'scanner' })).toEqual({ role: 'scanner' });
    expect(await api().users.setRole({ uid: 'guest', role: null })).toEqual({ role: 'user' });
    expect((await api().users.get({ uid: 'guest' })).user.role).toBe('user');
    expect(accounts.calls).toEqual(['claim guest scanner', 'claim guest user']);
  });
});
