// What mail a person chose: service mails (sign-in, membership, tickets) always; announcements only
// after saying yes on the profile, each with a one-click unsubscribe (RFC 8058) that needs no
// sign-in: a token kept on the person's document, made anew with every yes, so an old link stops.
import 'server-only';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { UserDocument } from '@/features/identity/users';
import type { Locale } from '@/i18n/routing';
import { ONE_CLICK_UNSUBSCRIBE_PATH, UNSUBSCRIBE_PATH } from './constants';

/** A person's mail settings, as their document keeps them (absent: none chosen yet, or chosen before the night's summary was offered). */
export function mailSettingsOf(user: Pick<UserDocument, 'mail'>): Required<NonNullable<UserDocument['mail']>> {
  const mail = user.mail ?? { announcements: false, unsubscribeToken: null, digest: false };
  return { ...mail, nightSummary: mail.nightSummary ?? false };
}

export function wantsAnnouncements(user: Pick<UserDocument, 'mail' | 'disabled'>): boolean {
  return !user.disabled && mailSettingsOf(user).announcements && Boolean(mailSettingsOf(user).unsubscribeToken);
}

export { ONE_CLICK_UNSUBSCRIBE_PATH, UNSUBSCRIBE_PATH } from './constants';

function withToken(url: URL, uid: string, token: string): string {
  url.searchParams.set('u', uid);
  url.searchParams.set('t', token);
  return url.toString();
}

/** The unsubscribe page of a person's announcements, in their language. */
export function unsubscribeUrl(siteUrl: string, uid: string, token: string, locale: Locale): string {
  return withToken(new URL(locale === 'en' ? UNSUBSCRIBE_PATH : `/${locale}${UNSUBSCRIBE_PATH}`, siteUrl), uid, token);
}

/** The address mail programs POST to for a one-click unsubscribe (no language: nobody reads its answer). */
export function oneClickUnsubscribeUrl(siteUrl: string, uid: string, token: string): string {
  return withToken(new URL(ONE_CLICK_UNSUBSCRIBE_PATH, siteUrl), uid, token);
}

export function newUnsubscribeToken(): string {
  return randomBytes(18).toString('base64url');
}

/** Whether `given` is the person's token, in time that does not tell how much of it was right. */
export function tokenMatches(expected: string | null, given: string): boolean {
  if (!expected || expected.length !== given.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}
