// How long the outbox keeps a mail, and what an announcement's figures are counted from. A mail's
// document holds an address and what the mail said, so it goes 30 days after it was written once
// it is finished (sent, given up, refused, or not sent because the person opted out meanwhile):
// long enough to answer "did my mail go out?", short enough that the outbox is no address book.
// An announcement's outcome is what its notification's figures count, so before its mails go their
// outcomes are added to `mailTallies/{notificationId}` in the same transaction as the deletes: the
// figures stay, the addresses do not, and a sweep that dies half-way (or two servers sweeping at
// once) counts each mail once. Figures are counted, not written twice (decision 024): the
// mails still kept by count queries, the forgotten ones from the tally.
import 'server-only';
import { z } from 'zod';
import { defineCollection, type Documents } from '@/server/documents/port';
import { LOCALES, type Locale } from '@/i18n/routing';
import { MAIL_KEPT_DAYS } from '@/features/privacy/mailed';
import { Mail, type MailStatus } from './outbox';
import { clearUndeliverable } from './addresses';

/** Days a finished mail's document is kept after it was written: the privacy notice's figure. */
export { MAIL_KEPT_DAYS };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The states a mail does not leave: the sender is done with it. */
export const FINISHED_STATUSES = ['sent', 'failed', 'undeliverable', 'suppressed'] as const satisfies readonly MailStatus[];
type Finished = (typeof FINISHED_STATUSES)[number];

const Tally = z.object(Object.fromEntries(FINISHED_STATUSES.map((status) => [status, z.number().int().nonnegative()])) as Record<Finished, z.ZodNumber>);
type Tally = z.infer<typeof Tally>;
const emptyTally = (): Tally => ({ sent: 0, failed: 0, undeliverable: 0, suppressed: 0 });

/** The outcomes of an announcement's mails whose documents are gone, per language. */
export const MailTallies = defineCollection('mailTallies', z.object(Object.fromEntries(LOCALES.map((locale) => [locale, Tally])) as Record<Locale, typeof Tally>));

/** What came of an announcement's mails so far: waiting to be sent (or being sent), and each end. */
export interface MailCounts extends Tally {
  queued: number;
}
export interface MailFigures {
  total: MailCounts;
  byLanguage: Record<Locale, MailCounts>;
}

const emptyCounts = (): MailCounts => ({ queued: 0, ...emptyTally() });

/** An announcement's mail figures: count queries over the mails kept, plus the tally of those forgotten. */
export async function announcementFigures(documents: Documents, notificationId: string): Promise<MailFigures> {
  const mails = documents.collection(Mail).where('notificationId', '==', notificationId);
  const waiting = ['pending', 'sending'] as const;
  const [tally, ...counts] = await Promise.all([
    documents.collection(MailTallies).doc(notificationId).get(),
    ...LOCALES.flatMap((locale) => [...waiting, ...FINISHED_STATUSES].map((status) => mails.where('locale', '==', locale).where('status', '==', status).count())),
  ]);
  const perLocale = waiting.length + FINISHED_STATUSES.length;
  const byLanguage = Object.fromEntries(
    LOCALES.map((locale, index) => {
      const [pending, sending, ...finished] = counts.slice(index * perLocale, (index + 1) * perLocale) as number[];
      const kept = tally.data?.[locale] ?? emptyTally();
      const ends = Object.fromEntries(FINISHED_STATUSES.map((status, at) => [status, finished[at]! + kept[status]])) as Tally;
      return [locale, { queued: pending! + sending!, ...ends }];
    }),
  ) as Record<Locale, MailCounts>;
  const total = emptyCounts();
  for (const locale of LOCALES) for (const key of Object.keys(total) as (keyof MailCounts)[]) total[key] += byLanguage[locale][key];
  return { total, byLanguage };
}

/** Finished mails looked at per round of the sweep (an announcement's are deleted in one transaction). */
const SWEEP_BATCH = 200;

/**
 * Deletes the finished mails written more than MAIL_KEPT_DAYS ago, an announcement's after adding
 * their outcomes to its tally; returns how many went.
 */
export async function forgetOldMail(documents: Documents, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - MAIL_KEPT_DAYS * DAY_MS);
  let forgotten = 0;
  for (;;) {
    const old = await documents.collection(Mail).where('status', 'in', [...FINISHED_STATUSES]).where('createdAt', '<', cutoff).orderBy('createdAt').limit(SWEEP_BATCH).get();
    if (old.length === 0) break;
    const byNotification = new Map<string | null, string[]>();
    for (const mail of old) {
      const key = mail.data.notificationId ?? null;
      byNotification.set(key, [...(byNotification.get(key) ?? []), mail.id]);
    }
    for (const [notificationId, ids] of byNotification) {
      forgotten += notificationId === null ? await deleteMails(documents, ids) : await tallyAndDelete(documents, notificationId, ids);
    }
    if (old.length < SWEEP_BATCH) break;
  }
  return forgotten;
}

async function deleteMails(documents: Documents, ids: string[]): Promise<number> {
  const batch = documents.batch();
  for (const id of ids) batch.delete(documents.collection(Mail).doc(id));
  await batch.commit();
  return ids.length;
}

/**
 * A deleted account's mails: none waiting is sent any more (an announcement's counts as not sent,
 * its finished ones as what came of them), and its address's refusal record goes too.
 */
export async function forgetMailOf(documents: Documents, uid: string, email: string | null): Promise<number> {
  const mails = await documents.collection(Mail).where('uid', '==', uid).get();
  const byNotification = new Map<string | null, string[]>();
  for (const mail of mails) {
    const key = mail.data.notificationId ?? null;
    byNotification.set(key, [...(byNotification.get(key) ?? []), mail.id]);
  }
  let forgotten = 0;
  for (const [notificationId, ids] of byNotification) {
    for (let start = 0; start < ids.length; start += SWEEP_BATCH) {
      const slice = ids.slice(start, start + SWEEP_BATCH);
      forgotten += notificationId === null ? await deleteMails(documents, slice) : await tallyAndDelete(documents, notificationId, slice, 'suppressed');
    }
  }
  if (email) await clearUndeliverable(documents, email);
  return forgotten;
}

async function tallyAndDelete(documents: Documents, notificationId: string, ids: string[], waitingAs?: 'suppressed'): Promise<number> {
  const tallyRef = documents.collection(MailTallies).doc(notificationId);
  return documents.runTransaction(async (tx) => {
    const current = (await tx.get(tallyRef)).data;
    const tally = Object.fromEntries(LOCALES.map((locale) => [locale, { ...(current?.[locale] ?? emptyTally()) }])) as Record<Locale, Tally>;
    const mails = await Promise.all(ids.map(async (id) => ({ id, data: (await tx.get(documents.collection(Mail).doc(id))).data })));
    let counted = 0;
    for (const { id, data } of mails) {
      // Gone already (another server's sweep), or not finished after all: neither counted nor deleted here.
      const status = data && ((FINISHED_STATUSES as readonly string[]).includes(data.status) ? (data.status as Finished) : waitingAs);
      if (!data || !status) continue;
      tally[data.locale][status] += 1;
      tx.delete(documents.collection(Mail).doc(id));
      counted += 1;
    }
    if (counted > 0) tx.set(tallyRef, tally);
    return counted;
  });
}
