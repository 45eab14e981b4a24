// Demo memberships for the embedded backend, written at start-up through the same domain functions
// an admin uses: the demo member is active for the season, the no-role demo account has a pending
// request, and the crowd holds every state so the admin list has pages. Idempotent: an account
// that has any membership, or no user document (deleted on purpose), is left alone. Silent: the
// history it writes (asked two months ago, approved, cancelled) happened to nobody, so it mails
// no one; the sweep then treats these memberships as any other (a demo member near the end of
// theirs is reminded, as a real one would be).
import type { Identity } from '@/access/identity';
import { Users } from '@/features/identity/users';
import { Memberships, seasonEndAfter } from '@/features/memberships/membership-rules';
import {
  approveMembership,
  cancelMembership,
  expireMemberships,
  requestMembership,
} from '@/features/memberships/memberships';
import type { Accounts } from '@/server/accounts/port';
import type { Documents } from '@/server/documents/port';
import { DEMO_ACCOUNTS, demoCrowd, type DemoAccount } from './demo-accounts';
import { DEMO_CROWD_SIZE } from './seed';

const DAY = 24 * 60 * 60 * 1000;

type DemoPlan =
  | { kind: 'active'; since: number; until?: number }
  | { kind: 'pending'; since: number }
  | { kind: 'expired'; since: number; until: number }
  | { kind: 'cancelled'; since: number; after: number };

/** What each demo account holds, in days relative to the first start (negative: the past). */
export function demoMembershipPlan(account: DemoAccount): DemoPlan | null {
  if (account.uid === 'demo-member') return { kind: 'active', since: -60 };
  if (account.uid === 'demo-guest') return { kind: 'pending', since: -2 };
  const crowd = /^demo-guest-(\d+)$/.exec(account.uid);
  if (!crowd) return null;
  const n = Number(crowd[1]);
  // Three members end within the fortnight, so "ends in N days" shows; the rest run all season.
  const endingSoon: Record<number, number> = { 1: 3, 25: 9, 49: 12 };
  if (account.role === 'user') return { kind: 'active', since: -(30 + n), until: endingSoon[n] };
  if (n % 5 === 1) return { kind: 'expired', since: -400, until: -(10 + (n % 30)) };
  if (n % 7 === 2) return { kind: 'cancelled', since: -200, after: 30 };
  if (n % 6 === 3) return { kind: 'pending', since: -1 - (n % 10) };
  return null;
}

function identityOf(account: DemoAccount): Identity {
  return { uid: account.uid, email: account.email, emailVerified: true, displayName: account.displayName, photoURL: null, role: account.role };
}

export async function seedDemoMemberships(documents: Documents, accounts: Accounts, now = new Date()): Promise<number> {
  const admin = identityOf(DEMO_ACCOUNTS.find((account) => account.role === 'admin')!);
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const silent = { silent: true };
  let written = 0;
  const everyone = [...DEMO_ACCOUNTS, ...demoCrowd(DEMO_CROWD_SIZE)];
  for (const account of everyone) {
    const plan = demoMembershipPlan(account);
    if (!plan) continue;
    if (!(await documents.collection(Users).doc(account.uid).get()).exists) continue;
    if ((await documents.collection(Memberships).where('uid', '==', account.uid).limit(1).get()).length > 0) continue;
    const { id } = await requestMembership(documents, identityOf(account), { note: '' }, at(plan.since - 1), silent);
    if (plan.kind === 'pending') {
      written++;
      continue;
    }
    // Active ones run to the end of the current season (or sooner, to show "ends in N days").
    const validUntil = plan.kind === 'expired' || (plan.kind === 'active' && plan.until !== undefined) ? at(plan.until!) : seasonEndAfter(now);
    await approveMembership(documents, accounts, admin, { id, revision: 0, validUntil, note: '' }, at(plan.since), silent);
    if (plan.kind === 'cancelled') {
      await cancelMembership(documents, accounts, admin, { id, revision: 1, reason: 'Moved away' }, at(plan.since + plan.after), silent);
    }
    written++;
  }
  // Memberships whose demo end lies in the past run out as they would have.
  await expireMemberships(documents, accounts, now, silent);
  return written;
}
