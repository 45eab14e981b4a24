// removals/{collection:id} (or {collection:generated id}): the tombstones a stamped collection's deletes leave (port.ts), read by
// whoever asks what changed since a moment (the door list, decision 053), and forgotten after two
// days by the hourly retention sweep: no reader asks further back than a day.
import 'server-only';
import { z } from 'zod';
import { defineCollection, REMOVALS, type Documents } from './port';

/** `id`: the deleted document's, or null where its id would name a person (port.ts, RemovalMark). */
export const Removals = defineCollection(REMOVALS, z.object({ collection: z.string(), id: z.string().nullable(), removedAt: z.date() }));

/** How long a tombstone is kept: twice the longest a reader of changes looks back. */
export const REMOVALS_KEPT_MS = 2 * 24 * 60 * 60 * 1000;

/** Deletes tombstones older than REMOVALS_KEPT_MS, 400 a commit; how many went. */
export async function forgetOldRemovals(documents: Documents, now: Date): Promise<number> {
  let forgotten = 0;
  for (;;) {
    const old = await documents.collection(Removals).where('removedAt', '<', new Date(now.getTime() - REMOVALS_KEPT_MS)).orderBy('removedAt').limit(400).get();
    if (!old.length) return forgotten;
    const batch = documents.batch();
    for (const { id } of old) batch.delete(documents.collection(Removals).doc(id));
    await batch.commit();
    forgotten += old.length;
  }
}
