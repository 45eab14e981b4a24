// Tombstones are kept two days, then the hourly sweep forgets them: no reader of changes asks further back.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SqliteDocuments } from './embedded/sqlite-documents';
import { defineCollection } from './port';
import { forgetOldRemovals, Removals, REMOVALS_KEPT_MS } from './removals';

const Kept = defineCollection('kept', z.object({ value: z.number() }), { stamped: { removals: 'byId' } });

describe('tombstones', () => {
  it('are forgotten two days after the delete, not before', async () => {
    const documents = new SqliteDocuments(':memory:');
    await documents.collection(Kept).doc('a').set({ value: 1 });
    await documents.collection(Kept).doc('a').delete();
    expect(await forgetOldRemovals(documents, new Date(Date.now() + REMOVALS_KEPT_MS - 60_000))).toBe(0);
    expect(await documents.collection(Removals).get()).toHaveLength(1);
    expect(await forgetOldRemovals(documents, new Date(Date.now() + REMOVALS_KEPT_MS + 60_000))).toBe(1);
    expect(await documents.collection(Removals).get()).toHaveLength(0);
    await documents.close();
  });
});
