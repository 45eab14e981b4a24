// For tests: a notification to a few hundred members with a phone each, started by every caller
// that starts a delivery (the admin's "send now", the scheduler's round, the cron endpoint) at the
// same moment in one process, a push service that counts what each phone was sent and can hold a
// send on its way, and the check that everyone got the message exactly once. The tests that use
// it point the cron endpoint's `getDocuments`/`getPush` at their store and push service, and set
// NOTIFICATIONS_CRON_SECRET to CRON_SECRET before the endpoint is imported.
import { expect } from 'vitest';
import type { Documents } from '@/server/documents/port';
import type { Push, PushMessage, PushOutcome, PushTarget } from '@/server/push/port';
import { createContextInner } from '@/server/trpc/context';
import { createCaller } from './router';
import { scheduleNotifications } from '@/app/_server/notification-scheduler';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import { addTestUser } from '@/features/identity/test-users';
import { POST as cronRound } from '@/app/api/notifications/due/route';
import type { Identity } from '@/access/identity';
import type { Role } from '@/access/roles';
import { getNotification, Notifications, saveNotification, scheduleNotification } from '@/features/notifications/notifications';
import { CHUNK_SIZE, deliverNotification, deliveryFigures, LEASE_MS, type DeliveryOptions } from '@/features/notifications/delivery';
import { Inbox } from '@/features/notifications/inbox';
import { registerDevice } from '@/features/notifications/push-devices';

const DAY = 24 * 60 * 60 * 1000;
export const CRON_SECRET = 'a-cron-secret-of-at-least-32-characters';

export const person = (uid: string, role: Role | null = 'user'): Identity => ({ uid, email: `${uid}@example.org`, emailVerified: true, displayName: `Person ${uid}`, photoURL: null, role });
export const admin = person('admin', 'admin');

/** A browser push service's address for a member's phone. */
export const phoneEndpoint = (uid: string) => `https://fcm.googleapis.com/fcm/send/${uid}`;

/**
 * Records every message by the endpoint it went to, answering each send after `answerMs` as a
 * push service across the network would; `hold` keeps the send to one endpoint waiting.
 */
export class CountingPush implements Push {
  readonly kind = 'webpush' as const;
  readonly sent = new Map<string, PushMessage[]>();
  private held: { endpoint: string; reached: () => void; released: Promise<void> } | null = null;

  constructor(private readonly answerMs = 0) {}

  clientConfig() {
    return { kind: 'webpush' as const, vapidPublicKey: 'test-key' };
  }

  /** The send that includes `endpoint` waits until `release`; `reached` resolves when it got there. */
  hold(endpoint: string) {
    let reached!: () => void;
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    this.held = { endpoint, reached, released: new Promise<void>((resolve) => (release = resolve)) };
    return { reached: arrived, release };
  }

  async send(items: readonly { target: PushTarget; message: PushMessage }[]): Promise<PushOutcome[]> {
    const held = this.held;
    if (held && items.some(({ target }) => target.kind === 'webpush' && target.endpoint === held.endpoint)) {
      this.held = null;
      held.reached();
      await held.released;
    }
    if (this.answerMs > 0) await new Promise((resolve) => setTimeout(resolve, this.answerMs));
    return items.map(({ target, message }) => {
      const address = target.kind === 'webpush' ? target.endpoint : target.token;
      this.sent.set(address, [...(this.sent.get(address) ?? []), message]);
      return { ok: true };
    });
  }
}

/** The admin and `count` active members (member-000…), each with one phone that allowed pushes. */
export async function membersWithPhones(documents: Documents, count: number, now: Date): Promise<string[]> {
  const membership = { id: 'm', validFrom: new Date(now.getTime() - DAY), validUntil: new Date(now.getTime() + DAY) };
  await addTestUser(documents, admin, { locale: 'en' }, now);
  const uids = Array.from({ length: count }, (_, n) => `member-${String(n).padStart(3, '0')}`);
  await Promise.all(
    uids.map(async (uid, n) => {
      await addTestUser(documents, person(uid), { membership, locale: n % 2 ? 'de' : 'en' }, now);
      await registerDevice(documents, person(uid), { target: { kind: 'webpush', endpoint: phoneEndpoint(uid), keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } }, lang: n % 2 ? 'de' : 'en' }, now);
    }),
  );
  return uids;
}

/** A draft to the members. */
export function draftNotification(documents: Documents, now: Date): Promise<string> {
  return saveNotification(documents, admin, {
    id: null,
    notification: { title: { en: 'Doors at eight', de: 'Einlass um acht' }, body: { en: 'See you tonight.', de: 'Bis heute Abend.' }, link: '/vip', audience: { kind: 'members' } },
  }, now);
}

/** A notification to the members, due since `now`. */
export async function dueNotification(documents: Documents, now: Date): Promise<string> {
  const id = await draftNotification(documents, now);
  await scheduleNotification(documents, admin, { id, at: '2000-01-01T00:00' }, now);
  return id;
}

/**
 * The admin's "send now" of a draft, and while its delivery starts, the scheduler's first round and
 * the cron endpoint, in this process (one server id). Returns when all three are over and the
 * notification left `sending`, with how many deliveries ran to the end (wrote it `sent`).
 */
export async function startEverywhereAtOnce(documents: Documents, push: Push, id: string): Promise<number> {
  const caller = createCaller(createContextInner({ documents, accounts: new FakeAccounts(), identity: admin, push: () => push }));
  let finished = 0;
  const stopCounting = documents.onChange((change) => {
    if (change.collection === Notifications.name && change.id === id && change.data?.status === 'sent') finished += 1;
  });
  // "Send now" answers once the notification is queued, its delivery just begun (the admin
  // follows it on the detail page); the other two find it due or sending.
  await caller.notifications.sendNow({ id });
  const stopScheduler = scheduleNotifications(documents, () => push, 60 * 60 * 1000);
  const cron = await cronRound(new Request('http://localhost/api/notifications/due', { method: 'POST', headers: { authorization: `Bearer ${CRON_SECRET}` } }));
  expect(cron.status).toBe(200);
  await stopScheduler();
  await expect.poll(async () => (await getNotification(documents, { id })).status).not.toMatch(/^(scheduled|sending)$/);
  stopCounting();
  return finished;
}

/** Every member has exactly one in-app copy, and each phone exactly one push, of notification `id`. */
export async function expectEachOnce(documents: Documents, push: CountingPush, id: string, uids: readonly string[]) {
  expect((await getNotification(documents, { id })).status).toBe('sent');
  const copies = await documents.collection(Inbox).where('notificationId', '==', id).get();
  expect(copies.map((copy) => copy.data.uid).sort()).toEqual([...uids].sort());
  const pushesPerPhone = uids.map((uid) => push.sent.get(phoneEndpoint(uid))?.length ?? 0);
  expect(pushesPerPhone.filter((count) => count !== 1)).toEqual([]);
  expect([...push.sent.keys()].length).toBe(uids.length);
}

/**
 * Server A delivers to `uids` (more than one chunk) and hangs in the second chunk: with its pushes
 * on their way (`pushing`), or with the chunk's in-app copies written and its pushes not yet begun
 * (`inbox`). Server B may not take the delivery over before A's lease ran out, then finishes it;
 * A, going on, pushes nothing twice, leaves B's result and says it stood aside.
 */
export async function takeOverAfterTheLease(documents: Documents, push: CountingPush, uids: readonly string[], now: Date, hangs: 'inbox' | 'pushing') {
  const id = await dueNotification(documents, now);
  let hung!: { reached: Promise<void>; release: () => void };
  let crashAfter: DeliveryOptions['crashAfter'];
  if (hangs === 'pushing') hung = push.hold(phoneEndpoint(uids[CHUNK_SIZE]!));
  else {
    let release!: () => void;
    let reached!: () => void;
    const released = new Promise<boolean>((resolve) => (release = () => resolve(false)));
    hung = { reached: new Promise<void>((resolve) => (reached = resolve)), release };
    crashAfter = (step, chunk) => (step === 'inbox' && chunk === 1 ? (reached(), released) : false);
  }
  const serverA = deliverNotification({ documents, push }, id, { holder: 'server-a', clock: () => now, crashAfter });
  await hung.reached;
  const serverB = (at: number) => deliverNotification({ documents, push }, id, { holder: 'server-b', clock: () => new Date(now.getTime() + at) });
  expect(await serverB(LEASE_MS - 1)).toBe('skipped');
  expect(await serverB(LEASE_MS)).toBe('sent');
  hung.release();
  expect(await serverA).toBe('skipped');
  await expectEachOnce(documents, push, id, uids);
  // Pushes of the chunk A hung in with its pushes on their way are A's: B did not send them.
  expect(await deliveryFigures(documents, id)).toMatchObject({ recipients: uids.length, inApp: uids.length, pushSent: uids.length, pushFailed: 0 });
}
