// Runs the outbox's retention sweep in the server process: once at start, then every hour, so a
// finished mail's document (an address, what it said) goes 30 days after it was written
// (features/mail/retention.ts). Several servers may sweep at once: each announcement's mails are
// counted and deleted in one transaction that reads them again, so each is counted once.
import 'server-only';
import { forgetOldMail } from '@/features/mail/retention';
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
      .finally(() => {
        running = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
