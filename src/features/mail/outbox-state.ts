// What the admins see of the outbox on /admin: whether mail is on and where it goes, how much
// waits (and how much of it is being tried again), what failed in the last day, and the latest
// error, so a broken SMTP service shows within minutes, not when people say they got nothing.
import 'server-only';
import type { Documents } from '@/server/documents/port';
import type { MailTransport } from '@/server/mail/port';
import { Mail, type MailDocument, type MailStatus } from './outbox';
import { retryDelay } from './sender';

export interface OutboxState {
  /** False without an SMTP service (Firebase mode without SMTP_URL): nothing is queued or sent. */
  on: boolean;
  /** Where mail goes: `MailDev (127.0.0.1:1025)`, or the SMTP service's host name. */
  through: string | null;
  /** Mails not sent yet: new, held for the morning, being sent, or to be tried again. */
  waiting: number;
  /** Of those, how many failed at least once. */
  retrying: number;
  /** Given up (a day of failures) or refused for good by the receiving server, in the last 24 hours. */
  failedLastDay: number;
  /** The latest error of a mail given up or refused in the last day, or of the one tried most often. */
  latestError: { at: Date; reason: string } | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const STOPPED: MailStatus[] = ['failed', 'undeliverable'];

export async function outboxState(documents: Documents, transport: MailTransport | null, now: Date): Promise<OutboxState> {
  if (!transport) return { on: false, through: null, waiting: 0, retrying: 0, failedLastDay: 0, latestError: null };
  const mail = documents.collection(Mail);
  const since = new Date(now.getTime() - DAY_MS);
  // A mail that stopped keeps in nextAttemptAt the time its last attempt was due (the sender
  // changes it only when it tries again): that is when it failed, to within a round.
  const stopped = STOPPED.map((status) => mail.where('status', '==', status).where('nextAttemptAt', '>=', since));
  const retrying = mail.where('status', '==', 'pending').where('attempts', '>', 0);
  const [pending, sending, retries, mostTried, ...stops] = await Promise.all([
    mail.where('status', '==', 'pending').count(),
    mail.where('status', '==', 'sending').count(),
    retrying.count(),
    retrying.orderBy('attempts', 'desc').limit(1).get(),
    ...stopped.map((query) => query.count()),
    ...stopped.map((query) => query.orderBy('nextAttemptAt', 'desc').limit(1).get()),
  ]);
  const counts = stops.slice(0, STOPPED.length) as number[];
  const latest = (stops.slice(STOPPED.length) as { data: MailDocument }[][]).flat();
  const errors = [
    ...latest.map(({ data }) => ({ at: data.nextAttemptAt, reason: data.lastError })),
    // The one tried most often was last tried one wait before its next attempt.
    ...mostTried.map(({ data }) => ({ at: new Date(data.nextAttemptAt.getTime() - retryDelay(data.attempts)), reason: data.lastError })),
  ].filter((error): error is { at: Date; reason: string } => error.reason !== null);
  errors.sort((a, b) => b.at.getTime() - a.at.getTime());
  return {
    on: true,
    through: transport.describe,
    waiting: pending + sending,
    retrying: retries,
    failedLastDay: counts.reduce((sum, count) => sum + count, 0),
    latestError: errors[0] ?? null,
  };
}
