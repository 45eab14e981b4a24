// Runs the retention sweeps in the server process: once at start, then every hour, so a finished
// mail's document (an address, what it said) goes 30 days after it was written
// (features/mail/retention.ts), a guest's name and address 30 days after their event
// (features/tickets/ticket-retention.ts), and a house ban a day after its end
// (features/bans/ban-retention.ts), and the tombstones of deleted documents after two days
// (server/documents/removals.ts: the door list's changes read them). Several servers may sweep at once: each announcement's
// mails are counted and deleted in one transaction that reads them again, so each is counted
// once; a ticket's holder written over twice is the same placeholder.
import 'server-only';
import { forgetOldMail } from '@/features/mail/retention';
import { pseudonymiseTicketHolders } from '@/features/tickets/ticket-retention';
import { sweepEndedBans } from '@/features/bans/ban-retention';
import { forgetOldRemovals } from '@/server/documents/removals';
import type { Documents } from '@/server/documents/port';

export const MAIL_RETENTION_INTERVAL_MS = 60 * 60 * 1000;

export function scheduleMailRetention(documents: Documents, intervalMs = MAIL_RETENTION_INTERVAL_MS): () => void {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= forgetOldMail(documents)
      .then((forgotten) => {
        if (forgotten > 0) console.log(`Mail: ${forgotten} finished mails older than 30 days forgotten.`);
      })
      .catch((error: unknown) => console.error('The mail retention sweep failed; it runs again within the hour:', error))
      .then(() => pseudonymiseTicketHolders(documents, new Date()))
      .then((replaced) => {
        if (replaced) console.log(`Tickets: the holders of ${replaced} tickets replaced 30 days after their event.`);
      })
      .catch((error: unknown) => console.error('The ticket retention sweep failed; it runs again within the hour:', error))
      .then(() => sweepEndedBans(documents, new Date()))
      .then((swept) => {
        if (swept) console.log(`House bans: ${swept} ended bans deleted.`);
      })
      .catch((error: unknown) => console.error('The house ban sweep failed; it runs again within the hour:', error))
      .then(() => forgetOldRemovals(documents, new Date()))
      .then(() => undefined)
      .catch((error: unknown) => console.error('The tombstone sweep failed; it runs again within the hour:', error))
      .finally(() => {
        running = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
