// The tRPC context of one request: the caller's session cookie verified, the rest from its headers.
import 'server-only';
import { getDocuments } from '@/server/documents/documents';
import { nextPublicPages } from '@/server/public-pages';
import { clientAddress } from '@/server/http/client-address';
import { createContextInner, type ContextInner } from '@/server/trpc/context';
import { isLocale, toLocale, type Locale } from '@/i18n/routing';
import { SESSION_COOKIE, sessionRechecks, verifySession } from '@/features/identity/session';
import { readUser, rememberLocale, type UserDocument } from '@/features/identity/users';
import type { Documents } from '@/server/documents/port';

/** The open live streams' checks of their sessions, in rounds shared by all of them. */
let rechecks: ReturnType<typeof sessionRechecks> | undefined;

/** Builds the context of one request from its headers. */
export async function createContext({ headers }: { headers: Headers }): Promise<ContextInner> {
  const requested = headers.get('x-locale');
  const documents = getDocuments();
  const cookie = readCookie(headers, SESSION_COOKIE);
  return createContextInner({
    locale: toLocale(requested),
    documents,
    publicPages: nextPublicPages,
    clientAddress: clientAddress(headers),
    identity: () => verifiedKeepingLocale(documents, cookie, isLocale(requested) ? requested : null),
    recheckIdentity: () => (rechecks ??= sessionRechecks(documents))(cookie),
  });
}

/**
 * The caller, verified from the session cookie; on the way, the language of the page that asked
 * becomes the account's, as mail is written in the language the person last used the app in
 * (issue 44). Here, rather than in the procedures that matter, because every signed-in page asks
 * something (the header asks who is signed in on every page and every 15 s), and because the check
 * reads the person's document anyway: the comparison costs no read, and only a change writes.
 * Requests without the header (server-rendered pages, programs) leave the language alone.
 */
async function verifiedKeepingLocale(documents: Documents, cookie: string | undefined, locale: Locale | null) {
  let stored: Promise<UserDocument | undefined> | undefined;
  const identity = await verifySession(documents, cookie, undefined, undefined, (uid) => (stored = readUser(documents, uid)));
  if (identity && locale && stored) await rememberLocale(documents, identity.uid, await stored, locale);
  return identity;
}

function readCookie(headers: Headers, name: string): string | undefined {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}
