// subscriptions/{id}: a VIP membership, from the request to its end, with the history of every
// change, and the rules of its state. The rules are pure and load no server-only module, so the
// browser's screens use them too: which change applies to which state, and the one answer to "is
// this membership active right now?" that the page guard, the procedures and the door share. The
// changes themselves, with their checks and writes, are in ./memberships.ts.
import { z } from 'zod';
import { defineCollection } from '@/server/documents/port';
import { VENUE_TIME_ZONE } from '@/i18n/routing';
import { dateToWallTime, wallTimeToDate } from '@/features/events/venue-time';
import { isStaffRole, type Role } from '@/access/roles';
import { withinValidity } from '@/features/identity/membership-window';

export const MEMBERSHIP_STATUSES = ['pending', 'active', 'cancelled', 'expired'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** The one plan the venue sells: VIP for a season. Kept as a field so others can follow. */
export const MEMBERSHIP_PLANS = ['season'] as const;

export const MEMBERSHIP_ACTIONS = ['requested', 'withdrawn', 'approved', 'extended', 'cancelled', 'expired'] as const;
export type MembershipAction = (typeof MEMBERSHIP_ACTIONS)[number];

export const NOTE_MAX = 500;

/** Guests a member may bring in a season unless an admin says otherwise (the clubs' "12 a year"). */
export const GUESTS_PER_SEASON = 12;
/** The most an admin may give: a guest at every night of a busy season. */
export const GUESTS_PER_SEASON_MAX = 200;

export const MembershipHistoryEntry = z.object({
  action: z.enum(MEMBERSHIP_ACTIONS),
  at: z.date(),
  /** Who did it; null for the expiry sweep. */
  actorUid: z.string().nullable(),
  actorName: z.string().nullable(),
  /** The end of validity this change set, where it set one. */
  validUntil: z.date().nullable(),
  note: z.string().max(NOTE_MAX).nullable(),
});
export type MembershipHistoryEntry = z.infer<typeof MembershipHistoryEntry>;

export const MembershipDocument = z.object({
  uid: z.string(),
  /** Copied from the person's account when requested, for the admin list and its search. */
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  searchTerms: z.array(z.string()),
  plan: z.enum(MEMBERSHIP_PLANS),
  status: z.enum(MEMBERSHIP_STATUSES),
  requestedAt: z.date(),
  validFrom: z.date().nullable(),
  validUntil: z.date().nullable(),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.date().nullable(),
  /** The latest note: the request's message, an admin's remark, or the reason of a cancellation. */
  note: z.string().max(NOTE_MAX).nullable(),
  /** Bumped by every change: a decision made on an older view is refused, not applied. */
  revision: z.number().int().nonnegative(),
  /** Sort key of the admin list: pending (oldest first), active (ending soonest), then the rest (newest first). */
  queue: z.string(),
  history: z.array(MembershipHistoryEntry),
  /** Guests the member may bring in this membership's validity window, their season (issue 45). */
  guestsPerSeason: z.number().int().nonnegative().default(GUESTS_PER_SEASON),
});
export type MembershipDocument = z.infer<typeof MembershipDocument>;

export const Memberships = defineCollection('subscriptions', MembershipDocument);

/**
 * The one answer to "does this membership admit its holder right now?": active, and now within
 * [validFrom, validUntil). A membership whose end has passed is not active even before the sweep
 * marks it expired.
 */
export function isActiveNow(membership: Pick<MembershipDocument, 'status' | 'validFrom' | 'validUntil'>, now: Date): boolean {
  return membership.status === 'active' && withinValidity(membership, now);
}

/**
 * The role an account holds, from its staff role (or none) and whether a membership admits it:
 * the member role comes with a membership and goes with it; staff roles are never replaced by a
 * membership, nor taken away when one ends.
 */
export function roleWithMembership(staffRole: Role | null, memberNow: boolean): Role | null {
  if (isStaffRole(staffRole)) return staffRole;
  return memberNow ? 'user' : null;
}

/** Whole days left (rounded up) while the membership is active, else null. */
export function daysLeft(membership: Pick<MembershipDocument, 'status' | 'validFrom' | 'validUntil'>, now: Date): number | null {
  if (!isActiveNow(membership, now)) return null;
  return Math.ceil((membership.validUntil!.getTime() - now.getTime()) / DAY_MS);
}

/** From this many days before the end, members are told when their membership ends. */
export const ENDING_SOON_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export function isEndingSoon(membership: Pick<MembershipDocument, 'status' | 'validFrom' | 'validUntil'>, now: Date): boolean {
  const left = daysLeft(membership, now);
  return left !== null && left <= ENDING_SOON_DAYS;
}

/**
 * A season runs from 1 September to 31 August at the venue. Its end (exclusive) is the first
 * moment of the next 1 September in the venue's time zone: the default validity of an approval.
 */
export const SEASON_START_MONTH = 9;

export function seasonEndAfter(now: Date, timeZone: string = VENUE_TIME_ZONE): Date {
  const [year, month] = dateToWallTime(now, timeZone).slice(0, 7).split('-').map(Number) as [number, number];
  const endYear = month >= SEASON_START_MONTH ? year + 1 : year;
  return wallTimeToDate(`${endYear}-${String(SEASON_START_MONTH).padStart(2, '0')}-01T00:00`, timeZone)!;
}

const QUEUE_DIGITS = 15;
const QUEUE_MAX = 10 ** QUEUE_DIGITS - 1;

/** The admin list's sort key for a membership in this state. */
export function queueKey(membership: Pick<MembershipDocument, 'status' | 'requestedAt' | 'validUntil' | 'decidedAt'>): string {
  const pad = (value: number) => String(Math.max(0, Math.min(QUEUE_MAX, Math.round(value)))).padStart(QUEUE_DIGITS, '0');
  switch (membership.status) {
    case 'pending':
      return `0-${pad(membership.requestedAt.getTime())}`;
    case 'active':
      return `1-${pad(membership.validUntil?.getTime() ?? QUEUE_MAX)}`;
    default:
      return `2-${pad(QUEUE_MAX - (membership.decidedAt ?? membership.requestedAt).getTime())}`;
  }
}

/** `<input type="date">`'s value: a day at the venue. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Admins choose the last day a membership is valid; it then runs to the end of that day at the
 * venue (the first moment of the next day, exclusive). Null for a day that does not exist.
 */
export function validUntilAfterDay(day: string, timeZone: string = VENUE_TIME_ZONE): Date | null {
  if (!DAY_PATTERN.test(day)) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const check = new Date(Date.UTC(year, month - 1, date));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  return wallTimeToDate(`${next.toISOString().slice(0, 10)}T00:00`, timeZone);
}

/** The last day (at the venue) a membership ending at `validUntil` is valid: the date field's value. */
export function lastValidDay(validUntil: Date, timeZone: string = VENUE_TIME_ZONE): string {
  return dateToWallTime(new Date(validUntil.getTime() - 1), timeZone).slice(0, 10);
}
