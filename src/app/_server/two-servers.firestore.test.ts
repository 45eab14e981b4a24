// Two servers on one Firestore (the in-process stand-in, each server its own firebase-admin app):
// a browser's stream is held by server B while the writes go through server A's procedures, as a
// load balancer without affinity sends them. Each feed on B must follow what A wrote (issue 47).
// One process: what lives in a module (rate limits, stream slots) is shared, unlike two servers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Documents } from '@/server/documents/port';
import type { Identity } from '@/access/identity';
import { standInDocuments } from '@/server/testing/firestore-stand-in';
import { createContextInner } from '@/server/trpc/context';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { addEvent, addTicket, HOUR, phoneCode } from '@/features/door/test-door';
import { stepAt } from '@/features/door/pass-code';
import { getPassKeys } from '@/features/door/pass-keys';
import { getTicketKeys } from '@/features/door/ticket-keys';
import { Inbox } from '@/features/notifications/inbox';
import { Events } from '@/features/events/events';
import type { DoorActivity } from '@/features/door/door-figures';
import type { InboxPage } from '@/features/notifications/inbox';
import { createCaller } from './router';
import { openStream, type OpenStream, type ReadMessage, type TestFeed } from './test-stream';

const admin = testPerson('admin', 'admin');
const scanner = { ...testPerson('door-1', 'scanner'), session: 'front-door-phone' };
const ada = testPerson('ada', 'user');
const bob = testPerson('bob', 'user');

/** The newest result of the stream's one feed. */
function latest<T>(messages: ReadMessage[]): T | undefined {
  return (messages.filter((message) => 'data' in message).at(-1) as { data: T } | undefined)?.data;
}

describe('two servers on one Firestore: a feed on server B follows writes made through server A', () => {
  let serverA: Documents;
  let serverB: Documents;
  let close: () => Promise<void>;
  let stream: OpenStream | undefined;
  const now = new Date();

  beforeEach(async () => {
    const stand = await standInDocuments();
    serverA = stand.documents;
    serverB = stand.anotherServer();
    close = stand.close;
    const membership = { id: 'm', validFrom: new Date(now.getTime() - 24 * HOUR), validUntil: new Date(now.getTime() + 24 * HOUR) };
    await addTestUser(serverA, admin, {}, now);
    await addTestUser(serverA, scanner, {}, now);
    await addTestUser(serverA, ada, { membership }, now);
    await addTestUser(serverA, bob, { membership }, now);
    await addEvent(serverA, 'tonight', now, { capacity: 100 });
  });

  afterEach(async () => {
    await stream?.close();
    stream = undefined;
    await close();
  });

  const on = (documents: Documents, identity: Identity) => createCaller(createContextInner({ documents, identity }));
  const code = (uid: string) => phoneCode({ documents: serverA, keys: getPassKeys() }, uid, stepAt(Date.now()));
  let nonces = 0;
  const scanOnA = (value: string) => on(serverA, scanner).door.scan({ eventId: 'tonight', mode: 'entry', code: value, nonce: `two-servers-${(nonces += 1)}`, source: 'camera', device: 'Front door' });

  /** Opens `feed` on server B as `identity` and waits for its first result to satisfy `first`. */
  async function onB<T>(identity: Identity, feed: Omit<TestFeed, 'key'>, first: (value: T) => boolean) {
    stream = await openStream(serverB, [{ key: 'feed', ...feed }], { identity });
    await until<T>(first);
  }
  function until<T>(condition: (value: T) => boolean) {
    return stream!.until((messages) => {
      const value = latest<T>(messages);
      return value !== undefined && condition(value);
    });
  }
  const doorOnB = (first: (activity: DoorActivity) => boolean) => onB<DoorActivity>(admin, { feed: 'door.activity', input: { eventId: 'tonight' } }, first);

  it("a door scan: the door's panel counts the admission", async () => {
    await doorOnB((activity) => activity.admitted === 0);
    expect((await scanOnA(await code('ada'))).verdict).toBe('admitted');
    await until<DoorActivity>((activity) => activity.admitted === 1);
  });

  it("an offline upload, decided before the newest scan: the door's panel counts it offline", async () => {
    expect((await scanOnA(await code('bob'))).verdict).toBe('admitted');
    await doorOnB((activity) => activity.admitted === 1 && activity.offline === 0);
    const decidedAt = new Date(Date.now() - 2 * 60 * 1000);
    const upload = await on(serverA, scanner).door.upload({
      decisions: [{ eventId: 'tonight', nonce: 'offline-ada-1', mode: 'entry', source: 'manual', uid: 'ada', verdict: 'admitted', decidedAt, device: 'Side door', listAt: new Date(decidedAt.getTime() - 60 * 1000) }],
    });
    expect(upload.results).toEqual([{ nonce: 'offline-ada-1', status: 'recorded' }]);
    await until<DoorActivity>((activity) => activity.admitted === 2 && activity.offline === 1);
  });

  it("an offline admission the server had refused (the online answer was lost): the door's panel shows the flag", async () => {
    expect((await scanOnA(await code('ada'))).verdict).toBe('admitted');
    const again = `two-servers-${(nonces += 1)}`;
    expect((await on(serverA, scanner).door.scan({ eventId: 'tonight', mode: 'entry', code: await code('ada'), nonce: again, source: 'camera', device: 'Front door' })).verdict).toBe('alreadyAdmitted');
    await doorOnB((activity) => activity.conflicts === 0 && activity.recent.length === 2);
    const decidedAt = new Date(Date.now() - 1000);
    const upload = await on(serverA, scanner).door.upload({
      decisions: [{ eventId: 'tonight', nonce: again, mode: 'entry', source: 'camera', code: await code('ada'), verdict: 'admitted', decidedAt, device: 'Front door', listAt: new Date(decidedAt.getTime() - 60 * 1000) }],
    });
    expect(upload.results).toEqual([{ nonce: again, status: 'known' }]);
    await until<DoorActivity>((activity) => activity.conflicts === 1);
  });

  it("the event's capacity edited: the door's panel shows the new capacity", async () => {
    await doorOnB((activity) => activity.capacity === 100);
    await serverA.collection(Events).doc('tonight').update({ capacity: 150 });
    await until<DoorActivity>((activity) => activity.capacity === 150);
  });

  it("a guest admitted: the door's panel counts the guest", async () => {
    const ticket = await addTicket(serverA, getTicketKeys(), 'guestOfAda000001', { sponsorUid: 'ada', sponsorName: 'ada' });
    await doorOnB((activity) => activity.guests.admitted === 0);
    expect((await scanOnA(ticket)).verdict).toBe('admitted');
    await until<DoorActivity>((activity) => activity.guests.admitted === 1 && activity.guests.inside === 1);
  });

  it("a member's pass: their own admission shows", async () => {
    await onB<{ checkedInAt: Date | null }>(ada, { feed: 'pass.night' }, (night) => night.checkedInAt === null);
    await scanOnA(await code('ada'));
    await until<{ checkedInAt: Date | null }>((night) => night.checkedInAt !== null);
  });

  it('an inbox: "mark read" of an older entry lowers the unread count', async () => {
    const entry = (id: string, hoursAgo: number) =>
      serverA.collection(Inbox).doc(`${id}_ada`).create({ notificationId: id, uid: 'ada', lang: 'en', title: id, body: '', link: null, at: new Date(now.getTime() - hoursAgo * HOUR), read: false, readAt: null, test: false });
    await entry('older', 2);
    await entry('newer', 1);
    await onB<InboxPage>(ada, { feed: 'inbox.live' }, (inbox) => inbox.unread === 2);
    await on(serverA, ada).inbox.markRead({ id: 'older_ada' });
    await until<InboxPage>((inbox) => inbox.unread === 1);
    await on(serverA, ada).inbox.markAllRead();
    await until<InboxPage>((inbox) => inbox.unread === 0);
  });

  it('a notification cancelled: its page shows it a draft again', async () => {
    const admins = on(serverA, admin);
    const { id } = await admins.notifications.save({ id: null, notification: { title: { en: 'Doors at eight', de: 'Einlass um acht' }, body: { en: 'See you.', de: 'Bis dann.' }, link: '', audience: { kind: 'members' } } });
    await admins.notifications.schedule({ id, at: '2099-01-01T20:00' });
    await onB<{ notification: { status: string } }>(admin, { feed: 'notifications.live', input: { id } }, (live) => live.notification.status === 'scheduled');
    await admins.notifications.cancel({ id });
    await until<{ notification: { status: string } }>((live) => live.notification.status === 'draft');
  });
});
