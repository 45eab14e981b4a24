// The door's search by name or e-mail, for admitting someone whose phone died: only people who may
// enter (an active membership), with what the door needs to recognise them against their ID (name
// and photo; an address only masked, where no name is known), and whether they are in tonight.
// Rate-limited per door phone (door.router.ts): not a way to walk the member list.
import 'server-only';
import type { Documents } from '@/server/documents/port';
import { searchTermOf } from '@/server/documents/search-terms';
import { Users } from '@/features/identity/users';
import { Checkins } from './door-records';
import { hasActiveMembership } from './scanning';
import type { DoorSearchInput } from './door.inputs';
import { nameAtDoor } from './door-names';
import { storedPhoto } from '@/features/identity/avatar-access';

export interface DoorSearchHit {
  uid: string;
  /** The name to check against their ID; a masked address (`ma…@example.org`) where there is none. */
  name: string;
  photoURL: string | null;
  checkedInAt: Date | null;
}

/** Members found at most, and accounts looked at to find them. */
const HITS = 10;
const LOOKED_AT = 30;

/** Members who may enter, by name or e-mail prefix, for admitting someone whose phone died. */
export async function searchAtDoor(documents: Documents, input: DoorSearchInput, now = new Date()): Promise<DoorSearchHit[]> {
  // As the terms are stored: a whole address is longer than the longest prefix kept.
  const users = await documents.collection(Users).where('searchTerms', 'array-contains', searchTermOf(input.query)).limit(LOOKED_AT).get();
  // A disabled account is not offered: the venue shut it out (its scan says so, and no more).
  const members = users.filter((user) => !user.data.disabled && hasActiveMembership(user.data, now)).slice(0, HITS);
  return Promise.all(
    members.map(async (user) => ({
      uid: user.id,
      name: nameAtDoor(user.data),
      photoURL: storedPhoto(user.id, user.data),
      checkedInAt: (await documents.collection(Checkins).doc(`${input.eventId}_${user.id}`).get()).data?.at ?? null,
    })),
  );
}
