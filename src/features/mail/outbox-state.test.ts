// The outbox as the admins see it on /admin: off without an SMTP service; otherwise what waits,
// what is being tried again, what failed in the last day and the latest error.
import { beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import type { MailOutcome, MailTransport, OutgoingMail } from '@/server/mail/port';
import { createContextInner } from '@/server/trpc/context';
import { createCaller } from '@/app/_server/router';
import { testPerson } from '@/features/identity/test-users';
import { enqueueMail, type MailRequest } from './outbox';
import { FIRST_RETRY_MS, GIVE_UP_MS, sendDueMail } from './sender';
import { outboxState } from './outbox-state';

const NOW = new Date('2026-11-28T10:00:00Z');
const HOUR = 60 * 60_000;

class AnsweringTransport implements MailTransport {
  readonly describe = 'smtp.example.org';
  answers = new Map<string, MailOutcome>();
  close() {}
  async send(mail: OutgoingMail): Promise<MailOutcome> {
    return this.answers.get(mail.to) ?? { status: 'sent' };
  }
}

describe('the outbox on /admin', () => {
  let documents: SqliteDocuments;
  let transport: AnsweringTransport;
  const queue = (to: string, id: string, at = NOW) =>
    documents.runTransaction(async (tx) => enqueueMail(tx, documents, { kind: 'membershipRequested', to, uid: null, locale: 'en', params: { name: 'A', link: '/vip' } } satisfies MailRequest, at, id));
  const round = (at: Date) => sendDueMail({ documents, transport, siteUrl: 'https://nordlicht.example' }, at);

  beforeEach(() => {
    documents = new SqliteDocuments(':memory:');
    transport = new AnsweringTransport();
  });

  it('says mail is off without an SMTP service', async () => {
    expect(await outboxState(documents, null, NOW)).toEqual({ on: false, through: null, waiting: 0, retrying: 0, failedLastDay: 0, latestError: null });
  });

  it('counts what waits and what is tried again, and names the latest error', async () => {
    expect(await outboxState(documents, transport, NOW)).toEqual({ on: true, through: 'smtp.example.org', waiting: 0, retrying: 0, failedLastDay: 0, latestError: null });
    await queue('sent@example.org', 'a');
    await queue('flaky@example.org', 'b');
    await queue('later@example.org', 'c');
    transport.answers.set('flaky@example.org', { status: 'failed', reason: '421 4.7.0 Try again later' });
    await round(NOW);
    expect(await outboxState(documents, transport, new Date(NOW.getTime() + 1000))).toEqual({
      on: true,
      through: 'smtp.example.org',
      waiting: 1,
      retrying: 1,
      failedLastDay: 0,
      latestError: { at: NOW, reason: '421 4.7.0 Try again later' },
    });
  });

  it('counts the mails given up or refused in the last day, with the latest error of them', async () => {
    transport.answers.set('gone@example.org', { status: 'refused', reason: '550 5.1.1 No such mailbox' });
    transport.answers.set('down@example.org', { status: 'failed', reason: 'connect ECONNREFUSED' });
    // Written a day ago and failing since: given up at its last try.
    const dayAgo = new Date(NOW.getTime() - GIVE_UP_MS + FIRST_RETRY_MS);
    await queue('down@example.org', 'old', dayAgo);
    await queue('gone@example.org', 'gone', new Date(NOW.getTime() - 2 * HOUR));
    for (let at = dayAgo.getTime(); at <= NOW.getTime(); at += FIRST_RETRY_MS) await round(new Date(at));
    const state = await outboxState(documents, transport, NOW);
    expect(state).toMatchObject({ waiting: 0, retrying: 0, failedLastDay: 2 });
    expect(state.latestError?.reason).toBe('connect ECONNREFUSED');
    // A day later both have dropped out of the last day.
    expect(await outboxState(documents, transport, new Date(NOW.getTime() + 25 * HOUR))).toMatchObject({ failedLastDay: 0, latestError: null });
  });

  it('is the admins’ alone', async () => {
    const as = (role: 'admin' | 'user') => createCaller(createContextInner({ documents, identity: testPerson(role, role) }));
    await expect(as('admin').mailOutbox.state()).resolves.toMatchObject({ on: true });
    await expect(as('user').mailOutbox.state()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
