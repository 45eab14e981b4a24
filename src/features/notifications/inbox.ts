// A person's in-app copies of notifications: one document per notification and recipient
// (`inbox/{notificationId}_{uid}`, created once by the delivery), in the recipient's language,
// with its read state. The member reads them on /vip; the header shows the unread count.
import 'server-only';
import { z } from 'zod';
import { defineCollection, type Documents } from '@/server/documents/port';
import { DomainError } from '@/server/domain-error';
import { LOCALES } from '@/i18n/routing';
import type { Identity } from '@/access/identity';
import type { IdInput } from './notifications.inputs';

export const InboxDocument = z.object({
  notificationId: z.string(),
  uid: z.string(),
  lang: z.enum(LOCALES),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  at: z.date(),
  read: z.boolean(),
  readAt: z.date().nullable(),
  /** A test an admin sent to themselves: shown, never counted. */
  test: z.boolean().default(false),
});
export type InboxDocument = z.infer<typeof InboxDocument>;
export const Inbox = defineCollection('inbox', InboxDocument);

export const inboxId = (notificationId: string, uid: string) => `${notificationId}_${uid}`;

export const INBOX_PAGE_SIZE = 20;

export interface InboxEntry {
  id: string;
  title: string;
  body: string;
  link: string | null;
  at: Date;
  read: boolean;
}

export interface InboxPage {
  entries: InboxEntry[];
  unread: number;
  more: boolean;
}

/** The newest entries of the person's inbox and how many are unread. */
export async function inboxOf(documents: Documents, uid: string, limit = INBOX_PAGE_SIZE): Promise<InboxPage> {
  const [entries, unread] = await Promise.all([
    documents.collection(Inbox).where('uid', '==', uid).orderBy('at', 'desc').limit(limit + 1).get(),
    unreadCount(documents, uid),
  ]);
  return {
    entries: entries.slice(0, limit).map((entry) => ({ id: entry.id, title: entry.data.title, body: entry.data.body, link: entry.data.link, at: entry.data.at, read: entry.data.read })),
    unread,
    more: entries.length > limit,
  };
}

export function unreadCount(documents: Documents, uid: string): Promise<number> {
  return documents.collection(Inbox).where('uid', '==', uid).where('read', '==', false).count();
}

/** Marks one of the reader's entries read; another person's entry is "not found". */
export async function markRead(documents: Documents, reader: Identity, { id }: IdInput, now = new Date()) {
  const ref = documents.collection(Inbox).doc(id);
  const entry = (await ref.get()).data;
  if (!entry || entry.uid !== reader.uid) throw new DomainError('not-found', 'inboxEntryNotFound');
  if (!entry.read) await ref.update({ read: true, readAt: now });
}

/** Marks every unread entry of the reader read. */
export async function markAllRead(documents: Documents, reader: Identity, now = new Date()) {
  const unread = await documents.collection(Inbox).where('uid', '==', reader.uid).where('read', '==', false).get();
  for (let start = 0; start < unread.length; start += 400) {
    const batch = documents.batch();
    for (const entry of unread.slice(start, start + 400)) batch.update(documents.collection(Inbox).doc(entry.id), { read: true, readAt: now });
    await batch.commit();
  }
  return { marked: unread.length };
}
