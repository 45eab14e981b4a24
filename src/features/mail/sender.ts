// Sending the outbox (decision 047). Each round takes the mails that are due, one at a time under a
// lease (a transaction moves it from `pending`, or from `sending` whose lease ran out, to `sending`
// for this server), renders it in its language, sends it with a Message-ID made from its id, and
// records what came of it:
// - sent: done; a mail that carried a sign-in or reset link forgets the link;
// - refused for good (SMTP 5xx): the address is undeliverable, this mail and every later one to
//   it stop (`undeliverable`) until the person gives another address;
// - failed otherwise: tried again after 1 minute, doubling to an hour, and given up (`failed`,
//   shown to the admins) a day after it was written.
// A server that dies between the send and the record leaves the mail `sending`; the next round
// after its lease sends it again under the same Message-ID, which mail programs show once. A mail
// queued but never sent (the server killed before its round) is simply sent by the next round.
import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Documents } from '@/server/documents/port';
import type { MailTransport } from '@/server/mail/port';
import { Users } from '@/features/identity/users';
import { Mail, type MailDocument } from './outbox';
import { renderMail } from './templates';
import { isUndeliverable, markUndeliverable } from './addresses';
import { mailSettingsOf, oneClickUnsubscribeUrl, unsubscribeUrl, wantsAnnouncements } from './preferences';

/** The first wait after a failed attempt; it doubles to MAX_RETRY_MS. */
export const FIRST_RETRY_MS = 60_000;
export const MAX_RETRY_MS = 60 * 60_000;
/** A mail not sent this long after it was written is given up. */
export const GIVE_UP_MS = 24 * 60 * 60_000;
/** How long a server holds a mail it is sending before another may take it over. */
export const MAIL_LEASE_MS = 2 * 60_000;
/** Mails one round takes at most (a round runs every few seconds while mail waits). */
export const ROUND_SIZE = 50;
/** Mails one address gets at most in an hour; more wait for the next hour (a loop, a flood of clicks). */
export const MAX_PER_ADDRESS_PER_HOUR = 12;
/** Kinds whose values are secrets (a ticket's link is the ticket): a sent mail keeps none of them. */
const LINK_KINDS = new Set<MailDocument['kind']>(['signInLink', 'confirmAddress', 'passwordReset', 'guestTicket']);

/** This server process, as a holder of mail leases. */
export const MAIL_SENDER_ID = randomUUID();

export interface MailPorts {
  documents: Documents;
  transport: MailTransport;
  siteUrl: string;
  /** Who holds the leases of this round (a server; tests name two). */
  holder?: string;
}

export interface RoundReport {
  sent: number;
  retried: number;
  failed: number;
  undeliverable: number;
  suppressed: number;
}

/** The Message-ID of a mail: the same for every attempt, so a repeat is recognised as one. */
export function messageIdOf(id: string, siteUrl: string): string {
  return `<${id}.mail@${new URL(siteUrl).hostname}>`;
}

/** The wait before attempt number `attempts + 1`, after `attempts` failures. */
export function retryDelay(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** Sends every mail that is due now, each once; returns what came of them. */
export async function sendDueMail(ports: MailPorts, now = new Date()): Promise<RoundReport> {
  const { documents } = ports;
  const holder = ports.holder ?? MAIL_SENDER_ID;
  const report: RoundReport = { sent: 0, retried: 0, failed: 0, undeliverable: 0, suppressed: 0 };
  const [pending, stalled] = await Promise.all([
    documents.collection(Mail).where('status', '==', 'pending').where('nextAttemptAt', '<=', now).orderBy('nextAttemptAt').limit(ROUND_SIZE).get(),
    documents.collection(Mail).where('status', '==', 'sending').where('leaseUntil', '<=', now).orderBy('leaseUntil').limit(ROUND_SIZE).get(),
  ]);
  for (const { id } of [...stalled, ...pending]) {
    const mail = await lease(documents, id, holder, now);
    if (!mail) continue;
    const outcome = await sendOne(ports, id, mail, holder, now);
    report[outcome] += 1;
  }
  return report;
}

/** Takes the mail for this server, or null when it is not due or another server holds it. */
async function lease(documents: Documents, id: string, holder: string, now: Date): Promise<MailDocument | null> {
  const ref = documents.collection(Mail).doc(id);
  return documents.runTransaction(async (tx) => {
    const mail = (await tx.get(ref)).data;
    if (!mail) return null;
    const due = mail.status === 'pending' ? mail.nextAttemptAt.getTime() <= now.getTime() : mail.status === 'sending' && (mail.leaseUntil?.getTime() ?? 0) <= now.getTime();
    if (!due) return null;
    tx.update(ref, { status: 'sending', leaseHolder: holder, leaseUntil: new Date(now.getTime() + MAIL_LEASE_MS) });
    return mail;
  });
}

type Outcome = keyof RoundReport;

async function sendOne(ports: MailPorts, id: string, mail: MailDocument, holder: string, now: Date): Promise<Outcome> {
  const { documents, transport, siteUrl } = ports;
  if (await isUndeliverable(documents, mail.to)) return finish(documents, id, holder, { status: 'undeliverable', lastError: 'address refuses mail' }, 'undeliverable');
  // An announcement names two addresses: the page a person opens from the text (it asks first, as
  // link scanners open every link), and the one-click POST mail programs send (RFC 8058).
  let unsubscribe: { page: string; oneClick: string } | null = null;
  if (mail.category === 'announcement') {
    const user = mail.uid ? (await documents.collection(Users).doc(mail.uid).get()).data : undefined;
    // Opted out (or gone) since it was queued: not sent.
    if (!user || !wantsAnnouncements(user) || user.email?.toLowerCase() !== mail.to.toLowerCase()) return finish(documents, id, holder, { status: 'suppressed', lastError: null }, 'suppressed');
    const token = mailSettingsOf(user).unsubscribeToken!;
    unsubscribe = { page: unsubscribeUrl(siteUrl, mail.uid!, token, mail.locale), oneClick: oneClickUnsubscribeUrl(siteUrl, mail.uid!, token) };
  }
  if ((await sentWithinHour(documents, mail.toKey, now)) >= MAX_PER_ADDRESS_PER_HOUR) {
    return finish(documents, id, holder, { status: 'pending', nextAttemptAt: new Date(now.getTime() + MAX_RETRY_MS), lastError: 'hourly limit for this address' }, 'retried');
  }
  const rendered = renderMail(mail.kind, mail.category, mail.locale, mail.params, { siteUrl, unsubscribeUrl: unsubscribe?.page ?? null, now, images: mail.images });
  const outcome = await transport.send({
    to: mail.to,
    ...rendered,
    attachments: mail.images?.map(({ cid, filename, contentType, content }) => ({ cid, filename, contentType, content: Buffer.from(content, 'base64') })),
    messageId: messageIdOf(id, siteUrl),
    headers: unsubscribe ? { 'List-Unsubscribe': `<${unsubscribe.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined,
  });
  const attempts = mail.attempts + 1;
  if (outcome.status === 'sent') {
    return finish(documents, id, holder, { status: 'sent', sentAt: now, attempts, lastError: null, ...(LINK_KINDS.has(mail.kind) ? { params: {} } : {}) }, 'sent');
  }
  if (outcome.status === 'refused') {
    await markUndeliverable(documents, mail.to, outcome.reason, now);
    return finish(documents, id, holder, { status: 'undeliverable', attempts, lastError: outcome.reason }, 'undeliverable');
  }
  if (now.getTime() - mail.createdAt.getTime() + retryDelay(attempts) > GIVE_UP_MS) {
    return finish(documents, id, holder, { status: 'failed', attempts, lastError: outcome.reason }, 'failed');
  }
  return finish(documents, id, holder, { status: 'pending', attempts, nextAttemptAt: new Date(now.getTime() + retryDelay(attempts)), lastError: outcome.reason }, 'retried');
}

/** Records what came of a mail, if this server still holds it (another may have taken it over). */
async function finish(documents: Documents, id: string, holder: string, change: Partial<MailDocument>, outcome: Outcome): Promise<Outcome> {
  const ref = documents.collection(Mail).doc(id);
  await documents.runTransaction(async (tx) => {
    const mail = (await tx.get(ref)).data;
    if (!mail || mail.status !== 'sending' || mail.leaseHolder !== holder) return;
    tx.update(ref, { ...change, leaseHolder: null, leaseUntil: null });
  });
  return outcome;
}

async function sentWithinHour(documents: Documents, toKey: string, now: Date): Promise<number> {
  return documents
    .collection(Mail)
    .where('toKey', '==', toKey)
    .where('sentAt', '>', new Date(now.getTime() - 60 * 60_000))
    .count();
}
