// Queues the admins' summary of last night (src/features/door/night-summary.ts), with
// BACKGROUND_WORK=timers in the server process (otherwise Cloud Scheduler calls
// /api/cron/night-summaries every 15 minutes): at start, every 15 minutes, and at 10:00 at the venue, so the mails go at ten and a
// server that was down then sends them when it is back the same day. Several servers may run it
// at once: each mail is created under an id of its own (an event and an admin), so it is queued once.
import 'server-only';
import { queueNightSummaries, SUMMARY_HOUR } from '@/features/door/night-summary';
import type { Documents } from '@/server/documents/port';
import { nextVenueMorning } from './membership-expiry';
import { runRound } from './background-round';

export const NIGHT_SUMMARY_INTERVAL_MS = 15 * 60 * 1000;

export async function nightSummaryRound(documents: Documents, now: Date) {
  return { queued: await queueNightSummaries(documents, now) };
}

export function sayNightSummaryRound({ queued }: { queued: number }): string | null {
  return queued > 0 ? `Night summaries: ${queued} mails of last night queued for admins.` : null;
}

export function scheduleNightSummaries(documents: Documents, intervalMs = NIGHT_SUMMARY_INTERVAL_MS): () => void {
  let running: Promise<void> | null = null;
  const round = () => {
    running ??= runRound('night-summaries', () => nightSummaryRound(documents, new Date()), sayNightSummaryRound)
      .then(() => {}, () => {})
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
