// What the embedded adapter has read lately, kept until a write changes it (issue 48). One process
// writes the database (the launcher refuses a restore while the app runs, decision 031), and every
// write goes through the adapter's commit, which tells this cache what it wrote before anything can
// read again (better-sqlite3 is synchronous: nothing runs between the write and the telling). So a
// kept answer is exactly what SQLite would answer, and a door's scans, which read the same event,
// pass, member and counts all night, cost map lookups instead of a parse and a schema check each.
//
// - A document is kept with its version, so a transaction's read records the version it would read.
// - A query's or a count's answer is kept with its collection's generation, which every write to the
//   collection moves: a count of an event's admissions is asked again after any admission.
// - What is handed out is a copy (a walk of plain data, a small part of a parse and a check):
//   callers may change what they read before writing it back.
// The Firestore adapter keeps nothing: other servers write the same store (decision 054).
import type { DocumentData } from '../port';

/** A document as last read: its data (validated; undefined when missing), version and update time. */
export interface KeptDocument {
  data: DocumentData | undefined;
  version: number;
  updateTime: number | undefined;
}

/** A query's rows as last read. */
export interface KeptRow {
  id: string;
  data: DocumentData;
  version: number;
  updateTime: number;
}

/** Documents kept; past it the oldest kept go first. */
export const KEPT_DOCUMENTS = 20_000;
/** Queries and counts kept, each. */
export const KEPT_QUERIES = 2_000;
/** A query with more rows than this is not kept: the programme, a page of the door list. */
export const KEPT_ROWS = 100;
/** Rows kept over all queries (about as many documents as KEPT_DOCUMENTS, tens of MB at most). */
export const KEPT_QUERY_ROWS = 20_000;

/** Drops the oldest entries of a map kept in insertion order. */
function bound<K, V>(map: Map<K, V>, limit: number): void {
  while (map.size > limit) map.delete(map.keys().next().value as K);
}

export class ReadCache {
  /** `on` false: nothing is kept, every read goes to SQLite (benchmarks of the store itself). */
  constructor(private readonly on = true) {}

  private readonly documents = new Map<string, KeptDocument>();
  private readonly queries = new Map<string, { generation: number; rows: readonly KeptRow[] }>();
  private queryRows = 0;
  private readonly counts = new Map<string, { generation: number; count: number }>();
  private readonly generations = new Map<string, number>();

  private generation(collection: string): number {
    return this.generations.get(collection) ?? 0;
  }

  document(path: string): KeptDocument | undefined {
    return this.documents.get(path);
  }

  keepDocument(path: string, kept: KeptDocument): void {
    if (!this.on) return;
    this.documents.set(path, kept);
    bound(this.documents, KEPT_DOCUMENTS);
  }

  query(collection: string, key: string): readonly KeptRow[] | undefined {
    const kept = this.queries.get(key);
    return kept && kept.generation === this.generation(collection) ? kept.rows : undefined;
  }

  /** Keeps a query's rows, if it keeps them: then they are the cache's, and callers get copies (handOut). */
  keepQuery(collection: string, key: string, rows: readonly KeptRow[], generation: number): boolean {
    if (!this.on || rows.length > KEPT_ROWS || generation !== this.generation(collection)) return false;
    this.queryRows += rows.length - (this.queries.get(key)?.rows.length ?? 0);
    this.queries.delete(key);
    this.queries.set(key, { generation, rows });
    // The oldest go first, past either bound (answers of an older generation among them).
    while (this.queries.size > KEPT_QUERIES || this.queryRows > KEPT_QUERY_ROWS) {
      const [oldest, kept] = this.queries.entries().next().value as [string, { rows: readonly KeptRow[] }];
      this.queries.delete(oldest);
      this.queryRows -= kept.rows.length;
    }
    return this.queries.has(key);
  }

  count(collection: string, key: string): number | undefined {
    const kept = this.counts.get(key);
    return kept && kept.generation === this.generation(collection) ? kept.count : undefined;
  }

  keepCount(collection: string, key: string, count: number, generation: number): void {
    if (!this.on || generation !== this.generation(collection)) return;
    this.counts.set(key, { generation, count });
    bound(this.counts, KEPT_QUERIES);
  }

  /** The generation to keep a query's answer with: taken before it is read. */
  readingAt(collection: string): number {
    return this.generation(collection);
  }

  /** A write to the document at `path` of `collection` is applied: what may include it is read again. */
  written(collection: string, path: string): void {
    this.documents.delete(path);
    this.collectionWritten(collection);
  }

  /** A document of `collection` was written that nobody can have read yet (a new tombstone's random id). */
  collectionWritten(collection: string): void {
    this.generations.set(collection, this.generation(collection) + 1);
  }
}

/**
 * A copy of kept data for a caller, Dates and nested objects copied too. Stored documents hold only
 * what JSON and the codec's dates do (plain objects, arrays, strings, numbers, booleans, null,
 * Dates), so a walk copies them; structuredClone costs about ten times as much for a small one.
 */
export function handOut<T extends DocumentData | undefined>(data: T): T {
  return data === undefined ? data : (copy(data) as T);
}

function copy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime());
  if (Array.isArray(value)) return value.map(copy);
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = copy((value as Record<string, unknown>)[key]);
  return out;
}
