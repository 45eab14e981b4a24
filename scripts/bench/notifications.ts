// Benchmark of one notification's fan-out on the embedded backend. Prints figures; asserts nothing.
//   npm run bench:notifications
// 10,000 members (BENCH_RECIPIENTS), one notification to "active members": the time from the
// delivery's start to every in-app copy written (audience resolved, chunks written, copies created
// in batches, each chunk's state recorded; no device registered, so no push leaves), beside
// writing the same number of plain documents of the same size in one batch, in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { defineCollection } from '../../src/server/documents/port';
import { SqliteDocuments } from '../../src/server/documents/embedded/sqlite-documents';
import { searchTermsFor, Users } from '../../src/features/identity/users';
import { saveNotification, sendNotificationNow } from '../../src/features/notifications/notifications';
import { deliverNotification, deliveryFigures } from '../../src/features/notifications/delivery';
import type { Push } from '../../src/server/push/port';

const raw = process.env.BENCH_RECIPIENTS;
const RECIPIENTS = raw ? Number(raw) : 10_000;
if (!Number.isInteger(RECIPIENTS) || RECIPIENTS <= 0) throw new Error(`BENCH_RECIPIENTS must be a positive whole number, not "${raw}".`);

const Plain = defineCollection('bench_plain', z.object({ notificationId: z.string(), uid: z.string(), lang: z.string(), title: z.string(), body: z.string(), link: z.string().nullable(), at: z.date(), read: z.boolean(), readAt: z.date().nullable(), test: z.boolean() }));
const noPush: Push = { kind: 'webpush', clientConfig: () => ({ kind: 'webpush', vapidPublicKey: null }), send: async (items) => items.map(() => ({ ok: true as const })) };
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

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
  await sendNotificationNow(documents, admin, id);

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
  console.log(`  fan-out, from the start of sending to every in-app copy written: ${fmt(fanOut)}`);
  console.log(`  the same number of plain documents written in one batch:         ${fmt(plain)}`);
  console.log(`  ratio: ${(fanOut / plain).toFixed(2)}`);
  await documents.close();
  rmSync(dir, { recursive: true, force: true });
}

void main();
