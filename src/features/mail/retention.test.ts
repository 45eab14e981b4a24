// The outbox forgets finished mails 30 days after they were written, and an announcement's figures
// survive it: counted from the mails kept and, for those forgotten, from the tally written in the
// same transaction as their deletion, so two sweeps at once, or one run twice, count each mail once.
import { beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import type { Locale } from '@/i18n/routing';
import { enqueueMail, Mail, type MailStatus } from './outbox';
import { announcementFigures, forgetMailOf, forgetOldMail, MAIL_KEPT_DAYS, MailTallies } from './retention';
import { isUndeliverable, markUndeliverable } from './addresses';

const NOW = new Date('2026-11-28T09:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

describe('keeping the outbox', () => {
  let documents: SqliteDocuments;
  let serial = 0;
  const mail = async (status: MailStatus, written: Date, extra: { notificationId?: string; locale?: Locale } = {}) => {
    const id = `mail-${(serial += 1)}`;
    await documents.runTransaction(async (tx) => {
      enqueueMail(
        tx,
        documents,
        { kind: extra.notificationId ? 'announcement' : 'membershipApproved', to: `person-${serial}@example.org`, uid: `person-${serial}`, locale: extra.locale ?? 'en', params: {}, notificationId: extra.notificationId ?? null },
        written,
        id,
      );
    });
    await documents.collection(Mail).doc(id).update({ status });
    return id;
  };
  const kept = async () => (await documents.collection(Mail).get()).map((entry) => entry.id).sort();

  beforeEach(() => {
    documents = new SqliteDocuments(':memory:');
    serial = 0;
  });

  it(`forgets finished mails ${MAIL_KEPT_DAYS} days after they were written, and nothing younger or still on its way`, async () => {
    const old = await mail('sent', ago(MAIL_KEPT_DAYS + 1));
    const refused = await mail('undeliverable', ago(40));
    const young = await mail('sent', ago(MAIL_KEPT_DAYS - 1));
    const waiting = await mail('pending', ago(MAIL_KEPT_DAYS + 1));
    expect(await forgetOldMail(documents, NOW)).toBe(2);
    expect(await kept()).toEqual([young, waiting].sort());
    expect(await kept()).not.toContain(old);
    expect(await kept()).not.toContain(refused);
  });

  it("keeps an announcement's figures when its mails are forgotten, per language, counted once however often it runs", async () => {
    const n = 'notification-1';
    for (let i = 0; i < 3; i++) await mail('sent', ago(45), { notificationId: n });
    await mail('sent', ago(45), { notificationId: n, locale: 'de' });
    await mail('suppressed', ago(45), { notificationId: n, locale: 'de' });
    await mail('undeliverable', ago(45), { notificationId: n });
    await mail('failed', ago(31), { notificationId: n, locale: 'de' });
    await mail('pending', ago(1), { notificationId: n });
    await mail('sent', ago(45), { notificationId: 'another' });
    const before = await announcementFigures(documents, n);
    expect(before.total).toEqual({ queued: 1, sent: 4, failed: 1, undeliverable: 1, suppressed: 1 });
    expect(before.byLanguage.de).toEqual({ queued: 0, sent: 1, failed: 1, undeliverable: 0, suppressed: 1 });

    // Two servers sweeping at once, then one again.
    await Promise.all([forgetOldMail(documents, NOW), forgetOldMail(documents, NOW)]);
    await forgetOldMail(documents, NOW);
    expect(await documents.collection(Mail).where('notificationId', '==', n).count()).toBe(1);
    expect(await announcementFigures(documents, n)).toEqual(before);
    expect((await documents.collection(MailTallies).doc(n).get()).data?.en).toEqual({ sent: 3, failed: 0, undeliverable: 1, suppressed: 0 });
    expect((await announcementFigures(documents, 'another')).total.sent).toBe(1);
  });

  it('works through more than one round of old mail', async () => {
    for (let i = 0; i < 230; i++) await mail('sent', ago(60), { notificationId: 'big' });
    expect(await forgetOldMail(documents, NOW)).toBe(230);
    expect(await documents.collection(Mail).count()).toBe(0);
    expect((await announcementFigures(documents, 'big')).total.sent).toBe(230);
  });

  it("forgets a deleted account's mails, waiting or kept, and its address's refusal, and still counts an announcement's", async () => {
    const uidOf = async (id: string) => (await documents.collection(Mail).doc(id).get()).data!.uid!;
    const waiting = await mail('pending', ago(0), { notificationId: 'n' });
    const gone = await uidOf(waiting);
    const sent = await mail('sent', ago(2));
    await documents.collection(Mail).doc(sent).update({ uid: gone });
    const others = await mail('pending', ago(0), { notificationId: 'n' });
    await markUndeliverable(documents, `${gone}@example.org`, '550 gone', NOW);
    expect(await forgetMailOf(documents, gone, `${gone}@example.org`)).toBe(2);
    expect(await kept()).toEqual([others]);
    expect(await isUndeliverable(documents, `${gone}@example.org`)).toBe(false);
    expect((await announcementFigures(documents, 'n')).total).toEqual({ queued: 1, sent: 0, failed: 0, undeliverable: 0, suppressed: 1 });
  });
});
