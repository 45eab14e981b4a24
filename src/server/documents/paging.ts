// Cursor paging for the admin lists: a page of a query, continuing after the document whose id
// the previous page ended with, and the cursor of the next page (null on the last one).
import type { CollectionRef, DocumentData, Query, QueryDocumentSnapshot } from './port';

export interface CursorPage<T extends DocumentData> {
  items: QueryDocumentSnapshot<T>[];
  nextCursor: string | null;
}

export async function pageAfter<T extends DocumentData>(
  collection: CollectionRef<T>,
  query: Query<T>,
  cursor: string | null | undefined,
  pageSize: number,
): Promise<CursorPage<T>> {
  if (cursor) {
    const last = await collection.doc(cursor).get();
    // A cursor whose document was deleted meanwhile: start over rather than fail.
    if (last.exists) query = query.startAfter(last as QueryDocumentSnapshot<T>);
  }
  // One more than shown tells whether a next page exists without a count query.
  const found = await query.limit(pageSize + 1).get();
  const items = found.slice(0, pageSize);
  return { items, nextCursor: found.length > pageSize ? (items.at(-1)?.id ?? null) : null };
}
