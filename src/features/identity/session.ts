// Server sessions: a Firebase session cookie made from a fresh ID token, httpOnly, and the
// server's record of it (./session-records.ts). A cookie counts only while Firebase accepts it
// (signature, expiry, revocation, disabled account) AND its record exists, so signing out ends
// that device's session on the server (decision 013). Firebase is reached through the accounts port.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { getAccounts } from '@/server/accounts/accounts';
import type { Accounts } from '@/server/accounts/port';
import type { Documents } from '@/server/documents/port';
import { identityFromClaims, type Identity } from '@/access/identity';
import { liveRecord, recordSession } from './session-records';
import { readUser, recordSignIn, withStoredRole, type UserDocument } from './users';
import type { Locale } from '@/i18n/routing';

export { endSession } from './session-records';

export const SESSION_COOKIE = '__session';
/**
 * Firebase allows 5 minutes to 2 weeks. The client renews the cookie whenever its ID token
 * changes, but a session ends this long after the sign-in that started it, however often renewed.
 */
export const SESSION_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;
/**
 * Only a recent sign-in may start a session (specification: tokens issued under 5 minutes ago):
 * the token is that fresh (`iat`) and, for a new session, so is the sign-in itself (`auth_time`).
 */
export const MAX_TOKEN_AGE_SECONDS = 5 * 60;

/**
 * The cookie is Firebase's session cookie, `~`, and a random nonce. Firebase's cookie is dated to
 * the second, so two sign-ins of one account in the same second (two devices, or parallel tests)
 * would get the same one and share a record; the nonce makes each session its own.
 */
const NONCE_SEPARATOR = '~';
/** The shortest session cookie Firebase makes. */
const MIN_COOKIE_SECONDS = 5 * 60;

function firebasePart(cookie: string): string | null {
  const at = cookie.lastIndexOf(NONCE_SEPARATOR);
  return at > 0 ? cookie.slice(0, at) : null;
}

export class SessionError extends Error {
  constructor(
    readonly reason: 'invalid-token' | 'stale-token',
    message: string,
  ) {
    super(message);
  }
}

export interface StartSession {
  idToken: string;
  /** The cookie this browser sent along, if any: a renewal continues its device's session. */
  previousCookie?: string;
  /** The language of the page signing in: a new account's first language. */
  locale?: Locale;
  now?: number;
}

/**
 * Verifies a fresh ID token, records the sign-in in the user's document and returns a session
 * cookie, recorded. Custom claims are brought in line with the stored role, so the browser's
 * token and the server agree after the client refreshes it.
 */
export async function createSession(
  documents: Documents,
  { idToken, previousCookie, locale, now = Date.now() }: StartSession,
  accounts: Accounts = getAccounts(),
): Promise<string> {
  let decoded;
  try {
    decoded = await accounts.verifyIdToken(idToken);
  } catch {
    throw new SessionError('invalid-token', 'The ID token is not valid.');
  }
  // An old token may have been copied.
  if (now / 1000 - decoded.iat > MAX_TOKEN_AGE_SECONDS) {
    throw new SessionError('stale-token', 'The ID token is too old to start a session; sign in again.');
  }
  // The SDK refreshes a token (a new `iat`) for as long as its refresh token lasts, which is for
  // ever: a refreshed token only renews a session this browser holds, and a new session needs a
  // sign-in made just now. Neither lets a session outlive its sign-in by more than its maximum age.
  const renewing = previousCookie !== undefined && (await liveRecord(documents, previousCookie, decoded.uid, now)) !== null;
  if (!renewing && now / 1000 - decoded.auth_time > MAX_TOKEN_AGE_SECONDS) {
    throw new SessionError('stale-token', 'The sign-in is too old to start a session; sign in again.');
  }
  const expiresInSeconds = Math.floor(decoded.auth_time + SESSION_MAX_AGE_SECONDS - now / 1000);
  if (expiresInSeconds < MIN_COOKIE_SECONDS) throw new SessionError('stale-token', 'The session has run its course; sign in again.');
  const user = await recordSignIn(documents, identityFromClaims(decoded), locale);
  if ((decoded.role ?? null) !== user.role) await accounts.setRoleClaim(decoded.uid, user.role);
  const firebaseCookie = await accounts.createSessionCookie(idToken, expiresInSeconds);
  const cookie = `${firebaseCookie}${NONCE_SEPARATOR}${randomBytes(16).toString('base64url')}`;
  await recordSession(documents, { uid: decoded.uid, cookie, previousCookie, expiresInSeconds, now });
  return cookie;
}

/**
 * The identity behind a session cookie, or null when it is missing, expired, revoked, disabled,
 * ended by signing out, or was never issued here (no record: a forged cookie). The role comes
 * from the user's document, so a change applies at the next request. Cost beyond Firebase's own
 * check: one hash and one document read by id, made alongside the user document's read.
 */
export async function verifySession(
  documents: Documents,
  cookie: string | undefined,
  accounts: Accounts = getAccounts(),
  now = Date.now(),
  storedUser: (uid: string) => Promise<UserDocument | undefined> = (uid) => readUser(documents, uid),
): Promise<Identity | null> {
  const signed = cookie ? firebasePart(cookie) : null;
  if (!cookie || !signed) return null;
  let claims;
  try {
    claims = await accounts.verifySessionCookie(signed);
  } catch {
    return null;
  }
  const [recorded, identity] = await Promise.all([
    liveRecord(documents, cookie, claims.uid, now),
    withStoredRole(documents, identityFromClaims(claims), new Date(now), storedUser(claims.uid)),
  ]);
  return recorded && identity ? { ...identity, session: recorded.device } : null;
}

/**
 * verifySession for the open live streams, which check their sessions again all at once every
 * STREAM_RECHECK_MS (src/server/live/stream-rechecks.ts). The checks asked for in one turn of the
 * event loop are one round: each cookie is verified once and each account's document read once,
 * however many streams share them (a door team's phones on one scanner account), and the
 * accounts' states are looked up in Firebase Auth together (src/server/accounts/account-states.ts).
 * A request's own check stays verifySession, fresh for that request.
 */
export function sessionRechecks(documents: Documents, accounts: Accounts = getAccounts()): (cookie: string | undefined) => Promise<Identity | null> {
  let round: { sessions: Map<string, Promise<Identity | null>>; users: Map<string, Promise<UserDocument | undefined>> } | undefined;
  return (cookie) => {
    if (!cookie) return Promise.resolve(null);
    if (!round) {
      const current = (round = { sessions: new Map(), users: new Map() });
      setImmediate(() => {
        if (round === current) round = undefined;
      });
    }
    const { sessions, users } = round;
    const storedUser = (uid: string) => {
      let read = users.get(uid);
      if (!read) users.set(uid, (read = readUser(documents, uid)));
      return read;
    };
    let check = sessions.get(cookie);
    if (!check) sessions.set(cookie, (check = verifySession(documents, cookie, accounts, Date.now(), storedUser)));
    return check;
  };
}
