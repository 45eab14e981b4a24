// users/{uid}: one document per account. Its role is the source of truth: the server reads it on
// every request (a downgrade takes effect at once) and custom claims are kept in line with it.
import 'server-only';
import { z } from 'zod';
import { LOCALES, type Locale } from '@/i18n/routing';
import { defineCollection, serverTimestamp, type Documents } from '@/server/documents/port';
import { prefixTerms } from '@/server/documents/search-terms';
import { DISPLAY_NAME_MAX } from './constants';
import { storedPhoto } from './avatar-access';
import { withinValidity } from './membership-window';
import type { Identity } from '@/access/identity';
import { ROLES, type Role } from '@/access/roles';

export const UserDocument = z.object({
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  /** The stored profile photo (src/features/profile), served at photoURL. */
  avatarPath: z.string().nullable().default(null),
  role: z.enum(ROLES).nullable(),
  locale: z.enum(LOCALES).nullable(),
  disabled: z.boolean(),
  createdAt: z.date(),
  lastSignInAt: z.date(),
  /** Lower-case prefixes of the name's words and the e-mail address, for admin search. */
  searchTerms: z.array(z.string()).default([]),
  /**
   * The membership that admits the person (kept by src/features/memberships in the transaction
   * of every membership change), so each request decides "member now?" from this one document.
   */
  membership: z.object({ id: z.string(), validFrom: z.date(), validUntil: z.date() }).nullable().default(null),
  /**
   * The mail the person chose (src/features/mail): announcements by e-mail (yes only when they say
   * so) with the token of their one-click unsubscribe, and, for admins, the morning digests and the
   * summary of last night (`nightSummary`, absent on documents from before it: no). Service mails
   * (sign-in, membership, tickets) need no choice. Absent: nothing chosen yet.
   */
  mail: z.object({ announcements: z.boolean(), unsubscribeToken: z.string().nullable(), digest: z.boolean(), nightSummary: z.boolean().optional() }).optional(),
});
export type UserDocument = z.infer<typeof UserDocument>;

// Stamped: the door list's changes read memberships, names and photos by it (decision 053). A deleted
// account leaves no tombstone (its id names the person); its pass's tombstone takes it off the lists.
export const Users = defineCollection('users', UserDocument, { stamped: { removals: 'none' } });

/**
 * Every prefix of every word of the name and of the e-mail address (whole, local part, and its
 * pieces), so `array-contains` finds "ada", "lovelace" or "ada.lo" on both backends.
 */
export function searchTermsFor(email: string | null, displayName: string | null): string[] {
  const words = new Set<string>();
  const address = email?.trim().toLowerCase();
  if (address) {
    words.add(address);
    for (const piece of address.split(/[@._+-]+/)) if (piece) words.add(piece);
  }
  for (const word of (displayName ?? '').toLowerCase().split(/[\s,.-]+/)) if (word) words.add(word);
  return prefixTerms(words);
}

/**
 * The account's name as the profile form would take it: trimmed, at most DISPLAY_NAME_MAX long
 * (Firebase Auth keeps a name of any length), never cut inside a character.
 */
export function storedName(name: string | null): string | null {
  let kept = '';
  for (const character of name?.trim() ?? '') {
    if (kept.length + character.length > DISPLAY_NAME_MAX) break;
    kept += character;
  }
  return kept.trimEnd() || null;
}

/**
 * Creates the user's document on first sign-in, refreshes the e-mail address after; returns it. A
 * new account starts in the language of the page it signed up on (messages reach it in that
 * language until the person picks another). Name and photo are the person's to set through
 * Firebase's own API too, unchecked, so a token's: the photo is never taken (only setAvatar
 * stores one), and the name only while the document has none (the name given at sign-up, which
 * the sign-up form sets just after the account exists); after that it changes through
 * profile.update only.
 */
export async function recordSignIn(documents: Documents, identity: Identity, locale: Locale | null = null): Promise<UserDocument> {
  const ref = documents.collection(Users).doc(identity.uid);
  await documents.runTransaction(async (tx) => {
    const existing = (await tx.get(ref)).data;
    const displayName = existing?.displayName ?? storedName(identity.displayName);
    const profile = { email: identity.email, displayName, searchTerms: searchTermsFor(identity.email, displayName) };
    if (existing) tx.update(ref, { ...profile, lastSignInAt: serverTimestamp() });
    else
      tx.create(ref, {
        ...profile,
        photoURL: null,
        role: null,
        avatarPath: null,
        locale,
        disabled: false,
        membership: null,
        createdAt: serverTimestamp(),
        lastSignInAt: serverTimestamp(),
      });
  });
  return (await ref.get()).data!;
}

/**
 * The role a stored user holds right now: the member role only while a membership admits them
 * (so a membership that has run out stops admitting at once, before the sweep records it); staff
 * roles stand on their own.
 */
export function effectiveRole(user: Pick<UserDocument, 'role' | 'membership'>, now: Date): Role | null {
  if (user.role !== 'user') return user.role;
  return admittedByMembership(user, now) ? 'user' : null;
}

/** Whether the membership on the person's document admits them at `now`. */
export function admittedByMembership(user: Pick<UserDocument, 'membership'>, now: Date): boolean {
  return user.membership !== null && withinValidity(user.membership, now);
}

/** Language writes under way, per account and language: the requests of one page write it once. */
const localeWrites = new Map<string, Promise<void>>();

/**
 * Keeps `locale` the language the person last used the app in, which their mail is written in:
 * given the request's language (the app's own x-locale header) and the document the request's
 * session check has just read, it writes only when the two differ. Signed-in use costs no read
 * and one write per change of language (a sign-up or the profile sets it too).
 */
export async function rememberLocale(documents: Documents, uid: string, stored: Pick<UserDocument, 'locale'> | undefined, locale: Locale): Promise<void> {
  if (!stored || stored.locale === locale) return;
  const key = `${locale}:${uid}`;
  let writing = localeWrites.get(key);
  if (!writing) {
    writing = documents
      .collection(Users)
      .doc(uid)
      .update({ locale })
      .finally(() => localeWrites.delete(key));
    localeWrites.set(key, writing);
  }
  await writing;
}

/** The person's document, or undefined when there is none. */
export async function readUser(documents: Documents, uid: string): Promise<UserDocument | undefined> {
  return (await documents.collection(Users).doc(uid).get()).data;
}

/**
 * The identity as the server trusts it: the role (and the name and the photo the server stored)
 * from the user's document, not from the token, and no identity at all for an account whose document is disabled.
 * `stored`: the document as the caller has just read it (one read for many checks of one account).
 */
export async function withStoredRole(documents: Documents, identity: Identity, now = new Date(), stored = readUser(documents, identity.uid)): Promise<Identity | null> {
  const user = await stored;
  if (user?.disabled) return null;
  if (!user) return { ...identity, role: null };
  // Name and photo as the person last set them through the server (the session's token may predate the change, or carry its own).
  return { ...identity, displayName: user.displayName, photoURL: storedPhoto(identity.uid, user), role: effectiveRole(user, now) };
}
