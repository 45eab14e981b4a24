// The outbox (decision 047): a mail written with its change is sent once, by one server, with a
// Message-ID of its own; failures are retried from a minute, doubling to an hour, and given up after
// a day; an address whose server refuses it for good (SMTP 550, through a real SMTP server here)
// gets nothing more until the person gives another; announcements carry a one-click unsubscribe and
// are not sent to someone who opted out since; a sent link forgets its secret.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { createSmtpTransport } from '@/server/mail/smtp';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { Users } from '@/features/identity/users';
import { enqueueMail, Mail, type MailRequest } from './outbox';
import { FIRST_RETRY_MS, GIVE_UP_MS, MAIL_LEASE_MS, MAX_RETRY_MS, retryDelay, sendDueMail } from './sender';
import { isUndeliverable } from './addresses';
import { RecordingTransport } from '@/server/testing/recording-mail';

const NOW = new Date('2026-11-28T09:00:00Z');
const SITE = 'https://nordlicht.example';


describe('the mail outbox', () => {
  let documents: SqliteDocuments;
  let transport: RecordingTransport;
  const queue = async (request: Partial<MailRequest> = {}, id?: string) => {
    await documents.runTransaction(async (tx) => {
      enqueueMail(tx, documents, { kind: 'membershipApproved', to: 'ada@example.org', uid: 'ada', locale: 'en', params: { name: 'Ada', until: '1 September 2027', link: '/vip' }, ...request }, NOW, id);
    });
  };
  const round = (at = NOW, holder?: string) => sendDueMail({ documents, transport, siteUrl: SITE, holder }, at);
  const mails = async () => (await documents.collection(Mail).get()).map((mail) => mail.data);

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    transport = new RecordingTransport();
    await addTestUser(documents, testPerson('ada', 'user'), {}, NOW);
  });

  it('sends a queued mail once, rendered in its language, with a Message-ID of its own and absolute links', async () => {
    await queue({}, 'approval-1');
    await queue({ locale: 'de', to: 'bo@example.org', uid: null }, 'approval-2');
    expect(await round()).toMatchObject({ sent: 2 });
    expect(await round(new Date(NOW.getTime() + 60_000))).toMatchObject({ sent: 0 });
    const [en, de] = transport.sent;
    expect(en).toMatchObject({ to: 'ada@example.org', subject: 'Welcome to Nordlicht VIP', messageId: '<approval-1.mail@nordlicht.example>' });
    expect(en!.text).toContain('Your membership runs until 1 September 2027.');
    expect(en!.text).toContain('Open the VIP area: https://nordlicht.example/vip');
    expect(en!.html).toContain('href="https://nordlicht.example/vip"');
    expect(en!.html).toContain('Kaistraße 7');
    expect(de).toMatchObject({ subject: 'Willkommen bei Nordlicht VIP' });
    expect(de!.text).toContain('https://nordlicht.example/de/vip');
    expect((await mails()).map((mail) => mail.status)).toEqual(['sent', 'sent']);
  });

  it('two servers sending at once send each mail once', async () => {
    for (let i = 0; i < 20; i++) await queue({ to: `member-${i}@example.org` }, `mail-${i}`);
    await Promise.all([round(NOW, 'server-a'), round(NOW, 'server-b'), round(NOW, 'server-c')]);
    expect(transport.sent).toHaveLength(20);
    expect(new Set(transport.sent.map((mail) => mail.messageId)).size).toBe(20);
  });

  it('retries a failed send after a minute, doubling to an hour, and gives up a day after it was written', async () => {
    expect([1, 2, 3, 7, 20].map(retryDelay)).toEqual([FIRST_RETRY_MS, 2 * FIRST_RETRY_MS, 4 * FIRST_RETRY_MS, MAX_RETRY_MS, MAX_RETRY_MS]);
    transport.answer = { status: 'failed', reason: '421 try later' };
    await queue({}, 'flaky');
    await round();
    let [mail] = await mails();
    expect(mail).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: new Date(NOW.getTime() + FIRST_RETRY_MS), lastError: '421 try later' });
    // Not before it is due.
    expect(await round(new Date(NOW.getTime() + 30_000))).toMatchObject({ retried: 0 });
    let at = NOW.getTime();
    while (mail!.status === 'pending') {
      at = mail!.nextAttemptAt.getTime();
      await round(new Date(at));
      [mail] = await mails();
    }
    expect(mail).toMatchObject({ status: 'failed' });
    expect(at - NOW.getTime()).toBeLessThanOrEqual(GIVE_UP_MS);
    expect(at - NOW.getTime()).toBeGreaterThan(GIVE_UP_MS - MAX_RETRY_MS);
  });

  it('a mail left sending by a server that died is sent by the next round after its lease, under the same Message-ID', async () => {
    await queue({}, 'orphan');
    await documents.collection(Mail).doc('orphan').update({ status: 'sending', leaseHolder: 'dead-server', leaseUntil: new Date(NOW.getTime() + MAIL_LEASE_MS) });
    expect(await round()).toMatchObject({ sent: 0 });
    expect(await round(new Date(NOW.getTime() + MAIL_LEASE_MS))).toMatchObject({ sent: 1 });
    expect(transport.sent[0]!.messageId).toBe('<orphan.mail@nordlicht.example>');
  });

  it('a link forgets its secret once sent', async () => {
    await queue({ kind: 'signInLink', params: { email: 'ada@example.org', link: 'https://nordlicht.example/confirm?oobCode=secret' } }, 'link');
    await round();
    expect(transport.sent[0]!.text).toContain('oobCode=secret');
    expect((await mails())[0]).toMatchObject({ status: 'sent', params: {} });
  });

  it('announcements go only to those who asked, with a one-click unsubscribe, and stop when they opt out', async () => {
    await documents.collection(Users).doc('ada').update({ mail: { announcements: true, unsubscribeToken: 'token-ada-1', digest: false } });
    await queue({ kind: 'announcement', params: { title: 'Summer opening', body: 'Doors at 20:00.', link: '/vip/lounge' } }, 'news-1');
    await round();
    expect(transport.sent[0]!.headers).toEqual({
      // The header is for mail programs, which POST to it (RFC 8058); the text's link opens the page that asks first.
      'List-Unsubscribe': '<https://nordlicht.example/api/mail/unsubscribe?u=ada&t=token-ada-1>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(transport.sent[0]!.text).toContain('Unsubscribe from announcements: https://nordlicht.example/unsubscribe?u=ada&t=token-ada-1');
    expect(transport.sent[0]!.html).toContain('href="https://nordlicht.example/unsubscribe?u=ada&amp;t=token-ada-1"');
    await documents.collection(Users).doc('ada').update({ mail: { announcements: false, unsubscribeToken: null, digest: false } });
    await queue({ kind: 'announcement', params: { title: 'Next', body: '…', link: '/' } }, 'news-2');
    expect(await round()).toMatchObject({ suppressed: 1, sent: 0 });
    expect(transport.sent).toHaveLength(1);
  });

  it("links a German announcement to the German page, and its header to the one POST address mail programs use", async () => {
    await documents.collection(Users).doc('ada').update({ mail: { announcements: true, unsubscribeToken: 'token-ada-2', digest: false } });
    await queue({ kind: 'announcement', locale: 'de', params: { title: 'Sommer', body: 'Einlass um 20 Uhr.' } }, 'news-de');
    await round();
    expect(transport.sent[0]!.headers?.['List-Unsubscribe']).toBe('<https://nordlicht.example/api/mail/unsubscribe?u=ada&t=token-ada-2>');
    expect(transport.sent[0]!.text).toContain('Ankündigungen abbestellen: https://nordlicht.example/de/unsubscribe?u=ada&t=token-ada-2');
  });

  it('keeps to a number of mails an address gets in an hour, and sends the rest later', async () => {
    for (let i = 0; i < 14; i++) await queue({}, `burst-${String(i).padStart(2, '0')}`);
    const first = await round();
    expect(first.sent).toBe(12);
    expect(first.retried).toBe(2);
    expect(await round(new Date(NOW.getTime() + MAX_RETRY_MS))).toMatchObject({ sent: 2 });
  });
});

describe('an address that refuses mail', () => {
  let server: SMTPServer;
  let port: number;
  const received: string[] = [];

  beforeEach(async () => {
    received.length = 0;
    // A real SMTP server that refuses one mailbox for good (550) and takes every other.
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(address, _session, callback) {
        if (address.address === 'gone@example.org') return callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
        callback();
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('marks the address undeliverable on a 550, sends nothing more to it, and a new address gets mail again', async () => {
    const documents = new SqliteDocuments(':memory:');
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'Nordlicht <no-reply@nordlicht.example>');
    const queue = (to: string, id: string) =>
      documents.runTransaction(async (tx) => enqueueMail(tx, documents, { kind: 'membershipRequested', to, uid: null, locale: 'en', params: { name: 'Gone', link: '/vip' } }, NOW, id));
    await queue('gone@example.org', 'first');
    expect(await sendDueMail({ documents, transport, siteUrl: SITE }, NOW)).toMatchObject({ undeliverable: 1 });
    expect(await isUndeliverable(documents, 'Gone@Example.org')).toBe(true);
    expect((await documents.collection(Mail).doc('first').get()).data).toMatchObject({ status: 'undeliverable', lastError: expect.stringContaining('550') });
    await queue('gone@example.org', 'second');
    await queue('new@example.org', 'third');
    expect(await sendDueMail({ documents, transport, siteUrl: SITE }, NOW)).toMatchObject({ undeliverable: 1, sent: 1 });
    expect(received).toEqual(['new@example.org']);
    transport.close();
  });
});
