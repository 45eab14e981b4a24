// Who is making a request, as the server verified it. Never built from client input.
import 'server-only';
import { env } from '@/server/env';
import type { Role } from './roles';

export interface Identity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  photoURL: string | null;
  /**
   * The role the server stored for the person (`users/{uid}`, as `effectiveRole` reads it at the
   * request: features/identity/users.ts `withStoredRole`); null for a signed-in person without one.
   * Never the token's custom claim, which lags a change by up to an hour.
   */
  role: Role | null;
  /**
   * The sign-in this request came with (one browser's session and its renewals), when verified
   * from a session cookie: a device the server knows, for limits per device.
   */
  session?: string;
  /** When the person last proved who they are (signed in), in seconds: what a deletion asks to be recent. */
  authTime?: number;
}

/**
 * What asks for a sign-in this recent (the session's `auth_time`): deleting the account, moving
 * the pass to another phone. A phone left unlocked, or a session taken over, must not be enough.
 * Five minutes; shorter only where a test says so (RECENT_SIGN_IN_SECONDS).
 */
export const RECENT_SIGN_IN_SECONDS = env.RECENT_SIGN_IN_SECONDS;

export function signedInRecently(identity: Identity, nowMs = Date.now()): boolean {
  return identity.authTime !== undefined && nowMs / 1000 - identity.authTime <= RECENT_SIGN_IN_SECONDS;
}

/**
 * Builds the identity from a verified Firebase token's claims, without a role: the session's
 * verification fills in the stored one (`withStoredRole`), so a stale claim never grants one.
 */
export function identityFromClaims(claims: Record<string, unknown> & { uid: string }): Identity {
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);
  return {
    uid: claims.uid,
    email: text(claims.email),
    emailVerified: claims.email_verified === true,
    displayName: text(claims.name),
    // A token's `picture` is whatever the person set through Firebase's own API: it may name
    // another member's photo. The photo shown is only one the server stored (users.ts).
    photoURL: null,
    role: null,
    ...(typeof claims.auth_time === 'number' ? { authTime: claims.auth_time } : {}),
  };
}
