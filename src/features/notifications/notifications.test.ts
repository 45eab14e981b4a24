import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { defineCollection, type Documents } from '@/server/documents/port';
import type { Push, PushMessage, PushOutcome, PushTarget } from '@/server/push/port';
import type { Identity } from '@/access/identity';
import type { Role } from '@/access/roles';
import { addTestUser } from '@/features/identity/test-users';
import { AuditLog } from '@/features/identity/audit';
import { announcements, cancelScheduled, deleteDraft, getNotification, listNotifications, Notifications, saveNotification, scheduleNotification, sendNotificationNow } from './notifications';
import type { NotificationInput } from './notifications.inputs';
import { CHUNK_SIZE, deliverDue, LEASE_MS, deliverNotification, deliveryFigures, resolveAudience, sendTestToSelf, SimulatedCrash } from './delivery';
import { messageFor } from './push-message';
import { Inbox, inboxOf, markAllRead, markRead } from './inbox';
import { PushDevices, registerDevice, unregisterDevice } from './push-devices';

const NOW = new Date('2026-11-23T18:00:00Z');
/** The chunks of a delivery without their schema, to store one as an earlier version wrote it. */
const OldChunks = defineCollection('notificationChunks', z.record(z.string(), z.unknown()));
const DAY = 24 * 60 * 60 * 1000;

/** A push service that records what it was sent and answers as told per endpoint. */
class FakePush implements Push {
  readonly kind = 'webpush' as const;
  sent: { target: PushTarget; message: PushMessage }[] = [];
  gone = new Set<string>();
  failing = new Set<string>();
  clientConfig() {
    return { kind: 'webpush' as const, vapidPublicKey: 'test-key' };
  }
  async send(items: readonly { target: PushTarget; message: PushMessage }[]): Promise<PushOutcome[]> {
    return items.map((item) => {
      const address = item.target.kind === 'webpush' ? item.target.endpoint : item.target.token;
      if (this.gone.has(address)) return { ok: false, gone: true, reason: 'HTTP 410' };
      if (this.failing.has(address)) return { ok: false, gone: false, reason: 'HTTP 500' };
      this.sent.push(item);
      return { ok: true };
    });
  }
}

const person = (uid: string, role: Role | null = 'user'): Identity => ({ uid, email: `${uid}@example.org`, emailVerified: true, displayName: `Person ${uid}`, photoURL: null, role });
const admin = person('admin', 'admin');
const message: NotificationInput = {
  title: { en: 'Line-up announced', de: 'Line-up steht' },
  body: { en: 'See who plays on Friday.', de: 'Wer am Freitag spielt.' },
  link: '/events',
  audience: { kind: 'members' },
};
const endpoint = (uid: string, n = 1) => `https://fcm.googleapis.com/fcm/send/${uid}-${n}`;
const target = (uid: string, n = 1): PushTarget => ({ kind: 'webpush', endpoint: endpoint(uid, n), keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } });

describe('notifications', () => {
  let documents: Documents;
  let push: FakePush;
  const ports = () => ({ documents, push });

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    push = new FakePush();
    const active = { id: 'm', validFrom: new Date(NOW.getTime() - DAY), validUntil: new Date(NOW.getTime() + 30 * DAY) };
    await addTestUser(documents, admin, { locale: 'en' }, NOW);
    await addTestUser(documents, person('ada'), { membership: active, locale: 'de' }, NOW);
    await addTestUser(documents, person('bob'), { membership: active, locale: 'en' }, NOW);
    await addTestUser(documents, person('cleo'), { membership: { ...active, validUntil: new Date(NOW.getTime() - 1) } }, NOW);
    await addTestUser(documents, person('dora'), { membership: active, disabled: true }, NOW);
    await addTestUser(documents, person('door', 'scanner'), {}, NOW);
    await addTestUser(documents, person('newbie', null), {}, NOW);
  });

  it('resolves audiences: active members, a role, everyone, chosen people; disabled accounts never', async () => {
    const uids = async (audience: Parameters<typeof resolveAudience>[1]) => (await resolveAudience(documents, audience, NOW)).map((entry) => entry.uid);
    expect(await uids({ kind: 'members' })).toEqual(['ada', 'bob']);
    expect(await uids({ kind: 'role', role: 'scanner' })).toEqual(['door']);
    // The member role only with a membership that admits them now: not cleo's, which ran out.
    expect(await uids({ kind: 'role', role: 'user' })).toEqual(['ada', 'bob']);
    expect(await uids({ kind: 'everyone' })).toEqual(['admin', 'ada', 'bob', 'cleo', 'door', 'newbie'].sort());
    expect(await uids({ kind: 'people', uids: ['dora', 'bob', 'nobody', 'bob'] })).toEqual(['bob']);
    // Each in their own language; no language chosen means English.
    expect(await resolveAudience(documents, { kind: 'people', uids: ['ada', 'cleo'] }, NOW)).toEqual([
      { uid: 'ada', lang: 'de' },
      { uid: 'cleo', lang: 'en' },
    ]);
  });

  it('moves draft -> scheduled -> sending -> sent; a scheduled one can be cancelled; only drafts are deleted', async () => {
    const id = await saveNotification(documents, admin, { id: null, notification: message }, NOW);
    expect((await getNotification(documents, { id })).status).toBe('draft');
    await scheduleNotification(documents, admin, { id, at: '2026-11-24T20:30' }, NOW);
    const scheduled = await getNotification(documents, { id });
    expect(scheduled).toMatchObject({ status: 'scheduled', scheduledWallTime: '2026-11-24T20:30', sentBy: { uid: 'admin' } });
    // 20:30 at the venue in November is 19:30 UTC.
    expect(scheduled.scheduledAt).toEqual(new Date('2026-11-24T19:30:00Z'));
    await cancelScheduled(documents, admin, { id }, NOW);
    expect((await getNotification(documents, { id })).status).toBe('draft');
    await expect(cancelScheduled(documents, admin, { id }, NOW)).rejects.toMatchObject({ reason: 'notificationNotScheduled' });

    await scheduleNotification(documents, admin, { id, at: '2026-11-24T20:30' }, NOW);
    // Not yet due: the scheduler leaves it.
    expect(await deliverDue(ports(), { clock: () => NOW })).toEqual({ sent: 0, failed: 0 });
    const later = new Date('2026-11-24T19:31:00Z');
    expect(await deliverDue(ports(), { clock: () => later })).toEqual({ sent: 1, failed: 0 });
    const sent = await getNotification(documents, { id });
    expect(sent).toMatchObject({ status: 'sent', recipients: 2, sentAt: later });
    await expect(saveNotification(documents, admin, { id, notification: message }, NOW)).rejects.toMatchObject({ reason: 'notificationNotEditable' });
    await expect(deleteDraft(documents, admin, { id })).rejects.toMatchObject({ reason: 'notificationNotDraft' });
    // Sending again does nothing: it is sent.
    expect(await deliverNotification(ports(), id, { clock: () => later })).toBe('skipped');
  });

  it("records who cancelled a schedule or deleted a draft on its author's account", async () => {
    const author = person('boss', 'admin');
    const id = await saveNotification(documents, author, { id: null, notification: message }, NOW);
    await scheduleNotification(documents, author, { id, at: '2026-11-24T20:30' }, NOW);
    await cancelScheduled(documents, admin, { id }, NOW);
    await deleteDraft(documents, admin, { id });
    const entries = await documents.collection(AuditLog).where('targetUid', '==', 'boss').orderBy('at', 'desc').get();
    expect(entries.map((entry) => entry.data).sort((a, b) => a.action.localeCompare(b.action))).toMatchObject([
      { action: 'notificationCancelled', actorUid: 'admin', actorName: 'Person admin' },
      { action: 'notificationDeleted', actorUid: 'admin', actorName: 'Person admin' },
    ]);
    // A refusal changes nothing, and says nothing either.
    await expect(deleteDraft(documents, admin, { id })).rejects.toMatchObject({ reason: 'notificationNotFound' });
    expect(await documents.collection(AuditLog).where('targetUid', '==', 'boss').count()).toBe(2);
  });

  it('refuses to send what is not written in both languages, and a link that is not a page of the site', async () => {
    const id = await saveNotification(documents, admin, { id: null, notification: { ...message, body: { en: 'Hello', de: '' } } }, NOW);
    await expect(sendNotificationNow(documents, admin, { id }, NOW)).rejects.toMatchObject({ reason: 'notificationBodyMissing', field: 'body.de' });
    for (const link of ['/nowhere', 'https://evil.example', '//evil.example/events']) {
      await expect(saveNotification(documents, admin, { id: null, notification: { ...message, link } }, NOW)).rejects.toMatchObject({ reason: 'notificationLinkUnknown', field: 'link' });
    }
    expect(await saveNotification(documents, admin, { id: null, notification: { ...message, link: '/events/winter-ball' } }, NOW)).toBeTruthy();
  });

  it("gives each recipient an in-app copy and a push in their language, on each of their devices; prunes dead ones", async () => {
    await registerDevice(documents, person('ada'), { target: target('ada'), lang: 'de' }, NOW);
    await registerDevice(documents, person('bob'), { target: target('bob', 1), lang: 'en' }, NOW);
    await registerDevice(documents, person('bob'), { target: target('bob', 2), lang: 'en' }, NOW);
    await registerDevice(documents, person('bob'), { target: target('bob', 3), lang: 'en' }, NOW);
    push.gone.add(endpoint('bob', 2));
    push.failing.add(endpoint('bob', 3));
    const id = await saveNotification(documents, admin, { id: null, notification: message }, NOW);
    await sendNotificationNow(documents, admin, { id }, NOW);
    expect(await deliverNotification(ports(), id, { clock: () => NOW })).toBe('sent');

    const ada = await inboxOf(documents, 'ada');
    expect(ada).toMatchObject({ unread: 1, entries: [{ title: 'Line-up steht', body: 'Wer am Freitag spielt.', link: '/events', read: false }] });
    expect((await inboxOf(documents, 'bob')).entries[0]?.title).toBe('Line-up announced');
    expect((await inboxOf(documents, 'cleo')).entries).toEqual([]);
    expect(push.sent.map((item) => [item.message.title, item.message.url]).sort()).toEqual([
      ['Line-up announced', '/events'],
      ['Line-up steht', '/de/events'],
    ]);
    // The dead subscription is gone; the one that failed once stays.
    expect((await documents.collection(PushDevices).where('uid', '==', 'bob').get()).length).toBe(2);

    await markRead(documents, person('ada'), { id: ada.entries[0]!.id }, NOW);
    await expect(markRead(documents, person('bob'), { id: ada.entries[0]!.id }, NOW)).rejects.toMatchObject({ reason: 'inboxEntryNotFound' });
    expect(await deliveryFigures(documents, id)).toEqual({
      recipients: 2,
      inApp: 2,
      read: 1,
      pushSent: 2,
      pushFailed: 2,
      removed: 1,
      byLanguage: {
        en: { recipients: 1, inApp: 1, read: 0, pushSent: 1, pushFailed: 2, removed: 1 },
        de: { recipients: 1, inApp: 1, read: 1, pushSent: 1, pushFailed: 0, removed: 0 },
      },
    });
    expect(await markAllRead(documents, person('bob'), NOW)).toEqual({ marked: 1 });
    // The admins' list counts them too.
    expect((await listNotifications(documents, { filter: 'all' })).notifications.find((entry) => entry.id === id)?.delivered).toEqual({ inApp: 2, read: 2 });
    expect((await inboxOf(documents, 'bob')).unread).toBe(0);
    // Sent to members: the lounge's announcements, in the reader's language.
    expect(await announcements(documents, 'de')).toMatchObject([{ id, title: 'Line-up steht' }]);
  });

  it('a server that dies in the middle leaves a delivery the next one finishes, nobody getting anything twice', async () => {
    // Enough members for three chunks.
    const active = { id: 'm', validFrom: new Date(NOW.getTime() - DAY), validUntil: new Date(NOW.getTime() + DAY) };
    for (let n = 0; n < CHUNK_SIZE * 2 + 10; n++) {
      const uid = `member-${String(n).padStart(4, '0')}`;
      await addTestUser(documents, person(uid), { membership: active }, NOW);
      await registerDevice(documents, person(uid), { target: target(uid), lang: 'en' }, NOW);
    }
    const total = CHUNK_SIZE * 2 + 10 + 2;
    const id = await saveNotification(documents, admin, { id: null, notification: message }, NOW);
    await sendNotificationNow(documents, admin, { id }, NOW);

    // The first server crashes with the second chunk's pushes on their way.
    await expect(deliverNotification(ports(), id, { holder: 'server-a', clock: () => NOW, crashAfter: (step, chunk) => step === 'pushing' && chunk === 1 })).rejects.toBeInstanceOf(SimulatedCrash);
    expect((await getNotification(documents, { id })).status).toBe('sending');
    // Another server may not take it over while the lease holds...
    expect(await deliverNotification(ports(), id, { holder: 'server-b', clock: () => new Date(NOW.getTime() + 1000) })).toBe('skipped');
    // ...and does once it ran out.
    const later = new Date(NOW.getTime() + 120_000);
    expect(await deliverNotification(ports(), id, { holder: 'server-b', clock: () => later })).toBe('sent');

    expect(await documents.collection(Inbox).where('notificationId', '==', id).count()).toBe(total);
    const endpoints = push.sent.map((item) => (item.target.kind === 'webpush' ? item.target.endpoint : ''));
    expect(new Set(endpoints).size).toBe(endpoints.length);
    // The chunk in flight at the crash is not pushed again: at most its pushes are lost.
    expect(endpoints.length).toBe(total - 2 - CHUNK_SIZE);
    expect((await deliveryFigures(documents, id)).recipients).toBe(total);
  });

  it('two servers starting the same delivery at once: one sends, the other stands aside, nobody gets two', async () => {
    await registerDevice(documents, person('ada'), { target: target('ada'), lang: 'de' }, NOW);
    await registerDevice(documents, person('bob'), { target: target('bob'), lang: 'en' }, NOW);
    const id = await saveNotification(documents, admin, { id: null, notification: message }, NOW);
    await scheduleNotification(documents, admin, { id, at: '2000-01-01T00:00' }, NOW);
    const outcomes = await Promise.all(['server-a', 'server-b', 'server-c'].map((holder) => deliverNotification(ports(), id, { holder, clock: () => NOW })));
    expect(outcomes.sort()).toEqual(['sent', 'skipped', 'skipped']);
    expect(push.sent).toHaveLength(2);
    expect(await documents.collection(Inbox).where('notificationId', '==', id).count()).toBe(2);
  });

  it('a crash after the in-app copies of a chunk resumes with its pushes, once', async () => {
    await registerDevice(documents, person('ada'), { target: target('ada'), lang: 'de' }, NOW);
    const id = await saveNotification(documents, admin, { id: null, notification: message }, NOW);
    await sendNotificationNow(documents, admin, { id }, NOW);
    await expect(deliverNotification(ports(), id, { holder: 'a', clock: () => NOW, crashAfter: (step) => step === 'inbox' })).rejects.toBeInstanceOf(SimulatedCrash);
    expect(push.sent).toHaveLength(0);
    // Not even the holder's id takes the lease back before it ran out: a holder's id alone cannot
    // tell its own delivery still under way from one that stopped.
    expect(await deliverNotification(ports(), id, { holder: 'a', clock: () => NOW })).toBe('skipped');
    expect(await deliverNotification(ports(), id, { holder: 'a', clock: () => new Date(NOW.getTime() + LEASE_MS) })).toBe('sent');
    expect(push.sent).toHaveLength(1);
    expect(await documents.collection(Inbox).where('notificationId', '==', id).count()).toBe(2);
  });

  it('leaves a full lease after every step, and renews it once for the steps of the same second', async () => {
    const id = await saveNotification(documents, admin, { id: null, notification: message }, NOW);
    await sendNotificationNow(documents, admin, { id }, NOW);
    const written: string[] = [];
    const stop = documents.onChange((change) => (change.collection === Notifications.name && change.id === id ? written.push(String(change.data?.status)) : undefined));
    let at = NOW;
    let other: string | undefined;
    const outcome = await deliverNotification(ports(), id, {
      holder: 'a',
      clock: () => at,
      crashAfter: async (step) => {
        // The step after the in-app copies comes half a second after the lease was taken...
        if (step === 'inbox') at = new Date(NOW.getTime() + 500);
        // ...and leaves a full lease: another server 59.9 s after it must not take the delivery over.
        if (step === 'pushing') other = await deliverNotification(ports(), id, { holder: 'b', clock: () => new Date(at.getTime() + LEASE_MS - 100) });
        return false;
      },
    });
    stop();
    expect(outcome).toBe('sent');
    expect(other).toBe('skipped');
    // Taken, its chunks counted, the lease renewed half a second later, sent: the steps at the moment
    // the lease was taken wrote nothing more.
    expect(written).toEqual(['sending', 'sending', 'sending', 'sent']);
  });

  it("pushes to the recipients' devices only, also where their uids lie far apart among others' devices", async () => {
    await registerDevice(documents, person('ada'), { target: target('ada'), lang: 'de' }, NOW);
    await registerDevice(documents, person('newbie', null), { target: target('newbie'), lang: 'en' }, NOW);
    // More devices between the two than the two may keep: the chunk's range of uids holds them all.
    for (let n = 0; n < 25; n++) {
      const uid = `bystander-${String(n).padStart(2, '0')}`;
      await addTestUser(documents, person(uid), {}, NOW);
      await registerDevice(documents, person(uid), { target: target(uid), lang: 'en' }, NOW);
    }
    for (const [uids, pushed] of [
      [['ada', 'newbie'], [endpoint('ada'), endpoint('newbie')]],
      [['ada', 'bystander-03'], [endpoint('ada'), endpoint('bystander-03')]],
    ] as const) {
      push.sent = [];
      const id = await saveNotification(documents, admin, { id: null, notification: { ...message, audience: { kind: 'people', uids: [...uids] } } }, NOW);
      await sendNotificationNow(documents, admin, { id }, NOW);
      expect(await deliverNotification(ports(), id, { clock: () => NOW })).toBe('sent');
      expect(push.sent.map((item) => (item.target.kind === 'webpush' ? item.target.endpoint : '')).sort()).toEqual([...pushed].sort());
    }
  });

  it('resumes a delivery whose chunks were written with one entry per recipient, and counts them by language', async () => {
    await registerDevice(documents, person('ada'), { target: target('ada'), lang: 'de' }, NOW);
    const id = await saveNotification(documents, admin, { id: null, notification: message }, NOW);
    await sendNotificationNow(documents, admin, { id }, NOW);
    await expect(deliverNotification(ports(), id, { holder: 'a', clock: () => NOW, crashAfter: (step) => step === 'chunks' })).rejects.toBeInstanceOf(SimulatedCrash);
    // The chunk as an earlier version wrote it, before recipients were listed by language.
    const [chunk] = await documents.collection(OldChunks).where('notificationId', '==', id).get();
    await documents.collection(OldChunks).doc(chunk!.id).set({ ...chunk!.data, recipients: [{ uid: 'ada', lang: 'de' }, { uid: 'bob', lang: 'en' }] });

    expect(await deliverNotification(ports(), id, { holder: 'b', clock: () => new Date(NOW.getTime() + LEASE_MS) })).toBe('sent');
    expect((await documents.collection(Inbox).where('notificationId', '==', id).get()).map((copy) => [copy.data.uid, copy.data.lang]).sort()).toEqual([['ada', 'de'], ['bob', 'en']]);
    expect(push.sent.map((item) => item.message.lang)).toEqual(['de']);
    expect((await deliveryFigures(documents, id)).byLanguage).toMatchObject({ en: { recipients: 1, inApp: 1 }, de: { recipients: 1, inApp: 1, pushSent: 1 } });
  });

  it('lists newest first by status, sends a test only to the admin, and registers devices once per address', async () => {
    const first = await saveNotification(documents, admin, { id: null, notification: message }, NOW);
    const second = await saveNotification(documents, admin, { id: null, notification: message }, new Date(NOW.getTime() + 1000));
    await scheduleNotification(documents, admin, { id: second, at: '2026-12-01T12:00' }, NOW);
    expect((await listNotifications(documents, { filter: 'all' })).notifications.map((entry) => entry.id)).toEqual([second, first]);
    expect((await listNotifications(documents, { filter: 'draft' })).notifications.map((entry) => entry.id)).toEqual([first]);

    await registerDevice(documents, admin, { target: target('admin'), lang: 'en' }, NOW);
    await registerDevice(documents, admin, { target: target('admin'), lang: 'en' }, new Date(NOW.getTime() + 7 * DAY));
    expect(await documents.collection(PushDevices).where('uid', '==', 'admin').count()).toBe(1);
    expect(await sendTestToSelf(ports(), admin, { id: first }, NOW)).toEqual({ inApp: true, pushSent: 1, pushFailed: 0 });
    expect((await inboxOf(documents, 'admin')).entries).toHaveLength(1);
    expect((await getNotification(documents, { id: first })).status).toBe('draft');
    expect(await deliveryFigures(documents, first)).toMatchObject({ recipients: 0, inApp: 0 });

    // Someone else cannot remove the admin's device; the admin can.
    await unregisterDevice(documents, person('ada'), { address: endpoint('admin') });
    expect(await documents.collection(PushDevices).count()).toBe(1);
    await unregisterDevice(documents, admin, { address: endpoint('admin') });
    expect(await documents.collection(PushDevices).count()).toBe(0);
  });

  it('opens the linked page in the recipient language, or the VIP area without a link', () => {
    expect(messageFor('n1', { title: { en: 'A', de: 'B' }, body: { en: 'a', de: 'b' }, link: null }, 'de')).toMatchObject({ title: 'B', url: '/de/vip', tag: 'notification-n1' });
    expect(messageFor('n1', { title: { en: 'A', de: 'B' }, body: { en: 'a', de: 'b' }, link: '/' }, 'de').url).toBe('/de');
    expect(messageFor('n1', { title: { en: 'A', de: 'B' }, body: { en: 'a', de: 'b' }, link: '/events' }, 'en').url).toBe('/events');
  });

  it('keeps the collection of notifications as written', async () => {
    const id = await saveNotification(documents, admin, { id: null, notification: { ...message, audience: { kind: 'people', uids: ['ada'] } } }, NOW);
    expect((await documents.collection(Notifications).doc(id).get()).data).toMatchObject({ audienceKind: 'people', createdBy: 'admin', link: '/events' });
  });
});
