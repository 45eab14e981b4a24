// The accounts port on Firebase Auth through firebase-admin (the Auth emulator in embedded mode).
import 'server-only';
import { adminAuth } from '@/server/firebase/admin';
import type { Role } from '@/features/identity/roles';
import type { Accounts, NewAccount } from './port';

function isMissingUser(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'auth/user-not-found';
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
  async deleteAccount(uid) {
    try {
      await adminAuth().deleteUser(uid);
    } catch (error) {
      if (!isMissingUser(error)) throw error;
    }
  },
  // checkRevoked: a revoked or disabled account is refused at once, not when its token expires.
  verifyIdToken(idToken: string) {
    return adminAuth().verifyIdToken(idToken, true);
  },
  createSessionCookie(idToken: string, expiresInSeconds: number) {
    return adminAuth().createSessionCookie(idToken, { expiresIn: expiresInSeconds * 1000 });
  },
  verifySessionCookie(cookie: string) {
    return adminAuth().verifySessionCookie(cookie, true);
  },
};
