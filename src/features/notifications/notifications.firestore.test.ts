// The notification's delivery on the Firestore adapter too (the in-process stand-in): the audience,
// the chunks, the in-app copies, the pushes and their pruning, the inbox and the figures.
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Documents } from '@/server/documents/port';
import type { Push, PushMessage, PushOutcome, PushTarget } from '@/server/push/port';
import type { Identity } from '@/access/identity';
import { standInDocuments } from '@/server/testing/firestore-stand-in';
import { addTestUser } from '@/features/identity/test-users';
import { announcements, getNotification, saveNotification, scheduleNotification } from './notifications';
import { deliverDue, deliveryFigures } from './delivery';
import { inboxOf, markAllRead } from './inbox';
import { PushDevices, registerDevice } from './push-devices';
import { CountingPush, draftNotification, expectEachOnce, membersWithPhones, startEverywhereAtOnce, takeOverAfterTheLease } from '@/app/_server/test-notifications';

// The cron endpoint's store and push service are this test's (src/app/_server/test-notifications.ts).
const ports = vi.hoisted(() => {
  vi.stubEnv('NOTIFICATIONS_CRON_SECRET', 'a-cron-secret-of-at-least-32-characters');
  return { documents: null as unknown as Documents, push: null as unknown as CountingPush };
});
vi.mock('@/server/documents/documents', async (original) => ({ ...(await original()), getDocuments: () => ports.documents }));
vi.mock('@/server/push/push', async (original) => ({ ...(await original()), getPush: () => ports.push }));

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const DAY = 24 * 60 * 60 * 1000;
const person = (uid: string, role: Identity['role'] = 'user'): Identity => ({ uid, email: `${uid}@example.org`, emailVerified: true, displayName: uid, photoURL: null, role });

class RecordingPush implements Push {
  readonly kind = 'webpush' as const;
  sent: PushMessage[] = [];
  clientConfig() {
    return { kind: 'webpush' as const, vapidPublicKey: null };
  }
  async send(items: readonly { target: PushTarget; message: PushMessage }[]): Promise<PushOutcome[]> {
    return items.map((item) => {
      if (item.target.kind === 'webpush' && item.target.endpoint.endsWith('/gone')) return { ok: false, gone: true, reason: 'HTTP 410' };
      this.sent.push(item.message);
      return { ok: true };
    });
  }
}

describe('notifications on Firestore', () => {
  let documents: Documents;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ documents, close } = await standInDocuments());
  });
  afterEach(() => close());
  afterAll(() => vi.unstubAllEnvs());

  it('a scheduled notification is delivered once to every active member in their language, with its figures', async () => {
    const active = { id: 'm', validFrom: new Date(NOW.getTime() - DAY), validUntil: new Date(NOW.getTime() + DAY) };
    await addTestUser(documents, person('admin', 'admin'), {}, NOW);
    await addTestUser(documents, person('ada'), { membership: active, locale: 'de' }, NOW);
    await addTestUser(documents, person('bob'), { membership: active }, NOW);
    await addTestUser(documents, person('gone'), { membership: active, disabled: true }, NOW);
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
    await registerDevice(documents, person('ada'), { target: { kind: 'webpush', endpoint: 'https://fcm.googleapis.com/fcm/send/ada', keys }, lang: 'de' }, NOW);
    await registerDevice(documents, person('bob'), { target: { kind: 'webpush', endpoint: 'https://fcm.googleapis.com/fcm/send/gone', keys }, lang: 'en' }, NOW);

    const id = await saveNotification(documents, person('admin', 'admin'), {
      id: null,
      notification: { title: { en: 'Hello', de: 'Hallo' }, body: { en: 'Tonight', de: 'Heute' }, link: '/vip', audience: { kind: 'members' } },
    }, NOW);
    await scheduleNotification(documents, person('admin', 'admin'), { id, at: '2000-01-01T00:00' }, NOW);
    const push = new RecordingPush();
    expect(await deliverDue({ documents, push }, { clock: () => NOW })).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDue({ documents, push }, { clock: () => NOW })).toEqual({ sent: 0, failed: 0 });

    expect((await getNotification(documents, { id })).status).toBe('sent');
    expect((await inboxOf(documents, 'ada')).entries.map((entry) => entry.title)).toEqual(['Hallo']);
    expect((await inboxOf(documents, 'bob')).unread).toBe(1);
    expect(await inboxOf(documents, 'gone')).toMatchObject({ entries: [], unread: 0 });
    expect(push.sent.map((message) => message.url)).toEqual(['/de/vip']);
    expect(await documents.collection(PushDevices).count()).toBe(1);
    await markAllRead(documents, person('bob'), NOW);
    expect(await deliveryFigures(documents, id)).toMatchObject({ recipients: 2, inApp: 2, read: 1, pushSent: 1, pushFailed: 1, removed: 1 });
    expect((await announcements(documents, 'de')).map((entry) => entry.title)).toEqual(['Hallo']);
  });

  it('"send now", the scheduler and the cron endpoint at once in one server: one copy and one push each', { timeout: 60_000 }, async () => {
    ports.documents = documents;
    ports.push = new CountingPush(5);
    const uids = await membersWithPhones(documents, 300, NOW);
    const id = await draftNotification(documents, NOW);
    expect(await startEverywhereAtOnce(documents, ports.push, id)).toBe(1);
    await expectEachOnce(documents, ports.push, id, uids);
  });

  it.each(['pushing', 'inbox'] as const)("a second server waits for the lease of one that hangs (%s), then finishes; no chunk is pushed twice", { timeout: 60_000 }, async (hangs) => {
    await takeOverAfterTheLease(documents, new CountingPush(), await membersWithPhones(documents, 300, NOW), NOW, hangs);
  });
});
