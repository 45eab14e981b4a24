// The house ban list as admins keep it (decision 052), on SQLite: banning, changing and lifting
// with their audit entries, the refusals that change nothing, bans that end by themselves and the
// sweep that deletes them, and what deleting an account takes.
import { beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { AuditLog } from '@/features/identity/audit';
import { accountBanId, banOf, Bans, emailBanId } from './bans';
import { bansOfPerson, liftBan, listBans, setBan } from './ban-admin';
import { forgetBansOf, sweepEndedBans } from './ban-retention';
import { BanInput } from './bans.inputs';
import { BAN_KEPT_AFTER_END_MS, BAN_REASON_MAX } from './constants';

const NOW = new Date('2026-11-20T18:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const boss = { ...testPerson('boss', 'admin'), displayName: 'Boss' };
const mia = testPerson('mia', 'user');

/** A ban as the procedure hands it over. */
function ban(person: BanInput['person'], fields: Partial<Omit<BanInput, 'person'>> = {}): BanInput {
  return { person, reason: 'Fought at the bar', from: null, until: null, ...fields };
}

describe('the house ban list', () => {
  let documents: SqliteDocuments;

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    await addTestUser(documents, boss, {}, NOW);
    await addTestUser(documents, { ...mia, displayName: 'Mia Muster' }, {}, NOW);
  });

  async function history(targetUid: string) {
    const entries = await documents.collection(AuditLog).where('targetUid', '==', targetUid).get();
    return entries.map(({ data }) => [data.action, data.actorUid, data.actorName]);
  }

  it("bans an account from now, with the account's name and who banned, and writes it to the person's history", async () => {
    const view = await setBan(documents, boss, ban({ kind: 'account', uid: 'mia' }, { until: new Date(NOW.getTime() + 30 * DAY) }), NOW);
    expect(view).toMatchObject({ id: accountBanId('mia'), subject: 'account', accountUid: 'mia', name: 'Mia Muster', reason: 'Fought at the bar', from: NOW, createdByName: 'Boss', state: 'holding' });
    const stored = (await documents.collection(Bans).doc(accountBanId('mia')).get()).data!;
    expect(stored).toMatchObject({ uid: 'mia', email: null, createdBy: 'boss', updatedBy: 'boss', createdAt: NOW });
    expect(await history('mia')).toEqual([['banned', 'boss', 'Boss']]);
    // The door's question: the account holds a ban now, by its uid.
    expect((await banOf(documents, { uid: 'mia', email: mia.email }, NOW))?.reason).toBe('Fought at the bar');
  });

  it('changes a ban (one per person), keeping who made it, and lifts it; each in the history', async () => {
    await setBan(documents, boss, ban({ kind: 'account', uid: 'mia' }), NOW);
    const other = { ...testPerson('ole', 'admin'), displayName: 'Ole' };
    const changed = await setBan(documents, other, ban({ kind: 'account', uid: 'mia' }, { reason: '  Threatened staff  '.trim(), until: new Date(NOW.getTime() + DAY) }), NOW);
    expect(changed).toMatchObject({ reason: 'Threatened staff', createdByName: 'Boss', until: new Date(NOW.getTime() + DAY) });
    expect(await documents.collection(Bans).count()).toBe(1);
    expect((await bansOfPerson(documents, { uid: 'mia' }, NOW)).account?.reason).toBe('Threatened staff');

    await liftBan(documents, other, { id: changed.id });
    expect(await documents.collection(Bans).count()).toBe(0);
    expect(await banOf(documents, { uid: 'mia' }, NOW)).toBeNull();
    expect((await history('mia')).map(([action]) => action).sort()).toEqual(['banChanged', 'banLifted', 'banned']);
    await expect(liftBan(documents, other, { id: changed.id })).rejects.toMatchObject({ reason: 'banNotFound' });
  });

  it('refuses an end not after the start or already past, an own account and an unknown one, and then changes nothing', async () => {
    const refusals = [
      [ban({ kind: 'account', uid: 'mia' }, { from: new Date(NOW.getTime() + DAY), until: new Date(NOW.getTime() + DAY) }), 'banEndBeforeStart'],
      [ban({ kind: 'account', uid: 'mia' }, { from: new Date(NOW.getTime() - 2 * DAY), until: new Date(NOW.getTime() - DAY) }), 'banEndInPast'],
      [ban({ kind: 'account', uid: 'boss' }), 'selfBan'],
      [ban({ kind: 'account', uid: 'nobody' }), 'userNotFound'],
    ] as const;
    for (const [input, reason] of refusals) await expect(setBan(documents, boss, input, NOW)).rejects.toMatchObject({ reason });
    expect(await documents.collection(Bans).count()).toBe(0);
    expect(await documents.collection(AuditLog).count()).toBe(0);
  });

  it('takes a reason of 1 to BAN_REASON_MAX characters, trimmed, and an address in lower case', () => {
    const person = { kind: 'email', email: ' Kai@Example.ORG ', name: ' Kai ' } as const;
    expect(BanInput.parse({ person, reason: '  Fought  ' })).toMatchObject({ person: { email: 'kai@example.org', name: 'Kai' }, reason: 'Fought' });
    expect(BanInput.safeParse({ person, reason: '   ' }).success).toBe(false);
    expect(BanInput.safeParse({ person, reason: 'x'.repeat(BAN_REASON_MAX) }).success).toBe(true);
    expect(BanInput.safeParse({ person, reason: 'x'.repeat(BAN_REASON_MAX + 1) }).success).toBe(false);
    expect(BanInput.safeParse({ person: { kind: 'email', email: 'not an address' }, reason: 'Fought' }).success).toBe(false);
  });

  it("bans a guest by address: filed in the history of the account with that address, or of the ban until an account has it", async () => {
    await setBan(documents, boss, ban({ kind: 'email', email: 'mia@example.org', name: '' }), NOW);
    expect(await history('mia')).toEqual([['banned', 'boss', 'Boss']]);
    expect((await bansOfPerson(documents, { uid: 'mia' }, NOW)).address).toMatchObject({ subject: 'email', email: 'mia@example.org', accountUid: 'mia' });
    // Mia is banned by her address: the door asks with both.
    expect(await banOf(documents, { uid: 'mia', email: 'mia@example.org' }, NOW)).not.toBeNull();

    const kai = await setBan(documents, boss, ban({ kind: 'email', email: 'kai@example.org', name: 'Kai' }), NOW);
    expect(kai).toMatchObject({ id: emailBanId('kai@example.org'), name: 'Kai', accountUid: null });
    expect(await history(kai.id)).toEqual([['banned', 'boss', 'Boss']]);
    // Kai signs up later: the list links his ban to his account (his history shows it: users' tests).
    await addTestUser(documents, testPerson('kai'), {}, NOW);
    expect((await listBans(documents, NOW)).find((each) => each.id === kai.id)?.accountUid).toBe('kai');
  });

  it('lists every ban with its state: holding first, then upcoming, then ended but not yet swept', async () => {
    await addTestUser(documents, testPerson('ole'), {}, NOW);
    await setBan(documents, boss, ban({ kind: 'email', email: 'kai@example.org', name: '' }, { from: new Date(NOW.getTime() - 3 * DAY), until: new Date(NOW.getTime() + DAY) }), new Date(NOW.getTime() - 3 * DAY));
    await setBan(documents, boss, ban({ kind: 'account', uid: 'ole' }, { from: new Date(NOW.getTime() + DAY) }), new Date(NOW.getTime() - 1000));
    await setBan(documents, boss, ban({ kind: 'account', uid: 'mia' }), NOW);
    const later = new Date(NOW.getTime() + DAY + 1);
    expect((await listBans(documents, later)).map((each) => [each.name, each.state])).toEqual([
      ['Mia Muster', 'holding'],
      ['ole', 'holding'],
      [null, 'ended'],
    ]);
    expect((await listBans(documents, NOW)).map((each) => each.state)).toEqual(['holding', 'holding', 'upcoming']);
  });

  it('ends by itself: holds before its end, not at it or after, and the sweep deletes it a day later', async () => {
    const until = new Date(NOW.getTime() + 7 * DAY);
    await setBan(documents, boss, ban({ kind: 'account', uid: 'mia' }, { until }), NOW);
    expect(await banOf(documents, { uid: 'mia' }, new Date(until.getTime() - 1))).not.toBeNull();
    expect(await banOf(documents, { uid: 'mia' }, until)).toBeNull();
    expect(await banOf(documents, { uid: 'mia' }, new Date(until.getTime() + DAY))).toBeNull();

    expect(await sweepEndedBans(documents, new Date(until.getTime() + BAN_KEPT_AFTER_END_MS - 1))).toBe(0);
    expect(await documents.collection(Bans).count()).toBe(1);
    expect(await sweepEndedBans(documents, new Date(until.getTime() + BAN_KEPT_AFTER_END_MS))).toBe(1);
    expect(await documents.collection(Bans).count()).toBe(0);
  });

  it('never sweeps a ban until lifted', async () => {
    await setBan(documents, boss, ban({ kind: 'account', uid: 'mia' }), NOW);
    expect(await sweepEndedBans(documents, new Date(NOW.getTime() + 3650 * DAY))).toBe(0);
    expect(await documents.collection(Bans).count()).toBe(1);
  });

  it("with a deleted account go its ban and its address's; bans it made stay without its name", async () => {
    await addTestUser(documents, testPerson('ole'), {}, NOW);
    await setBan(documents, boss, ban({ kind: 'account', uid: 'mia' }), NOW);
    await setBan(documents, boss, ban({ kind: 'email', email: 'mia@example.org', name: '' }), NOW);
    const oles = await setBan(documents, boss, ban({ kind: 'account', uid: 'ole' }), NOW);
    await forgetBansOf(documents, 'boss', 'boss@example.org', 'deleted-1');
    await forgetBansOf(documents, 'mia', 'mia@example.org', 'deleted-2');
    expect((await documents.collection(Bans).get()).map(({ id, data }) => [id, data.createdBy, data.createdByName, data.updatedBy])).toEqual([[oles.id, 'deleted-1', null, 'deleted-1']]);
  });
});
