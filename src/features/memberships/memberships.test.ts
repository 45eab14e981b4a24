import { beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { DomainError } from '@/server/domain-error';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import type { Identity } from '@/access/identity';
import type { Role } from '@/access/roles';
import { Users, withStoredRole } from '@/features/identity/users';
import { createSession, verifySession } from '@/features/identity/session';
import { AuditLog } from '@/features/identity/audit';
import { addTestUser } from '@/features/identity/test-users';
import { Memberships, seasonEndAfter } from './membership-rules';
import {
  activeMembershipOf,
  approveMembership,
  cancelMembership,
  expireMemberships,
  extendMembership,
  requestMembership,
  withdrawRequest,
} from './memberships';

class RecordingAccounts extends FakeAccounts {
  claims: string[] = [];
  override async setRoleClaim(uid: string, role: Role | null) {
    this.claims.push(`${uid}=${role}`);
  }
}

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date('2026-11-23T12:00:00Z');
const later = (days: number) => new Date(T0.getTime() + days * DAY);

const admin: Identity = { uid: 'admin', email: 'boss@example.org', emailVerified: true, displayName: 'Boss', photoURL: null, role: 'admin' };
const otherAdmin: Identity = { ...admin, uid: 'admin2', displayName: 'Other boss' };

function person(uid: string, role: Role | null = null): Identity {
  return { uid, email: `${uid}@example.org`, emailVerified: true, displayName: `Person ${uid}`, photoURL: null, role };
}

async function addUser(documents: SqliteDocuments, who: Identity) {
  await addTestUser(documents, who, {}, T0);
}

async function expectRefusal(promise: Promise<unknown>, reason: string) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).reason).toBe(reason);
}

async function stored(documents: SqliteDocuments, id: string) {
  return (await documents.collection(Memberships).doc(id).get()).data!;
}

async function roleOf(documents: SqliteDocuments, uid: string, now = T0) {
  return (await withStoredRole(documents, person(uid), now))?.role ?? null;
}

describe('memberships from request to end', () => {
  let documents: SqliteDocuments;
  let accounts: RecordingAccounts;
  const guest = person('guest');

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    accounts = new RecordingAccounts();
    await addUser(documents, admin);
    await addUser(documents, otherAdmin);
    await addUser(documents, guest);
  });

  it('a request needs a confirmed address, as the session says it: a password account before confirming is refused, Google and a confirmed one may ask', async () => {
    const sessions = new FakeAccounts();
    const now = Date.now();
    const signedIn = async (uid: string, claims: Record<string, unknown>) => {
      const cookie = await createSession(documents, { idToken: FakeAccounts.idToken(uid, Math.floor(now / 1000), { email: `${uid}@example.org`, ...claims }), now }, sessions);
      return (await verifySession(documents, cookie, sessions, now))!;
    };
    const unconfirmed = await signedIn('new-password', { email_verified: false, firebase: { sign_in_provider: 'password' } });
    await expect(requestMembership(documents, unconfirmed, { note: '' }, T0)).rejects.toMatchObject({ kind: 'forbidden', reason: 'emailNotVerified' });
    expect(await documents.collection(Memberships).where('uid', '==', 'new-password').count()).toBe(0);
    expect(await documents.collection(AuditLog).where('targetUid', '==', 'new-password').count()).toBe(0);

    const google = await signedIn('with-google', { email_verified: true, firebase: { sign_in_provider: 'google.com' } });
    const confirmed = await signedIn('confirmed-password', { email_verified: true, firebase: { sign_in_provider: 'password' } });
    for (const who of [google, confirmed]) await requestMembership(documents, who, { note: '' }, T0);
    expect(await documents.collection(Memberships).where('status', '==', 'pending').count()).toBe(2);
  });

  it('a request is pending, holds the person’s name for the admin list, and is audited', async () => {
    const { id } = await requestMembership(documents, guest, { note: 'Regular since 2024' }, T0);
    const membership = await stored(documents, id);
    expect(membership).toMatchObject({ uid: 'guest', status: 'pending', plan: 'season', displayName: 'Person guest', note: 'Regular since 2024', revision: 0 });
    expect(membership.searchTerms).toContain('guest');
    expect(membership.history.map((entry) => entry.action)).toEqual(['requested']);
    const audit = await documents.collection(AuditLog).where('targetUid', '==', 'guest').get();
    expect(audit.map((entry) => entry.data.action)).toEqual(['membershipRequested']);
  });

  it('allows one open request per account', async () => {
    await requestMembership(documents, guest, { note: '' }, T0);
    await expectRefusal(requestMembership(documents, guest, { note: '' }, T0), 'membershipAlreadyRequested');
    expect(await documents.collection(Memberships).get()).toHaveLength(1);
  });

  it('approval makes the person a member until the season’s end, and they may not ask again', async () => {
    const { id } = await requestMembership(documents, guest, { note: '' }, T0);
    const approved = await approveMembership(documents, accounts, admin, { id, revision: 0, note: '' }, T0);
    expect(approved).toMatchObject({ status: 'active', decidedBy: 'admin', decidedByName: 'Boss', validFrom: T0, validUntil: seasonEndAfter(T0) });
    expect(await roleOf(documents, 'guest')).toBe('user');
    expect(accounts.claims).toEqual(['guest=user']);
    expect((await activeMembershipOf(documents, 'guest', T0))?.id).toBe(id);
    await expectRefusal(requestMembership(documents, guest, { note: '' }, later(1)), 'membershipAlreadyActive');
  });

  it('gives 12 guests a season unless the admin sets another number when approving or extending, which an extension without one keeps', async () => {
    const { id } = await requestMembership(documents, guest, { note: '' }, T0);
    expect((await stored(documents, id)).guestsPerSeason).toBe(12);
    await approveMembership(documents, accounts, admin, { id, revision: 0, note: '', guestsPerSeason: 4 }, T0);
    expect((await stored(documents, id)).guestsPerSeason).toBe(4);
    await extendMembership(documents, accounts, admin, { id, revision: 1, validUntil: later(400), note: '' }, T0);
    expect((await stored(documents, id)).guestsPerSeason).toBe(4);
    await extendMembership(documents, accounts, admin, { id, revision: 2, validUntil: later(500), note: '', guestsPerSeason: 20 }, T0);
    expect((await stored(documents, id)).guestsPerSeason).toBe(20);
  });

  it('approval never replaces a staff role', async () => {
    const door = person('door', 'scanner');
    await addUser(documents, door);
    const { id } = await requestMembership(documents, door, { note: '' }, T0);
    await approveMembership(documents, accounts, admin, { id, revision: 0, validUntil: later(30), note: '' }, T0);
    expect((await documents.collection(Users).doc('door').get()).data!.role).toBe('scanner');
    expect(await roleOf(documents, 'door')).toBe('scanner');
    expect(accounts.claims).toEqual([]);
    // Ending it leaves the staff role alone too.
    await cancelMembership(documents, accounts, admin, { id, revision: 1, reason: 'Left the team' }, later(1));
    expect(await roleOf(documents, 'door', later(1))).toBe('scanner');
  });

  it('a withdrawn request cannot be approved, and says why', async () => {
    const { id } = await requestMembership(documents, guest, { note: '' }, T0);
    await withdrawRequest(documents, guest, { id }, later(0.1));
    expect((await stored(documents, id)).status).toBe('cancelled');
    await expectRefusal(approveMembership(documents, accounts, admin, { id, revision: 1, note: '' }, later(0.2)), 'membershipWithdrawn');
    expect(await roleOf(documents, 'guest', later(0.2))).toBeNull();
  });

  it('only the requester may withdraw, and only while pending', async () => {
    const { id } = await requestMembership(documents, guest, { note: '' }, T0);
    await expectRefusal(withdrawRequest(documents, person('stranger'), { id }, T0), 'membershipNotFound');
    await approveMembership(documents, accounts, admin, { id, revision: 0, note: '' }, T0);
    await expectRefusal(withdrawRequest(documents, guest, { id }, T0), 'membershipNotPending');
  });

  it('two admins deciding on the same view: one wins, the other is told', async () => {
    const { id } = await requestMembership(documents, guest, { note: '' }, T0);
    const results = await Promise.allSettled([
      approveMembership(documents, accounts, admin, { id, revision: 0, note: '' }, T0),
      cancelMembership(documents, accounts, otherAdmin, { id, revision: 0, reason: 'Not known to us' }, T0),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(DomainError);
    expect(['membershipNotPending', 'membershipNotCancellable', 'membershipChangedMeanwhile']).toContain(refused.reason.reason);
    expect((await stored(documents, id)).history).toHaveLength(2);
  });

  it('a decision made on an older view is refused, not applied', async () => {
    const { id } = await requestMembership(documents, guest, { note: '' }, T0);
    await approveMembership(documents, accounts, admin, { id, revision: 0, validUntil: later(30), note: '' }, T0);
    await extendMembership(documents, accounts, otherAdmin, { id, revision: 1, validUntil: later(60), note: '' }, later(1));
    await expectRefusal(extendMembership(documents, accounts, admin, { id, revision: 1, validUntil: later(90), note: '' }, later(1)), 'membershipChangedMeanwhile');
    expect((await stored(documents, id)).validUntil).toEqual(later(60));
  });

  it('extending keeps the earlier end in the history and must move the end later', async () => {
    const { id } = await requestMembership(documents, guest, { note: '' }, T0);
    await approveMembership(documents, accounts, admin, { id, revision: 0, validUntil: later(30), note: '' }, T0);
    await expectRefusal(extendMembership(documents, accounts, admin, { id, revision: 1, validUntil: later(20), note: '' }, later(1)), 'membershipEndNotLater');
    await extendMembership(documents, accounts, admin, { id, revision: 1, validUntil: later(60), note: 'Season ticket renewed' }, later(1));
    const membership = await stored(documents, id);
    expect(membership.validUntil).toEqual(later(60));
    expect(membership.history.map((entry) => [entry.action, entry.validUntil?.toISOString() ?? null])).toEqual([
      ['requested', null],
      ['approved', later(30).toISOString()],
      ['extended', later(60).toISOString()],
    ]);
  });

  it('approval refuses an end in the past', async () => {
    const { id } = await requestMembership(documents, guest, { note: '' }, T0);
    await expectRefusal(approveMembership(documents, accounts, admin, { id, revision: 0, validUntil: later(-1), note: '' }, T0), 'membershipEndInPast');
    expect((await stored(documents, id)).status).toBe('pending');
  });

  it('cancelling takes the member role away at the next request, and a cancelled one cannot be extended', async () => {
    const { id } = await requestMembership(documents, guest, { note: '' }, T0);
    await approveMembership(documents, accounts, admin, { id, revision: 0, note: '' }, T0);
    await cancelMembership(documents, accounts, admin, { id, revision: 1, reason: 'Asked us to' }, later(2));
    expect(await roleOf(documents, 'guest', later(2))).toBeNull();
    expect(accounts.claims).toEqual(['guest=user', 'guest=null']);
    expect((await stored(documents, id)).note).toBe('Asked us to');
    await expectRefusal(extendMembership(documents, accounts, admin, { id, revision: 2, validUntil: later(400), note: '' }, later(3)), 'membershipNotActive');
    await expectRefusal(cancelMembership(documents, accounts, admin, { id, revision: 2, reason: 'Again' }, later(3)), 'membershipNotCancellable');
  });

  it('cancelling one membership keeps the role while another still admits the person', async () => {
    const first = await requestMembership(documents, guest, { note: '' }, T0);
    await approveMembership(documents, accounts, admin, { id: first.id, revision: 0, validUntil: later(10), note: '' }, T0);
    // An admin-approved second membership (say, next season's) while the first still runs.
    const ref = documents.collection(Memberships).doc('second');
    const { id: _id, ...firstData } = (await activeMembershipOf(documents, 'guest', T0))!;
    await ref.create({ ...firstData, validFrom: T0, validUntil: later(100), revision: 0 });
    await cancelMembership(documents, accounts, admin, { id: first.id, revision: 1, reason: 'Merged into the other one' }, later(1));
    expect(await roleOf(documents, 'guest', later(1))).toBe('user');
    expect((await documents.collection(Users).doc('guest').get()).data!.membership?.id).toBe('second');
  });

  it('a membership stops admitting at its end, before the sweep runs', async () => {
    const { id } = await requestMembership(documents, guest, { note: '' }, T0);
    await approveMembership(documents, accounts, admin, { id, revision: 0, validUntil: later(5), note: '' }, T0);
    expect(await roleOf(documents, 'guest', later(4.9))).toBe('user');
    expect(await roleOf(documents, 'guest', later(5))).toBeNull();
    expect(await activeMembershipOf(documents, 'guest', later(5))).toBeNull();
  });

  it('the sweep expires what has run out, takes the role away, and two concurrent sweeps change each membership once', async () => {
    const ids: string[] = [];
    for (const uid of ['a', 'b', 'c']) {
      const who = person(uid);
      await addUser(documents, who);
      const { id } = await requestMembership(documents, who, { note: '' }, T0);
      await approveMembership(documents, accounts, admin, { id, revision: 0, validUntil: uid === 'c' ? later(50) : later(10), note: '' }, T0);
      ids.push(id);
    }
    accounts.claims = [];
    const [one, two] = await Promise.all([expireMemberships(documents, accounts, later(11)), expireMemberships(documents, accounts, later(11))]);
    expect(one.expired + two.expired).toBe(2);
    for (const [index, id] of ids.entries()) {
      const membership = await stored(documents, id);
      expect(membership.status).toBe(index < 2 ? 'expired' : 'active');
      expect(membership.history.filter((entry) => entry.action === 'expired')).toHaveLength(index < 2 ? 1 : 0);
    }
    expect(accounts.claims.sort()).toEqual(['a=null', 'b=null']);
    expect((await documents.collection(Users).doc('a').get()).data!.role).toBeNull();
    const audit = await documents.collection(AuditLog).where('action', '==', 'membershipExpired').get();
    expect(audit).toHaveLength(2);
    // Nothing left to do the next time.
    expect((await expireMemberships(documents, accounts, later(12))).expired).toBe(0);
  });
});
