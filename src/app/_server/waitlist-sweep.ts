// Runs the public tickets' waitlist sweep in the server process: at start, then every minute, so an
// offer whose 24 hours ran out passes to the next person within a minute, a public ticket cancelled
// by any path frees its place, and places an admin adds go to those waiting. Several servers may
// sweep at once: each step re-reads the entry and the event's counter in its transaction.
import 'server-only';
import { sweepWaitlists } from '@/features/tickets/waitlist';
import type { Documents } from '@/server/documents/port';
import type { Push } from '@/server/push/port';

export const WAITLIST_SWEEP_INTERVAL_MS = 60 * 1000;

export function scheduleWaitlistSweep(documents: Documents, push: () => Push, intervalMs = WAITLIST_SWEEP_INTERVAL_MS): () => void {
  let running: Promise<void> | null = null;
  const sweep = () => {
    // A slow sweep is never overlapped by the next tick of the same server.
    running ??= sweepWaitlists({ documents, push: push() })
      .then(({ lapsed, released, offered }) => {
        if (lapsed + released + offered > 0) console.log(`Waitlists: ${lapsed} offers ran out, ${released} cancelled tickets freed, ${offered} tickets offered.`);
      })
      .catch((error: unknown) => console.error('The waitlist sweep failed; it runs again within a minute:', error))
      .finally(() => {
        running = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
