// The house ban list on the Firestore adapter (the in-process stand-in, decision 019): banning,
// changing and lifting with their audit entries, an address's ban filed under its account through
// the adapter's query, the sweep, and what deleting an account takes; and the rules keep bans from
// every browser.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Documents } from '@/server/documents/port';
import { standInDocuments } from '@/server/testing/firestore-stand-in';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { AuditLog } from '@/features/identity/audit';
import { banOf, Bans } from './bans';
import { liftBan, listBans, setBan } from './ban-admin';
import { forgetBansOf, sweepEndedBans } from './ban-retention';
import { BAN_KEPT_AFTER_END_MS } from './constants';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const DAY = 24 * 60 * 60 * 1000;
const boss = { ...testPerson('boss', 'admin'), displayName: 'Boss' };

describe('bans on Firestore', () => {
  let documents: Documents;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ documents, close } = await standInDocuments());
    await addTestUser(documents, boss, {}, NOW);
    await addTestUser(documents, testPerson('mia'), {}, NOW);
  });
  afterEach(() => close());

  const actions = async (targetUid: string) => (await documents.collection(AuditLog).where('targetUid', '==', targetUid).get()).map(({ data }) => data.action).sort();

  it('bans, changes and lifts, each with its audit entry; an address ban goes into the history of the account with it', async () => {
    const account = await setBan(documents, boss, { person: { kind: 'account', uid: 'mia' }, reason: 'Fought', from: null, until: null }, NOW);
    await setBan(documents, boss, { person: { kind: 'account', uid: 'mia' }, reason: 'Fought at the bar', from: null, until: new Date(NOW.getTime() + DAY) }, NOW);
    const address = await setBan(documents, boss, { person: { kind: 'email', email: 'mia@example.org', name: '' }, reason: 'Came as a guest', from: null, until: null }, NOW);
    expect(address.accountUid).toBe('mia');
    expect((await listBans(documents, NOW)).map((ban) => [ban.id, ban.reason])).toEqual(
      expect.arrayContaining([
        [account.id, 'Fought at the bar'],
        [address.id, 'Came as a guest'],
      ]),
    );
    await liftBan(documents, boss, { id: account.id });
    expect(await actions('mia')).toEqual(['banChanged', 'banLifted', 'banned', 'banned']);
    expect((await banOf(documents, { uid: 'mia', email: 'mia@example.org' }, NOW))?.id).toBe(address.id);
  });

  it('holds until its end, is swept a day later, and goes with the account', async () => {
    const until = new Date(NOW.getTime() + DAY);
    await setBan(documents, boss, { person: { kind: 'account', uid: 'mia' }, reason: 'Fought', from: null, until }, NOW);
    expect(await banOf(documents, { uid: 'mia' }, new Date(until.getTime() - 1))).not.toBeNull();
    expect(await banOf(documents, { uid: 'mia' }, until)).toBeNull();
    expect(await sweepEndedBans(documents, new Date(until.getTime() + BAN_KEPT_AFTER_END_MS))).toBe(1);

    await setBan(documents, boss, { person: { kind: 'email', email: 'mia@example.org', name: '' }, reason: 'Again', from: null, until: null }, NOW);
    await forgetBansOf(documents, 'mia', 'mia@example.org', 'deleted-1');
    expect(await documents.collection(Bans).count()).toBe(0);
  });
});

describe('bans in the Firestore rules', () => {
  it("are the server's alone: no rule opens them to a browser, so the rules' default denies them", () => {
    const rules = readFileSync(new URL('../../../firebase/firestore.rules', import.meta.url), 'utf8');
    expect(rules).toMatch(/match \/\{document=\*\*\} \{\s*allow read, write: if false;\s*\}/);
    expect(rules).not.toContain(`match /${Bans.name}/`);
  });
});
