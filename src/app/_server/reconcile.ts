// Start-up reconciliation of sign-in accounts and user documents (decision 029): what a crash, a
// restore or a deletion half done can leave behind. Nothing is deleted or re-created here; each
// case is recorded once in `accountChecks` (so it is logged once, not at every start) for a person
// to act on in /admin/users. The one repair: a role claim that differs from its user document (a
// crash between a role change's commit and its claim) is set to the document's role, which is the
// source of truth.
import { Users } from '@/features/identity/users';
import type { Accounts } from '@/server/accounts/port';
import { DemoSeed } from '@/app/_server/demo/seed';
import { isDocumentsError, type Documents } from '@/server/documents/port';
import { ACCOUNT_CHECK_KINDS, AccountChecks, type AccountCheckKind } from '@/features/identity/account-checks';

const WHAT: Record<AccountCheckKind, string> = {
  documentWithoutAccount: 'user documents whose sign-in account no longer exists (kept; they cannot sign in until an admin deletes them or the account is restored)',
  accountWithoutDocument: 'sign-in accounts without a user document (kept; the document is written at their next sign-in)',
  demoAccountDeleted: 'demo accounts deleted on purpose (not re-created)',
};

/** The new cases, one line per kind, for the start-up log; cases seen at an earlier start are not repeated. */
export async function reconcileAccounts(documents: Documents, accountsPort: Accounts, now = new Date()): Promise<string[]> {
  const listed = await accountsPort.listAccounts();
  const accounts = new Set(listed.map((account) => account.uid));
  const [users, seeded] = await Promise.all([documents.collection(Users).get(), documents.collection(DemoSeed).get()]);
  const userIds = new Set(users.map((doc) => doc.id));
  const roles = new Map(users.map((doc) => [doc.id, doc.data.role]));
  const claimsFixed: string[] = [];
  for (const account of listed) {
    if (!roles.has(account.uid)) continue;
    const role = roles.get(account.uid) ?? null;
    if ((account.roleClaim ?? null) === role) continue;
    await accountsPort.setRoleClaim(account.uid, role);
    claimsFixed.push(account.uid);
  }
  const cases: [AccountCheckKind, string][] = [];
  for (const uid of userIds) if (!accounts.has(uid)) cases.push(['documentWithoutAccount', uid]);
  for (const uid of accounts) if (!userIds.has(uid)) cases.push(['accountWithoutDocument', uid]);
  for (const doc of seeded) if (!accounts.has(doc.id) && !userIds.has(doc.id)) cases.push(['demoAccountDeleted', doc.id]);

  const fresh = new Map<AccountCheckKind, string[]>();
  for (const [kind, uid] of cases) {
    try {
      await documents.collection(AccountChecks).doc(`${kind}:${uid}`).create({ kind, uid, noticedAt: now });
    } catch (error) {
      if (isDocumentsError(error, 'already-exists')) continue;
      throw error;
    }
    fresh.set(kind, [...(fresh.get(kind) ?? []), uid]);
  }
  const lines = ACCOUNT_CHECK_KINDS.filter((kind) => fresh.has(kind)).map((kind) => `Accounts: ${fresh.get(kind)!.length} ${WHAT[kind]}: ${named(fresh.get(kind)!)}.`);
  if (claimsFixed.length > 0) lines.push(`Accounts: ${claimsFixed.length} role claims set to the role of their user document: ${named(claimsFixed)}.`);
  return lines;
}

function named(uids: string[]): string {
  return uids.slice(0, 10).join(', ') + (uids.length > 10 ? `, and ${uids.length - 10} more` : '');
}
