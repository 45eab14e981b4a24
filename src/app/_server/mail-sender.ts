// Sends the mail outbox without anyone waiting on it: the server process looks every few seconds
// for mail that is due (new, to retry, or left by a server that died mid-send) and sends it
// (./features/mail/sender.ts). Several servers may look at once: each mail is taken under a lease in
// a transaction, so it is sent once. Without an SMTP service there is no round (and no mail queued).
import 'server-only';
import { sendDueMail } from '@/features/mail/sender';
import type { Documents } from '@/server/documents/port';
import type { MailTransport } from '@/server/mail/port';

export const MAIL_ROUND_MS = 5_000;

/**
 * Starts the rounds; the function returned stops them and resolves when the round under way ended.
 * `firstRoundAfterMs` holds the first round back (MAIL_SENDER_DELAY_MS, for the crash test only).
 */
export function scheduleMail(documents: Documents, transport: MailTransport, siteUrl: string, intervalMs = MAIL_ROUND_MS, firstRoundAfterMs = 0): () => Promise<void> {
  let running: Promise<void> | null = null;
  let failing = false;
  const round = () => {
    running ??= sendDueMail({ documents, transport, siteUrl })
      .then((report) => {
        failing = false;
        const { sent, retried, failed, undeliverable } = report;
        if (sent + retried + failed + undeliverable > 0) console.log(`Mail: ${sent} sent, ${retried} to retry, ${failed} given up, ${undeliverable} to addresses that refuse mail.`);
      })
      .catch((error: unknown) => {
        // Said once while it lasts, not every few seconds.
        if (!failing) console.error(`The mail sender failed; it tries again every ${intervalMs / 1000} seconds:`, error);
        failing = true;
      })
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  const start = () => {
    round();
    timer = setInterval(round, intervalMs);
    timer.unref();
  };
  const held = firstRoundAfterMs > 0 ? setTimeout(start, firstRoundAfterMs) : undefined;
  held?.unref();
  if (!held) start();
  return async () => {
    clearTimeout(held);
    clearInterval(timer);
    await running;
  };
}
