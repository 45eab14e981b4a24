// Deleting one's own account: the person goes, the venue's records stay without them. What names
// the person is deleted (their account, memberships, pass, photo, uploads, sessions, inbox,
// devices, the mails waiting for them or kept in the outbox, their house ban and their address's) or given a fresh anonymous id and no name (what they did as staff or admin, and what was
// done to them at the door), so the night's figures and the delivery counts stay as they were.
import 'server-only';
import { randomUUID } from 'node:crypto';
import { DomainError } from '@/server/domain-error';
import type { Accounts } from '@/server/accounts/port';
import { AccountChecks } from '@/features/identity/account-checks';
import { serverTimestamp, type CollectionDef, type DocumentData, type Documents, type QueryDocumentSnapshot, type UpdateData, type WriteBatch } from '@/server/documents/port';
import { isFilesError, type Files } from '@/server/files/port';
import type { UploadClaims } from '@/server/files/uploads';
import { FILE_USES } from '@/server/files/uses';
import { AuditLog } from '@/features/identity/audit';
import { Memberships } from '@/features/memberships/membership-rules';
import { Checkins, DoorConflicts, Drinks, Exits, Reentries, Scans } from '@/features/door/door-records';
import { forgetPassOwner, Passes } from '@/features/door/passes';
import { Events } from '@/features/events/events';
import { Images } from '@/features/images/images';
import { Users, type UserDocument } from '@/features/identity/users';
import { endAllSessions } from '@/features/identity/session-records';
import { signedInRecently, type Identity } from '@/access/identity';
import { Inbox, inboxId } from '@/features/notifications/inbox';
import { Notifications } from '@/features/notifications/notifications';
import { NotificationChunks, renameRecipient } from '@/features/notifications/delivery';
import { PushDevices } from '@/features/notifications/push-devices';
import { forgetMailOf } from '@/features/mail/retention';
import { forgetPublicTicketsOf } from '@/features/tickets/public-tickets';
import { forgetSponsor } from '@/features/tickets/guests';
import { forgetBansOf } from '@/features/bans/ban-retention';
import { addressKey, Mail } from '@/features/mail/outbox';
import { DELETE_WORD } from './constants';
import type { DeleteAccountInput } from './profile.inputs';

/** Writes in one batch (Firestore allows 500). */
const BATCH = 400;

/** What deleting an account changed, for the caller's report and the tests. */
export interface Deletion {
  anonymousId: string;
  memberships: number;
  auditEntries: number;
}

export interface DeletionPorts {
  documents: Documents;
  accounts: Accounts;
  files: Files;
  uploads: Pick<UploadClaims, 'discardAllOf'>;
}

/**
 * Deletes the person's account. Refused without a recent sign-in, with the wrong confirmation, and
 * for the last admin, who would leave the venue without one. The records where the person acted
 * for the venue are rewritten first, so a failure part-way leaves the account to delete again.
 */
export async function deleteAccount(ports: DeletionPorts, identity: Identity, input: DeleteAccountInput, now = Date.now()): Promise<Deletion> {
  const { documents } = ports;
  if (!signedInRecently(identity, now)) throw new DomainError('forbidden', 'recentSignInRequired');
  const userRef = documents.collection(Users).doc(identity.uid);
  const user = (await userRef.get()).data;
  if (!user) throw new DomainError('not-found', 'accountNotFound');
  const expected = (user.email ?? DELETE_WORD).toLowerCase();
  if (input.confirmation.toLowerCase() !== expected) throw new DomainError('invalid', 'deleteConfirmationMismatch', {}, { field: 'confirmation' });
  if (user.role === 'admin' && !(await anotherAdmin(documents, identity.uid))) throw new DomainError('conflict', 'lastAdminDelete');

  const anonymousId = `deleted-${randomUUID()}`;
  await anonymiseStaffRecords(ports, identity.uid, anonymousId);
  // Their guests still to come are cancelled and told; the tickets they sponsored no longer name them.
  await forgetSponsor(documents, identity.uid, anonymousId, new Date(now));
  // Their ban goes with them (and their address's); bans they made as an admin no longer name them.
  await forgetBansOf(documents, identity.uid, user.email, anonymousId);
  const report = await anonymiseOwnRecords(documents, identity.uid, anonymousId);
  for (const passId of report.passIds) forgetPassOwner(passId);

  await endAllSessions(documents, identity.uid);
  // The devices that received their messages go, in batches (there may be many).
  await deleteWhere(documents, PushDevices, 'uid', identity.uid);
  await deleteWhere(documents, AccountChecks, 'uid', identity.uid);
  // Nothing more is mailed to them; an announcement's figures still count their mail. What was
  // mailed to the address before it had an account (a sign-in link) goes too.
  // Their public tickets and places in line go; what they freed, the waitlist offers on.
  await forgetPublicTicketsOf(documents, identity.uid, new Date(now));
  await forgetMailOf(documents, identity.uid, user.email);
  if (user.email) await deleteWhere(documents, Mail, 'toKey', addressKey(user.email));
  await ports.accounts.deleteAccount(identity.uid);
  await removeFiles(ports, identity.uid, report.avatarPath).catch((error: unknown) => {
    // A site without file storage (Firebase without Storage) has none of theirs to remove.
    if (!isFilesError(error, 'unavailable')) throw error;
  });
  return { anonymousId, memberships: report.memberships, auditEntries: report.auditEntries };
}

/** Their photo and any upload not claimed yet, whatever its name. */
async function removeFiles({ files, uploads }: DeletionPorts, uid: string, avatarPath: string | null) {
  await uploads.discardAllOf(uid);
  for (const use of Object.values(FILE_USES)) if ('accountUpload' in use) await files.deleteFolder(`${use.folder}/${uid}`);
  if (avatarPath) await files.delete(avatarPath).catch(() => undefined);
}

const adminsBesides = (admins: QueryDocumentSnapshot<UserDocument>[], uid: string) => admins.some((admin) => admin.id !== uid && !admin.data.disabled);

async function anotherAdmin(documents: Documents, uid: string): Promise<boolean> {
  return adminsBesides(await documents.collection(Users).where('role', '==', 'admin').get(), uid);
}

/**
 * What the person did for the venue, which may be a great deal (every scan of a season at the
 * door): the records stay under the anonymous id, without a name, in batches.
 */
async function anonymiseStaffRecords({ documents, files }: DeletionPorts, uid: string, anonymousId: string) {
  await rewriteWhere(documents, Checkins, 'scannerUid', uid, () => ({ scannerUid: anonymousId, scannerName: null }));
  for (const collection of [Drinks, Exits, Reentries, Scans] as CollectionDef<{ scannerUid: string }>[]) await rewriteWhere(documents, collection, 'scannerUid', uid, () => ({ scannerUid: anonymousId }));
  await rewriteWhere(documents, DoorConflicts, 'second.scannerUid', uid, ({ second }) => ({ second: { ...second, scannerUid: anonymousId } }));
  await rewriteWhere(documents, Events, 'updatedBy', uid, () => ({ updatedBy: anonymousId }));
  await rewriteWhere(documents, Notifications, 'createdBy', uid, () => ({ createdBy: anonymousId }));
  await rewriteWhere(documents, Notifications, 'sentBy.uid', uid, () => ({ sentBy: { uid: anonymousId, name: null } }));
  await rewriteWhere(documents, Images, 'updatedBy', uid, () => ({ updatedBy: anonymousId }));
  const images = await rewriteWhere(documents, Images, 'uploaderUid', uid, ({ file }) => ({
    uploaderUid: anonymousId,
    file: { ...file, customMetadata: { uploaderUid: anonymousId } },
  }));
  // The stored file's own metadata names its uploader (and the name the file had on their device).
  for (const image of images) await files.setCustomMetadata(image.data.file.fullPath, { uploaderUid: anonymousId }).catch(() => undefined);

  // As a recipient: kept in the audience chosen and in the chunks that count deliveries.
  const swap = (id: string) => (id === uid ? anonymousId : id);
  const chosenFor = await rewriteWhere(documents, Notifications, 'audience.uids', uid, ({ audience }) =>
    audience.kind === 'people' ? { audience: { ...audience, uids: audience.uids.map(swap) } } : {},
    'array-contains',
  );
  // The in-app copies say which notifications reached them (those being sent may yet): their chunks
  // first, while the copies still name the account, so a retry after a failure finds them again.
  const received = await documents.collection(Inbox).where('uid', '==', uid).get();
  const sending = await documents.collection(Notifications).where('status', '==', 'sending').get();
  const notificationIds = new Set([...received.map((entry) => entry.data.notificationId), ...sending.map((entry) => entry.id), ...chosenFor.map((entry) => entry.id)]);
  for (const notificationId of notificationIds) {
    const chunks = await documents.collection(NotificationChunks).where('notificationId', '==', notificationId).get();
    const holding = chunks.flatMap((chunk) => {
      const recipients = renameRecipient(chunk.data.recipients, uid, anonymousId);
      return recipients ? [{ id: chunk.id, recipients }] : [];
    });
    await inBatches(documents, holding, (batch, chunk) => batch.update(documents.collection(NotificationChunks).doc(chunk.id), { recipients: chunk.recipients }));
  }
  // The copies count as delivered and read: kept under the anonymous id (their id names the account).
  const twoWritesEach = BATCH / 2;
  await inBatches(
    documents,
    received,
    (batch, entry) => {
      batch.delete(documents.collection(Inbox).doc(entry.id));
      batch.create(documents.collection(Inbox).doc(inboxId(entry.data.notificationId, anonymousId)), { ...entry.data, uid: anonymousId });
    },
    twoWritesEach,
  );
}

/**
 * What is the person's own, in one transaction with the deletion of their users document: their
 * memberships and pass go; the audit log, others' memberships they decided on and what the door
 * recorded of them stay under the anonymous id, without a name.
 */
async function anonymiseOwnRecords(documents: Documents, uid: string, anonymousId: string) {
  const userRef = documents.collection(Users).doc(uid);
  const memberships = documents.collection(Memberships);
  const audit = documents.collection(AuditLog);
  return documents.runTransaction(async (tx) => {
    const current = (await tx.get(userRef)).data;
    if (!current) throw new DomainError('not-found', 'accountNotFound');
    if (current.role === 'admin') {
      if (!adminsBesides(await tx.query(documents.collection(Users).where('role', '==', 'admin')), uid)) throw new DomainError('conflict', 'lastAdminDelete');
    }
    const [own, decided, targeted, acted, scans, checkins, drinks, passes, exits, reentries, conflicts] = await Promise.all([
      tx.query(memberships.where('uid', '==', uid)),
      tx.query(memberships.where('decidedBy', '==', uid)),
      tx.query(audit.where('targetUid', '==', uid)),
      tx.query(audit.where('actorUid', '==', uid)),
      tx.query(documents.collection(Scans).where('uid', '==', uid)),
      tx.query(documents.collection(Checkins).where('uid', '==', uid)),
      tx.query(documents.collection(Drinks).where('uid', '==', uid)),
      tx.query(documents.collection(Passes).where('uid', '==', uid)),
      tx.query(documents.collection(Exits).where('uid', '==', uid)),
      tx.query(documents.collection(Reentries).where('uid', '==', uid)),
      tx.query(documents.collection(DoorConflicts).where('uid', '==', uid)),
    ]);
    // A membership the person acted on holds them in its history even when someone else decided
    // last; the audit log names each one they acted on.
    const decidedIds = new Set(decided.map((membership) => membership.id));
    const actedOn = [...new Set(acted.map((entry) => entry.data.membershipId).filter((id): id is string => id !== null && !decidedIds.has(id)))];
    const touched = [...decided, ...(await Promise.all(actedOn.map(async (id) => ({ id, data: (await tx.get(memberships.doc(id))).data }))))];

    tx.delete(userRef);
    for (const membership of own) tx.delete(memberships.doc(membership.id));
    for (const { id, data } of touched) {
      if (!data || data.uid === uid) continue;
      tx.update(memberships.doc(id), {
        ...(data.decidedBy === uid ? { decidedBy: anonymousId, decidedByName: null } : {}),
        history: data.history.map((entry) => (entry.actorUid === uid ? { ...entry, actorUid: anonymousId, actorName: null } : entry)),
      });
    }
    const entries = new Map([...targeted, ...acted].map((entry) => [entry.id, entry.data]));
    for (const [id, entry] of entries) {
      tx.update(audit.doc(id), {
        ...(entry.targetUid === uid ? { targetUid: anonymousId } : {}),
        ...(entry.actorUid === uid ? { actorUid: anonymousId, actorName: null } : {}),
      });
    }
    // The door's records stay (the night's figures, the CSV) under the anonymous id; the ids of
    // admissions, exits, re-entries and drinks name the account, so they are written again under the new one.
    for (const scan of scans) tx.update(documents.collection(Scans).doc(scan.id), { uid: anonymousId, name: null });
    for (const conflict of conflicts) tx.update(documents.collection(DoorConflicts).doc(conflict.id), { uid: anonymousId });
    for (const checkin of checkins) {
      tx.delete(documents.collection(Checkins).doc(checkin.id));
      tx.create(documents.collection(Checkins).doc(`${checkin.data.eventId}_${anonymousId}`), { ...checkin.data, uid: anonymousId });
    }
    for (const drink of drinks) {
      tx.delete(documents.collection(Drinks).doc(drink.id));
      tx.create(documents.collection(Drinks).doc(`${drink.data.eventId}_${anonymousId}_${drink.data.number}`), { ...drink.data, uid: anonymousId });
    }
    for (const [collection, passages] of [
      [Exits, exits],
      [Reentries, reentries],
    ] as const) {
      for (const passage of passages) {
        tx.delete(documents.collection(collection).doc(passage.id));
        tx.create(documents.collection(collection).doc(`${passage.data.eventId}_${anonymousId}_${passage.data.number}`), { ...passage.data, uid: anonymousId });
      }
    }
    for (const pass of passes) tx.delete(documents.collection(Passes).doc(pass.id));
    tx.create(documents.collection(AuditLog).doc(), {
      targetUid: anonymousId,
      actorUid: anonymousId,
      actorName: null,
      action: 'accountDeleted',
      fromRole: current.role,
      toRole: null,
      imageId: null,
      membershipId: null,
      at: serverTimestamp(),
    });
    return { avatarPath: current.avatarPath, memberships: own.length, auditEntries: entries.size, passIds: passes.map((pass) => pass.id) };
  });
}

/** Rewrites every document where `field` matches, BATCH to a write; returns them as they were. */
async function rewriteWhere<T extends DocumentData>(
  documents: Documents,
  collection: CollectionDef<T>,
  field: string,
  value: string,
  change: (data: T) => UpdateData<T>,
  op: '==' | 'array-contains' = '==',
): Promise<QueryDocumentSnapshot<T>[]> {
  const found = await documents.collection(collection).where(field, op, value).get();
  await inBatches(documents, found, (batch, entry) => batch.update(documents.collection(collection).doc(entry.id), change(entry.data)));
  return found;
}

/** Deletes every document of a collection where `field` is `value`, BATCH to a write. */
async function deleteWhere<T extends DocumentData>(documents: Documents, collection: CollectionDef<T>, field: string, value: string) {
  const own = await documents.collection(collection).where(field, '==', value).get();
  await inBatches(documents, own, (batch, entry) => batch.delete(documents.collection(collection).doc(entry.id)));
}

async function inBatches<T>(documents: Documents, entries: readonly T[], write: (batch: WriteBatch, entry: T) => void, size = BATCH) {
  for (let start = 0; start < entries.length; start += size) {
    const batch = documents.batch();
    for (const entry of entries.slice(start, start + size)) write(batch, entry);
    await batch.commit();
  }
}
