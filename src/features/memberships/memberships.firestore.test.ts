// Membership by the admin's hand on the Firestore adapter too (the in-process stand-in): giving a
// membership from a person's page (the role picker that leaves the member role to it is users':
// src/features/users/user-admin.firestore.test.ts), and the mails: each change's in its
// transaction under its id, the sweep's reminders and the admins' digest through the queries the
// sweep makes (src/features/mail/outbox.firestore.test.ts says what the stand-in proves of the outbox).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Documents } from '@/server/documents/port';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import { standInDocuments } from '@/server/testing/firestore-stand-in';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { Users, withStoredRole } from '@/features/identity/users';
import { Memberships } from './membership-rules';
import { approveMembership, cancelMembership, requestMembership } from './memberships';
import { Mail } from '@/features/mail/outbox';
import { dateToWallTime, wallTimeToDate } from '@/features/events/venue-time';
import { changeMailId, queueRequestsDigests, remindEndingMemberships, reminderMailId } from './membership-mail';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const DAY = 24 * 60 * 60 * 1000;
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

  it('each change writes its mail in its transaction, once per revision; the sweep reminds and digests through its queries', async () => {
    const { id } = await requestMembership(documents, person('bob'), { note: 'Please' }, NOW);
    await approveMembership(documents, accounts, admin, { id, revision: 0, validUntil: new Date(NOW.getTime() + 20 * DAY), note: '' }, NOW);
    // The same decision again (an answer lost, the admin clicks again): refused, nothing queued twice.
    await expect(approveMembership(documents, accounts, admin, { id, revision: 0, note: '' }, NOW)).rejects.toMatchObject({ reason: 'membershipNotPending' });
    const ids = async () => (await documents.collection(Mail).get()).map((mail) => mail.id).sort();
    expect(await ids()).toEqual([changeMailId('membershipApproved', id, 1), changeMailId('membershipRequested', id, 0)].sort());

    // Seven days before the end, from nine at the venue: one reminder, however often the sweep runs.
    const morning = wallTimeToDate(`${dateToWallTime(new Date(NOW.getTime() + 14 * DAY)).slice(0, 10)}T09:10`)!;
    expect(await remindEndingMemberships(documents, morning)).toBe(1);
    expect(await remindEndingMemberships(documents, new Date(morning.getTime() + 60 * 60_000))).toBe(0);
    const end = (await documents.collection(Memberships).doc(id).get()).data!.validUntil!;
    expect(await ids()).toContain(reminderMailId(id, end, 7));

    // A waiting request, and an admin who asked for the digest: one in the hour from nine.
    await requestMembership(documents, person('ada'), { note: '' }, NOW);
    await documents.collection(Users).doc('admin').update({ mail: { announcements: false, unsubscribeToken: null, digest: true } });
    expect(await queueRequestsDigests(documents, morning)).toBe(1);
    expect(await queueRequestsDigests(documents, new Date(morning.getTime() + 20 * 60_000))).toBe(0);
    const [digest] = await documents.collection(Mail).where('kind', '==', 'requestsDigest').get();
    expect(digest!.data).toMatchObject({ to: 'admin@example.org', params: { count: '1' } });

    await cancelMembership(documents, accounts, admin, { id, revision: 1, reason: 'Moved away' }, morning);
    expect(await ids()).toContain(changeMailId('membershipCancelled', id, 2));
  });
});
