// The mails of a membership (issue 44, decision 047). A change writes its mail in its own
// transaction (./memberships.ts): request received, approved, declined (a pending request
// cancelled), cancelled (an active one), ended (the sweep), each under an id made of the membership
// and the revision the change gave it. A revision is written once, so a transaction retried by the
// store, or a change tried again after its answer was lost, can never queue a second mail. The
// sweep also reminds a member 30 and 7 days before the end and sends the admins who asked for it a
// morning digest of the requests that wait, each once under an id that names what and when. Mail
// goes to the account's address now, in the language the person last used the app in.
import 'server-only';
import type { Documents, Transaction } from '@/server/documents/port';
import { Users, type UserDocument } from '@/features/identity/users';
import { enqueueMail, enqueueMailOnce, type MailKind } from '@/features/mail/outbox';
import { mailDate } from '@/features/mail/templates';
import { dateToWallTime, wallTimeToDate } from '@/features/events/venue-time';
import { DEFAULT_LOCALE, type Locale } from '@/i18n/routing';
import { Memberships, type MembershipAction, type MembershipDocument } from './membership-rules';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The hour at the venue from which mail nobody is waiting for goes out: reminders, digests, an end. */
export const MORNING_HOUR = 9;

/** Days before the end a member is reminded, furthest first. */
export const REMINDER_DAYS = [30, 7] as const;
export type ReminderDays = (typeof REMINDER_DAYS)[number];

interface Recipient {
  uid: string;
  email: string;
  name: string;
  locale: Locale;
}

/** Who a membership's mail goes to: the account as it is now (an address changed since the request counts), or nobody without one. */
function recipientOf(uid: string, user: UserDocument | undefined): Recipient | null {
  if (!user?.email) return null;
  return { uid, email: user.email, name: user.displayName ?? user.email.split('@')[0]!, locale: user.locale ?? DEFAULT_LOCALE };
}

/** The last day a membership admits its holder (its end is the first moment after it), as the VIP home shows it. */
function lastDay(validUntil: Date | null): Date {
  return new Date((validUntil?.getTime() ?? 0) - 1);
}

/** `now`, or 09:00 at the venue on the same day while its clock reads earlier. */
export function venueMorning(now: Date): Date {
  const wall = dateToWallTime(now);
  if (Number(wall.slice(11, 13)) >= MORNING_HOUR) return now;
  return wallTimeToDate(`${wall.slice(0, 10)}T${String(MORNING_HOUR).padStart(2, '0')}:00`)!;
}

type ChangeMailKind = Extract<MailKind, 'membershipRequested' | 'membershipApproved' | 'membershipDeclined' | 'membershipCancelled' | 'membershipEnded'>;

const ID_PREFIX: Record<ChangeMailKind, string> = {
  membershipRequested: 'membership-requested',
  membershipApproved: 'membership-approved',
  membershipDeclined: 'membership-declined',
  membershipCancelled: 'membership-cancelled',
  membershipEnded: 'membership-ended',
};

/** The id of the mail a change sends: one per membership and revision. */
export function changeMailId(kind: ChangeMailKind, membershipId: string, revision: number): string {
  return `${ID_PREFIX[kind]}-${membershipId}-${revision}`;
}

/** The id of a reminder: once per membership, end and distance from it (an extended end is reminded of again). */
export function reminderMailId(membershipId: string, validUntil: Date, days: ReminderDays): string {
  return `membership-ending-${membershipId}-${validUntil.getTime()}-${days}`;
}

/** The id of an admin's digest: once per admin and day at the venue. */
export function digestMailId(day: string, uid: string): string {
  return `digest-${day}-${uid}`;
}

/** What a change tells the person, or nothing (a withdrawal is their own doing; an extension shows in the app). */
function changeMail(action: MembershipAction, before: MembershipDocument | null, after: MembershipDocument, locale: Locale): { kind: ChangeMailKind; params: Record<string, string> } | null {
  switch (action) {
    case 'requested':
      return { kind: 'membershipRequested', params: { link: '/vip' } };
    case 'approved':
      return { kind: 'membershipApproved', params: { until: mailDate(lastDay(after.validUntil), locale), link: '/vip' } };
    case 'cancelled':
      // Cancelling a request that waited is declining it; the reason is the admin's words either way.
      return before?.status === 'pending'
        ? { kind: 'membershipDeclined', params: { reason: after.note ?? '', link: '/' } }
        : { kind: 'membershipCancelled', params: { reason: after.note ?? '', link: '/' } };
    case 'expired':
      return { kind: 'membershipEnded', params: { until: mailDate(lastDay(after.validUntil), locale), link: '/vip' } };
    default:
      return null;
  }
}

export interface ChangeMail {
  membershipId: string;
  action: MembershipAction;
  /** The membership before the change (null for a new request) and after it. */
  before: MembershipDocument | null;
  after: MembershipDocument;
  /** The holder's document as the change's transaction read it. */
  user: UserDocument | undefined;
}

/**
 * Queues the mail a change sends, in the change's transaction. The sweep's "ended" waits for the
 * venue's morning (nobody is waiting for it at midnight, when memberships run out); a decision an
 * admin makes goes at once.
 */
export function queueChangeMail(tx: Transaction, documents: Documents, change: ChangeMail, now: Date): void {
  const to = recipientOf(change.after.uid, change.user);
  if (!to) return;
  const mail = changeMail(change.action, change.before, change.after, to.locale);
  if (!mail) return;
  enqueueMail(
    tx,
    documents,
    {
      kind: mail.kind,
      to: to.email,
      uid: to.uid,
      locale: to.locale,
      params: { name: to.name, ...mail.params },
      notBefore: change.action === 'expired' ? venueMorning(now) : undefined,
    },
    now,
    changeMailId(mail.kind, change.membershipId, change.after.revision),
  );
}

/**
 * The reminder a membership is due at `now`: the nearest distance (30 or 7 days) its end has come
 * within, provided the end was set before it came that near. A member approved for three weeks
 * knew the end when told, so gets no "30 days" mail; a sweep that missed the 30-day mark (a server
 * down for a week) sends the 7-day one, never an outdated 30-day one.
 */
export function dueReminder(membership: Pick<MembershipDocument, 'status' | 'validUntil' | 'decidedAt' | 'validFrom'>, now: Date): ReminderDays | null {
  if (membership.status !== 'active' || !membership.validUntil) return null;
  const left = membership.validUntil.getTime() - now.getTime();
  if (left <= 0) return null;
  const nearest = [...REMINDER_DAYS].reverse().find((days) => left <= days * DAY_MS);
  if (!nearest) return null;
  const endSetAt = (membership.decidedAt ?? membership.validFrom ?? now).getTime();
  return endSetAt <= membership.validUntil.getTime() - nearest * DAY_MS ? nearest : null;
}

/**
 * Queues the reminders due now, from the venue's morning on (reminders are written when they may
 * go, so one never names an end an admin changed since). Once per membership, end and distance,
 * whichever server's sweep finds it first. Returns how many it queued.
 */
export async function remindEndingMemberships(documents: Documents, now: Date): Promise<number> {
  if (venueMorning(now).getTime() !== now.getTime()) return 0;
  const horizon = new Date(now.getTime() + REMINDER_DAYS[0] * DAY_MS);
  const ending = await documents.collection(Memberships).where('status', '==', 'active').where('validUntil', '>', now).where('validUntil', '<=', horizon).get();
  let queued = 0;
  for (const { id, data: membership } of ending) {
    const days = dueReminder(membership, now);
    if (!days) continue;
    const user = (await documents.collection(Users).doc(membership.uid).get()).data;
    const to = user && !user.disabled ? recipientOf(membership.uid, user) : null;
    if (!to) continue;
    // A membership given ahead (next season's) carries the person past this end: nothing ends for them.
    const theirs = await documents.collection(Memberships).where('uid', '==', membership.uid).where('status', '==', 'active').get();
    if (theirs.some((other) => other.id !== id && (other.data.validUntil?.getTime() ?? 0) > membership.validUntil!.getTime())) continue;
    const request = {
      kind: 'membershipEnding' as const,
      to: to.email,
      uid: to.uid,
      locale: to.locale,
      params: {
        name: to.name,
        until: mailDate(lastDay(membership.validUntil), to.locale),
        days: String(Math.max(1, Math.ceil((membership.validUntil!.getTime() - now.getTime()) / DAY_MS))),
        link: '/vip',
      },
    };
    if (await enqueueMailOnce(documents, request, reminderMailId(id, membership.validUntil!, days), now)) queued++;
  }
  return queued;
}

/** Where the digest's button leads: the requests, oldest first. */
export const DIGEST_LINK = '/admin/subscriptions?filter=pending';

/**
 * The admins' morning digest: in the hour from 09:00 at the venue, each admin who asked for it
 * (`users.mail.digest`) gets one mail a day naming how many requests wait and since when the
 * oldest, when any wait. A request made later in the day is in the next morning's digest. Returns
 * how many it queued.
 */
export async function queueRequestsDigests(documents: Documents, now: Date): Promise<number> {
  const wall = dateToWallTime(now);
  if (Number(wall.slice(11, 13)) !== MORNING_HOUR) return 0;
  const pending = documents.collection(Memberships).where('status', '==', 'pending');
  const [count, [oldest]] = await Promise.all([pending.count(), pending.orderBy('queue', 'asc').limit(1).get()]);
  if (count === 0 || !oldest) return 0;
  const admins = await documents.collection(Users).where('role', '==', 'admin').get();
  let queued = 0;
  for (const { id: uid, data: user } of admins) {
    if (user.disabled || !user.mail?.digest) continue;
    const to = recipientOf(uid, user);
    if (!to) continue;
    const request = {
      kind: 'requestsDigest' as const,
      to: to.email,
      uid,
      locale: to.locale,
      params: { count: String(count), oldest: mailDate(oldest.data.requestedAt, to.locale), link: DIGEST_LINK },
    };
    if (await enqueueMailOnce(documents, request, digestMailId(wall.slice(0, 10), uid), now)) queued++;
  }
  return queued;
}
