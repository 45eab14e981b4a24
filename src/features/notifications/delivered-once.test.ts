// One notification, one delivery: "send now", the scheduler and the cron endpoint starting it at
// the same moment in one server, or a second server taking over a lease that ran out, give every
// recipient one in-app copy and one push per phone (the embedded store; the Firestore stand-in
// runs the same in notifications.firestore.test.ts).
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Documents } from '@/server/documents/port';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { CountingPush, draftNotification, expectEachOnce, membersWithPhones, startEverywhereAtOnce, takeOverAfterTheLease } from '@/app/_server/test-notifications';

const ports = vi.hoisted(() => {
  vi.stubEnv('NOTIFICATIONS_CRON_SECRET', 'a-cron-secret-of-at-least-32-characters');
  return { documents: null as unknown as Documents, push: null as unknown as CountingPush };
});
vi.mock('@/server/documents/documents', async (original) => ({ ...(await original()), getDocuments: () => ports.documents }));
vi.mock('@/server/push/push', async (original) => ({ ...(await original()), getPush: () => ports.push }));

const NOW = new Date();

describe('one delivery per notification (embedded)', () => {
  let uids: string[];

  beforeEach(async () => {
    ports.documents = new SqliteDocuments(':memory:');
    ports.push = new CountingPush(5);
    uids = await membersWithPhones(ports.documents, 300, NOW);
  });
  afterAll(() => vi.unstubAllEnvs());

  it('"send now", the scheduler and the cron endpoint at once in one server: one copy and one push each', async () => {
    const id = await draftNotification(ports.documents, NOW);
    expect(await startEverywhereAtOnce(ports.documents, ports.push, id)).toBe(1);
    await expectEachOnce(ports.documents, ports.push, id, uids);
  });

  it.each(['pushing', 'inbox'] as const)("a second server waits for the lease of one that hangs (%s), then finishes; no chunk is pushed twice", async (hangs) => {
    await takeOverAfterTheLease(ports.documents, ports.push, uids, NOW, hangs);
  });
});
