// The outbox and its sender on the Firestore adapter too (the in-process stand-in, decision 019).
// What this proves there: a mail written in a change's transaction is committed with the change
// and not at all when the transaction fails before its commit (firebase-admin sends a
// transaction's writes only at the commit); a mail queued once per id stays one (a create on a
// deterministic id, which the stand-in applies atomically); the sender's queries, its lease, its
// record of what came of a send, its retries, and a mail left `sending` by a dead server taken
// over after the lease. What it cannot prove: that two servers leasing the same mail at the same
// moment send it once. The lease is a transaction that reads and then writes, which only a real
// Firestore isolates (the stand-in commits both: "transactions have no isolation" in decision
// 019); that is proven on SQLite (sender.test.ts, "two servers sending at once") and, against the
// real emulator, is the same code.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Documents } from '@/server/documents/port';
import { standInDocuments } from '@/server/testing/firestore-stand-in';
import { RecordingTransport } from '@/server/testing/recording-mail';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { Users } from '@/features/identity/users';
import { enqueueMail, enqueueMailOnce, Mail, type MailRequest } from './outbox';
import { FIRST_RETRY_MS, MAIL_LEASE_MS, sendDueMail } from './sender';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const SITE = 'https://nordlicht.example';
const approval = (to = 'ada@example.org'): MailRequest => ({ kind: 'membershipApproved', to, uid: 'ada', locale: 'de', params: { name: 'Ada', until: '31. August 2027', link: '/vip' } });


describe('the mail outbox on Firestore', () => {
  let documents: Documents;
  let anotherServer: () => Documents;
  let close: () => Promise<void>;
  let transport: RecordingTransport;
  const stored = async (id: string) => (await documents.collection(Mail).doc(id).get()).data;

  beforeEach(async () => {
    ({ documents, anotherServer, close } = await standInDocuments());
    transport = new RecordingTransport();
    await addTestUser(documents, testPerson('ada'), { locale: 'de' }, NOW);
  });
  afterEach(() => close());

  it('a mail written with a change is committed with it, and not at all when the transaction fails before its commit', async () => {
    await expect(
      documents.runTransaction(async (tx) => {
        tx.update(documents.collection(Users).doc('ada'), { displayName: 'Changed' });
        enqueueMail(tx, documents, approval(), NOW, 'lost');
        throw new Error('Something after the mail failed.');
      }),
    ).rejects.toThrow('Something after the mail failed.');
    expect(await stored('lost')).toBeUndefined();
    expect((await documents.collection(Users).doc('ada').get()).data!.displayName).toBe('ada');

    await documents.runTransaction(async (tx) => {
      tx.update(documents.collection(Users).doc('ada'), { displayName: 'Ada' });
      enqueueMail(tx, documents, approval(), NOW, 'kept');
    });
    expect(await stored('kept')).toMatchObject({ status: 'pending', to: 'ada@example.org', locale: 'de', attempts: 0 });
    expect((await documents.collection(Users).doc('ada').get()).data!.displayName).toBe('Ada');
  });

  it('queues a mail once per id, whichever server asks', async () => {
    const results = await Promise.all([enqueueMailOnce(documents, approval(), 'reminder-1', NOW), enqueueMailOnce(anotherServer(), approval(), 'reminder-1', NOW)]);
    expect(results.sort()).toEqual([false, true]);
    expect(await documents.collection(Mail).count()).toBe(1);
  });

  it('sends each due mail once with its Message-ID, waits for one not yet due, and records what came of it', async () => {
    await documents.runTransaction(async (tx) => enqueueMail(tx, documents, approval(), NOW, 'now'));
    await documents.runTransaction(async (tx) => enqueueMail(tx, documents, { ...approval(), notBefore: new Date(NOW.getTime() + 60_000) }, NOW, 'later'));
    expect(await sendDueMail({ documents, transport, siteUrl: SITE }, NOW)).toMatchObject({ sent: 1 });
    expect(await sendDueMail({ documents, transport, siteUrl: SITE }, NOW)).toMatchObject({ sent: 0 });
    expect(transport.sent.map((mail) => [mail.messageId, mail.subject])).toEqual([['<now.mail@nordlicht.example>', 'Willkommen bei Nordlicht VIP']]);
    expect(transport.sent[0]!.text).toContain('https://nordlicht.example/de/vip');
    expect(await stored('now')).toMatchObject({ status: 'sent', attempts: 1, sentAt: NOW, leaseHolder: null });
    expect(await sendDueMail({ documents, transport, siteUrl: SITE }, new Date(NOW.getTime() + 60_000))).toMatchObject({ sent: 1 });
  });

  it('tries a failed send again after a minute', async () => {
    await documents.runTransaction(async (tx) => enqueueMail(tx, documents, approval(), NOW, 'flaky'));
    transport.answer = { status: 'failed', reason: '421 try later' };
    expect(await sendDueMail({ documents, transport, siteUrl: SITE }, NOW)).toMatchObject({ retried: 1 });
    expect(await stored('flaky')).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: new Date(NOW.getTime() + FIRST_RETRY_MS), lastError: '421 try later' });
    transport.answer = { status: 'sent' };
    expect(await sendDueMail({ documents, transport, siteUrl: SITE }, new Date(NOW.getTime() + FIRST_RETRY_MS))).toMatchObject({ sent: 1 });
    expect(new Set(transport.sent.map((mail) => mail.messageId))).toEqual(new Set(['<flaky.mail@nordlicht.example>']));
  });

  it('a mail a dead server left sending is sent by another server after its lease, not before', async () => {
    await documents.runTransaction(async (tx) => enqueueMail(tx, documents, approval(), NOW, 'orphan'));
    await documents.collection(Mail).doc('orphan').update({ status: 'sending', leaseHolder: 'dead-server', leaseUntil: new Date(NOW.getTime() + MAIL_LEASE_MS) });
    const other = anotherServer();
    expect(await sendDueMail({ documents: other, transport, siteUrl: SITE, holder: 'server-b' }, NOW)).toMatchObject({ sent: 0 });
    expect(await sendDueMail({ documents: other, transport, siteUrl: SITE, holder: 'server-b' }, new Date(NOW.getTime() + MAIL_LEASE_MS))).toMatchObject({ sent: 1 });
    expect(await stored('orphan')).toMatchObject({ status: 'sent', leaseHolder: null });
  });
});
