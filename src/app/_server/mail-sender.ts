// Sends the mail outbox without anyone waiting on it: with BACKGROUND_WORK=timers the server process
// looks every few seconds for mail that is due (new, to retry, or left by a server that died
// mid-send) and sends it (./features/mail/sender.ts); otherwise Cloud Scheduler calls
// /api/cron/mail every minute, and a request that queued mail sends it after its answer
// (./background-tasks.ts). Several servers may look at once: each mail is taken under a lease in a
// transaction, so it is sent once. Without an SMTP service there is no round (and no mail queued).
import 'server-only';
import { ROUND_SIZE, sendDueMail } from '@/features/mail/sender';
import { Mail } from '@/features/mail/outbox';
import type { Documents } from '@/server/documents/port';
import type { MailTransport } from '@/server/mail/port';
import { runRound } from './background-round';

export const MAIL_ROUND_MS = 5_000;

/**
 * Sends what is due; with `forMs`, takes one more batch while the last was full and time is left
 * (a job called once a minute must not leave a queue of hundreds to the next minutes).
 */
export async function mailRound(documents: Documents, transport: MailTransport, siteUrl: string, forMs = 0): Promise<Awaited<ReturnType<typeof sendDueMail>> & { oldestDueSeconds?: number }> {
  const started = Date.now();
  const total = await sendDueMail({ documents, transport, siteUrl });
  let last = total;
  while (taken(last) >= ROUND_SIZE && Date.now() - started < forMs) {
    last = await sendDueMail({ documents, transport, siteUrl });
    for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += last[key];
  }
  if (forMs <= 0) return total;
  // A job's round says how long the oldest mail still due has waited: the outbox's backlog on a
  // door night, read from the log (operations.md). One read, on the query the round uses.
  const now = new Date();
  const [oldest] = await documents.collection(Mail).where('status', '==', 'pending').where('nextAttemptAt', '<=', now).orderBy('nextAttemptAt').limit(1).get();
  return { ...total, oldestDueSeconds: oldest ? Math.round((now.getTime() - oldest.data.nextAttemptAt.getTime()) / 1000) : 0 };
}

const taken = (report: Awaited<ReturnType<typeof sendDueMail>>) => report.sent + report.retried + report.failed + report.undeliverable + report.suppressed;

export function sayMailRound({ sent, retried, failed, undeliverable }: Awaited<ReturnType<typeof mailRound>>): string | null {
  return sent + retried + failed + undeliverable > 0 ? `Mail: ${sent} sent, ${retried} to retry, ${failed} given up, ${undeliverable} to addresses that refuse mail.` : null;
}

/**
 * Starts the rounds; the function returned stops them and resolves when the round under way ended.
 * `firstRoundAfterMs` holds the first round back (MAIL_SENDER_DELAY_MS, for the crash test only).
 */
export function scheduleMail(documents: Documents, transport: MailTransport, siteUrl: string, intervalMs = MAIL_ROUND_MS, firstRoundAfterMs = 0): () => Promise<void> {
  let running: Promise<void> | null = null;
  const round = () => {
    // A failure that lasts is said once, not every few seconds (./background-round.ts).
    running ??= runRound('mail', () => mailRound(documents, transport, siteUrl), sayMailRound)
      .then(() => {}, () => {})
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
