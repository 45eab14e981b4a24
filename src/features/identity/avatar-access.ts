// Who sees a person's profile photo: the person, and staff (admins in the user list, the door
// checking a face against the pass). Nobody else, signed in or not. And which photo is a person's
// own: only one the server stored for them.
import 'server-only';
import type { Identity } from '@/access/identity';
import { FILE_USES } from '@/server/files/uses';

export function avatarSeenBy(viewer: Pick<Identity, 'uid' | 'role'> | null, owner: string): boolean {
  if (!viewer) return false;
  return viewer.uid === owner || viewer.role === 'admin' || viewer.role === 'scanner';
}

/** Where the server keeps a person's re-encoded photo; `version` changes with each photo. */
export function avatarPathFor(uid: string, version: string): string {
  return `${FILE_USES.avatars.folder}/${uid}/${version}.webp`;
}

/** Where a stored avatar is served (GET /api/avatars/{uid}). */
export function avatarUrl(siteUrl: string, uid: string, version: string): string {
  return new URL(`/api/avatars/${encodeURIComponent(uid)}?v=${encodeURIComponent(version)}`, siteUrl).toString();
}

/**
 * The photo to show for a person: the URL setAvatar wrote with `avatarPath`, which serves that
 * person's own stored file, or null. A sign-in token's `picture` is the person's to set through
 * Firebase's own API (it may name another member's photo); earlier versions copied it into
 * `photoURL` at each sign-in, so a `photoURL` that does not match `avatarPath` shows no face.
 */
export function storedPhoto(uid: string, user: { photoURL: string | null; avatarPath: string | null }): string | null {
  if (!user.photoURL || !user.avatarPath) return null;
  const version = /\/([^/]+)\.webp$/.exec(user.avatarPath)?.[1];
  if (!version || avatarPathFor(uid, version) !== user.avatarPath) return null;
  try {
    return avatarUrl(new URL(user.photoURL).origin, uid, version) === user.photoURL ? user.photoURL : null;
  } catch {
    return null;
  }
}
