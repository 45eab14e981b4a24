// A notification by e-mail too (issue 44): its delivery queues an announcement mail for each
// recipient who said yes to announcements (all of them, or only those with no push device, as
// its channel says), in their language, under one id per notification and recipient, in the
// step that starts the chunk's pushes: so a crash anywhere, a second server, or sending it again
// never queues a mail twice. The outbox sends them, and the detail's figures count them. And the
// audience "members not seen at the door in N weeks", from the door's admissions.
import { beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import type { Push, PushMessage, PushOutcome, PushTarget } from '@/server/push/port';
import type { Identity } from '@/access/identity';
import { Users, type UserDocument } from '@/features/identity/users';
import { addTestUser } from '@/features/identity/test-users';
import { Checkins } from '@/features/door/door-records';
import { Mail } from '@/features/mail/outbox';
import { sendDueMail } from '@/features/mail/sender';
import { announcementFigures } from '@/features/mail/retention';
import { unsubscribeByLink } from '@/features/mail/unsubscribe';
import { getNotification, Notifications, saveNotification, sendNotificationNow } from './notifications';
import { NotificationInput, type Audience } from './notifications.inputs';
import type { EmailChannel } from './constants';
import { announcementMailId, CHUNK_SIZE, deliverNotification, LEASE_MS, resolveAudience, SimulatedCrash } from './delivery';
import { Inbox } from './inbox';
import { registerDevice } from './push-devices';
import { RecordingTransport } from '@/server/testing/recording-mail';

const NOW = new Date('2026-11-23T18:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;

class AcceptingPush implements Push {
  readonly kind = 'webpush' as const;
  sent = 0;
  clientConfig() {
    return { kind: 'webpush' as const, vapidPublicKey: 'test-key' };
  }
  async send(items: readonly { target: PushTarget; message: PushMessage }[]): Promise<PushOutcome[]> {
    this.sent += items.length;
    return items.map(() => ({ ok: true }));
  }
}


const person = (uid: string, role: Identity['role'] = 'user'): Identity => ({ uid, email: `${uid}@example.org`, emailVerified: true, displayName: uid, photoURL: null, role });
const admin = person('admin', 'admin');
const membership = (validFrom = new Date(NOW.getTime() - 52 * WEEK)) => ({ id: 'm', validFrom, validUntil: new Date(NOW.getTime() + 30 * DAY) });
const optedIn = (token: string): UserDocument['mail'] => ({ announcements: true, unsubscribeToken: token, digest: false });
const target = (uid: string): PushTarget => ({ kind: 'webpush', endpoint: `https://fcm.googleapis.com/fcm/send/${uid}`, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } });

describe('notifications by e-mail', () => {
  let documents: SqliteDocuments;
  let push: AcceptingPush;
  const ports = () => ({ documents, push });
  const send = async (email: EmailChannel, audience: Audience = { kind: 'members' }) => {
    const id = await saveNotification(documents, admin, { id: null, notification: { title: { en: 'Line-up', de: 'Programm' }, body: { en: 'Friday: Kai.', de: 'Freitag: Kai.' }, link: '/events', audience, email } }, NOW);
    await sendNotificationNow(documents, admin, { id: id }, NOW);
    return id;
  };
  const mailsOf = async (id: string) => (await documents.collection(Mail).where('notificationId', '==', id).get()).map((mail) => ({ id: mail.id, ...mail.data }));

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    push = new AcceptingPush();
    await addTestUser(documents, admin, {}, NOW);
    // Ada said yes and has no push device; Bob said yes and has one; Cleo never said yes.
    await addTestUser(documents, person('ada'), { membership: membership(), locale: 'de', mail: optedIn('token-of-ada-0000000001') }, NOW);
    await addTestUser(documents, person('bob'), { membership: membership(), locale: 'en', mail: optedIn('token-of-bob-0000000001') }, NOW);
    await addTestUser(documents, person('cleo'), { membership: membership() }, NOW);
    await registerDevice(documents, person('bob'), { target: target('bob'), lang: 'en' }, NOW);
  });

  it('is stored with the notification, validated, and read as "not by e-mail" where a notification predates it', async () => {
    const id = await send('withoutPush');
    expect((await getNotification(documents, { id })).email).toBe('withoutPush');
    for (const email of ['sms', 'ON', null]) expect(NotificationInput.safeParse({ title: { en: 'a', de: 'b' }, body: { en: 'a', de: 'b' }, audience: { kind: 'members' }, email }).success).toBe(false);
    const { email: _email, ...older } = (await documents.collection(Notifications).doc(id).get()).data!;
    await documents.collection(Notifications).doc('older').set(older as never);
    expect((await getNotification(documents, { id: 'older' })).email).toBe('off');
  });

  it('queues no mail when the channel is off, whoever said yes', async () => {
    const id = await send('off');
    expect(await deliverNotification(ports(), id, { clock: () => NOW })).toBe('sent');
    expect(await documents.collection(Mail).count()).toBe(0);
  });

  it('to those without a push device: only the ones who said yes and have none, in their language', async () => {
    const id = await send('withoutPush');
    expect(await deliverNotification(ports(), id, { clock: () => NOW })).toBe('sent');
    expect(await mailsOf(id)).toEqual([
      expect.objectContaining({ id: announcementMailId(id, 'ada'), kind: 'announcement', category: 'announcement', to: 'ada@example.org', uid: 'ada', locale: 'de', notificationId: id, status: 'pending', params: { title: 'Programm', body: 'Freitag: Kai.', link: '/events' } }),
    ]);
    // In the app and by push as always.
    expect(await documents.collection(Inbox).where('notificationId', '==', id).count()).toBe(3);
    expect(push.sent).toBe(1);
  });

  it('to everyone who said yes; the outbox sends them with a one-click unsubscribe, and the figures count what came of them', async () => {
    const id = await send('optedIn');
    await deliverNotification(ports(), id, { clock: () => NOW });
    expect((await mailsOf(id)).map((mail) => mail.uid).sort()).toEqual(['ada', 'bob']);
    expect((await announcementFigures(documents, id)).total).toEqual({ queued: 2, sent: 0, failed: 0, undeliverable: 0, suppressed: 0 });

    // Ada unsubscribes with her mail's link before the outbox's round: hers is not sent.
    expect(await unsubscribeByLink(documents, { u: 'ada', t: 'token-of-ada-0000000001' })).toBe('unsubscribed');
    const transport = new RecordingTransport();
    expect(await sendDueMail({ documents, transport, siteUrl: 'https://nordlicht.example' }, NOW)).toMatchObject({ sent: 1, suppressed: 1 });
    expect(transport.sent).toHaveLength(1);
    expect(transport.sent[0]).toMatchObject({ to: 'bob@example.org', subject: 'Line-up', headers: { 'List-Unsubscribe': '<https://nordlicht.example/api/mail/unsubscribe?u=bob&t=token-of-bob-0000000001>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } });
    expect(transport.sent[0]!.text).toContain('Open in the app: https://nordlicht.example/events');
    const figures = await announcementFigures(documents, id);
    expect(figures.total).toEqual({ queued: 0, sent: 1, failed: 0, undeliverable: 0, suppressed: 1 });
    expect(figures.byLanguage.de).toMatchObject({ suppressed: 1, sent: 0 });
  });

  it.each(['inbox', 'pushing'] as const)('queues each mail once when a server crashes at "%s" and another finishes the delivery', async (step) => {
    for (let n = 0; n < CHUNK_SIZE + 20; n++) {
      await addTestUser(documents, person(`m-${String(n).padStart(3, '0')}`), { membership: membership(), mail: optedIn(`token-of-m${String(n).padStart(3, '0')}-000000001`) }, NOW);
    }
    const id = await send('optedIn');
    // The first server dies in the second chunk: after its in-app copies, or with its mails queued and its pushes on their way.
    await expect(deliverNotification(ports(), id, { holder: 'a', clock: () => NOW, crashAfter: (at, chunk) => at === step && chunk === 1 })).rejects.toBeInstanceOf(SimulatedCrash);
    const later = new Date(NOW.getTime() + LEASE_MS);
    expect(await deliverNotification(ports(), id, { holder: 'b', clock: () => later })).toBe('sent');
    // Sent again, and once more by a server that finds it done: nothing more is queued.
    expect(await deliverNotification(ports(), id, { holder: 'c', clock: () => new Date(later.getTime() + LEASE_MS) })).toBe('skipped');
    const mails = await mailsOf(id);
    const uids = mails.map((mail) => mail.uid);
    expect(uids.length).toBe(CHUNK_SIZE + 20 + 2);
    expect(new Set(uids).size).toBe(uids.length);
    expect(uids).not.toContain('cleo');
    expect(mails.every((mail) => mail.id === announcementMailId(id, mail.uid!))).toBe(true);
  });
});

describe('the audience of members not seen at the door', () => {
  let documents: SqliteDocuments;
  const admitted = (uid: string, weeksAgo: number) =>
    documents.collection(Checkins).doc(`event-${weeksAgo}_${uid}`).create({ eventId: `event-${weeksAgo}`, uid, at: new Date(NOW.getTime() - weeksAgo * WEEK), scannerUid: 'door', scannerName: null, device: 'Front door', source: 'camera' });
  const lapsed = async (weeks: number) => (await resolveAudience(documents, { kind: 'lapsed', weeks }, NOW)).map((entry) => entry.uid);

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    await addTestUser(documents, person('recent'), { membership: membership() }, NOW);
    await addTestUser(documents, person('faded'), { membership: membership() }, NOW);
    await addTestUser(documents, person('never'), { membership: membership(), locale: 'de' }, NOW);
    await addTestUser(documents, person('newcomer'), { membership: membership(new Date(NOW.getTime() - 3 * DAY)) }, NOW);
    await addTestUser(documents, person('former'), { membership: { ...membership(), validUntil: new Date(NOW.getTime() - DAY) } }, NOW);
    await addTestUser(documents, person('blocked'), { membership: membership(), disabled: true }, NOW);
    await addTestUser(documents, person('staff', 'scanner'), {}, NOW);
    await admitted('recent', 2);
    await admitted('faded', 10);
    await admitted('faded', 30);
  });

  it('is the active members with no admission in the last N weeks whose membership began before then', async () => {
    expect(await lapsed(8)).toEqual(['faded', 'never']);
    expect(await lapsed(12)).toEqual(['never']);
    // Three days a member, never admitted: not lapsed, not even at one week.
    expect(await lapsed(1)).toEqual(['faded', 'never', 'recent']);
    expect(await lapsed(52)).toEqual(['never']);
  });

  it('takes 1 to 52 whole weeks', () => {
    const audience = (weeks: unknown) => NotificationInput.shape.audience.safeParse({ kind: 'lapsed', weeks }).success;
    expect([1, 8, 52].map(audience)).toEqual([true, true, true]);
    expect([0, 53, 2.5, '8', null].map(audience)).toEqual([false, false, false, false, false]);
  });

  it('is reached in the app and by e-mail alike', async () => {
    await documents.collection(Users).doc('never').update({ mail: optedIn('token-of-never-000000001') });
    await documents.collection(Users).doc('recent').update({ mail: optedIn('token-of-recent-00000001') });
    const id = await saveNotification(documents, admin, { id: null, notification: { title: { en: 'We miss you', de: 'Wir vermissen dich' }, body: { en: 'Come by on Friday.', de: 'Komm am Freitag vorbei.' }, link: '', audience: { kind: 'lapsed', weeks: 8 }, email: 'optedIn' } }, NOW);
    await sendNotificationNow(documents, admin, { id: id }, NOW);
    expect(await deliverNotification({ documents, push: new AcceptingPush() }, id, { clock: () => NOW })).toBe('sent');
    expect((await documents.collection(Inbox).where('notificationId', '==', id).get()).map((copy) => copy.data.uid).sort()).toEqual(['faded', 'never']);
    const mails = (await documents.collection(Mail).where('notificationId', '==', id).get()).map((mail) => mail.data);
    expect(mails).toEqual([expect.objectContaining({ uid: 'never', locale: 'de', params: { title: 'Wir vermissen dich', body: 'Komm am Freitag vorbei.' } })]);
  });
});
