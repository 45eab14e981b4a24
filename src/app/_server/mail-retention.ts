// The retention sweeps, with BACKGROUND_WORK=timers in the server process once at start and then
// every hour (otherwise Cloud Scheduler calls /api/cron/retention hourly): a finished mail's
// document (an address, what it said) goes 30 days after it was written
// (features/mail/retention.ts), a guest's name and address 30 days after their event
// (features/tickets/ticket-retention.ts), a house ban a day after its end
// (features/bans/ban-retention.ts), who took or waited for the public tickets of an event 30
// days after it ended (features/tickets/waitlist.ts), and the tombstones of deleted documents
// after two days (server/documents/removals.ts: the door list's changes read them). Several
// servers may sweep at once: each announcement's mails are counted and deleted in one transaction
// that reads them again, so each is counted once; a ticket's holder written over twice is the same
// placeholder; forgetting deletes what another server may have deleted already.
import 'server-only';
import { forgetOldMail } from '@/features/mail/retention';
import { pseudonymiseTicketHolders } from '@/features/tickets/ticket-retention';
import { forgetPastWaitlists } from '@/features/tickets/waitlist';
import { sweepEndedBans } from '@/features/bans/ban-retention';
import { forgetOldRemovals } from '@/server/documents/removals';
import type { Documents } from '@/server/documents/port';
import { inParts, runRound } from './background-round';

export const MAIL_RETENTION_INTERVAL_MS = 60 * 60 * 1000;

export function retentionRound(documents: Documents, now: Date) {
  return inParts('The retention sweep', {
    mails: () => forgetOldMail(documents),
    ticketHolders: () => pseudonymiseTicketHolders(documents, now),
    bans: () => sweepEndedBans(documents, now),
    waitlistEntries: () => forgetPastWaitlists(documents, now),
    tombstones: () => forgetOldRemovals(documents, now),
  });
}

export function sayRetentionRound({ mails, ticketHolders, bans, waitlistEntries, tombstones }: Awaited<ReturnType<typeof retentionRound>>): string | null {
  const said = [
    mails ? `${mails} finished mails older than 30 days forgotten` : '',
    ticketHolders ? `the holders of ${ticketHolders} tickets replaced 30 days after their event` : '',
    bans ? `${bans} ended house bans deleted` : '',
    waitlistEntries ? `${waitlistEntries} waitlist entries of events ended 30 days ago forgotten` : '',
    tombstones ? `${tombstones} tombstones older than two days forgotten` : '',
  ].filter(Boolean);
  return said.length > 0 ? `Retention: ${said.join('; ')}.` : null;
}

export function scheduleMailRetention(documents: Documents, intervalMs = MAIL_RETENTION_INTERVAL_MS): () => void {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= runRound('retention', () => retentionRound(documents, new Date()), sayRetentionRound)
      .then(() => {}, () => {})
      .finally(() => {
        running = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
