// guestSlots/{id}: what a member's guests take of their allowances, one document per guest and
// allowance, each on a fixed id: `season_<membershipId>_<n>` for the n-th of the season's guests,
// `event_<eventId>_<uid>_<n>` for the n-th guest at one event. A guest is brought by creating the
// first free slot of each in the ticket's transaction; two requests at once that both saw a slot
// free create the same id and one of them fails, on every backend (the Firestore stand-in, which
// isolates nothing, included), so no allowance is exceeded however the requests interleave.
// Cancelling a guest deletes its slots: the allowance is back.
import 'server-only';
import { z } from 'zod';
import { defineCollection, type Documents, type Transaction } from '@/server/documents/port';

export const GuestSlotDocument = z.object({
  /** Which allowance the slot is of. */
  allowance: z.enum(['season', 'event']),
  ticketId: z.string(),
  /** The member whose allowance it is. */
  uid: z.string(),
  eventId: z.string(),
  membershipId: z.string(),
  takenAt: z.date(),
});
export type GuestSlotDocument = z.infer<typeof GuestSlotDocument>;

export const GuestSlots = defineCollection('guestSlots', GuestSlotDocument);

export type Allowance = { kind: 'season'; membershipId: string } | { kind: 'event'; eventId: string; uid: string };

function slotId(allowance: Allowance, n: number): string {
  return allowance.kind === 'season' ? `season_${allowance.membershipId}_${n}` : `event_${allowance.eventId}_${allowance.uid}_${n}`;
}

/** The id of the first of an allowance's `size` slots nobody holds, read in `tx`; null when all are taken. */
export async function firstFreeSlot(tx: Transaction, documents: Documents, allowance: Allowance, size: number): Promise<string | null> {
  const ids = Array.from({ length: size }, (_, n) => slotId(allowance, n));
  const taken = await Promise.all(ids.map((id) => tx.get(documents.collection(GuestSlots).doc(id))));
  const free = taken.findIndex((snapshot) => !snapshot.exists);
  return free === -1 ? null : ids[free]!;
}

/** How many of a season's slots are held (the member's page: "3 of 12 this season"). */
export async function slotsTaken(documents: Documents, membershipId: string): Promise<number> {
  return documents.collection(GuestSlots).where('membershipId', '==', membershipId).where('allowance', '==', 'season').count();
}

/** Frees a ticket's slots in `tx` (read first, as a transaction reads before it writes): returns the deletes to apply. */
export async function slotsOf(tx: Transaction, documents: Documents, ticketId: string): Promise<(() => void)[]> {
  const held = await tx.query(documents.collection(GuestSlots).where('ticketId', '==', ticketId));
  return held.map((snapshot) => () => void tx.delete(documents.collection(GuestSlots).doc(snapshot.id)));
}
