// An accounts port for unit tests that trusts tokens the way firebase-admin trusts the Auth
// emulator: any well-formed token names its account, nothing is signed. Tests of what the
// server must refuse on top of Firebase's checks (ended or forged sessions) run against it.
import type { Role } from '@/access/roles';
import type { Accounts, ActionLinkKind, NewAccount, VerifiedClaims } from '@/server/accounts/port';

export class FakeAccounts implements Accounts {
  /** What was changed on the sign-in accounts, in order. */
  calls: string[] = [];
  readonly existing = new Set<string>();
  /** The role claim of each account that has one. */
  readonly roleClaims = new Map<string, Role>();
  /** Addresses that have an account (lower case), for links that need one. */
  readonly addresses = new Set<string>();
  /** Every one-time link made, in order, as Firebase's action page would take it. */
  readonly links: { kind: ActionLinkKind; email: string; continueUrl: string; link: string }[] = [];

  /**
   * An ID token as the emulator issues one: unsigned, naming its account and issue time; signed
   * in at that time too unless `claims` give an earlier `auth_time` (a refreshed token).
   */
  static idToken(uid: string, issuedAtSeconds = Math.floor(Date.now() / 1000), claims: Record<string, unknown> = {}): string {
    return `unsigned.${Buffer.from(JSON.stringify({ auth_time: issuedAtSeconds, ...claims, uid, iat: issuedAtSeconds })).toString('base64url')}`;
  }

  async setRoleClaim(uid: string, role: Role | null) {
    this.calls.push(`claim ${uid} ${role}`);
    if (role) this.roleClaims.set(uid, role);
    else this.roleClaims.delete(uid);
  }
  async setDisabled(uid: string, disabled: boolean) {
    this.calls.push(`disabled ${uid} ${disabled}`);
  }
  async revokeSessions(uid: string) {
    this.calls.push(`revoke ${uid}`);
  }
  async ensureAccount(account: NewAccount) {
    if (this.existing.has(account.uid)) return false;
    this.existing.add(account.uid);
    this.addresses.add(account.email.toLowerCase());
    this.calls.push(`create ${account.uid}`);
    return true;
  }
  async updateProfile(uid: string, profile: { displayName?: string | null; photoURL?: string | null }) {
    this.calls.push(`profile ${uid} ${JSON.stringify(profile)}`);
  }
  async listAccounts() {
    return [...this.existing].map((uid) => ({ uid, roleClaim: this.roleClaims.get(uid) ?? null }));
  }
  async deleteAccount(uid: string) {
    this.existing.delete(uid);
    this.calls.push(`delete ${uid}`);
  }
  async verifyIdToken(idToken: string): Promise<VerifiedClaims> {
    return decode(idToken);
  }
  async createSessionCookie(idToken: string) {
    // As Firebase's: the same for the same account and second.
    return `${idToken}.session`;
  }
  async verifySessionCookie(cookie: string): Promise<VerifiedClaims> {
    return decode(cookie);
  }
  /** A link in the emulator's form (its own action page), with a new code each time. */
  async actionLink(kind: ActionLinkKind, email: string, continueUrl: string) {
    if (kind !== 'signIn' && !this.addresses.has(email.trim().toLowerCase())) return null;
    const link = new URL('http://127.0.0.1:9099/emulator/action');
    link.searchParams.set('mode', kind);
    link.searchParams.set('lang', 'en');
    link.searchParams.set('oobCode', `code-${this.links.length + 1}-${kind}`);
    link.searchParams.set('apiKey', 'fake-api-key');
    if (kind === 'signIn') link.searchParams.set('continueUrl', continueUrl);
    this.links.push({ kind, email, continueUrl, link: link.toString() });
    this.calls.push(`link ${kind} ${email}`);
    return link.toString();
  }
}

function decode(token: string): VerifiedClaims {
  const [kind, payload] = token.split('.');
  if (kind !== 'unsigned' || !payload) throw new Error('not a token');
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as VerifiedClaims;
}
