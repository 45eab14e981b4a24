// Who sees a person's profile photo: the person, and staff (admins in the user list, the door
// checking a face against the pass). Nobody else, signed in or not.
import type { Identity } from '@/features/identity/identity';

export function avatarSeenBy(viewer: Pick<Identity, 'uid' | 'role'> | null, owner: string): boolean {
  if (!viewer) return false;
  return viewer.uid === owner || viewer.role === 'admin' || viewer.role === 'scanner';
}
