// Runs the public tickets' waitlist sweep in the server process: at start, then every minute, so an
// offer whose 24 hours ran out passes to the next person within a minute, a public ticket cancelled
// by any path frees its place, and places an admin adds go to those waiting. Hourly (and at start)
// it also forgets who took or waited for the tickets of events that ended 30 days ago. Several
// servers may sweep at once: each step re-reads the entry and the event's counter in its
// transaction, and forgetting deletes what another server may have deleted already.
import 'server-only';
import { forgetPastWaitlists, sweepWaitlists } from '@/features/tickets/waitlist';
import type { Documents } from '@/server/documents/port';
import type { Push } from '@/server/push/port';

export const WAITLIST_SWEEP_INTERVAL_MS = 60 * 1000;
export const WAITLIST_RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/** A task run now and every `intervalMs`, never overlapping itself in this server. */
function every(intervalMs: number, task: () => Promise<void>): () => void {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= task().finally(() => {
      running = null;
    });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

export function scheduleWaitlistSweep(documents: Documents, push: () => Push, intervalMs = WAITLIST_SWEEP_INTERVAL_MS, retentionMs = WAITLIST_RETENTION_INTERVAL_MS): () => void {
  const stopSweep = every(intervalMs, () =>
    sweepWaitlists({ documents, push: push() })
      .then(({ lapsed, released, offered }) => {
        if (lapsed + released + offered > 0) console.log(`Waitlists: ${lapsed} offers ran out, ${released} cancelled tickets freed, ${offered} tickets offered.`);
      })
      .catch((error: unknown) => console.error('The waitlist sweep failed; it runs again within a minute:', error)),
  );
  const stopForgetting = every(retentionMs, () =>
    forgetPastWaitlists(documents)
      .then((forgotten) => {
        if (forgotten > 0) console.log(`Waitlists: ${forgotten} entries of events ended 30 days ago forgotten.`);
      })
      .catch((error: unknown) => console.error('Forgetting past waitlists failed; it runs again within the hour:', error)),
  );
  return () => {
    stopSweep();
    stopForgetting();
  };
}
