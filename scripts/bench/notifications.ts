// Benchmark of one notification's fan-out and of the mail outbox on the embedded backend. Prints
// figures, the fan-out's beside its goal (issue 48: within 2x the plain batch); asserts nothing.
//   npm run bench:notifications
// 10,000 members (BENCH_RECIPIENTS), one notification to "active members": the time from the
// delivery's start to every in-app copy written (audience resolved, chunks written, copies created
// in batches, each chunk's state recorded; no device registered, so no push leaves), beside
// writing the same number of plain documents of the same size in one batch, in the same run.
// Then 10,000 mails (BENCH_MAILS) through the outbox (issue 44), each figure beside its baseline
// measured in the same run: queued one per transaction, as a change queues its mail, beside as many
// plain documents of the same size each in its transaction; queued in batches (announcements)
// beside a batch of plain documents; sent by the sender's rounds through a transport that does
// nothing (the outbox's own work: lease, render, record), and through nodemailer to a local SMTP
// server that takes every mail (smtp-server on loopback), beside nodemailer sending the same
// mails to it without the outbox.
import { tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { z } from 'zod';
import { defineCollection } from '../../src/server/documents/port';
import { SqliteDocuments } from '../../src/server/documents/embedded/sqlite-documents';
import { searchTermsFor, Users } from '../../src/features/identity/users';
import { saveNotification, sendNotificationNow } from '../../src/features/notifications/notifications';
import { deliverNotification, deliveryFigures } from '../../src/features/notifications/delivery';
import type { Push } from '../../src/server/push/port';
import type { MailOutcome, MailTransport, OutgoingMail } from '../../src/server/mail/port';
import { createSmtpTransport } from '../../src/server/mail/smtp';
import { enqueueMail, enqueueMails, Mail, type MailRequest } from '../../src/features/mail/outbox';
import { sendDueMail } from '../../src/features/mail/sender';
import { renderMail } from '../../src/features/mail/templates';
import { besideGoal, printMachine } from './report';

function count(name: string): number {
  const raw = process.env[name];
  const value = raw ? Number(raw) : 10_000;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, not "${raw}".`);
  return value;
}
const RECIPIENTS = count('BENCH_RECIPIENTS');
const MAILS = count('BENCH_MAILS');

const Plain = defineCollection('bench_plain', z.object({ notificationId: z.string(), uid: z.string(), lang: z.string(), title: z.string(), body: z.string(), link: z.string().nullable(), at: z.date(), read: z.boolean(), readAt: z.date().nullable(), test: z.boolean() }));
const noPush: Push = { kind: 'webpush', clientConfig: () => ({ kind: 'webpush', vapidPublicKey: null }), send: async (items) => items.map(() => ({ ok: true as const })) };
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-notifications-'));
  const documents = new SqliteDocuments(join(dir, 'documents.sqlite'));
  const now = new Date();
  const membership = { id: 'bench', validFrom: new Date(now.getTime() - 86_400_000), validUntil: new Date(now.getTime() + 86_400_000) };
  for (let start = 0; start < RECIPIENTS; start += 500) {
    const batch = documents.batch();
    for (let i = start; i < Math.min(RECIPIENTS, start + 500); i++) {
      const uid = `member-${String(i).padStart(6, '0')}`;
      const email = `${uid}@example.org`;
      batch.set(documents.collection(Users).doc(uid), { email, displayName: `Member ${i}`, photoURL: null, avatarPath: null, role: 'user', locale: i % 3 ? 'de' : 'en', disabled: false, createdAt: now, lastSignInAt: now, searchTerms: searchTermsFor(email, `Member ${i}`), membership });
    }
    await batch.commit();
  }
  const admin = { uid: 'bench-admin', email: 'admin@example.org', emailVerified: true, displayName: 'Admin', photoURL: null, role: 'admin' as const };
  const id = await saveNotification(documents, admin, {
    id: null,
    notification: { title: { en: 'Doors at eight', de: 'Einlass um acht' }, body: { en: 'Tonight the doors open at 20:00.', de: 'Heute öffnen die Türen um 20 Uhr.' }, link: '/events', audience: { kind: 'members' } },
  });
  await sendNotificationNow(documents, admin, { id });

  let start = performance.now();
  const outcome = await deliverNotification({ documents, push: noPush }, id);
  const fanOut = performance.now() - start;
  const figures = await deliveryFigures(documents, id);

  start = performance.now();
  const batch = documents.batch();
  for (let i = 0; i < RECIPIENTS; i++) {
    batch.set(documents.collection(Plain).doc(`${id}_member-${String(i).padStart(6, '0')}`), { notificationId: id, uid: `member-${i}`, lang: 'de', title: 'Einlass um acht', body: 'Heute öffnen die Türen um 20 Uhr.', link: '/events', at: now, read: false, readAt: null, test: false });
  }
  await batch.commit();
  const plain = performance.now() - start;

  console.log(`One notification to ${RECIPIENTS.toLocaleString('en')} members (${outcome}; ${figures.inApp.toLocaleString('en')} in-app copies, ${figures.byLanguage.de.recipients.toLocaleString('en')} in German):`);
  console.log(`  fan-out, from the start of sending to every in-app copy written: ${seconds(fanOut)}`);
  console.log(`  the same number of plain documents written in one batch:         ${seconds(plain)}`);
  console.log(`  ratio: ${besideGoal(fanOut / plain, { at: 'most', value: 2 })}`);
  await documents.close();
  rmSync(dir, { recursive: true, force: true });
}

const SITE = 'https://nordlicht.example';
/** The mail a change queues most often: an approval, in one of the two languages. */
const mailOf = (i: number): MailRequest => ({
  kind: 'membershipApproved',
  to: `member-${String(i).padStart(6, '0')}@example.org`,
  uid: `member-${String(i).padStart(6, '0')}`,
  locale: i % 3 ? 'de' : 'en',
  params: { name: `Member ${i}`, until: i % 3 ? '31. August 2027' : '31 August 2027', link: '/vip' },
});
/** A document of the outbox's fields and sizes, in a collection of its own, written as plainly as can be. */
const PlainMail = defineCollection('bench_plain_mail', z.record(z.string(), z.unknown()));
const plainMailOf = (i: number, now: Date) => ({
  ...mailOf(i),
  category: 'service',
  toKey: 'k'.repeat(32),
  status: 'pending',
  attempts: 0,
  nextAttemptAt: now,
  createdAt: now,
  sentAt: null,
  lastError: null,
  leaseHolder: null,
  leaseUntil: null,
  notificationId: null,
});

const nothing: MailTransport = { describe: 'nothing', close() {}, send: async (): Promise<MailOutcome> => ({ status: 'sent' }) };

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** Runs the sender's rounds until nothing is left to send; how many it sent. */
async function sendAll(documents: SqliteDocuments, transport: MailTransport, now: Date): Promise<number> {
  let sent = 0;
  for (;;) {
    const report = await sendDueMail({ documents, transport, siteUrl: SITE }, now);
    const done = report.sent + report.retried + report.failed + report.undeliverable + report.suppressed;
    if (done === 0) return sent;
    sent += report.sent;
  }
}

/** A local SMTP server that takes every mail and counts them. */
async function smtpSink(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received: () => received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function mailBench() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-mail-'));
  const documents = new SqliteDocuments(join(dir, 'documents.sqlite'));
  const now = new Date();
  const ids = Array.from({ length: MAILS }, (_, i) => i);
  const rows: [string, number, string, number][] = [];

  // Queued one per transaction, as an approval queues its mail; plain documents the same way.
  const queueOne = (prefix: string) => async () => {
    for (const i of ids) await documents.runTransaction(async (tx) => enqueueMail(tx, documents, mailOf(i), now, `${prefix}-${i}`));
  };
  const plainOne = (prefix: string) => async () => {
    for (const i of ids) await documents.runTransaction(async (tx) => void tx.create(documents.collection(PlainMail).doc(`${prefix}-${i}`), plainMailOf(i, now)));
  };
  // Alternated (plain, outbox, outbox, plain), so neither half has the warmer database.
  const plainFirst = await timed(plainOne('p1'));
  const queuedFirst = await timed(queueOne('q1'));
  const queuedSecond = await timed(queueOne('q2'));
  const plainSecond = await timed(plainOne('p2'));
  rows.push(['queued, one per transaction (as a change queues its mail)', (queuedFirst + queuedSecond) / 2, 'plain documents, one per transaction', (plainFirst + plainSecond) / 2]);

  // In batches, as announcements to many are queued (each id looked up first, so none twice).
  const queuedBatch = await timed(() => enqueueMails(documents, ids.map((i) => ({ request: mailOf(i), id: `b-${i}` })), now));
  const plainBatch = await timed(async () => {
    for (let start = 0; start < MAILS; start += 400) {
      const batch = documents.batch();
      for (const i of ids.slice(start, start + 400)) batch.set(documents.collection(PlainMail).doc(`pb-${i}`), plainMailOf(i, now));
      await batch.commit();
    }
  });
  rows.push(['queued in batches of 400 (announcements)', queuedBatch, 'plain documents in batches of 400', plainBatch]);
  console.log(`  (queued ${(await documents.collection(Mail).count()).toLocaleString('en')} mails in all)`);

  // Sent: the first MAILS through a transport that does nothing, the next MAILS through SMTP.
  const keep = new Set(ids.map((i) => `q1-${i}`));
  const toSmtp = new Set(ids.map((i) => `q2-${i}`));
  // Only the mails of the half being measured are due; the others wait for a later time.
  const later = new Date(now.getTime() + 365 * 86_400_000);
  const dueAt = async (which: (id: string) => boolean, at: Date) => {
    const chosen = (await documents.collection(Mail).get()).filter((snapshot) => which(snapshot.id));
    for (let start = 0; start < chosen.length; start += 400) {
      const batch = documents.batch();
      for (const snapshot of chosen.slice(start, start + 400)) batch.update(documents.collection(Mail).doc(snapshot.id), { nextAttemptAt: at });
      await batch.commit();
    }
  };
  await dueAt((id) => !keep.has(id), later);
  let sent = 0;
  const sentNothing = await timed(async () => (sent = await sendAll(documents, nothing, now)));
  rows.push([`sent by the sender's rounds to a transport that does nothing (${sent.toLocaleString('en')})`, sentNothing, 'plain documents, one per transaction', (plainFirst + plainSecond) / 2]);

  await dueAt((id) => toSmtp.has(id), now);
  const sink = await smtpSink();
  const smtp = createSmtpTransport(sink.url, 'Nordlicht <no-reply@nordlicht.example>');
  const sentSmtp = await timed(async () => (sent = await sendAll(documents, smtp, now)));
  const rendered: OutgoingMail[] = ids.map((i) => ({ to: mailOf(i).to, messageId: `<direct-${i}.mail@nordlicht.example>`, ...renderMail('membershipApproved', 'service', mailOf(i).locale, mailOf(i).params!, { siteUrl: SITE, now }) }));
  const direct = await timed(async () => {
    for (const mail of rendered) {
      const outcome = await smtp.send(mail);
      if (outcome.status !== 'sent') throw new Error(`The SMTP sink refused a mail: ${outcome.reason}`);
    }
  });
  rows.push([`sent by the sender's rounds through SMTP, one after another (${sent.toLocaleString('en')})`, sentSmtp, 'the same mails sent through SMTP one after another, without the outbox', direct]);
  if (sink.received() !== 2 * MAILS) throw new Error(`The SMTP sink took ${sink.received()} mails, not ${2 * MAILS}.`);
  smtp.close();
  await sink.close();

  console.log(`${MAILS.toLocaleString('en')} mails through the outbox (times in seconds; ratio to the baseline beside it):`);
  for (const [what, ms, baseline, baseMs] of rows) console.log(`  ${what}: ${seconds(ms)}  |  ${baseline}: ${seconds(baseMs)}  |  ratio ${(ms / baseMs).toFixed(2)}`);
  await documents.close();
  rmSync(dir, { recursive: true, force: true });
}

async function run() {
  printMachine('embedded documents (SQLite in WAL mode, synchronous = NORMAL)');
  await main();
  await mailBench();
}

void run();
