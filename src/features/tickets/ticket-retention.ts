// What a ticket keeps of its holder, and for how long (issue 45, part 8): the name and address a
// guest gave are replaced by a placeholder 30 days after their event, by the hourly retention
// sweep of every server (src/app/_server/mail-retention.ts), on both backends. The ticket itself
// stays, so the night's figures (guests admitted, by whom sponsored) count as before.
import 'server-only';
import type { Documents } from '@/server/documents/port';
import { Events } from '@/features/events/events';
import { Tickets } from '@/features/door/ticket-records';
import { HOLDER_REMOVED } from './cancel';

/** Days after its event a ticket keeps the name and address its holder gave. */
export const TICKET_HOLDER_KEPT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Writes in one batch (Firestore allows 500). */
const BATCH = 400;

/** Replaces the holders of tickets whose event ended 30 days ago or more; returns how many. */
export async function pseudonymiseTicketHolders(documents: Documents, now: Date): Promise<number> {
  // Filtered here too: the Firestore stand-in ignores `== null` (decision 019), and a ticket
  // the holder cancelled was emptied then.
  const kept = (await documents.collection(Tickets).where('pseudonymisedAt', '==', null).get()).filter(({ data }) => data.pseudonymisedAt === null);
  const ended = new Map<string, boolean>();
  const due: string[] = [];
  for (const { id, data } of kept) {
    if (!ended.has(data.eventId)) {
      const event = (await documents.collection(Events).doc(data.eventId).get()).data;
      ended.set(data.eventId, event !== undefined && event.endsAt.getTime() + TICKET_HOLDER_KEPT_DAYS * DAY_MS <= now.getTime());
    }
    if (ended.get(data.eventId)) due.push(id);
  }
  for (let start = 0; start < due.length; start += BATCH) {
    const batch = documents.batch();
    for (const id of due.slice(start, start + BATCH)) batch.update(documents.collection(Tickets).doc(id), { holder: HOLDER_REMOVED, pseudonymisedAt: now });
    await batch.commit();
  }
  return due.length;
}
