// A person's own account: the name and language they go by, their photo, signing out on every
// device, and deleting the account. Plain functions over the ports; the caller is always the
// verified session's identity, never a uid from the request.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { LOCALES } from '@/i18n/routing';
import { DomainError } from '@/server/domain-error';
import type { Accounts } from '@/server/accounts/port';
import { serverTimestamp, type CollectionDef, type Documents } from '@/server/documents/port';
import { isFilesError, type Files } from '@/server/files/port';
import type { UploadClaims } from '@/server/files/uploads';
import { sniffContentType } from '@/server/files/checks';
import { FILE_USES } from '@/server/files/uses';
import { AuditLog } from '@/features/users/audit';
import { Memberships } from '@/features/memberships/membership';
import { Checkins, DoorConflicts, Drinks, Exits, Reentries, Scans } from '@/features/door/door-records';
import { Passes } from '@/features/door/passes';
import { Users, searchTermsFor } from '@/features/identity/users';
import { endAllSessions } from '@/features/identity/session-records';
import type { Identity } from '@/features/identity/identity';
import { AVATAR_MAX_SIDE, DELETE_WORD, DISPLAY_NAME_MAX } from './profile-limits';
import { avatarPathFor, avatarUrl, storedPhoto } from './avatar-access';
import { Inbox } from '@/features/notifications/inbox';
import { PushDevices } from '@/features/notifications/push-devices';


/** Either or both; what is left out stays as it is. */
export const ProfileInput = z
  .object({
    displayName: z.string().trim().min(1).max(DISPLAY_NAME_MAX).optional(),
    locale: z.enum(LOCALES).optional(),
  })
  .refine((input) => input.displayName !== undefined || input.locale !== undefined, 'Nothing to change.');
export type ProfileInput = z.input<typeof ProfileInput>;

export interface Profile {
  displayName: string | null;
  email: string | null;
  photoURL: string | null;
  locale: (typeof LOCALES)[number] | null;
}

async function storedUser(documents: Documents, uid: string) {
  const user = (await documents.collection(Users).doc(uid).get()).data;
  if (!user) throw new DomainError('not-found', 'accountNotFound');
  return user;
}

export async function getProfile(documents: Documents, identity: Identity): Promise<Profile> {
  const user = await storedUser(documents, identity.uid);
  return { displayName: user.displayName, email: user.email, photoURL: storedPhoto(identity.uid, user), locale: user.locale };
}

/** Name and preferred language, on the users document and the sign-in account alike. */
export async function updateProfile(documents: Documents, accounts: Accounts, identity: Identity, raw: ProfileInput): Promise<Profile> {
  const input = ProfileInput.parse(raw);
  const ref = documents.collection(Users).doc(identity.uid);
  await documents.runTransaction(async (tx) => {
    const user = (await tx.get(ref)).data;
    if (!user) throw new DomainError('not-found', 'accountNotFound');
    tx.update(ref, {
      ...(input.locale ? { locale: input.locale } : {}),
      ...(input.displayName ? { displayName: input.displayName, searchTerms: searchTermsFor(user.email, input.displayName) } : {}),
    });
  });
  // The next ID token carries the name, so a sign-in elsewhere shows it too.
  if (input.displayName) await accounts.updateProfile(identity.uid, { displayName: input.displayName });
  return getProfile(documents, identity);
}

export interface AvatarPorts {
  documents: Documents;
  accounts: Accounts;
  files: Files;
  uploads: UploadClaims;
  /** Throws a RangeError for a picture of more than AVATAR_MAX_SIDE² pixels. */
  render: (bytes: Uint8Array) => Promise<Uint8Array>;
  /** The site's origin: the account's photoURL must be an absolute URL. */
  siteUrl: string;
}

export const AvatarInput = z.object({ upload: z.string().min(1).max(300) });

/**
 * Makes a finished upload (already cropped to a square by the browser) the person's photo: the
 * server re-encodes it (upright, 512x512 WebP, no metadata), stores that, and removes the upload
 * and the photo it replaces.
 */
export async function setAvatar(ports: AvatarPorts, identity: Identity, raw: z.input<typeof AvatarInput>): Promise<Profile> {
  const input = AvatarInput.parse(raw);
  const use = FILE_USES.avatars;
  const uploaded = await ports.uploads.claim(input.upload, identity.uid, use).catch((error: unknown) => {
    if (isFilesError(error, 'invalid-content')) throw new DomainError('invalid', 'notAnImage');
    if (isFilesError(error)) throw new DomainError('invalid', 'uploadNotUsable');
    throw error;
  });
  let rendered: Uint8Array;
  try {
    const { bytes } = await ports.files.read(uploaded);
    if (!sniffContentType(bytes)) throw new Error('not an image');
    rendered = await ports.render(bytes);
  } catch (error) {
    if (error instanceof RangeError) throw new DomainError('invalid', 'pictureTooLarge', { side: String(AVATAR_MAX_SIDE) });
    throw new DomainError('invalid', 'notAnImage');
  } finally {
    await ports.files.delete(uploaded).catch(() => undefined);
  }
  const version = randomUUID();
  const path = avatarPathFor(identity.uid, version);
  await ports.files.put(use, path, rendered, { contentType: 'image/webp', customMetadata: { uploaderUid: identity.uid } });
  const photoURL = avatarUrl(ports.siteUrl, identity.uid, version);
  const ref = ports.documents.collection(Users).doc(identity.uid);
  const previous = await ports.documents.runTransaction(async (tx) => {
    const user = (await tx.get(ref)).data;
    if (!user) throw new DomainError('not-found', 'accountNotFound');
    tx.update(ref, { avatarPath: path, photoURL });
    return user.avatarPath;
  });
  await ports.accounts.updateProfile(identity.uid, { photoURL });
  if (previous) await ports.files.delete(previous).catch(() => undefined);
  return getProfile(ports.documents, identity);
}

export async function removeAvatar(ports: Pick<AvatarPorts, 'documents' | 'accounts' | 'files'>, identity: Identity): Promise<Profile> {
  const ref = ports.documents.collection(Users).doc(identity.uid);
  const previous = await ports.documents.runTransaction(async (tx) => {
    const user = (await tx.get(ref)).data;
    if (!user) throw new DomainError('not-found', 'accountNotFound');
    tx.update(ref, { avatarPath: null, photoURL: null });
    return user.avatarPath;
  });
  await ports.accounts.updateProfile(identity.uid, { photoURL: null });
  if (previous) await ports.files.delete(previous).catch(() => undefined);
  return getProfile(ports.documents, identity);
}

/** Signing out on every device, one's own: the server's session records and Firebase's refresh tokens. */
export async function signOutEverywhere(documents: Documents, accounts: Accounts, identity: Identity): Promise<void> {
  await endAllSessions(documents, identity.uid);
  await accounts.revokeSessions(identity.uid);
}

export const DeleteAccountInput = z.object({
  /** The person types their e-mail address (or, without one, the word the dialog names) to confirm. */
  confirmation: z.string().trim().min(1).max(320),
});

/** What deleting an account changed, for the caller's report and the tests. */
export interface Deletion {
  anonymousId: string;
  memberships: number;
  auditEntries: number;
}

/**
 * Deletes the person's account: the sign-in account, the users document, their memberships, pass
 * and photo, every session. Records the venue keeps (the audit log, decisions this person made on
 * others' memberships, the door's scans, admissions and drinks) keep a fresh anonymous id instead
 * of the uid, and no name. Refused for the last admin, who would leave the venue without one.
 */
export async function deleteAccount(
  ports: Pick<AvatarPorts, 'documents' | 'accounts' | 'files'>,
  identity: Identity,
  raw: z.input<typeof DeleteAccountInput>,
): Promise<Deletion> {
  const { documents } = ports;
  const input = DeleteAccountInput.parse(raw);
  const userRef = documents.collection(Users).doc(identity.uid);
  const user = (await userRef.get()).data;
  if (!user) throw new DomainError('not-found', 'accountNotFound');
  const expected = (user.email ?? DELETE_WORD).toLowerCase();
  if (input.confirmation.toLowerCase() !== expected) throw new DomainError('invalid', 'deleteConfirmationMismatch');

  const anonymousId = `deleted-${randomUUID()}`;
  const memberships = documents.collection(Memberships);
  const audit = documents.collection(AuditLog);
  const report = await documents.runTransaction(async (tx) => {
    const current = (await tx.get(userRef)).data;
    if (!current) throw new DomainError('not-found', 'accountNotFound');
    if (current.role === 'admin') {
      const admins = await tx.query(documents.collection(Users).where('role', '==', 'admin'));
      if (!admins.some((admin) => admin.id !== identity.uid && !admin.data.disabled)) throw new DomainError('conflict', 'lastAdminDelete');
    }
    const [own, decided, targeted, acted, scans, checkins, drinks, passes, exits, reentries, conflicts] = await Promise.all([
      tx.query(memberships.where('uid', '==', identity.uid)),
      tx.query(memberships.where('decidedBy', '==', identity.uid)),
      tx.query(audit.where('targetUid', '==', identity.uid)),
      tx.query(audit.where('actorUid', '==', identity.uid)),
      tx.query(documents.collection(Scans).where('uid', '==', identity.uid)),
      tx.query(documents.collection(Checkins).where('uid', '==', identity.uid)),
      tx.query(documents.collection(Drinks).where('uid', '==', identity.uid)),
      tx.query(documents.collection(Passes).where('uid', '==', identity.uid)),
      tx.query(documents.collection(Exits).where('uid', '==', identity.uid)),
      tx.query(documents.collection(Reentries).where('uid', '==', identity.uid)),
      tx.query(documents.collection(DoorConflicts).where('uid', '==', identity.uid)),
    ]);
    tx.delete(userRef);
    for (const membership of own) tx.delete(memberships.doc(membership.id));
    for (const membership of decided) {
      if (membership.data.uid === identity.uid) continue;
      tx.update(memberships.doc(membership.id), {
        decidedBy: anonymousId,
        decidedByName: null,
        history: membership.data.history.map((entry) => (entry.actorUid === identity.uid ? { ...entry, actorUid: anonymousId, actorName: null } : entry)),
      });
    }
    const entries = new Map([...targeted, ...acted].map((entry) => [entry.id, entry.data]));
    for (const [id, entry] of entries) {
      tx.update(audit.doc(id), {
        ...(entry.targetUid === identity.uid ? { targetUid: anonymousId } : {}),
        ...(entry.actorUid === identity.uid ? { actorUid: anonymousId, actorName: null } : {}),
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
    return { avatarPath: current.avatarPath, memberships: own.length, auditEntries: entries.size };
  });
  await endAllSessions(documents, identity.uid);
  // Their messages and the devices that received them go too, in batches (there may be many).
  await deleteAllOf(documents, Inbox, identity.uid);
  await deleteAllOf(documents, PushDevices, identity.uid);
  await ports.accounts.deleteAccount(identity.uid);
  if (report.avatarPath) await ports.files.delete(report.avatarPath).catch(() => undefined);
  return { anonymousId, memberships: report.memberships, auditEntries: report.auditEntries };
}

/** Deletes every document of a collection that belongs to `uid`, 400 to a batch. */
async function deleteAllOf<T extends { uid: string }>(documents: Documents, collection: CollectionDef<T>, uid: string) {
  const own = await documents.collection(collection).where('uid', '==', uid).get();
  for (let start = 0; start < own.length; start += 400) {
    const batch = documents.batch();
    for (const entry of own.slice(start, start + 400)) batch.delete(documents.collection(collection).doc(entry.id));
    await batch.commit();
  }
}
