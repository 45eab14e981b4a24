// Notifications admins write to members and guests: composed in both languages, kept as drafts,
// scheduled for a time at the venue or sent now, then delivered by ./delivery.ts to an in-app
// inbox (always) and as push messages (to each device that allowed them). The state machine:
// draft -> scheduled -> sending -> sent | failed; a scheduled one can go back to draft (cancel),
// a failed one can be sent again (its delivery resumes where it stopped). Cancelling a schedule
// and deleting a draft are written to the author's audit log with who did it, as removing an
// image is to its uploader's.
import 'server-only';
import { z } from 'zod';
import { defineCollection, serverTimestamp, type Documents, type Transaction } from '@/server/documents/port';
import { DomainError } from '@/server/domain-error';
import { pageAfter } from '@/server/documents/paging';
import { LOCALES, localized, type Locale } from '@/i18n/routing';
import type { Identity } from '@/access/identity';
import { matchRoute } from '@/navigation/routes';
import { AuditLog, type AuditAction } from '@/features/identity/audit';
import { wallTimeToDate, dateToWallTime } from '@/features/events/venue-time';
import { Inbox } from './inbox';
import { Audience, type IdInput, type NotificationListInput, type SaveInput, type ScheduleInput } from './notifications.inputs';

import { AUDIENCE_KIND_NAMES, BODY_LIMIT, EMAIL_CHANNELS, NOTIFICATION_STATUS_NAMES, TITLE_LIMIT, type EmailChannel } from './constants';

export const NOTIFICATION_STATUSES = NOTIFICATION_STATUS_NAMES;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export const TITLE_MAX = TITLE_LIMIT;
export const BODY_MAX = BODY_LIMIT;

const Localized = (max: number) => z.object(Object.fromEntries(LOCALES.map((locale) => [locale, z.string().max(max)])) as Record<Locale, z.ZodString>);

export const AUDIENCE_KINDS = AUDIENCE_KIND_NAMES;

/** Delivery figures of one language. */
export const LanguageFigures = z.object({ recipients: z.number().int(), pushSent: z.number().int(), pushFailed: z.number().int(), removed: z.number().int() });
export type LanguageFigures = z.infer<typeof LanguageFigures>;
export const emptyFigures = (): LanguageFigures => ({ recipients: 0, pushSent: 0, pushFailed: 0, removed: 0 });

export const NotificationDocument = z.object({
  title: Localized(TITLE_MAX),
  body: Localized(BODY_MAX),
  /** A path of this site the message opens, or null. */
  link: z.string().nullable(),
  audience: Audience,
  /** The audience's kind again at the top level, so the lounge can ask for members' ones. */
  audienceKind: z.enum(AUDIENCE_KINDS),
  /** Who of the audience also gets it by e-mail; notifications written before there was mail: nobody. */
  email: z.enum(EMAIL_CHANNELS).default('off'),
  status: z.enum(NOTIFICATION_STATUSES),
  scheduledAt: z.date().nullable(),
  startedAt: z.date().nullable(),
  sentAt: z.date().nullable(),
  failure: z.string().nullable(),
  /** The server delivering it, until when; another server takes over only after that. */
  lease: z.object({ holder: z.string(), until: z.date() }).nullable(),
  /** Set when sending starts: how many chunks of recipients ./delivery.ts wrote. */
  chunks: z.number().int().nullable(),
  recipients: z.number().int().nullable(),
  createdBy: z.string(),
  createdAt: z.date(),
  updatedAt: z.date(),
  /** Who sent or scheduled it last. */
  sentBy: z.object({ uid: z.string(), name: z.string().nullable() }).nullable(),
});
export type NotificationDocument = z.infer<typeof NotificationDocument>;
export const Notifications = defineCollection('notifications', NotificationDocument);

// ---- what admins send ----

/** Whether a link is a page of this site (`/events/winter-ball`, `/vip`), by the route table. */
export function isSiteLink(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') && matchRoute(value.split(/[?#]/)[0]!) !== undefined;
}
/** A message must say something in both languages before it may go out. */
function assertComplete(notification: Pick<NotificationDocument, 'title' | 'body'>) {
  for (const locale of LOCALES) {
    if (!notification.title[locale].trim()) throw new DomainError('invalid', 'notificationTitleMissing', {}, { field: `title.${locale}` });
    if (!notification.body[locale].trim()) throw new DomainError('invalid', 'notificationBodyMissing', {}, { field: `body.${locale}` });
  }
}

/** Creates a draft, or changes a draft or scheduled one; returns its id. */
export async function saveNotification(documents: Documents, actor: Identity, { id, notification }: SaveInput, now = new Date()): Promise<string> {
  if (notification.link && !isSiteLink(notification.link)) throw new DomainError('invalid', 'notificationLinkUnknown', {}, { field: 'link' });
  const fields = {
    title: notification.title,
    body: notification.body,
    link: notification.link || null,
    audience: notification.audience,
    audienceKind: notification.audience.kind,
    email: notification.email ?? 'off',
    updatedAt: now,
  };
  if (id === null) {
    const ref = documents.collection(Notifications).doc();
    await ref.create({ ...fields, status: 'draft', scheduledAt: null, startedAt: null, sentAt: null, failure: null, lease: null, chunks: null, recipients: null, createdBy: actor.uid, createdAt: now, sentBy: null });
    return ref.id;
  }
  await documents.runTransaction(async (tx) => {
    const ref = documents.collection(Notifications).doc(id);
    const current = (await tx.get(ref)).data;
    if (!current) throw new DomainError('not-found', 'notificationNotFound');
    if (current.status !== 'draft' && current.status !== 'scheduled') throw new DomainError('conflict', 'notificationNotEditable');
    if (current.status === 'scheduled') assertComplete(fields);
    tx.update(ref, fields);
  });
  return id;
}

/** Schedules a notification for a time at the venue; a time already past sends it at once. */
export async function scheduleNotification(documents: Documents, actor: Identity, input: ScheduleInput, now = new Date()) {
  const at = wallTimeToDate(input.at);
  if (!at) throw new DomainError('invalid', 'invalidTime', {}, { field: 'at' });
  return queue(documents, actor, input.id, at < now ? now : at, now);
}

/** Sends now: the scheduler (or the caller's server, at once) picks it up. */
export function sendNotificationNow(documents: Documents, actor: Identity, { id }: IdInput, now = new Date()) {
  return queue(documents, actor, id, now, now);
}

async function queue(documents: Documents, actor: Identity, id: string, at: Date, now: Date) {
  await documents.runTransaction(async (tx) => {
    const ref = documents.collection(Notifications).doc(id);
    const current = (await tx.get(ref)).data;
    if (!current) throw new DomainError('not-found', 'notificationNotFound');
    // A failed one goes again: its delivery resumes, and nobody reached gets a second copy.
    if (!['draft', 'scheduled', 'failed'].includes(current.status)) throw new DomainError('conflict', 'notificationNotEditable');
    assertComplete(current);
    tx.update(ref, { status: 'scheduled', scheduledAt: at, failure: null, updatedAt: now, sentBy: { uid: actor.uid, name: actor.displayName ?? actor.email } });
  });
}

/** A scheduled notification goes back to being a draft. */
export async function cancelScheduled(documents: Documents, actor: Identity, { id }: IdInput, now = new Date()) {
  await documents.runTransaction(async (tx) => {
    const ref = documents.collection(Notifications).doc(id);
    const current = (await tx.get(ref)).data;
    if (!current) throw new DomainError('not-found', 'notificationNotFound');
    if (current.status !== 'scheduled') throw new DomainError('conflict', 'notificationNotScheduled');
    tx.update(ref, { status: 'draft', scheduledAt: null, updatedAt: now });
    audit(tx, documents, actor, current, 'notificationCancelled');
  });
}

/** Deletes a draft (nothing was sent). */
export async function deleteDraft(documents: Documents, actor: Identity, { id }: IdInput) {
  await documents.runTransaction(async (tx) => {
    const ref = documents.collection(Notifications).doc(id);
    const current = (await tx.get(ref)).data;
    if (!current) throw new DomainError('not-found', 'notificationNotFound');
    if (current.status !== 'draft') throw new DomainError('conflict', 'notificationNotDraft');
    tx.delete(ref);
    audit(tx, documents, actor, current, 'notificationDeleted');
  });
}

/** Who undid an author's work, on the author's account (identity/audit.ts), in the change's own transaction. */
function audit(tx: Transaction, documents: Documents, actor: Identity, notification: NotificationDocument, action: AuditAction & `notification${string}`) {
  tx.create(documents.collection(AuditLog).doc(), {
    targetUid: notification.createdBy,
    actorUid: actor.uid,
    actorName: actor.displayName ?? actor.email,
    action,
    fromRole: null,
    toRole: null,
    imageId: null,
    membershipId: null,
    at: serverTimestamp(),
  });
}

// ---- what admins see ----

export const NOTIFICATION_PAGE_SIZE = 25;

export interface NotificationSummary {
  id: string;
  title: NotificationDocument['title'];
  status: NotificationStatus;
  audience: Audience;
  email: EmailChannel;
  scheduledAt: Date | null;
  sentAt: Date | null;
  createdAt: Date;
  recipients: number | null;
  failure: string | null;
  /** Once sending started: in-app copies delivered and read so far. */
  delivered: { inApp: number; read: number } | null;
}

function summary(id: string, data: NotificationDocument): NotificationSummary {
  return { id, title: data.title, status: data.status, audience: data.audience, email: data.email, scheduledAt: data.scheduledAt, sentAt: data.sentAt, createdAt: data.createdAt, recipients: data.recipients, failure: data.failure, delivered: null };
}

/** The in-app copies of a notification and how many were read: two counts, no documents read. */
async function delivered(documents: Documents, id: string) {
  const copies = documents.collection(Inbox).where('notificationId', '==', id);
  const [inApp, read] = await Promise.all([copies.count(), copies.where('read', '==', true).count()]);
  return { inApp, read };
}

/** Newest first, by status, paged like the other admin lists. */
export async function listNotifications(documents: Documents, input: NotificationListInput) {
  const collection = documents.collection(Notifications);
  const query = input.filter === 'all' ? collection.orderBy('createdAt', 'desc') : collection.where('status', '==', input.filter).orderBy('createdAt', 'desc');
  const page = await pageAfter(collection, query, input.cursor, NOTIFICATION_PAGE_SIZE);
  const notifications = await Promise.all(
    page.items.map(async (item) => ({ ...summary(item.id, item.data), delivered: item.data.recipients === null ? null : await delivered(documents, item.id) })),
  );
  return { notifications, nextCursor: page.nextCursor };
}

export interface NotificationForEditor extends NotificationSummary {
  body: NotificationDocument['body'];
  link: string | null;
  /** The scheduled time as the venue's wall clock, for the form. */
  scheduledWallTime: string | null;
  sentBy: NotificationDocument['sentBy'];
  startedAt: Date | null;
}

export async function getNotification(documents: Documents, { id }: IdInput): Promise<NotificationForEditor> {
  const data = (await documents.collection(Notifications).doc(id).get()).data;
  if (!data) throw new DomainError('not-found', 'notificationNotFound');
  return { ...summary(id, data), body: data.body, link: data.link, scheduledWallTime: data.scheduledAt ? dateToWallTime(data.scheduledAt) : null, sentBy: data.sentBy, startedAt: data.startedAt };
}

export interface Announcement {
  id: string;
  title: string;
  body: string;
  link: string | null;
  at: Date;
}

/** The lounge's announcements: the latest notifications sent to members, in the reader's language. */
export async function announcements(documents: Documents, locale: Locale, limit = 10): Promise<Announcement[]> {
  const sent = await documents.collection(Notifications).where('audienceKind', '==', 'members').where('status', '==', 'sent').orderBy('sentAt', 'desc').limit(limit).get();
  return sent.map((entry) => ({
    id: entry.id,
    title: localized(entry.data.title, locale),
    body: localized(entry.data.body, locale),
    link: entry.data.link,
    at: entry.data.sentAt!,
  }));
}
