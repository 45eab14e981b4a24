// Runs the membership sweep in the server process (BACKGROUND_WORK=timers; otherwise Cloud
// Scheduler calls /api/cron/memberships hourly): at start, every hour, and at 09:00 at the venue.
// A sweep marks what has run out as expired and takes the role away without anyone clicking (its
// "ended" mail waits for the morning), queues the reminders due from 09:00 on, and in the hour from
// 09:00 the digest of waiting requests for the admins who asked for it: the 09:00 sweep makes
// those go at nine, not at whatever minute past the hour the server happened to start. Several
// servers may run it at once: the sweep changes each membership in a transaction that re-reads
// it, and each reminder and digest is created once under an id of its own.
import 'server-only';
import { expireMemberships } from '@/features/memberships/memberships';
import { MORNING_HOUR, queueRequestsDigests, remindEndingMemberships } from '@/features/memberships/membership-mail';
import { dateToWallTime, wallTimeToDate } from '@/features/events/venue-time';
import type { Accounts } from '@/server/accounts/port';
import type { Documents } from '@/server/documents/port';
import { inParts, runRound } from './background-round';

export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** The next 09:00 (or `hour`:00) at the venue after `now` (found by the wall clock: days around a clock change are not 24 hours). */
export function nextVenueMorning(now: Date, hour = MORNING_HOUR): Date {
  const at = (day: string) => wallTimeToDate(`${day}T${String(hour).padStart(2, '0')}:00`)!;
  const today = dateToWallTime(now).slice(0, 10);
  const morning = at(today);
  if (morning.getTime() > now.getTime()) return morning;
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return at(new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10));
}

/** One sweep; each part on its own, so a failing one leaves the others their round. */
export function membershipRound(documents: Documents, accounts: Accounts, now: Date) {
  return inParts('The membership sweep', {
    expired: async () => (await expireMemberships(documents, accounts, now)).expired,
    reminders: () => remindEndingMemberships(documents, now),
    digests: () => queueRequestsDigests(documents, now),
  });
}

export function sayMembershipRound({ expired, reminders, digests }: Awaited<ReturnType<typeof membershipRound>>): string | null {
  const said = [
    expired ? `${expired} ran out and were marked expired` : '',
    reminders ? `${reminders} reminders of an end queued` : '',
    digests ? `${digests} digests of waiting requests queued for admins` : '',
  ].filter(Boolean);
  return said.length > 0 ? `Memberships: ${said.join('; ')}.` : null;
}

export function scheduleMembershipExpiry(documents: Documents, accounts: Accounts, intervalMs = SWEEP_INTERVAL_MS): () => void {
  let running: Promise<void> | null = null;
  const sweep = () => {
    // A slow sweep is never overlapped by the next tick of the same server.
    running ??= runRound('memberships', () => membershipRound(documents, accounts, new Date()), sayMembershipRound)
      .then(() => {}, () => {})
      .finally(() => {
        running = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  let morning: NodeJS.Timeout | undefined;
  const atNextMorning = () => {
    const now = new Date();
    morning = setTimeout(() => {
      // The nine o'clock sweep is not skipped for an hourly one still running: it follows it.
      if (running) void running.then(sweep);
      else sweep();
      atNextMorning();
    }, nextVenueMorning(now).getTime() - now.getTime());
    morning.unref();
  };
  atNextMorning();
  return () => {
    clearInterval(timer);
    clearTimeout(morning);
  };
}
