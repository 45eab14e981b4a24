// Sends due notifications without anyone clicking: with BACKGROUND_WORK=timers the server process
// looks every 30 seconds for notifications whose time has come (or whose delivering server died)
// and delivers them; otherwise Cloud Scheduler calls /api/cron/notifications every minute. Several
// servers, and this server's "send now" and a cron call, may look at once: each delivery is taken
// under a lease in a transaction and runs once per process, so nobody gets anything twice
// (./features/notifications/delivery.ts).
import 'server-only';
import { deliverDue } from '@/features/notifications/delivery';
import type { Documents } from '@/server/documents/port';
import type { Push } from '@/server/push/port';
import { runRound } from './background-round';

export const SCHEDULER_INTERVAL_MS = 30_000;

export function notificationsRound(documents: Documents, push: Push) {
  return deliverDue({ documents, push });
}

export function sayNotificationsRound({ sent, failed }: { sent: number; failed: number }): string | null {
  return sent + failed > 0 ? `Notifications: ${sent} sent, ${failed} failed.` : null;
}

/** Starts the rounds; the function returned stops them and resolves when the round under way ended. */
export function scheduleNotifications(documents: Documents, push: () => Push, intervalMs = SCHEDULER_INTERVAL_MS): () => Promise<void> {
  let running: Promise<void> | null = null;
  const round = () => {
    // A long delivery is never overlapped by the next tick of the same server.
    running ??= runRound('notifications', () => notificationsRound(documents, push()), sayNotificationsRound)
      .then(() => {}, () => {})
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
