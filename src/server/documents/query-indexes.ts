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
  /**
   * Top-level fields the index holds too (SQLite only), after the id, with each document's version
   * and update time: a query that filters on the index's fields and selects only some of these is
   * answered from the index alone, without reading a document. For a query that reads a few fields
   * of thousands of documents (a notification's audience); every write of the collection writes them
   * into the index as well.
   */
  readonly covers?: readonly string[];
  /** Why an index of several fields has no twin in firestore.indexes.json, or why it covers fields. */
  readonly why?: string;
}

interface DeclaredFile {
  indexes: { collectionGroup: string; fields: string[]; covers?: string[]; why?: string }[];
  firestoreOnly: { collectionGroup: string; fields: string[]; why: string }[];
}

export const QUERY_INDEXES: readonly QueryIndex[] = (declared as DeclaredFile).indexes.map(({ collectionGroup, fields, covers, why }) => ({
  collection: collectionGroup,
  fields,
  ...(covers ? { covers } : {}),
  ...(why ? { why } : {}),
}));

/**
 * Firestore composite indexes the embedded store does not keep, each with why: those only a
 * listener for other servers' writes (`onOtherWrites`) queries with, which one process never runs.
 * Every write of the collection would keep such an index up to date for no reader.
 */
export const FIRESTORE_ONLY_INDEXES: readonly (QueryIndex & { why: string })[] = (declared as DeclaredFile).firestoreOnly.map(({ collectionGroup, fields, why }) => ({ collection: collectionGroup, fields, why }));

/** The index's name in SQLite: its collection and fields (and those it covers), so a changed declaration is a new index. */
export function indexName(index: Pick<QueryIndex, 'collection' | 'fields' | 'covers'>): string {
  const covers = index.covers ? `__covers__${index.covers.join('__')}` : '';
  return `idx_${index.collection}__${index.fields.join('__')}${covers}`.replace(/[.\- ]/g, '_');
}

/**
 * Whether the index answers the query alone, without reading a document: it covers every field the
 * query selects, and holds every field it filters on or orders by.
 */
export function coversQuery(index: QueryIndex, spec: { filters: readonly { field: string }[]; orders: readonly { field: string }[]; select?: readonly string[] }): boolean {
  const { covers } = index;
  if (!covers || !spec.select) return false;
  const held = new Set(index.fields.map((declared) => indexField(declared).field));
  return spec.select.every((field) => covers.includes(field)) && [...spec.filters, ...spec.orders].every(({ field }) => held.has(field));
}

/** A declared field's path and whether the index holds it descending ("rank desc"). */
export function indexField(declared: string): { field: string; descending: boolean } {
  const descending = declared.endsWith(' desc');
  return { field: descending ? declared.slice(0, -' desc'.length) : declared, descending };
}
