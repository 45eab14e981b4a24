// loungeImages/{id}: the members' lounge, a mirror of the library's members-only pictures holding
// only what the lounge shows (size, alt texts, when it was added) and not the uploader or the
// original's tokenized download URL. Every library write keeps it in step in the same
// transaction; Firestore's rules let members read the mirror (the live lounge of the Firebase
// backend) and never images/{id}. A database of an earlier version gets it built once at start.
import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { serverTimestamp, defineCollection, type Documents, type Transaction, type WriteData } from '@/server/documents/port';
import { Migrations } from '@/server/documents/migrations';
import { AltTexts, Images, LIBRARY_LIMIT, type ImageDocument } from './images';
import { isMembersOnly } from './members-only';

export const LOUNGE_COLLECTION = 'loungeImages';

export const LoungeImageDocument = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: AltTexts,
  createdAt: z.date(),
});
export type LoungeImageDocument = z.infer<typeof LoungeImageDocument>;

export const LoungeImages = defineCollection(LOUNGE_COLLECTION, LoungeImageDocument);

export interface LoungeImage extends LoungeImageDocument {
  id: string;
}

/** What the lounge shows of a library image: its public face, or nothing when it is not members-only. */
export function loungeProjection(image: Pick<WriteData<ImageDocument>, 'tags' | 'width' | 'height' | 'alt' | 'createdAt'>): WriteData<LoungeImageDocument> | null {
  if (!isMembersOnly(image)) return null;
  return { width: image.width, height: image.height, alt: image.alt, createdAt: image.createdAt };
}

/** Keeps the lounge equal to the library image as it is after this transaction's write (null: removed). */
export function mirrorLoungeImage(tx: Transaction, documents: Documents, id: string, image: Parameters<typeof loungeProjection>[0] | null): void {
  const ref = documents.collection(LoungeImages).doc(id);
  const shown = image ? loungeProjection(image) : null;
  if (shown) tx.set(ref, shown);
  else tx.delete(ref);
}

/** The lounge, newest first (bounded as the library is). */
export async function listLounge(documents: Documents): Promise<LoungeImage[]> {
  const page = await documents.collection(LoungeImages).orderBy('createdAt', 'desc').limit(LIBRARY_LIMIT).get();
  return page.map((image) => ({ id: image.id, ...image.data }));
}

/** Raised when the mirror's fields change, so the next start rebuilds it. */
export const LOUNGE_VERSION = 1;

/**
 * Builds the lounge of a database written before it existed: every members-only image gets its
 * mirror, and mirror documents of images that are gone or no longer members-only are deleted.
 * Idempotent, a no-op once this version is recorded; returns the documents written.
 */
export async function backfillLounge(documents: Documents): Promise<number> {
  const marker = documents.collection(Migrations).doc(LOUNGE_COLLECTION);
  if ((await marker.get()).data?.version === LOUNGE_VERSION) return 0;
  const members = await documents.collection(Images).where('tags', 'array-contains', 'lounge').get();
  const mirrored = await documents.collection(LoungeImages).get();
  const ids = [...new Set([...members.map((image) => image.id), ...mirrored.map((image) => image.id)])];
  let written = 0;
  for (const id of ids) {
    written += await documents.runTransaction(async (tx) => {
      const image = (await tx.get(documents.collection(Images).doc(id))).data;
      const mirror = (await tx.get(documents.collection(LoungeImages).doc(id))).data;
      const shown = image ? loungeProjection(image) : null;
      if (isDeepStrictEqual(shown ?? undefined, mirror)) return 0;
      mirrorLoungeImage(tx, documents, id, image ?? null);
      return 1;
    });
  }
  await marker.set({ version: LOUNGE_VERSION, at: serverTimestamp() });
  return written;
}
