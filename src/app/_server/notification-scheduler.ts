// Sends due notifications without anyone clicking: the server process looks every 30 seconds for
// notifications whose time has come (or whose delivering server died) and delivers them. Several
// servers, and this server's "send now" and a cron call, may look at once: each delivery is taken
// under a lease in a transaction and runs once per process, so nobody gets anything twice
// (./features/notifications/delivery.ts).
// Deployments that scale to zero call POST /api/notifications/due from a cron service instead.
import 'server-only';
import { deliverDue } from '@/features/notifications/delivery';
import type { Documents } from '@/server/documents/port';
import type { Push } from '@/server/push/port';

export const SCHEDULER_INTERVAL_MS = 30_000;

/** Starts the rounds; the function returned stops them and resolves when the round under way ended. */
export function scheduleNotifications(documents: Documents, push: () => Push, intervalMs = SCHEDULER_INTERVAL_MS): () => Promise<void> {
  let running: Promise<void> | null = null;
  const round = () => {
    // A long delivery is never overlapped by the next tick of the same server.
    running ??= deliverDue({ documents, push: push() })
      .then((report) => {
        if (report.sent + report.failed > 0) console.log(`Notifications: ${report.sent} sent, ${report.failed} failed.`);
      })
      .catch((error: unknown) => console.error('The notification scheduler failed; it looks again in 30 seconds:', error))
      .finally(() => {
        running = null;
      });
  };
  round();
  const timer = setInterval(round, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
