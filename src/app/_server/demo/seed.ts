// Demo data for the embedded backend, written at start-up when missing: the demo accounts (in
// the Auth emulator and as user documents) and a crowd of guests. Idempotent: an account or
// document that exists is left as it is, so changes made while trying the app survive restarts.
// Each account is written once: `demoSeed/{uid}` remembers it, so an account someone deleted
// (in the emulator or its user document) stays deleted instead of coming back with its public
// password at the next start. `npm run reset` starts over.
import { z } from 'zod';
import { searchTermsFor, Users } from '@/features/identity/users';
import type { Accounts } from '@/server/accounts/port';
import { defineCollection, type Documents } from '@/server/documents/port';
import { DEMO_ACCOUNTS, demoCrowd, type DemoAccount } from './demo-accounts';

/** The demo accounts ever written, by uid. */
export const DemoSeed = defineCollection('demoSeed', z.object({ writtenAt: z.date() }));

export const DEMO_CROWD_SIZE = 60;

export interface SeedReport {
  accountsCreated: number;
  documentsCreated: number;
}

async function seedAccount(documents: Documents, accounts: Accounts, account: DemoAccount, joined: Date): Promise<[boolean, boolean]> {
  const seeded = documents.collection(DemoSeed).doc(account.uid);
  if ((await seeded.get()).exists) return [false, false];
  const created = await accounts.ensureAccount(account);
  if (created && account.role) await accounts.setRoleClaim(account.uid, account.role);
  const ref = documents.collection(Users).doc(account.uid);
  const wrote = await documents.runTransaction(async (tx) => {
    if ((await tx.get(ref)).exists) return false;
    tx.create(ref, {
      email: account.email,
      displayName: account.displayName,
      photoURL: null,
      avatarPath: null,
      role: account.role,
      locale: null,
      disabled: false,
      membership: null,
      createdAt: joined,
      lastSignInAt: joined,
      searchTerms: searchTermsFor(account.email, account.displayName),
    });
    return true;
  });
  await seeded.set({ writtenAt: new Date() });
  return [created, wrote];
}

export async function seedDemoData(documents: Documents, accounts: Accounts, now = new Date()): Promise<SeedReport> {
  const report: SeedReport = { accountsCreated: 0, documentsCreated: 0 };
  const everyone = [...DEMO_ACCOUNTS, ...demoCrowd(DEMO_CROWD_SIZE)];
  // A few at a time: the emulator is local, but not meant to be flooded.
  for (let start = 0; start < everyone.length; start += 8) {
    const results = await Promise.all(
      everyone.slice(start, start + 8).map((account, offset) => {
        // Sign-up dates spread over the past months, the demo roles first.
        const joined = new Date(now.getTime() - (everyone.length - start - offset) * 36 * 60 * 60 * 1000);
        return seedAccount(documents, accounts, account, joined);
      }),
    );
    for (const [account, document] of results) {
      if (account) report.accountsCreated++;
      if (document) report.documentsCreated++;
    }
  }
  return report;
}
