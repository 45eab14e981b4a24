// A person's own account: the name and language they go by, their photo, signing out on every
// device (deleting the account is ./account-deletion.ts). Plain functions over the ports; the caller is always the
// verified session's identity, never a uid from the request.
import 'server-only';
import { randomUUID } from 'node:crypto';
import { LOCALES } from '@/i18n/routing';
import { DomainError } from '@/server/domain-error';
import type { Accounts } from '@/server/accounts/port';
import type { Documents } from '@/server/documents/port';
import { isFilesError, type Files } from '@/server/files/port';
import type { UploadClaims } from '@/server/files/uploads';
import { sniffContentType } from '@/server/files/checks';
import { FILE_USES } from '@/server/files/uses';
import { Users, searchTermsFor } from '@/features/identity/users';
import { endAllSessions } from '@/features/identity/session-records';
import { removeDevicesOf } from '@/features/notifications/push-devices';
import type { Identity } from '@/access/identity';
import { AVATAR_MAX_SIDE } from './constants';
import { avatarPathFor, avatarUrl, storedPhoto } from '@/features/identity/avatar-access';
import type { AvatarInput, ProfileInput } from './profile.inputs';

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
export async function updateProfile(documents: Documents, accounts: Accounts, identity: Identity, input: ProfileInput): Promise<Profile> {
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

/**
 * Makes a finished upload (already cropped to a square by the browser) the person's photo: the
 * server re-encodes it (upright, 512x512 WebP, no metadata), stores that, and removes the upload
 * and the photo it replaces.
 */
export async function setAvatar(ports: AvatarPorts, identity: Identity, input: AvatarInput): Promise<Profile> {
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

/** Signing out on every device, one's own. */
export async function signOutEverywhere(documents: Documents, accounts: Accounts, identity: Identity): Promise<void> {
  await endEverySession(documents, accounts, identity.uid);
}

/**
 * Ends every session of a person, by their own hand or an admin's (signing out everywhere,
 * disabling): the server's session records, the devices that receive their pushes (a lost phone
 * would otherwise keep showing their messages) and Firebase's refresh tokens.
 */
export async function endEverySession(documents: Documents, accounts: Accounts, uid: string): Promise<void> {
  await endAllSessions(documents, uid);
  await removeDevicesOf(documents, uid);
  await accounts.revokeSessions(uid);
}
