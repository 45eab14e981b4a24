// Server sessions: a Firebase session cookie made from a fresh ID token, httpOnly, verified (with
// revocation and disabled accounts checked) on every request that reads it.
import 'server-only';
import { adminAuth } from '@/server/firebase/admin';
import type { Documents } from '@/server/documents/port';
import { identityFromClaims, type Identity } from './identity';
import { recordSignIn, withStoredRole } from './users';

export const SESSION_COOKIE = '__session';
/** Firebase allows 5 minutes to 2 weeks; the client renews it whenever its ID token changes. */
export const SESSION_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;
/** Only a recent sign-in may start a session (specification: tokens issued under 5 minutes ago). */
export const MAX_TOKEN_AGE_SECONDS = 5 * 60;

export class SessionError extends Error {
  constructor(
    readonly reason: 'invalid-token' | 'stale-token',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Verifies a fresh ID token, records the sign-in in the user's document and returns a session
 * cookie. Custom claims are brought in line with the stored role, so the browser's token and the
 * server agree after the client refreshes it.
 */
export async function createSession(documents: Documents, idToken: string, now = Date.now()): Promise<string> {
  let decoded;
  try {
    decoded = await adminAuth().verifyIdToken(idToken, true);
  } catch {
    throw new SessionError('invalid-token', 'The ID token is not valid.');
  }
  // A token refreshed by the SDK is as good as a new sign-in; an old one may have been copied.
  if (now / 1000 - decoded.iat > MAX_TOKEN_AGE_SECONDS) {
    throw new SessionError('stale-token', 'The ID token is too old to start a session; sign in again.');
  }
  const user = await recordSignIn(documents, identityFromClaims(decoded));
  if ((decoded.role ?? null) !== user.role) {
    const { role: _previous, ...otherClaims } = (await adminAuth().getUser(decoded.uid)).customClaims ?? {};
    await adminAuth().setCustomUserClaims(decoded.uid, user.role ? { ...otherClaims, role: user.role } : otherClaims);
  }
  return adminAuth().createSessionCookie(idToken, { expiresIn: SESSION_MAX_AGE_SECONDS * 1000 });
}

/**
 * The identity behind a session cookie, or null when it is missing, expired, revoked or disabled.
 * The role comes from the user's document, so a change applies at the next request.
 */
export async function verifySession(documents: Documents, cookie: string | undefined): Promise<Identity | null> {
  if (!cookie) return null;
  let claims;
  try {
    claims = await adminAuth().verifySessionCookie(cookie, true);
  } catch {
    return null;
  }
  return withStoredRole(documents, identityFromClaims(claims));
}
