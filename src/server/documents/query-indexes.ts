// The indexes the app's queries need on the embedded store, declared beside Firestore's
// (firebase/sqlite.indexes.json next to firebase/firestore.indexes.json), so that whoever adds a
// query and its Firestore index sees the other file in the same folder, and one test
// (query-indexes.test.ts) holds the two in step. Firestore indexes every field by itself; SQLite
// indexes nothing but the key, so single-field indexes are declared here too.
import declared from '../../../firebase/sqlite.indexes.json';

/**
 * One index of a collection's documents: the fields' values in order, then the document id.
 * SQLite walks an index either way, and a query's last order (the id) goes the way of the one
 * before it, so one index serves both Firestore's ascending and descending twins; only a query
 * ordered both ways at once needs a field marked `desc` ("rank desc").
 */
export interface QueryIndex {
  readonly collection: string;
  readonly fields: readonly string[];
  /** Why an index of several fields has no twin in firestore.indexes.json. */
  readonly why?: string;
}

interface DeclaredFile {
  indexes: { collectionGroup: string; fields: string[]; why?: string }[];
  firestoreOnly: { collectionGroup: string; fields: string[]; why: string }[];
}

export const QUERY_INDEXES: readonly QueryIndex[] = (declared as DeclaredFile).indexes.map(({ collectionGroup, fields, why }) => ({ collection: collectionGroup, fields, ...(why ? { why } : {}) }));

/**
 * Firestore composite indexes the embedded store does not keep, each with why: those only a
 * listener for other servers' writes (`onOtherWrites`) queries with, which one process never runs.
 * Every write of the collection would keep such an index up to date for no reader.
 */
export const FIRESTORE_ONLY_INDEXES: readonly (QueryIndex & { why: string })[] = (declared as DeclaredFile).firestoreOnly.map(({ collectionGroup, fields, why }) => ({ collection: collectionGroup, fields, why }));

/** The index's name in SQLite: its collection and fields, so a changed declaration is a new index. */
export function indexName(index: Pick<QueryIndex, 'collection' | 'fields'>): string {
  return `idx_${index.collection}__${index.fields.join('__')}`.replace(/[.\- ]/g, '_');
}

/** A declared field's path and whether the index holds it descending ("rank desc"). */
export function indexField(declared: string): { field: string; descending: boolean } {
  const descending = declared.endsWith(' desc');
  return { field: descending ? declared.slice(0, -' desc'.length) : declared, descending };
}
