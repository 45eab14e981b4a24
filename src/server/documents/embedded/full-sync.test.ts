// Decision 030: what door staff act on is on the disk before it is acknowledged, by one flush of
// the write-ahead log shared with the commits made meanwhile; everything else is not held up.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCollection } from '@/server/documents/port';
import { SqliteDocuments } from './sqlite-documents';
import type { Flush } from './wal-sync';

const Door = defineCollection('door_writes', z.object({ n: z.number() }));
const Other = defineCollection('other_writes', z.object({ n: z.number() }));

function storeWithControlledFlush() {
  const flushes: { done: () => void; fail: (error: Error) => void }[] = [];
  const flush: Flush = () => new Promise<void>((resolve, reject) => flushes.push({ done: resolve, fail: reject }));
  const documents = new SqliteDocuments(join(mkdtempSync(join(tmpdir(), 'full-sync-')), 'documents.sqlite'), { fullSyncCollections: [Door.name], flush });
  return { documents, flushes };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('full sync for the writes door staff act on', () => {
  it('acknowledges such a write, and reports it to live readers, only after the log is flushed; other writes wait for nothing', async () => {
    const { documents, flushes } = storeWithControlledFlush();
    const changes: string[] = [];
    documents.onChange((change) => changes.push(`${change.collection}/${change.id}`));
    await documents.collection(Other).doc('a').set({ n: 1 });
    expect(flushes).toHaveLength(0);

    let acknowledged = false;
    const admission = documents
      .runTransaction(async (tx) => {
        tx.create(documents.collection(Door).doc('b'), { n: 2 });
        tx.set(documents.collection(Other).doc('c'), { n: 3 });
      })
      .then(() => (acknowledged = true));
    await settled();
    // Written (a read sees it) but not yet acknowledged nor announced.
    expect((await documents.collection(Door).doc('b').get()).data).toEqual({ n: 2 });
    expect(acknowledged).toBe(false);
    expect(changes).toEqual(['other_writes/a']);
    expect(flushes).toHaveLength(1);
    flushes[0]!.done();
    await admission;
    expect(changes).toEqual(['other_writes/a', 'door_writes/b', 'other_writes/c']);
    await documents.close();
  });

  it('one flush serves every such commit made at once', async () => {
    const { documents, flushes } = storeWithControlledFlush();
    const writes = Array.from({ length: 20 }, (_, n) => documents.collection(Door).doc(`d${n}`).create({ n }));
    await settled();
    expect(flushes).toHaveLength(1);
    flushes[0]!.done();
    await Promise.all(writes);
    await documents.close();
  });

  it('a write the disk did not confirm is refused as unavailable', async () => {
    const { documents, flushes } = storeWithControlledFlush();
    const write = documents.collection(Door).doc('e').create({ n: 1 });
    await settled();
    flushes[0]!.fail(new Error('EIO'));
    await expect(write).rejects.toMatchObject({ name: 'DocumentsError', code: 'unavailable' });
    await documents.close();
  });

  it('flushes the real write-ahead log', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'full-sync-')), 'documents.sqlite');
    const documents = new SqliteDocuments(file, { fullSyncCollections: [Door.name] });
    await Promise.all([documents.collection(Door).doc('f').create({ n: 1 }), documents.collection(Door).doc('g').create({ n: 2 })]);
    await documents.close();
    const reopened = new SqliteDocuments(file);
    expect((await reopened.collection(Door).doc('g').get()).data).toEqual({ n: 2 });
    await reopened.close();
  });
});
