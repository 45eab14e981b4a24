// The public tickets' waitlist sweep, with BACKGROUND_WORK=timers in the server process at start
// and then every minute (otherwise Cloud Scheduler calls /api/cron/waitlists every minute), so an
// offer whose 24 hours ran out passes to the next person within a minute, a public ticket cancelled
// by any path frees its place, and places an admin adds go to those waiting. Forgetting who took or
// waited for the tickets of past events is part of the retention sweep (./mail-retention.ts).
// Several servers may sweep at once: each step re-reads the entry and the event's counter in its
// transaction.
import 'server-only';
import { sweepWaitlists } from '@/features/tickets/waitlist';
import type { Documents } from '@/server/documents/port';
import type { Push } from '@/server/push/port';
import { runRound } from './background-round';

export const WAITLIST_SWEEP_INTERVAL_MS = 60 * 1000;

export function waitlistRound(documents: Documents, push: Push, now: Date) {
  return sweepWaitlists({ documents, push }, now);
}

export function sayWaitlistRound({ lapsed, released, offered }: Awaited<ReturnType<typeof waitlistRound>>): string | null {
  return lapsed + released + offered > 0 ? `Waitlists: ${lapsed} offers ran out, ${released} cancelled tickets freed, ${offered} tickets offered.` : null;
}

export function scheduleWaitlistSweep(documents: Documents, push: () => Push, intervalMs = WAITLIST_SWEEP_INTERVAL_MS): () => void {
  let running: Promise<void> | null = null;
  const run = () => {
    // Never two rounds at once in this server.
    running ??= runRound('waitlists', () => waitlistRound(documents, push(), new Date()), sayWaitlistRound)
      .then(() => {}, () => {})
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
