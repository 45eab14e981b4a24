// The accounts port on Firebase Auth through firebase-admin (the Auth emulator in embedded mode).
import 'server-only';
import { adminAuth } from '@/server/firebase/admin';
import { env } from '@/server/env';
import type { Role } from '@/access/roles';
import type { Accounts, ActionLinkKind, NewAccount, VerifiedClaims } from './port';
import { accountStates, sessionStillValid, type AccountState } from './account-states';
import { verifyEmulatorToken, type TokenKind } from './emulator-tokens';
import { emulatorLookup } from './emulator-lookup';
import { journalGeneration } from './journal-generation';

function isMissingUser(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'auth/user-not-found';
}

/** A reset asked for an address without an account (the other links say user-not-found). */
function isMissingAddress(error: unknown): boolean {
  return isMissingUser(error) || (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'auth/email-not-found');
}

/**
 * The link itself, from firebase-admin (`accounts:sendOobCode` with `returnOobLink`: the emulator
 * answers it too, through the account journal, which passes it on as a read). Only a sign-in link
 * needs a continue URL; given to the others it would have to be on the project's authorized
 * domains for nothing, since the mail leads to the app's own page.
 */
function generateLink(kind: ActionLinkKind, email: string, continueUrl: string): Promise<string> {
  if (kind === 'signIn') return adminAuth().generateSignInWithEmailLink(email, { url: continueUrl, handleCodeInApp: true });
  if (kind === 'verifyEmail') return adminAuth().generateEmailVerificationLink(email);
  return adminAuth().generatePasswordResetLink(email);
}

/**
 * One lookup of Firebase Auth (or the emulator, directly) for every request waiting to have its
 * session checked; behind the embedded backend's account journal, answers are reused until the
 * journal records a change (./journal-generation.ts).
 */
const accountState = accountStates(
  process.env.FIREBASE_AUTH_EMULATOR_HOST
    ? emulatorLookup(env.AUTH_EMULATOR_LOOKUP_HOST ?? process.env.FIREBASE_AUTH_EMULATOR_HOST, env.FIREBASE_PROJECT_ID)
    : async (uids) => {
        const { users } = await adminAuth().getUsers(uids.map((uid) => ({ uid })));
        return new Map<string, AccountState>(users.map((user) => [user.uid, { disabled: user.disabled, validSince: user.tokensValidAfterTime ? new Date(user.tokensValidAfterTime) : null }]));
      },
  process.env.FIREBASE_AUTH_EMULATOR_HOST && env.AUTH_EMULATOR_LOOKUP_HOST && env.AUTH_JOURNAL_FILE ? journalGeneration(env.AUTH_JOURNAL_FILE) : undefined,
);

class RevokedError extends Error {
  readonly code = 'auth/session-cookie-revoked';
}

/** Firebase's checkRevoked, with the account looked up in rounds (./account-states.ts). */
async function unrevoked<T extends { uid: string; auth_time: number }>(claims: T): Promise<T & VerifiedClaims> {
  if (!sessionStillValid(await accountState(claims.uid), claims.auth_time)) throw new RevokedError('The account is disabled, deleted or signed out everywhere.');
  return claims as T & VerifiedClaims;
}

/**
 * A token's claims, its signature checked by firebase-admin against Google's keys; with the Auth
 * emulator (which signs nothing, and where firebase-admin would look the account up on every call
 * besides) its claims checked here. Not yet whether the account may still use it.
 */
async function tokenClaims(token: string, kind: TokenKind): Promise<{ uid: string; auth_time: number } & VerifiedClaims> {
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) return verifyEmulatorToken(token, kind, env.FIREBASE_PROJECT_ID);
  return kind === 'session' ? adminAuth().verifySessionCookie(token) : adminAuth().verifyIdToken(token);
}

export const firebaseAccounts: Accounts = {
  async setRoleClaim(uid: string, role: Role | null) {
    const { role: _previous, ...other } = (await adminAuth().getUser(uid)).customClaims ?? {};
    await adminAuth().setCustomUserClaims(uid, role ? { ...other, role } : other);
  },
  async setDisabled(uid: string, disabled: boolean) {
    await adminAuth().updateUser(uid, { disabled });
  },
  async revokeSessions(uid: string) {
    await adminAuth().revokeRefreshTokens(uid);
  },
  async ensureAccount(account: NewAccount) {
    try {
      await adminAuth().getUser(account.uid);
      return false;
    } catch (error) {
      if (!isMissingUser(error)) throw error;
    }
    await adminAuth().createUser({ ...account, emailVerified: true });
    return true;
  },
  async updateProfile(uid, profile) {
    await adminAuth().updateUser(uid, profile);
  },
  async listAccounts() {
    const accounts: { uid: string; roleClaim: unknown }[] = [];
    let pageToken: string | undefined;
    do {
      const page = await adminAuth().listUsers(1000, pageToken);
      accounts.push(...page.users.map((user) => ({ uid: user.uid, roleClaim: user.customClaims?.role ?? null })));
      pageToken = page.pageToken;
    } while (pageToken);
    return accounts;
  },
  async deleteAccount(uid) {
    try {
      await adminAuth().deleteUser(uid);
    } catch (error) {
      if (!isMissingUser(error)) throw error;
    }
  },
  // A revoked, disabled or deleted account is refused at once, not when its token expires.
  async verifyIdToken(idToken: string) {
    return unrevoked(await tokenClaims(idToken, 'id'));
  },
  createSessionCookie(idToken: string, expiresInSeconds: number) {
    return adminAuth().createSessionCookie(idToken, { expiresIn: expiresInSeconds * 1000 });
  },
  async verifySessionCookie(cookie: string) {
    return unrevoked(await tokenClaims(cookie, 'session'));
  },
  async actionLink(kind, email, continueUrl) {
    try {
      return await generateLink(kind, email, continueUrl);
    } catch (error) {
      if (isMissingAddress(error)) return null;
      throw error;
    }
  },
};
