// The accounts port: a person's sign-in account and the tokens it issues (Firebase Auth in both
// backends; the embedded one runs its emulator). Domain code takes this interface.
import type { Role } from '@/access/roles';

/**
 * What a one-time link of Firebase Auth lets its holder do, named as Firebase names its `mode`:
 * sign in (an e-mail link), confirm the account's address, choose a new password.
 */
export const ACTION_LINK_KINDS = ['signIn', 'verifyEmail', 'resetPassword'] as const;
export type ActionLinkKind = (typeof ACTION_LINK_KINDS)[number];

export interface NewAccount {
  uid: string;
  email: string;
  password: string;
  displayName: string;
}

/**
 * The verified claims of an ID token or a session cookie: `iat` is when this token was issued (a
 * refresh issues a new one), `auth_time` when the person actually signed in (seconds).
 */
export type VerifiedClaims = Record<string, unknown> & { uid: string; iat: number; auth_time: number };

export interface Accounts {
  /** The role claim in the person's ID tokens; the user document stays the source of truth. */
  setRoleClaim(uid: string, role: Role | null): Promise<void>;
  /** A disabled account cannot sign in or refresh its tokens. */
  setDisabled(uid: string, disabled: boolean): Promise<void>;
  /** Ends every session and refresh token of the account, on every device. */
  revokeSessions(uid: string): Promise<void>;
  /** Creates the account unless one with this uid exists; true when it was created. */
  ensureAccount(account: NewAccount): Promise<boolean>;
  /** The name and photo the account's ID tokens carry (null removes one). */
  updateProfile(uid: string, profile: { displayName?: string | null; photoURL?: string | null }): Promise<void>;
  /** Every sign-in account with its role claim (start-up reconciliation, decision 029). */
  listAccounts(): Promise<{ uid: string; roleClaim: unknown }[]>;
  /** Deletes the sign-in account; an account that is already gone is no error. */
  deleteAccount(uid: string): Promise<void>;
  /** The claims of a valid, unrevoked ID token; throws otherwise. */
  verifyIdToken(idToken: string): Promise<VerifiedClaims>;
  /** A session cookie made from a valid ID token, valid for the given time. */
  createSessionCookie(idToken: string, expiresInSeconds: number): Promise<string>;
  /** The claims of a valid, unrevoked session cookie of an enabled account; throws otherwise. */
  verifySessionCookie(cookie: string): Promise<VerifiedClaims>;
  /**
   * A one-time link for `email` as Firebase Auth makes it (its own action page, with `mode`,
   * `oobCode` and `apiKey`), nothing mailed: the app mails it. `continueUrl` is where a sign-in
   * link returns. Null when the address has no account, which a confirmation and a reset need (a
   * sign-in link makes one at its first use).
   */
  actionLink(kind: ActionLinkKind, email: string, continueUrl: string): Promise<string | null>;
}
