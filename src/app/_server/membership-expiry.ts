// Runs the membership expiry sweep in the server process: once at start and then every hour, so a
// membership that has run out loses its role without anyone clicking. Several servers may run it
// at once; the sweep changes each membership in a transaction that re-reads it, so only once.
import 'server-only';
import { expireMemberships } from '@/features/memberships/memberships';
import type { Accounts } from '@/server/accounts/port';
import type { Documents } from '@/server/documents/port';

export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export function scheduleMembershipExpiry(documents: Documents, accounts: Accounts, intervalMs = SWEEP_INTERVAL_MS): () => void {
  let running: Promise<void> | null = null;
  const sweep = () => {
    // A slow sweep is never overlapped by the next tick of the same server.
    running ??= expireMemberships(documents, accounts)
      .then((report) => {
        if (report.expired > 0) console.log(`Memberships: ${report.expired} ran out and were marked expired.`);
      })
      .catch((error: unknown) => console.error('The membership expiry sweep failed; it runs again within the hour:', error))
      .finally(() => {
        running = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
