// The door's search by name or e-mail, for admitting someone whose phone died: who they are,
// whether their membership lets them in and whether they are already in tonight.
import { z } from 'zod';
import type { Documents } from '@/server/documents/port';
import { DocumentId } from '@/server/documents/document-id';
import { Users } from '@/features/identity/users';
import { Checkins } from './door-records';
import { hasActiveMembership } from './scanning';

export const DoorSearchInput = z.object({ eventId: DocumentId, query: z.string().trim().min(2).max(80) });

export interface DoorSearchHit {
  uid: string;
  displayName: string | null;
  email: string | null;
  photoURL: string | null;
  member: boolean;
  checkedInAt: Date | null;
}

/** People by name or e-mail prefix, for admitting someone whose phone died. */
export async function searchAtDoor(documents: Documents, raw: z.input<typeof DoorSearchInput>, now = new Date()): Promise<DoorSearchHit[]> {
  const input = DoorSearchInput.parse(raw);
  const term = input.query.toLowerCase().split(/\s+/)[0]!;
  const users = await documents.collection(Users).where('searchTerms', 'array-contains', term).limit(10).get();
  return Promise.all(
    users.map(async (user) => ({
      uid: user.id,
      displayName: user.data.displayName,
      email: user.data.email,
      photoURL: user.data.photoURL,
      member: hasActiveMembership(user.data, now),
      checkedInAt: (await documents.collection(Checkins).doc(`${input.eventId}_${user.id}`).get()).data?.at ?? null,
    })),
  );
}
