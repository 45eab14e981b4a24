// Queues the admins' summary of last night (src/features/door/night-summary.ts) in the server
// process: at start, every 15 minutes, and at 10:00 at the venue, so the mails go at ten and a
// server that was down then sends them when it is back the same day. Several servers may run it
// at once: each mail is created under an id of its own (an event and an admin), so it is queued once.
import 'server-only';
import { queueNightSummaries, SUMMARY_HOUR } from '@/features/door/night-summary';
import type { Documents } from '@/server/documents/port';
import { nextVenueMorning } from './membership-expiry';

export const NIGHT_SUMMARY_INTERVAL_MS = 15 * 60 * 1000;

export function scheduleNightSummaries(documents: Documents, intervalMs = NIGHT_SUMMARY_INTERVAL_MS): () => void {
  let running: Promise<void> | null = null;
  const round = () => {
    running ??= queueNightSummaries(documents, new Date())
      .then((queued) => {
        if (queued > 0) console.log(`Night summaries: ${queued} mails of last night queued for admins.`);
      })
      .catch((error: unknown) => console.error('Queueing the summaries of last night failed; it runs again within 15 minutes:', error))
      .finally(() => {
        running = null;
      });
  };
  round();
  const timer = setInterval(round, intervalMs);
  timer.unref();
  let atTen: NodeJS.Timeout | undefined;
  const atNextTen = () => {
    const now = new Date();
    atTen = setTimeout(() => {
      // The ten o'clock round follows one still running rather than being skipped.
      if (running) void running.then(round);
      else round();
      atNextTen();
    }, nextVenueMorning(now, SUMMARY_HOUR).getTime() - now.getTime());
    atTen.unref();
  };
  atNextTen();
  return () => {
    clearInterval(timer);
    clearTimeout(atTen);
  };
}
