// The mails of a membership (issue 44): each change writes its mail in its own transaction, once
// per membership and revision, in the person's language to their address now; a change that is
// not written leaves no mail, and the demo seed's history none. The sweep reminds 30 and 7 days
// before the end, once each, from 09:00 at the venue, and sends the admins who asked for it one
// digest a day of the requests that wait.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Identity } from '@/access/identity';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import type { Documents } from '@/server/documents/port';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { Users } from '@/features/identity/users';
import { enqueueMail, Mail, type MailDocument } from '@/features/mail/outbox';
import { sendDueMail } from '@/features/mail/sender';
import { Memberships, seasonEndAfter } from './membership-rules';
import { approveMembership, cancelMembership, expireMemberships, extendMembership, requestMembership, withdrawRequest } from './memberships';
import { changeMailId, dueReminder, queueRequestsDigests, remindEndingMemberships, reminderMailId, venueMorning } from './membership-mail';
import { RecordingTransport } from '@/server/testing/recording-mail';

const DAY = 24 * 60 * 60 * 1000;
/** 13:00 at the venue (winter time, UTC+1). */
const T0 = new Date('2026-11-23T12:00:00Z');
const later = (days: number) => new Date(T0.getTime() + days * DAY);
const SITE = 'https://nordlicht.example';
const admin = testPerson('admin', 'admin');
const ada = { ...testPerson('ada'), displayName: 'Ada Lovelace' };


/** The documents, with every transaction failing after its work is done (before it is committed) while `failing` says so. */
function withFailingCommits(inner: Documents, failing: () => boolean): Documents {
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'runTransaction') {
        return <R>(work: Parameters<Documents['runTransaction']>[0]) =>
          target.runTransaction(async (tx) => {
            const result = (await work(tx)) as R;
            if (failing()) throw new Error('The disk went away before the commit.');
            return result;
          });
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('membership mails', () => {
  let documents: SqliteDocuments;
  let accounts: FakeAccounts;
  let transport: RecordingTransport;
  const mails = async () => (await documents.collection(Mail).get()).map(({ id, data }) => ({ id, ...data }));
  const send = (at: Date) => sendDueMail({ documents, transport, siteUrl: SITE }, at);

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    accounts = new FakeAccounts();
    transport = new RecordingTransport();
    await addTestUser(documents, admin, {}, T0);
    await addTestUser(documents, ada, { locale: 'de' }, T0);
  });

  it('a request and its approval each write their mail, in the person’s language, with the last valid day and links to /de/vip', async () => {
    const { id } = await requestMembership(documents, ada, { note: '' }, T0);
    await approveMembership(documents, accounts, admin, { id, revision: 0, note: '' }, later(1));
    expect((await mails()).map((mail) => [mail.id, mail.kind, mail.to, mail.locale, mail.status])).toEqual([
      [changeMailId('membershipApproved', id, 1), 'membershipApproved', 'ada@example.org', 'de', 'pending'],
      [changeMailId('membershipRequested', id, 0), 'membershipRequested', 'ada@example.org', 'de', 'pending'],
    ]);
    expect(await send(later(1))).toMatchObject({ sent: 2 });
    const [requested, approved] = [...transport.sent].sort((a, b) => a.messageId.localeCompare(b.messageId)).reverse();
    expect(requested).toMatchObject({ subject: 'Dein Mitgliedschaftsantrag ist angekommen', messageId: `<membership-requested-${id}-0.mail@nordlicht.example>` });
    expect(requested!.text).toContain('Danke, Ada Lovelace');
    expect(requested!.text).toContain('Zu deinem Antrag: https://nordlicht.example/de/vip');
    expect(approved).toMatchObject({ subject: 'Willkommen bei Nordlicht VIP' });
    // The season ends at the first moment of 1 September: the last day it admits is 31 August.
    expect(seasonEndAfter(T0).toISOString()).toBe('2027-08-31T22:00:00.000Z');
    expect(approved!.text).toContain('Deine Mitgliedschaft läuft bis 31. August 2027.');
    expect(approved!.html).toContain('href="https://nordlicht.example/de/vip"');
    expect(approved!.html).toContain('Kaistraße 7');
  });

  it('declining a request and cancelling a membership mail the reason; a withdrawal and an extension mail nothing', async () => {
    await addTestUser(documents, testPerson('bo'), { locale: 'en' }, T0);
    const declined = await requestMembership(documents, testPerson('bo'), { note: '' }, T0);
    await cancelMembership(documents, accounts, admin, { id: declined.id, revision: 0, reason: 'We only take members from March.' }, T0);
    const { id } = await requestMembership(documents, ada, { note: '' }, later(1));
    await approveMembership(documents, accounts, admin, { id, revision: 0, validUntil: later(100), note: '' }, later(1));
    await extendMembership(documents, accounts, admin, { id, revision: 1, validUntil: later(200), note: '' }, later(2));
    await cancelMembership(documents, accounts, admin, { id, revision: 2, reason: 'Du hast deinen Pass weitergegeben.' }, later(3));
    const withdrawn = await requestMembership(documents, ada, { note: '' }, later(4));
    await withdrawRequest(documents, ada, { id: withdrawn.id }, later(4));
    expect((await mails()).map((mail) => mail.id).sort()).toEqual(
      [
        changeMailId('membershipRequested', declined.id, 0),
        changeMailId('membershipDeclined', declined.id, 1),
        changeMailId('membershipRequested', id, 0),
        changeMailId('membershipApproved', id, 1),
        changeMailId('membershipCancelled', id, 3),
        changeMailId('membershipRequested', withdrawn.id, 0),
      ].sort(),
    );
    await send(later(5));
    const bySubject = new Map(transport.sent.map((mail) => [mail.subject, mail]));
    expect(bySubject.get('About your membership request')!.text).toContain('The reason we gave: We only take members from March.');
    expect(bySubject.get('About your membership request')!.text).toContain('Open Nordlicht: https://nordlicht.example/');
    expect(bySubject.get('Deine Mitgliedschaft wurde beendet')!.text).toContain('Unsere Begründung: Du hast deinen Pass weitergegeben.');
  });

  it('mails the account’s address and language as they are at the change, and nobody without an address', async () => {
    const { id } = await requestMembership(documents, ada, { note: '' }, T0);
    await documents.collection(Users).doc('ada').update({ email: 'ada@new.example', locale: 'en' });
    await approveMembership(documents, accounts, admin, { id, revision: 0, note: '' }, T0);
    const approval = (await documents.collection(Mail).doc(changeMailId('membershipApproved', id, 1)).get()).data;
    expect(approval).toMatchObject({ to: 'ada@new.example', locale: 'en', params: { name: 'Ada Lovelace', until: '31 August 2027', link: '/vip' } });

    // An account without an address (a phone sign-in, say): the change is made, no mail is written.
    await addTestUser(documents, { ...testPerson('nomail'), email: null }, {}, T0);
    const other = await requestMembership(documents, { ...testPerson('nomail'), email: null }, { note: '' }, T0);
    await approveMembership(documents, accounts, admin, { id: other.id, revision: 0, note: '' }, T0);
    expect((await documents.collection(Memberships).doc(other.id).get()).data!.status).toBe('active');
    expect((await mails()).filter((mail) => mail.uid === 'nomail')).toEqual([]);
  });

  it('a change that is not written leaves no mail, and one that is written has its mail: both or neither', async () => {
    // The outbox on its own: a transaction that fails after queueing a mail leaves none.
    await expect(
      documents.runTransaction(async (tx) => {
        enqueueMail(tx, documents, { kind: 'membershipApproved', to: 'ada@example.org', uid: 'ada', locale: 'de', params: {} }, T0, 'lost');
        throw new Error('Something after the mail failed.');
      }),
    ).rejects.toThrow('Something after the mail failed.');
    expect(await mails()).toEqual([]);

    // A change whose commit fails after its mail was queued: neither the change nor the mail is there.
    const { id } = await requestMembership(documents, ada, { note: '' }, T0);
    let failing = true;
    const flaky = withFailingCommits(documents, () => failing);
    await expect(approveMembership(flaky, accounts, admin, { id, revision: 0, note: '' }, T0)).rejects.toThrow('The disk went away');
    expect((await documents.collection(Memberships).doc(id).get()).data).toMatchObject({ status: 'pending', revision: 0 });
    expect((await mails()).map((mail) => mail.kind)).toEqual(['membershipRequested']);
    await expect(cancelMembership(flaky, accounts, admin, { id, revision: 0, reason: 'No' }, T0)).rejects.toThrow('The disk went away');
    expect((await mails()).map((mail) => mail.kind)).toEqual(['membershipRequested']);

    // Written, both are there.
    failing = false;
    await approveMembership(flaky, accounts, admin, { id, revision: 0, note: '' }, T0);
    expect((await documents.collection(Memberships).doc(id).get()).data).toMatchObject({ status: 'active', revision: 1 });
    expect((await mails()).map((mail) => mail.kind).sort()).toEqual(['membershipApproved', 'membershipRequested']);
  });

  it('changes racing for the same membership, and sweeps on two servers, queue one mail per change', async () => {
    const { id } = await requestMembership(documents, ada, { note: '' }, T0);
    const decisions = await Promise.allSettled([
      approveMembership(documents, accounts, admin, { id, revision: 0, validUntil: later(10), note: '' }, T0),
      approveMembership(documents, accounts, admin, { id, revision: 0, validUntil: later(10), note: '' }, T0),
      cancelMembership(documents, accounts, admin, { id, revision: 0, reason: 'Not known to us' }, T0),
    ]);
    expect(decisions.filter((decision) => decision.status === 'fulfilled')).toHaveLength(1);
    const afterDecision = await mails();
    expect(afterDecision).toHaveLength(2);
    const decided = (await documents.collection(Memberships).doc(id).get()).data!;
    if (decided.status === 'active') {
      const [one, two] = await Promise.all([expireMemberships(documents, accounts, later(11)), expireMemberships(documents, accounts, later(11))]);
      expect(one.expired + two.expired).toBe(1);
      expect((await mails()).filter((mail) => mail.kind === 'membershipEnded').map((mail) => mail.id)).toEqual([changeMailId('membershipEnded', id, 2)]);
    }
  });

  it('the sweep’s “ended” waits for 09:00 at the venue and names the last day', async () => {
    const { id } = await requestMembership(documents, ada, { note: '' }, T0);
    // Ends at the first moment of 3 December at the venue (23:00 UTC the day before).
    const end = new Date('2026-12-02T23:00:00Z');
    await approveMembership(documents, accounts, admin, { id, revision: 0, validUntil: end, note: '' }, T0);
    const night = new Date('2026-12-02T23:05:00Z');
    await expireMemberships(documents, accounts, night);
    const ended = (await documents.collection(Mail).doc(changeMailId('membershipEnded', id, 2)).get()).data!;
    expect(ended).toMatchObject({ nextAttemptAt: new Date('2026-12-03T08:00:00Z'), params: { until: '2. Dezember 2026', link: '/vip' } });
    await send(new Date('2026-12-03T07:59:00Z'));
    expect(transport.sent.map((mail) => mail.subject)).not.toContain('Deine Mitgliedschaft ist abgelaufen');
    await send(new Date('2026-12-03T08:00:00Z'));
    expect(transport.sent.map((mail) => mail.subject)).toContain('Deine Mitgliedschaft ist abgelaufen');
  });

  it('the demo seed’s changes are silent', async () => {
    const { id } = await requestMembership(documents, ada, { note: '' }, T0, { silent: true });
    await approveMembership(documents, accounts, admin, { id, revision: 0, validUntil: later(1), note: '' }, T0, { silent: true });
    await expireMemberships(documents, accounts, later(2), { silent: true });
    expect((await documents.collection(Memberships).doc(id).get()).data!.status).toBe('expired');
    expect(await mails()).toEqual([]);
  });
});

describe('reminders of the end', () => {
  let documents: SqliteDocuments;
  let accounts: FakeAccounts;
  /** The membership's end: the first moment of 1 March 2027 at the venue. */
  const END = new Date('2027-02-28T23:00:00Z');
  /** 09:00 at the venue on a day `days` before the end's day. */
  const morningBefore = (days: number) => new Date(END.getTime() - days * DAY + 9 * 60 * 60 * 1000);
  const reminders = async () => (await documents.collection(Mail).where('kind', '==', 'membershipEnding').get()).map(({ id, data }) => ({ id, ...data }));

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    accounts = new FakeAccounts();
    await addTestUser(documents, admin, {}, T0);
    await addTestUser(documents, ada, { locale: 'de' }, T0);
  });

  async function member(who: Identity = ada) {
    if (who !== ada) await addTestUser(documents, who, {}, T0);
    const { id } = await requestMembership(documents, who, { note: '' }, T0);
    await approveMembership(documents, accounts, admin, { id, revision: 0, validUntil: END, note: '' }, T0);
    return id;
  }

  it('is due at the nearest of 30 and 7 days the end has come within, if the end was set before that', () => {
    const active = { status: 'active' as const, validFrom: T0, validUntil: END, decidedAt: T0 };
    expect(dueReminder(active, morningBefore(31))).toBeNull();
    expect(dueReminder(active, morningBefore(29))).toBe(30);
    expect(dueReminder(active, morningBefore(6))).toBe(7);
    expect(dueReminder(active, new Date(END.getTime() + 1))).toBeNull();
    expect(dueReminder({ ...active, status: 'cancelled' }, morningBefore(6))).toBeNull();
    // Approved three weeks before the end: told the end then, reminded only a week before.
    const late = { ...active, decidedAt: new Date(END.getTime() - 21 * DAY) };
    expect(dueReminder(late, morningBefore(20))).toBeNull();
    expect(dueReminder(late, morningBefore(6))).toBe(7);
  });

  it('goes once at 30 and once at 7 days, from 09:00 at the venue, in the person’s language', async () => {
    const id = await member();
    // 30 days before, but before nine: nothing yet.
    expect(await remindEndingMemberships(documents, new Date(morningBefore(29).getTime() - 60_000))).toBe(0);
    expect(venueMorning(morningBefore(29))).toEqual(morningBefore(29));
    expect(await remindEndingMemberships(documents, morningBefore(29))).toBe(1);
    // Every later sweep finds it queued already; another server's too.
    expect(await remindEndingMemberships(documents, new Date(morningBefore(29).getTime() + 3_600_000))).toBe(0);
    expect(await remindEndingMemberships(documents, morningBefore(10))).toBe(0);
    expect(await remindEndingMemberships(documents, morningBefore(6))).toBe(1);
    expect(await remindEndingMemberships(documents, morningBefore(2))).toBe(0);
    expect((await reminders()).map((mail) => [mail.id, mail.locale, mail.params.days, mail.params.until, mail.nextAttemptAt.toISOString()])).toEqual([
      [reminderMailId(id, END, 30), 'de', '29', '28. Februar 2027', morningBefore(29).toISOString()],
      [reminderMailId(id, END, 7), 'de', '6', '28. Februar 2027', morningBefore(6).toISOString()],
    ]);
    const transport = new RecordingTransport();
    await sendDueMail({ documents, transport, siteUrl: SITE }, morningBefore(6));
    const seven = transport.sent.find((mail) => mail.messageId.includes('-7.mail@'))!;
    expect(seven.subject).toBe('Deine Mitgliedschaft endet am 28. Februar 2027');
    expect(seven.text).toContain('Noch 6 Tage');
    expect(seven.text).toContain('Zum VIP-Bereich: https://nordlicht.example/de/vip');
  });

  it('an end moved later is reminded of again; a cancelled membership, or one followed by another, is not', async () => {
    const id = await member();
    expect(await remindEndingMemberships(documents, morningBefore(29))).toBe(1);
    const laterEnd = new Date(END.getTime() + 30 * DAY);
    await extendMembership(documents, accounts, admin, { id, revision: 1, validUntil: laterEnd, note: '' }, morningBefore(28));
    // Extended a month: the new end's 30-day mark is a month away, its 7-day one after that.
    expect(await remindEndingMemberships(documents, morningBefore(6))).toBe(0);
    expect(await remindEndingMemberships(documents, new Date(morningBefore(6).getTime() + 30 * DAY))).toBe(1);
    expect((await reminders()).map((mail) => mail.id)).toEqual([reminderMailId(id, END, 30), reminderMailId(id, laterEnd, 7)]);

    // Next season's membership, given ahead: the first one's end ends nothing.
    const first = await member(testPerson('cy'));
    const data = (await documents.collection(Memberships).doc(first).get()).data!;
    await documents.collection(Memberships).doc('cy-next').create({ ...data, validFrom: END, validUntil: new Date(END.getTime() + 365 * DAY) });
    const cancelled = await member(testPerson('dee'));
    await cancelMembership(documents, accounts, admin, { id: cancelled, revision: 1, reason: 'Moved away' }, T0);
    expect(await remindEndingMemberships(documents, morningBefore(29))).toBe(0);
    expect((await reminders()).map((mail) => mail.uid)).toEqual(['ada', 'ada']);
    // Without the membership given ahead, cy would have been reminded.
    await documents.collection(Memberships).doc('cy-next').delete();
    expect(await remindEndingMemberships(documents, morningBefore(29))).toBe(1);
  });
});

describe('the admins’ digest of waiting requests', () => {
  let documents: SqliteDocuments;
  /** 09:10 at the venue on 24 November 2026. */
  const NINE = new Date('2026-11-24T08:10:00Z');
  const digests = async () => (await documents.collection(Mail).where('kind', '==', 'requestsDigest').get()).map(({ id, data }) => ({ id, ...data }) as MailDocument & { id: string });

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    await addTestUser(documents, admin, { mail: { announcements: false, unsubscribeToken: null, digest: true } }, T0);
    await addTestUser(documents, testPerson('admin-de', 'admin'), { locale: 'de', mail: { announcements: false, unsubscribeToken: null, digest: true } }, T0);
    await addTestUser(documents, testPerson('admin-quiet', 'admin'), {}, T0);
    await addTestUser(documents, testPerson('admin-gone', 'admin'), { disabled: true, mail: { announcements: false, unsubscribeToken: null, digest: true } }, T0);
    await addTestUser(documents, testPerson('door', 'scanner'), { mail: { announcements: false, unsubscribeToken: null, digest: true } }, T0);
  });

  it('goes to each admin who asked for it, once a day in the hour from 09:00, when requests wait', async () => {
    expect(await queueRequestsDigests(documents, NINE)).toBe(0);
    for (const uid of ['ada', 'bo']) {
      await addTestUser(documents, testPerson(uid), {}, T0);
      await requestMembership(documents, testPerson(uid), { note: '' }, uid === 'ada' ? new Date('2026-11-20T10:00:00Z') : T0);
    }
    expect(await queueRequestsDigests(documents, new Date('2026-11-24T07:59:00Z'))).toBe(0);
    expect(await queueRequestsDigests(documents, new Date('2026-11-24T09:00:00Z'))).toBe(0);
    expect(await queueRequestsDigests(documents, NINE)).toBe(2);
    expect(await queueRequestsDigests(documents, new Date(NINE.getTime() + 30 * 60_000))).toBe(0);
    expect((await digests()).map((mail) => [mail.id, mail.to, mail.locale, mail.params])).toEqual([
      ['digest-2026-11-24-admin', 'admin@example.org', 'en', { count: '2', oldest: '20 November 2026', link: '/admin/subscriptions?filter=pending' }],
      ['digest-2026-11-24-admin-de', 'admin-de@example.org', 'de', { count: '2', oldest: '20. November 2026', link: '/admin/subscriptions?filter=pending' }],
    ]);
    const transport = new RecordingTransport();
    await sendDueMail({ documents, transport, siteUrl: SITE }, NINE);
    const german = transport.sent.find((mail) => mail.to === 'admin-de@example.org')!;
    expect(german.subject).toBe('2 Mitgliedschaftsanträge warten');
    expect(german.text).toContain('der älteste seit 20. November 2026');
    expect(german.text).toContain('Jetzt entscheiden: https://nordlicht.example/de/admin/subscriptions?filter=pending');
    // The next morning, again.
    expect(await queueRequestsDigests(documents, new Date(NINE.getTime() + DAY))).toBe(2);
  });
});
