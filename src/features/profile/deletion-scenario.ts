// For tests: a person who has been everything the product knows, then deletes their account. Ada
// asked for a membership and was admitted at the door, became an admin who decided on others'
// memberships, sent a notification to herself and Bob, uploaded and edited a library image, edited an event
// and worked the door; she has a photo, an upload never used, a session, a phone for pushes. Runs
// on any documents store, so the embedded store and the Firestore stand-in are walked alike.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Documents } from '@/server/documents/port';
import type { Files } from '@/server/files/port';
import type { UploadClaims } from '@/server/files/uploads';
import { FILE_USES } from '@/server/files/uses';
import type { Push, PushMessage, PushOutcome, PushTarget } from '@/server/push/port';
import { AccountChecks } from '@/features/identity/account-checks';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import { addTestUser } from '@/features/identity/test-users';
import { TINY_PNG } from '@/server/files/files.contract';
import type { Identity } from '@/access/identity';
import { Users } from '@/features/identity/users';
import { recordSession } from '@/features/identity/session-records';
import { approveMembership, cancelMembership, requestMembership } from '@/features/memberships/memberships';
import { enqueueMailOnce } from '@/features/mail/outbox';
import { markUndeliverable } from '@/features/mail/addresses';
import { Memberships } from '@/features/memberships/membership-rules';
import { Checkins, DoorConflicts, Drinks, Exits, Reentries, Scans } from '@/features/door/door-records';
import { tallyDoor } from '@/features/door/door-figures';
import { Passes } from '@/features/door/passes';
import { Events } from '@/features/events/events';
import { addEvent } from '@/features/door/test-door';
import { Images } from '@/features/images/images';
import { storedMetadata } from '@/features/images/image-library';
import { saveNotification, scheduleNotification } from '@/features/notifications/notifications';
import { deliverDue, deliveryFigures } from '@/features/notifications/delivery';
import { markAllRead } from '@/features/notifications/inbox';
import { PushDevices } from '@/features/notifications/push-devices';
import { Mail } from '@/features/mail/outbox';
import { bringGuest } from '@/features/tickets/guests';
import { addUpcomingEvent, ticketPortsOf } from '@/features/tickets/test-guests';
import { Tickets } from '@/features/door/ticket-records';
import { setBan } from '@/features/bans/ban-admin';
import { deleteAccount } from './account-deletion';

/** What must appear nowhere once Ada is gone. */
export const ADA = { uid: 'ada-7f3kq9', email: 'ada.lovelace@example.org', name: 'Ada Lovelace' };

/** Every file under a folder, with its path, as text: bytes and metadata alike. */
export function everyFile(folder: string): string[] {
  return (readdirSync(folder, { recursive: true, withFileTypes: true }) as { name: string; parentPath: string; isFile(): boolean }[])
    .filter((entry) => entry.isFile())
    .map((entry) => `${join(entry.parentPath, entry.name)}\n${readFileSync(join(entry.parentPath, entry.name), 'latin1')}`);
}

/** Whether any of the texts names Ada: her uid, e-mail or name, in any case. */
export function namingAda(texts: string[]): string[] {
  return texts.filter((text) => [ADA.uid, ADA.email, ADA.name].some((trace) => text.toLowerCase().includes(trace.toLowerCase())));
}
const NOW = new Date(
Math.floor(Date.now() / 1000) * 1000);
const person = (uid: string, role: Identity['role'], name = `Person ${uid}`): Identity => ({ uid, email: `${uid}@example.org`, emailVerified: true, displayName: name, photoURL: null, role });

class AcceptingPush implements Push {
  readonly kind = 'webpush' as const;
  clientConfig() {
    return { kind: 'webpush' as const, vapidPublicKey: null };
  }
  async send(items: readonly { target: PushTarget; message: PushMessage }[]): Promise<PushOutcome[]> {
    return items.map(() => ({ ok: true }));
  }
}

async function decideOn(documents: Documents, accounts: FakeAccounts, admin: Identity, member: Identity) {
  await requestMembership(documents, member, { note: `Hello from ${member.displayName}` }, NOW);
  const [request] = await documents.collection(Memberships).where('uid', '==', member.uid).get();
  await approveMembership(documents, accounts, admin, { id: request!.id, revision: request!.data.revision, note: '' }, NOW);
  return request!.id;
}

/** The door's and the notification's figures, which a deletion must leave as they were. */
async function figures(documents: Documents, notificationId: string) {
  return { door: await tallyDoor(documents, 'night'), notification: await deliveryFigures(documents, notificationId) };
}

/** Builds Ada's history, deletes her account, and returns the figures before and after. */
export async function adaDeletesHerAccount(documents: Documents, files: Files, uploads: Pick<UploadClaims, 'discardAllOf'>) {
  const accounts = new FakeAccounts();
  const boss = person('boss', 'admin');
  const bob = person('bob', null);
  const carl = person('carl', null);
  let ada = { ...person(ADA.uid, null, ADA.name), email: ADA.email };
  for (const who of [boss, bob, carl, ada]) await addTestUser(documents, who, {}, NOW);
  await addEvent(documents, 'night', NOW);

  // Ada as a member, at the door.
  await decideOn(documents, accounts, boss, ada);
  await documents.collection(Passes).doc('adaPassId000000A').create({ uid: ADA.uid, version: 1, createdAt: NOW, rotatedAt: null });
  const door = { device: 'Front door', at: NOW, source: 'camera' as const };
  await documents.collection(Checkins).doc(`night_${ADA.uid}`).create({ eventId: 'night', uid: ADA.uid, scannerUid: 'door-1', scannerName: 'Door One', ...door });
  await documents.collection(Exits).doc(`night_${ADA.uid}_1`).create({ eventId: 'night', uid: ADA.uid, number: 1, scannerUid: 'door-1', ...door });
  await documents.collection(Reentries).doc(`night_${ADA.uid}_1`).create({ eventId: 'night', uid: ADA.uid, number: 1, scannerUid: 'door-1', ...door });
  await documents.collection(Drinks).doc(`night_${ADA.uid}_1`).create({ eventId: 'night', uid: ADA.uid, number: 1, scannerUid: 'door-1', ...door });
  const scan = { eventId: 'night', mode: 'entry' as const, verdict: 'admitted' as const, detail: { firstAt: null, firstDevice: null, drinksLeft: null }, ...door };
  await documents.collection(Scans).doc('scan-of-ada').create({ ...scan, uid: ADA.uid, name: ADA.name, scannerUid: 'door-1' });
  const conflict = { eventId: 'night', kind: 'secondAdmission' as const, first: { device: 'Front door', at: NOW, offline: false }, recordedAt: NOW };
  await documents.collection(DoorConflicts).doc('conflict-of-ada').create({ ...conflict, uid: ADA.uid, second: { device: 'Side door', at: NOW, offline: true, scannerUid: 'door-2' } });
  // Mail: her membership's (written with it), a link mailed to her address before it had an account, and its refusal once.
  await enqueueMailOnce(documents, { kind: 'signInLink', to: ADA.email, uid: null, locale: 'en', params: { email: ADA.email, link: '/confirm' } }, 'link-before-the-account', NOW);
  await markUndeliverable(documents, ADA.email, `550 5.1.1 <${ADA.email}>: mailbox full`, NOW);

  // Ada's guests: Kai (who gave an address) to next week's gala, whose ticket was mailed to him.
  await addUpcomingEvent(documents, 'gala', NOW, { inDays: 7 });
  const kai = await bringGuest(ticketPortsOf(documents), ada, { eventId: 'gala', name: 'Kai Gast', email: 'kai@example.org' }, NOW);

  // Ada as an admin: decisions on others' memberships, one of them changed by someone else later.
  await documents.collection(Users).doc(ADA.uid).update({ role: 'admin' });
  ada = { ...ada, role: 'admin' };
  await decideOn(documents, accounts, ada, bob);
  const carls = await decideOn(documents, accounts, ada, carl);
  const decided = (await documents.collection(Memberships).doc(carls).get()).data!;
  await cancelMembership(documents, accounts, boss, { id: carls, revision: decided.revision, reason: 'Moved away' }, NOW);
  await documents.collection(Events).doc('night').update({ updatedBy: ADA.uid });
  // House bans: Ada bans Carl; Boss bans Ada's account from next month, and her address. Hers go
  // with her account, Carl's stays without her name.
  await setBan(documents, ada, { person: { kind: 'account', uid: 'carl' }, reason: 'Fought at the bar', from: null, until: null }, NOW);
  await setBan(documents, boss, { person: { kind: 'account', uid: ADA.uid }, reason: 'Threatened the door staff', from: new Date(NOW.getTime() + 30 * 86_400_000), until: null }, NOW);
  await setBan(documents, boss, { person: { kind: 'email', email: ADA.email, name: ADA.name }, reason: 'Came as a guest and fought', from: null, until: null }, NOW);
  const image = await files.put(FILE_USES.images, 'images/season-1.png', TINY_PNG, { contentType: 'image/png', customMetadata: { uploaderUid: ADA.uid, originalName: 'ada-lovelace.png' } });
  await documents.collection(Images).doc('season-1').create({
    file: storedMetadata(image),
    url: await files.downloadUrl('images/season-1.png'),
    width: 1,
    height: 1,
    alt: { en: '', de: '' },
    tags: [],
    uploaderUid: ADA.uid,
    updatedBy: ADA.uid,
    createdAt: NOW,
    updatedAt: NOW,
  });

  // A notification Ada wrote to herself and Bob, delivered to the inbox and their phones, and by
  // e-mail to her, who asked for announcements; her address once refused a mail.
  await documents.collection(Users).doc(ADA.uid).update({ mail: { announcements: true, unsubscribeToken: 'AbCdEfGhIjKlMnOpQrStUvWx', digest: false } });
  await markUndeliverable(documents, ADA.email, '452 mailbox of ada.lovelace@example.org is full', NOW);
  const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
  for (const uid of [ADA.uid, 'bob']) {
    await documents.collection(PushDevices).doc(`device-${uid}`).create({ uid, target: { kind: 'webpush', endpoint: `https://fcm.googleapis.com/fcm/send/${uid}`, keys }, lang: 'en', registeredAt: NOW });
  }
  const notificationId = await saveNotification(documents, ada, {
    id: null,
    notification: { title: { en: 'Tonight', de: 'Heute' }, body: { en: 'Doors at ten', de: 'Einlass um zehn' }, link: '/vip', audience: { kind: 'people', uids: [ADA.uid, 'bob'] }, email: 'optedIn' },
  }, NOW);
  await scheduleNotification(documents, ada, { id: notificationId, at: '2000-01-01T00:00' }, NOW);
  await deliverDue({ documents, push: new AcceptingPush() }, { clock: () => NOW });
  await markAllRead(documents, ada, NOW);

  // Ada working the door: Bob admitted, his drink, his way out and back, a scan, a flag.
  await documents.collection(Checkins).doc('night_bob').create({ eventId: 'night', uid: 'bob', scannerUid: ADA.uid, scannerName: ADA.name, ...door });
  await documents.collection(Exits).doc('night_bob_1').create({ eventId: 'night', uid: 'bob', number: 1, scannerUid: ADA.uid, ...door });
  await documents.collection(Reentries).doc('night_bob_1').create({ eventId: 'night', uid: 'bob', number: 1, scannerUid: ADA.uid, ...door });
  await documents.collection(Drinks).doc('night_bob_1').create({ eventId: 'night', uid: 'bob', number: 1, scannerUid: ADA.uid, ...door });
  await documents.collection(Scans).doc('scan-by-ada').create({ ...scan, uid: 'bob', name: 'Person bob', scannerUid: ADA.uid });
  await documents.collection(DoorConflicts).doc('conflict-by-ada').create({ ...conflict, uid: 'bob', second: { device: 'Side door', at: NOW, offline: true, scannerUid: ADA.uid } });

  // Her photo, an upload she never used, a session, a note of the start-up check.
  const avatarPath = `avatars/${ADA.uid}/photo.webp`;
  await files.put(FILE_USES.avatars, avatarPath, TINY_PNG, { contentType: 'image/png', customMetadata: { uploaderUid: ADA.uid } });
  await files.put(FILE_USES.avatars, `avatars/${ADA.uid}/unclaimed-upload`, TINY_PNG, { contentType: 'image/png', customMetadata: { uploaderUid: ADA.uid } });
  await documents.collection(Users).doc(ADA.uid).update({ avatarPath, photoURL: `http://localhost:3000/api/avatars/${ADA.uid}?v=1` });
  await recordSession(documents, { uid: ADA.uid, cookie: 'cookie-of-ada', expiresInSeconds: 3600, now: NOW.getTime() });
  await documents.collection(AccountChecks).doc(`accountWithoutDocument:${ADA.uid}`).create({ kind: 'accountWithoutDocument', uid: ADA.uid, noticedAt: NOW });

  // Her membership's mails and the announcement she asked for, all of which her deletion must take.
  if ((await documents.collection(Mail).where('uid', '==', ADA.uid).where('kind', '==', 'announcement').count()) !== 1) throw new Error('The scenario should have queued an announcement to Ada');
  if ((await documents.collection(Mail).where('uid', '==', ADA.uid).count()) < 2) throw new Error('The scenario should have queued her membership mails too');
  const before = await figures(documents, notificationId);
  const deletion = await deleteAccount({ documents, accounts, files, uploads }, { ...ada, authTime: Math.floor(NOW.getTime() / 1000) }, { confirmation: ADA.email }, NOW.getTime());
  const guest = (await documents.collection(Tickets).doc(kai.ticketId).get()).data!;
  return { before, after: await figures(documents, notificationId), deletion, accounts, guest };
}
