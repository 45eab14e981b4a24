// The profile's mail settings through the procedures: announcements only after a yes (which makes
// the token a one-click unsubscribe needs, and a new one after a no), the digest and the night's
// summary only for admins,
// the caller's own account whatever the input says, and an address that refuses mail said so until
// the person has another.
import { beforeEach, describe, expect, it } from 'vitest';
import { createContextInner } from '@/server/trpc/context';
import { createCaller } from '@/app/_server/router';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import type { Identity } from '@/access/identity';
import { Users } from '@/features/identity/users';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { wantsAnnouncements } from '@/features/mail/preferences';
import { markUndeliverable } from '@/features/mail/addresses';
import { unsubscribeByLink } from '@/features/mail/unsubscribe';

const member = testPerson('mia', 'user');
const admin = testPerson('alex', 'admin');
const NOW = new Date('2026-11-28T09:00:00Z');

describe('mail settings on the profile', () => {
  let documents: SqliteDocuments;
  const as = (identity: Identity | null) => createCaller(createContextInner({ documents, accounts: new FakeAccounts(), identity }));
  const stored = async (uid: string) => (await documents.collection(Users).doc(uid).get()).data!;

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    await addTestUser(documents, member);
    await addTestUser(documents, admin);
  });

  it('starts with service mails only: no announcements, no digest, no summary of the night, the address taking mail', async () => {
    expect(await as(member).profile.getMail()).toEqual({ email: 'mia@example.org', announcements: false, digest: false, digestOffered: false, nightSummary: false, nightSummaryOffered: false, undeliverable: null });
    expect(await as(admin).profile.getMail()).toMatchObject({ digestOffered: true, nightSummary: false, nightSummaryOffered: true });
    await expect(as(null).profile.getMail()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('a yes makes the token the unsubscribe link needs; yes again keeps it; a yes after a no makes a new one', async () => {
    expect(await as(member).profile.updateMail({ announcements: true })).toMatchObject({ announcements: true });
    const first = (await stored('mia')).mail!.unsubscribeToken!;
    expect(first).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(wantsAnnouncements(await stored('mia'))).toBe(true);

    await as(member).profile.updateMail({ announcements: true });
    expect((await stored('mia')).mail!.unsubscribeToken).toBe(first);

    await as(member).profile.updateMail({ announcements: false });
    expect(wantsAnnouncements(await stored('mia'))).toBe(false);
    // The mails already sent still answer "already unsubscribed", not "invalid".
    expect(await unsubscribeByLink(documents, { u: 'mia', t: first })).toBe('alreadyUnsubscribed');

    await as(member).profile.updateMail({ announcements: true });
    const second = (await stored('mia')).mail!.unsubscribeToken!;
    expect(second).not.toBe(first);
    // A link from before the no cannot stop the new yes.
    expect(await unsubscribeByLink(documents, { u: 'mia', t: first })).toBe('invalidLink');
    expect(await unsubscribeByLink(documents, { u: 'mia', t: second })).toBe('unsubscribed');
  });

  it('offers the digest of membership requests to admins only; anyone may turn it off', async () => {
    await expect(as(member).profile.updateMail({ digest: true })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await stored('mia')).mail).toBeUndefined();
    expect(await as(member).profile.updateMail({ digest: false })).toMatchObject({ digest: false });
    expect(await as(admin).profile.updateMail({ digest: true })).toMatchObject({ digest: true, announcements: false });
    // One choice leaves the other as it was.
    expect(await as(admin).profile.updateMail({ announcements: true })).toMatchObject({ digest: true, announcements: true });
    await expect(as(admin).profile.updateMail({})).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it("offers the summary of last night to admins only, checked on the server; it leaves the other choices as they were", async () => {
    await expect(as(member).profile.updateMail({ nightSummary: true })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(as(member).profile.updateMail({ announcements: true, nightSummary: true })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await stored('mia')).mail).toBeUndefined();
    expect(await as(member).profile.updateMail({ nightSummary: false })).toMatchObject({ nightSummary: false, nightSummaryOffered: false });

    await as(admin).profile.updateMail({ digest: true });
    expect(await as(admin).profile.updateMail({ nightSummary: true })).toMatchObject({ nightSummary: true, digest: true, announcements: false });
    expect((await stored('alex')).mail).toMatchObject({ nightSummary: true, digest: true });
    expect(await as(admin).profile.updateMail({ announcements: true })).toMatchObject({ nightSummary: true, announcements: true });
    expect(await as(admin).profile.updateMail({ nightSummary: false })).toMatchObject({ nightSummary: false, digest: true });
  });

  it('reads settings saved before the summary was offered as a no', async () => {
    await documents.collection(Users).doc('alex').update({ mail: { announcements: true, unsubscribeToken: 'AbCdEfGhIjKlMnOpQrStUvWx', digest: true } });
    expect(await as(admin).profile.getMail()).toMatchObject({ announcements: true, digest: true, nightSummary: false });
  });

  it("changes the caller's own settings only, whatever uid the input names", async () => {
    await as(member).profile.updateMail({ announcements: true, uid: 'alex' } as never);
    expect((await stored('alex')).mail).toBeUndefined();
    expect((await stored('mia')).mail?.announcements).toBe(true);
  });

  it('says since when the address refuses mail, until the account has another address', async () => {
    await markUndeliverable(documents, 'MIA@example.org', '550 5.1.1 No such mailbox', NOW);
    expect((await as(member).profile.getMail()).undeliverable).toEqual({ at: NOW });
    // The person's choices stay theirs; only the address is the problem.
    expect((await as(member).profile.updateMail({ announcements: true })).undeliverable).toEqual({ at: NOW });
    await documents.collection(Users).doc('mia').update({ email: 'mia.new@example.org' });
    expect(await as(member).profile.getMail()).toMatchObject({ email: 'mia.new@example.org', undeliverable: null });
  });
});
