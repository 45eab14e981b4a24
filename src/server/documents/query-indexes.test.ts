// The two declarations of the app's query indexes in step (firebase/firestore.indexes.json for
// Firestore, firebase/sqlite.indexes.json for the embedded store), and each SQLite index needed by
// the query it is declared for: without it, that query's plan reads the collection or sorts it.
// Every query the features' tests make is checked as well, by the store itself (vitest.config.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SqliteDocuments } from './embedded/sqlite-documents';
import { defineCollection, type Query } from './port';
import { FIRESTORE_ONLY_INDEXES, indexField, indexName, QUERY_INDEXES, type QueryIndex } from './query-indexes';

interface FirestoreIndexes {
  indexes: { collectionGroup: string; queryScope: string; fields: { fieldPath: string; order?: string; arrayConfig?: string }[] }[];
  fieldOverrides: { collectionGroup: string; fieldPath: string; indexes: unknown[] }[];
}
const firestore = JSON.parse(readFileSync(new URL('../../../firebase/firestore.indexes.json', import.meta.url), 'utf8')) as FirestoreIndexes;

const key = (collection: string, fields: readonly string[]) => `${collection}: ${fields.join(', ')}`;
const declared = new Set(QUERY_INDEXES.map((index) => key(index.collection, index.fields.map((field) => indexField(field).field))));
const firestoreOnly = new Set(FIRESTORE_ONLY_INDEXES.map((index) => key(index.collection, index.fields)));
const firestoreComposites = firestore.indexes.map((index) => key(index.collectionGroup, index.fields.filter((field) => !field.arrayConfig).map((field) => field.fieldPath)));

describe('the query indexes of both backends', () => {
  it("declares for SQLite every Firestore composite index's fields, in order (an array's items aside: SQLite indexes none), unless it says why only Firestore needs it", () => {
    const missing = firestoreComposites.filter((twin) => !declared.has(twin) && !firestoreOnly.has(twin));
    expect(missing).toEqual([]);
  });

  it("names as Firestore's alone only Firestore composite indexes the embedded store does not keep, each with why", () => {
    const composites = new Set(firestoreComposites);
    expect([...firestoreOnly].filter((index) => !composites.has(index) || declared.has(index))).toEqual([]);
    expect(FIRESTORE_ONLY_INDEXES.filter((index) => index.why.trim().length < 20)).toEqual([]);
  });

  it('declares for SQLite no index of several fields that Firestore lacks, unless it says why', () => {
    const twins = new Set(firestore.indexes.map((index) => key(index.collectionGroup, index.fields.filter((field) => !field.arrayConfig).map((field) => field.fieldPath))));
    const extra = QUERY_INDEXES.filter((index) => index.fields.length > 1 && !index.why && !twins.has(key(index.collection, index.fields.map((field) => indexField(field).field))));
    expect(extra.map((index) => key(index.collection, index.fields))).toEqual([]);
  });

  it('indexes on SQLite no single field that Firestore was told not to index', () => {
    const exempt = new Set(firestore.fieldOverrides.filter((override) => override.indexes.length === 0).map((override) => key(override.collectionGroup, [override.fieldPath])));
    expect(QUERY_INDEXES.filter((index) => exempt.has(key(index.collection, index.fields))).map((index) => key(index.collection, index.fields))).toEqual([]);
  });

  it('says why of each index that covers fields', () => {
    expect(QUERY_INDEXES.filter((index) => index.covers && (index.why ?? '').trim().length < 20).map((index) => key(index.collection, index.fields))).toEqual([]);
  });

  it('declares each SQLite index once', () => {
    const names = QUERY_INDEXES.map(indexName);
    expect(names.filter((name, at) => names.indexOf(name) !== at)).toEqual([]);
  });
});

/** The query an index is for: equal on its fields but the last, ordered by the last, a page of 20. */
function queryFor(documents: SqliteDocuments, index: QueryIndex): Query<Record<string, unknown>> {
  const fields = index.fields.map((field) => indexField(field).field);
  let query: Query<Record<string, unknown>> = documents.collection(defineCollection(index.collection, z.record(z.string(), z.unknown())));
  for (const field of fields.slice(0, -1)) query = query.where(field, '==', 'x');
  return query.orderBy(fields.at(-1)!, indexField(index.fields.at(-1)!).descending ? 'desc' : 'asc').limit(20);
}

describe('the SQLite query plans', () => {
  it.each(QUERY_INDEXES.map((index) => [key(index.collection, index.fields), index] as const))('%s: serves its query, which without it reads the collection or sorts it', async (_, index) => {
    const all = new SqliteDocuments(':memory:', { queryPlans: 'strict' });
    const without = new SqliteDocuments(':memory:', { indexes: QUERY_INDEXES.filter((other) => other !== index), queryPlans: 'strict' });
    try {
      await expect(queryFor(all, index).get()).resolves.toEqual([]);
      await expect(queryFor(without, index).get()).rejects.toMatchObject({ code: 'failed-precondition' });
    } finally {
      await all.close();
      await without.close();
    }
  });
});
