// mail/{id}: the outbox (decision 047). A mail is a document written in the same transaction as
// the change that causes it (an approval writes its mail), so a change is never without its mail
// and a mail never without its change, whatever crashes when. The sender (sender.ts) takes it from
// there: leased, sent, retried with backoff, given up after a day, or stopped for good by an address
// that refuses mail. Nothing in a mail is rendered until it is sent: the document holds the kind,
// the language and the values the text names.
import 'server-only';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { defineCollection, isDocumentsError, type Documents, type Transaction } from '@/server/documents/port';
import { LOCALES, type Locale } from '@/i18n/routing';
import { mailIsOn } from '@/server/mail/mail';

/** What a mail is about; each has its words in the Mail messages of both languages. */
export const MAIL_KINDS = [
  'signInLink',
  'confirmAddress',
  'passwordReset',
  'membershipRequested',
  'membershipApproved',
  'membershipDeclined',
  'membershipCancelled',
  'membershipEnding',
  'membershipEnded',
  'requestsDigest',
  'announcement',
  'publicTicket',
  'guestListTicket',
  'waitlistOffer',
  'guestTicket',
  'ticketCancelled',
  'nightSummary',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * Service mails go to everyone who is part of the venue's business with them (sign-in, membership,
 * tickets); announcements only to those who asked for them, each with a one-click unsubscribe.
 */
export const MAIL_CATEGORIES = ['service', 'announcement'] as const;
export type MailCategory = (typeof MAIL_CATEGORIES)[number];

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'undeliverable', 'suppressed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** Values a mail's text names (a name, a date, a link's path): strings only, rendered at send time. */
export const MailParams = z.record(z.string().max(60), z.string().max(4000));
export type MailParams = z.infer<typeof MailParams>;

/**
 * A picture the mail shows inline (the night's arrivals chart), kept in the mail's document as
 * base64. Kept rather than drawn again at send time: the picture then shows the same night as the
 * figures in `params`, written in the same moment, a retry sends the same mail, and the sender
 * stays below the features whose pictures it carries (it reads no scans). A chart is a few kB;
 * the bound keeps a document far below Firestore's 1 MiB.
 */
export const MailImage = z.object({
  cid: z.string().regex(/^[\w.-]{1,60}@[\w.-]{1,100}$/),
  filename: z.string().max(100),
  contentType: z.literal('image/png'),
  content: z.string().max(300_000),
  /** The picture in words, for readers who do not see it (and mail programs that block pictures). */
  alt: z.string().max(2000),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type MailImage = z.infer<typeof MailImage>;

export const MailDocument = z.object({
  kind: z.enum(MAIL_KINDS),
  category: z.enum(MAIL_CATEGORIES),
  to: z.string(),
  /** The address's key (a hash of it in lower case): what the per-address limit and refusals look up. */
  toKey: z.string(),
  /** The account it is for, where there is one (a sign-in link may go to an address with none yet). */
  uid: z.string().nullable(),
  locale: z.enum(LOCALES),
  params: MailParams,
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int().nonnegative(),
  /** When the sender may try (again); the queue's order. */
  nextAttemptAt: z.date(),
  createdAt: z.date(),
  sentAt: z.date().nullable(),
  lastError: z.string().nullable(),
  /** The server sending it now, and until when (a server that dies mid-send leaves it to the next). */
  leaseHolder: z.string().nullable(),
  leaseUntil: z.date().nullable(),
  /** The notification an announcement belongs to, for its figures. */
  notificationId: z.string().nullable().optional(),
  /** Pictures shown inline in its HTML; absent on most kinds. */
  images: z.array(MailImage).max(4).optional(),
});
export type MailDocument = z.infer<typeof MailDocument>;

export const Mail = defineCollection('mail', MailDocument);

/** What a caller asks to mail; everything else the outbox fills in. */
export interface MailRequest {
  kind: MailKind;
  to: string;
  uid: string | null;
  locale: Locale;
  params?: MailParams;
  category?: MailCategory;
  notificationId?: string | null;
  /** Not before this time (a reminder at the venue's morning); default: at once. */
  notBefore?: Date;
  images?: MailImage[];
}

/** The key of an address: the same for any spelling of its case, never the address itself. */
export function addressKey(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase()).digest('base64url').slice(0, 32);
}

function mailDocument(request: MailRequest, now: Date): MailDocument {
  return {
    kind: request.kind,
    category: request.category ?? (request.kind === 'announcement' ? 'announcement' : 'service'),
    to: request.to.trim(),
    toKey: addressKey(request.to),
    uid: request.uid,
    locale: request.locale,
    params: request.params ?? {},
    status: 'pending',
    attempts: 0,
    nextAttemptAt: request.notBefore ?? now,
    createdAt: now,
    sentAt: null,
    lastError: null,
    leaseHolder: null,
    leaseUntil: null,
    notificationId: request.notificationId ?? null,
    ...(request.images?.length ? { images: request.images } : {}),
  };
}

/**
 * Queues a mail in the caller's transaction, under `id` where the cause names one (the change it
 * reports: the same cause never mails twice). A server without mail queues nothing.
 */
export function enqueueMail(tx: Transaction, documents: Documents, request: MailRequest, now: Date, id?: string): void {
  if (!mailIsOn()) return;
  const ref = id ? documents.collection(Mail).doc(id) : documents.collection(Mail).doc();
  tx.create(ref, mailDocument(request, now));
}

/**
 * Queues a mail on its own, once per `id` (a reminder the sweep finds again in its next round, a
 * link asked for twice with the same id): true when this call queued it.
 */
export async function enqueueMailOnce(documents: Documents, request: MailRequest, id: string, now: Date): Promise<boolean> {
  if (!mailIsOn()) return false;
  try {
    await documents.collection(Mail).doc(id).create(mailDocument(request, now));
    return true;
  } catch (error) {
    if (isDocumentsError(error, 'already-exists')) return false;
    throw error;
  }
}

/** Queues mails in batches of their own (announcements to many), each under its id, skipping those queued already. */
export async function enqueueMails(documents: Documents, requests: readonly { request: MailRequest; id: string }[], now: Date): Promise<number> {
  if (!mailIsOn()) return 0;
  let queued = 0;
  for (let start = 0; start < requests.length; start += MAIL_BATCH) {
    const slice = requests.slice(start, start + MAIL_BATCH);
    const existing = await Promise.all(slice.map(({ id }) => documents.collection(Mail).doc(id).get()));
    const batch = documents.batch();
    slice.forEach(({ request, id }, index) => {
      if (existing[index]!.exists) return;
      batch.create(documents.collection(Mail).doc(id), mailDocument(request, now));
      queued += 1;
    });
    await batch.commit();
  }
  return queued;
}

/** Mails written in one batch (Firestore allows 500 writes). */
const MAIL_BATCH = 400;
