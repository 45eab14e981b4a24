import { beforeEach, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { createContextInner } from '@/server/trpc/context';
import { createCaller } from '@/app/_server/router';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import type { Identity } from '@/access/identity';
import type { Role } from '@/access/roles';
import { addTestUser } from '@/features/identity/test-users';
import { withStoredRole } from '@/features/identity/users';

function person(uid: string, role: Role | null): Identity {
  return { uid, email: `${uid}@example.org`, emailVerified: true, displayName: `Person ${uid}`, photoURL: null, role };
}

const admin = person('admin', 'admin');
const guest = person('guest', null);
const stranger = person('stranger', null);
const claims: string[] = [];
const accounts = new (class extends FakeAccounts {
  override async setRoleClaim(uid: string, role: Role | null) {
    claims.push(`${uid}=${role}`);
  }
})();

describe('memberships router', () => {
  let documents: SqliteDocuments;
  const as = (identity: Identity) => createCaller(createContextInner({ documents, accounts, identity }));

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    claims.length = 0;
    for (const who of [admin, guest, stranger]) {
      await addTestUser(documents, who);
    }
  });

  it('a guest asks, the admin finds the request first in the list and approves it, the guest sees it as theirs', async () => {
    const { id } = await as(guest).memberships.request({ note: 'Please' });
    expect((await as(guest).memberships.mine()).pending?.id).toBe(id);
    const list = await as(admin).memberships.list({ filter: 'pending', search: 'guest' });
    expect(list.memberships.map((membership) => membership.id)).toEqual([id]);
    expect(await as(admin).memberships.counts()).toEqual({ active: 0, pending: 1 });
    await as(admin).memberships.approve({ id, revision: 0 });
    const mine = await as(guest).memberships.mine();
    expect(mine.current?.id).toBe(id);
    expect(mine.pending).toBeNull();
    expect(claims).toEqual(['guest=user']);
    expect((await as(admin).memberships.ofUser({ uid: 'guest' })).map((membership) => membership.status)).toEqual(['active']);
  });

  it('an admin gives a person a membership from their page: it shows there, with the member role, and opens the VIP area', async () => {
    await as(admin).memberships.approve({ uid: 'stranger', note: 'Friend of the house' });
    const theirs = await as(admin).memberships.ofUser({ uid: 'stranger' });
    expect(theirs.map((membership) => [membership.status, membership.history.map((entry) => entry.action), membership.decidedBy])).toEqual([['active', ['approved'], 'admin']]);
    expect((await as(admin).users.get({ uid: 'stranger' })).user.role).toBe('user');
    expect((await withStoredRole(documents, stranger))?.role).toBe('user');
    expect((await as(stranger).memberships.mine()).current?.id).toBe(theirs[0]!.id);
    expect(claims).toEqual(['stranger=user']);
    // Given twice (two admins, one page each), the second is refused: it would be extended instead.
    await expect(as(admin).memberships.approve({ uid: 'stranger' })).rejects.toMatchObject({ code: 'CONFLICT', cause: { reason: 'personAlreadyMember' } });
    expect(await as(admin).memberships.ofUser({ uid: 'stranger' })).toHaveLength(1);
  });

  it('giving a membership to someone who asked for one approves their request rather than making a second', async () => {
    const { id } = await as(guest).memberships.request({ note: 'Please' });
    await as(admin).memberships.approve({ uid: 'guest' });
    expect((await as(admin).memberships.ofUser({ uid: 'guest' })).map((membership) => [membership.id, membership.status])).toEqual([[id, 'active']]);
    await expect(as(admin).memberships.approve({ uid: 'nobody' })).rejects.toMatchObject({ code: 'NOT_FOUND', cause: { reason: 'userNotFound' } });
  });

  it('a person may withdraw only their own request', async () => {
    const { id } = await as(guest).memberships.request({});
    await expect(as(stranger).memberships.withdraw({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await as(guest).memberships.withdraw({ id });
    expect((await as(guest).memberships.mine()).pending).toBeNull();
  });

  it('a second request is refused with its reason; a late decision is a conflict', async () => {
    const { id } = await as(guest).memberships.request({});
    const second = await as(guest).memberships.request({}).catch((error: unknown) => error);
    expect(second).toBeInstanceOf(TRPCError);
    expect((second as TRPCError).code).toBe('CONFLICT');
    await as(admin).memberships.cancel({ id, revision: 0, reason: 'Unknown to us' });
    await expect(as(admin).memberships.approve({ id, revision: 0 })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('refuses a cancellation without a reason, changing nothing', async () => {
    const { id } = await as(guest).memberships.request({});
    await expect(as(admin).memberships.cancel({ id, revision: 0, reason: '  ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await as(guest).memberships.mine()).pending?.id).toBe(id);
  });
});
