// Decision 030: what door staff act on is synced at every commit on the embedded backend.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Checkins, CodeUses, Drinks, Scans } from '@/features/door/door';
import { FULL_SYNC_COLLECTIONS } from '@/server/documents/documents';
import { defineCollection } from '@/server/documents/port';
import { SqliteDocuments } from './sqlite-documents';

const Door = defineCollection('door_writes', z.object({ n: z.number() }));
const Other = defineCollection('other_writes', z.object({ n: z.number() }));

describe('full sync for the writes door staff act on', () => {
  it('names the admission, drink, scan and bar-code collections', () => {
    expect([...FULL_SYNC_COLLECTIONS].sort()).toEqual([Checkins.name, CodeUses.name, Drinks.name, Scans.name].sort());
  });

  it('commits a write to such a collection with synchronous = FULL and every other with NORMAL', async () => {
    const documents = new SqliteDocuments(':memory:', { fullSyncCollections: [Door.name] });
    const db = (documents as unknown as { db: { pragma: (source: string, options?: unknown) => unknown } }).db;
    const pragmas: string[] = [];
    const original = db.pragma.bind(db);
    db.pragma = (source, options) => {
      pragmas.push(source);
      return original(source, options);
    };
    await documents.collection(Other).doc('a').set({ n: 1 });
    expect(pragmas).toEqual([]);
    await documents.runTransaction(async (tx) => {
      tx.create(documents.collection(Door).doc('b'), { n: 2 });
      tx.set(documents.collection(Other).doc('c'), { n: 3 });
    });
    expect(pragmas).toEqual(['synchronous = FULL', 'synchronous = NORMAL']);
    expect(original('synchronous', { simple: true })).toBe(1);
  });
});
