// What mail a person chose: service mails (sign-in, membership, tickets) always; announcements only
// after saying yes on the profile, each with a one-click unsubscribe (RFC 8058) that needs no
// sign-in: a token kept on the person's document, made anew with every yes, so an old link stops.
import 'server-only';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { UserDocument } from '@/features/identity/users';
import type { Locale } from '@/i18n/routing';

/** A person's mail settings, as their document keeps them (absent: none chosen yet). */
export function mailSettingsOf(user: Pick<UserDocument, 'mail'>): NonNullable<UserDocument['mail']> {
  return user.mail ?? { announcements: false, unsubscribeToken: null, digest: false };
}

export function wantsAnnouncements(user: Pick<UserDocument, 'mail' | 'disabled'>): boolean {
  return !user.disabled && mailSettingsOf(user).announcements && Boolean(mailSettingsOf(user).unsubscribeToken);
}

/** Where announcements are stopped with one click: the page a person opens, whose address mail programs POST to. */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

/** The one-click unsubscribe page of a person's announcements, in their language. */
export function unsubscribeUrl(siteUrl: string, uid: string, token: string, locale: Locale): string {
  const url = new URL(locale === 'en' ? UNSUBSCRIBE_PATH : `/${locale}${UNSUBSCRIBE_PATH}`, siteUrl);
  url.searchParams.set('u', uid);
  url.searchParams.set('t', token);
  return url.toString();
}

export function newUnsubscribeToken(): string {
  return randomBytes(18).toString('base64url');
}

export function tokenMatches(expected: string | null, given: string): boolean {
  if (!expected || expected.length !== given.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}
