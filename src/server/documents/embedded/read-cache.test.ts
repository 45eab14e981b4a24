// The embedded adapter's read cache answers exactly what SQLite would (issue 48): every write is
// seen by the next read, count and query, a transaction still notices a concurrent write, and a
// caller that changes what it read changes nobody else's copy. The contract suite runs over the
// cache too; these are the cases a stale cache would pass there by luck.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCollection } from '../port';
import { QUERY_INDEXES } from '../query-indexes';
import { SqliteDocuments } from './sqlite-documents';
import { handOut, KEPT_QUERY_ROWS, KEPT_ROWS, ReadCache } from './read-cache';

const root = mkdtempSync(join(tmpdir(), 'read-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let stores = 0;
/** The app's indexes and this test's one: its queries are checked for an index as the app's are. */
const indexes = [...QUERY_INDEXES, { collection: 'cache_guests', fields: ['eventId'] }];
const open = () => new SqliteDocuments(join(root, `store-${(stores += 1)}`, 'documents.sqlite'), { indexes });

const Guest = defineCollection('cache_guests', z.object({ eventId: z.string(), name: z.string(), at: z.date(), tags: z.array(z.string()) }));

describe('the embedded read cache', () => {
  it('answers a read, a count and a query afresh after each kind of write', async () => {
    const documents = open();
    const guests = documents.collection(Guest);
    const tonight = () => guests.where('eventId', '==', 'e1');
    expect((await guests.doc('g1').get()).exists).toBe(false);
    expect(await tonight().count()).toBe(0);
    expect(await tonight().get()).toEqual([]);

    await guests.doc('g1').create({ eventId: 'e1', name: 'Mia', at: new Date(1_000), tags: [] });
    expect((await guests.doc('g1').get()).data?.name).toBe('Mia');
    expect(await tonight().count()).toBe(1);
    expect((await tonight().get()).map((doc) => doc.data.name)).toEqual(['Mia']);

    await guests.doc('g1').update({ name: 'Mia M.' });
    expect((await guests.doc('g1').get()).data?.name).toBe('Mia M.');
    expect((await tonight().get()).map((doc) => doc.data.name)).toEqual(['Mia M.']);

    const batch = documents.batch();
    batch.create(guests.doc('g2'), { eventId: 'e1', name: 'Kai', at: new Date(2_000), tags: [] });
    batch.delete(guests.doc('g1'));
    await batch.commit();
    expect((await guests.doc('g1').get()).exists).toBe(false);
    expect(await tonight().count()).toBe(1);
    expect((await tonight().get()).map((doc) => doc.id)).toEqual(['g2']);
    await documents.close();
  });

  it('lets a transaction see a write made after its read, and retry', async () => {
    const documents = open();
    const ref = documents.collection(Guest).doc('g1');
    await ref.create({ eventId: 'e1', name: 'Mia', at: new Date(0), tags: [] });
    await ref.get();
    let attempts = 0;
    await documents.runTransaction(async (tx) => {
      attempts += 1;
      const current = (await tx.get(ref)).data!;
      // Another request writes between this transaction's read and its commit, once.
      if (attempts === 1) await ref.update({ tags: ['other'] });
      tx.update(ref, { tags: [...current.tags, 'mine'] });
    });
    expect(attempts).toBe(2);
    expect((await ref.get()).data?.tags).toEqual(['other', 'mine']);
    await documents.close();
  });

  it('hands each caller its own copy: changing what one read changes nothing stored or kept', async () => {
    const documents = open();
    const ref = documents.collection(Guest).doc('g1');
    await ref.create({ eventId: 'e1', name: 'Mia', at: new Date(5_000), tags: ['vip'] });
    const first = (await ref.get()).data!;
    first.tags.push('changed');
    first.at.setTime(0);
    first.name = 'Changed';
    const [row] = await documents.collection(Guest).where('eventId', '==', 'e1').get();
    row!.data.tags.length = 0;
    const again = (await ref.get()).data!;
    expect(again).toEqual({ eventId: 'e1', name: 'Mia', at: new Date(5_000), tags: ['vip'] });
    expect((await documents.collection(Guest).where('eventId', '==', 'e1').get())[0]!.data.tags).toEqual(['vip']);
    await documents.close();
  });

  it('hands out the rows of a query too large to keep as read, each read its own', async () => {
    const documents = open();
    const batch = documents.batch();
    for (let n = 0; n <= KEPT_ROWS; n++) batch.create(documents.collection(Guest).doc(`g${n}`), { eventId: 'e1', name: 'Mia', at: new Date(n), tags: ['vip'] });
    await batch.commit();
    const everyone = () => documents.collection(Guest).where('eventId', '==', 'e1').get();
    const first = await everyone();
    expect(first).toHaveLength(KEPT_ROWS + 1);
    first[0]!.data.tags.push('changed');
    expect((await everyone())[0]!.data.tags).toEqual(['vip']);
    await documents.close();
  });

  it('reads what another process left in the file when it opens (nothing is kept across opens)', async () => {
    const file = join(root, 'reopened', 'documents.sqlite');
    const first = new SqliteDocuments(file, { indexes });
    await first.collection(Guest).doc('g1').create({ eventId: 'e1', name: 'Mia', at: new Date(0), tags: [] });
    await first.close();
    const second = new SqliteDocuments(file, { indexes });
    await second.collection(Guest).doc('g1').update({ name: 'Kai' });
    await second.close();
    const third = new SqliteDocuments(file, { indexes });
    expect((await third.collection(Guest).doc('g1').get()).data?.name).toBe('Kai');
    await third.close();
  });
});

describe('handOut', () => {
  it('copies dates, arrays and nested objects', () => {
    const kept = { at: new Date(1), list: [{ a: 1 }], nested: { b: null, c: 'x' } };
    const copy = handOut(kept);
    expect(copy).toEqual(kept);
    expect(copy.at).not.toBe(kept.at);
    expect(copy.list[0]).not.toBe(kept.list[0]);
    expect(copy.nested).not.toBe(kept.nested);
  });
});

describe('the read cache’s bounds', () => {
  it('keeps at most KEPT_QUERY_ROWS rows over all queries, the oldest dropped first', () => {
    const cache = new ReadCache();
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `d${i}`, data: {}, version: 1, updateTime: 0 }));
    const queries = Math.ceil(KEPT_QUERY_ROWS / KEPT_ROWS) + 5;
    for (let q = 0; q < queries; q++) cache.keepQuery('c', `q${q}`, rows(KEPT_ROWS), 0);
    const kept = Array.from({ length: queries }, (_, q) => cache.query('c', `q${q}`)).filter(Boolean);
    expect(kept.length * KEPT_ROWS).toBeLessThanOrEqual(KEPT_QUERY_ROWS);
    expect(cache.query('c', 'q0')).toBeUndefined();
    expect(cache.query('c', `q${queries - 1}`)).toHaveLength(KEPT_ROWS);
    // Kept again under the same key: counted once.
    cache.keepQuery('c', `q${queries - 1}`, rows(KEPT_ROWS), 0);
    expect(cache.query('c', `q${queries - 2}`)).toHaveLength(KEPT_ROWS);
  });
});
