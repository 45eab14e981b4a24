// The embedded documents adapter: one SQLite file (WAL) holds every collection as JSON, each
// collection in a table of its own, so a write keeps only its own collection's indexes.
// Transactions are optimistic, as Firestore's are for this use: reads record each document's
// version, the commit checks them under SQLite's write lock and the work is retried on conflict.
// The indexes the app's queries need are declared (../query-indexes.ts) and made when the store
// opens; a query that no index serves is logged, or refused where plans are checked (tests).
import 'server-only';
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { assertDocumentId, autoId } from '../auto-id';
import { CommittingDocumentRef, wholeData, WriteStager, type SharedFields, type StagedWrite } from '../staged-writes';
import { applyUpdateInPlace, documentPath, needsResolving, projectionOf, resolveWriteValues, splitOf, validateForWrite, validateOnRead } from '../codec';
import {
  DocumentsError,
  REMOVALS,
  tombstoneOf,
  type CollectionDef,
  type CollectionRef,
  type DocumentChange,
  type DocumentData,
  type DocumentRef,
  type Documents,
  type DocumentSnapshot,
  type Query,
  type QueryDocumentSnapshot,
  type Transaction,
  type WhereOp,
  type WriteBatch,
} from '../port';
import { addFilter, effectiveOrders, idDirection, SpecQuery, withSelect, type QuerySpec } from '../query';
import { coversQuery, indexField, indexName, QUERY_INDEXES, type QueryIndex } from '../query-indexes';
import { walSync, type Flush, type WalSync } from './wal-sync';
import { handOut, ReadCache, type KeptRow } from './read-cache';
import { log } from '@/server/log';

/** A document's version when it was read: 0 means it did not exist. */
type ReadVersions = Map<string, { collection: string; id: string; version: number }>;

interface TableStatements {
  select: Database.Statement<[string], Row>;
  version: Database.Statement<[string], { version: number }>;
  upsert: Database.Statement<[string, string, number, number, number]>;
  insert: Database.Statement<[string, string, number, number, number]>;
  remove: Database.Statement<[string]>;
}

interface Row {
  id: string;
  data: string;
  version: number;
  update_time: number;
}

const MAX_TRANSACTION_ATTEMPTS = 8;
/** Versions reserved at a time (see SqliteDocuments.nextVersion). */
const VERSION_BLOCK = 1024;

/** A query's key in the read cache: its SQL and bound values; null for values too long to key by. */
function cacheKey(sql: string, params: readonly unknown[]): string | null {
  const key = `${sql}\u0000${JSON.stringify(params)}`;
  return key.length > 4_096 ? null : key;
}

class Conflict extends Error {}

// Dates are stored as {"__ts": milliseconds} so they survive JSON and compare as numbers.
function encode(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return { __ts: value.getTime() };
  if (Array.isArray(value)) {
    // An array of plain values (most are) is stored as it is, not copied.
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === null || typeof item !== 'object') continue;
      const encoded = encode(item);
      if (encoded !== item) (copy ??= value.slice())[i] = encoded;
    }
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key in record) {
    const item = record[key];
    out[key] = item === null || typeof item !== 'object' ? item : encode(item);
  }
  return out;
}

/** Turns a document just parsed from JSON back into its values, in place (nothing else holds it). */
function decode(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item !== null && typeof item === 'object') value[i] = decode(item);
    }
    return value;
  }
  const record = value as Record<string, unknown>;
  let keys = 0;
  for (const key in record) {
    keys++;
    const item = record[key];
    if (item !== null && typeof item === 'object') record[key] = decode(item);
  }
  if (keys === 1 && typeof record.__ts === 'number') return new Date(record.__ts);
  return record;
}

/** The shared fields of a createEach as one commit writes them: checked and encoded once. */
class PreparedShared {
  /** The shared fields' JSON, and the same without its closing brace for a document's own to follow. */
  private readonly json: string;
  private readonly head: string;
  /** The shared fields with each own field there too (undefined): copied, it takes each document's own in place. */
  private readonly template: DocumentData;
  constructor(
    readonly own: CollectionDef<DocumentData>,
    valid: DocumentData,
    private readonly ownFields: readonly string[],
  ) {
    this.json = JSON.stringify(encode(valid));
    this.head = `${this.json.slice(0, -1)},`;
    this.template = { ...valid };
    for (const field of ownFields) this.template[field] = undefined;
  }
  /** A document: the shared fields and its own (checked), as data and as stored JSON. */
  document(own: DocumentData): { data: DocumentData; stored: string } {
    const data = { ...this.template };
    for (const field of this.ownFields) {
      if (field in own) data[field] = own[field];
      else delete data[field];
    }
    const json = JSON.stringify(encode(own));
    return { data, stored: json === '{}' ? this.json : this.json === '{}' ? json : `${this.head}${json.slice(1)}` };
  }
}

/** A collection's table (its name is checked by defineCollection, and again here, as it is written into SQL). */
function tableOf(collection: string): string {
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(collection)) throw new DocumentsError('invalid-argument', `Invalid collection name: ${collection}`);
  return `"docs:${collection}"`;
}

function jsonPath(field: string): string {
  return `$${field.split('.').map((part) => `."${part}"`).join('')}`;
}

/**
 * SQL for the part of a document a query selects: a JSON object of those of its top-level fields
 * the document has (each as its stored JSON, so a missing field stays missing rather than null),
 * parsed and checked like a whole document, but a small one. The fields were checked to be plain
 * names (withSelect), so they are written into the SQL as they are.
 */
function selectedSql(fields: readonly string[] | undefined): string {
  if (!fields) return 'data';
  return `'{' || concat_ws(',', ${fields.map((field) => `'"${field}":' || (${fieldJsonSql(field)})`).join(', ')}) || '}' AS data`;
}

/** SQL for a top-level field's stored JSON: what a query selects, and what an index that covers the field holds (the same expression, so SQLite reads it from the index). */
function fieldJsonSql(field: string): string {
  return `data -> '$."${field}"'`;
}

/** SQL for a field's comparable value: a date's milliseconds, otherwise the JSON value. */
function fieldSql(field: string): string {
  const path = jsonPath(field);
  return `COALESCE(json_extract(data, '${path}."__ts"'), json_extract(data, '${path}'))`;
}

function bindable(value: unknown): unknown {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/**
 * Why a query's plan reads more than its index allows, or null: a query that filters or orders must
 * search an index (not read every document of its collection by the key, nor the table), and one
 * that pages in an order must read it in that order rather than sort every match, except where
 * SQLite cannot merge ranges ('in', 'array-contains': each value's range is sorted after it is read).
 * `covered`: the query's index covers the fields it selects, so it must read no document.
 */
export function planProblem(spec: QuerySpec, plan: readonly string[], covered = false): string | null {
  const reads = plan.filter((step) => /^(SCAN|SEARCH) docs:/.test(step));
  // An index that covers the fields a query selects must answer it without reading a document.
  const uncovered = covered ? reads.find((step) => !step.includes(' USING COVERING INDEX ')) : undefined;
  if (uncovered) return `it reads each document though its index covers the selected fields (${uncovered})`;
  // SQLite indexes no array's items: 'array-contains' alone reads the collection and tests each
  // document (with an order, the order's index is walked and the arrays tested on the way).
  const indexable = spec.filters.some((filter) => filter.op !== 'array-contains') || spec.orders.length > 0;
  if (!indexable) return null;
  const unindexed = reads.find((step) => !/USING (COVERING )?INDEX /.test(step));
  if (unindexed) return `it reads every document of the collection (${unindexed})`;
  const merges = spec.filters.some((filter) => filter.op === 'in' || filter.op === 'array-contains');
  const sorts = plan.find((step) => step.startsWith('USE TEMP B-TREE FOR') && step.includes('ORDER BY'));
  if (sorts && spec.limit !== undefined && !merges) return `it sorts every match to return a page (${sorts})`;
  return null;
}

/** What the log and an error say of a query: its shape, never its values. */
function shapeOf(spec: QuerySpec): string {
  const filters = spec.filters.map((filter) => `${filter.field} ${filter.op}`);
  const orders = spec.orders.map((order) => `${order.field} ${order.direction}`);
  return `${spec.collection} where [${filters.join(', ')}] order by [${orders.join(', ')}]${spec.limit !== undefined ? ' limit' : ''}`;
}

/**
 * A change for the feed; the document it replaced is decoded only if a listener asks (most never
 * do). A class, so that each of a commit's changes is one small object, not an object and a closure.
 */
class Change implements DocumentChange {
  private decoded: DocumentData | undefined;
  constructor(
    readonly collection: string,
    readonly id: string,
    readonly type: DocumentChange['type'],
    readonly data: DocumentData | undefined,
    private replaced: string | undefined,
  ) {}
  get before(): DocumentData | undefined {
    if (this.replaced !== undefined) {
      this.decoded = decode(JSON.parse(this.replaced)) as DocumentData;
      this.replaced = undefined;
    }
    return this.decoded;
  }
}
const change = (collection: string, id: string, type: DocumentChange['type'], data: DocumentData | undefined, replaced: string | undefined): DocumentChange => new Change(collection, id, type, data, replaced);

/** A document as read; its path and update time are made when asked for (a query's thousands of rows rarely are). */
class EmbeddedSnapshot<T extends DocumentData> implements DocumentSnapshot<T> {
  private time: Date | undefined;
  constructor(
    private readonly collection: string,
    readonly id: string,
    readonly data: T | undefined,
    private readonly updateMs: number | undefined,
  ) {}
  get path(): string {
    return documentPath(this.collection, this.id);
  }
  get updateTime(): Date | undefined {
    return this.updateMs === undefined ? undefined : (this.time ??= new Date(this.updateMs));
  }
  get exists(): boolean {
    return this.data !== undefined;
  }
}

export class SqliteDocuments implements Documents {
  private readonly db: Database.Database;
  private readonly feed = new EventEmitter();
  private readonly reserveVersions: Database.Statement<[number], { value: number }>;
  /** Each collection's statements, prepared once its table is known to exist. */
  private readonly tables = new Map<string, TableStatements>();
  /** Tables made by the commit under way: gone again if it rolls back. */
  private madeInCommit: string[] = [];
  private readonly queryStatements = new Map<string, Database.Statement<unknown[], Row>>();
  private readonly countStatements = new Map<string, Database.Statement<unknown[], { count: number }>>();

  private readonly fullSync: ReadonlySet<string>;
  /** Flushes the write-ahead log for the commits that must be on the disk (null: none must wait). */
  private readonly flushLog: WalSync | null;
  /** What was read lately, until a write changes it (./read-cache.ts). */
  private readonly kept: ReadCache;
  /** The declared indexes by collection, for the index a range query walks. */
  private readonly indexes: ReadonlyMap<string, readonly QueryIndex[]>;
  private readonly queryPlans: 'warn' | 'strict';
  private readonly applyWrites: Database.Transaction<(writes: readonly StagedWrite[], reads: ReadVersions | undefined, changes: DocumentChange[]) => void>;
  /**
   * Versions are handed out from a block of the commit sequence reserved in the database (hi/lo):
   * a commit writes the sequence's row only when it starts a new block, not each time (a second
   * page in the write-ahead log at every commit was a third of a small write's cost). Blocks never
   * overlap, also between connections, so no two writes give a document the same version.
   */
  private nextVersion = 0;
  private versionLimit = 0;

  /**
   * `synchronous`: NORMAL (the default) keeps every commit through a crash of the process, and
   * may roll back the last commits on a power cut; FULL syncs the WAL at every commit.
   * `fullSyncCollections`: a commit that writes to these collections is acknowledged only once
   * it is on the disk even under NORMAL (decision 030: what door staff act on), by a flush of the
   * write-ahead log shared with the commits made meanwhile (./wal-sync.ts). `flush` replaces
   * fdatasync in tests.
   */
  /**
   * `indexes`: the indexes to keep (the app's declaration unless a test says otherwise); made when
   * the store opens, so a data directory made before an index was declared gets it at start.
   * `queryPlans`: what a query that no index serves does: 'warn' logs it once, 'strict' refuses it
   * (tests: DOCUMENTS_QUERY_PLANS=strict in vitest.config.ts, so the features' tests check every
   * query they make).
   */
  constructor(
    readonly file: string,
    options: {
      synchronous?: 'NORMAL' | 'FULL';
      fullSyncCollections?: readonly string[];
      flush?: Flush;
      indexes?: readonly QueryIndex[];
      queryPlans?: 'warn' | 'strict';
      /** false: every read goes to SQLite (benchmarks of the store itself). */
      readCache?: boolean;
    } = {},
  ) {
    this.kept = new ReadCache(options.readCache ?? true);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    const synchronous = options.synchronous ?? 'NORMAL';
    this.fullSync = new Set(options.fullSyncCollections ?? []);
    // Under FULL every commit is synced by SQLite itself; in memory there is no disk.
    this.flushLog = synchronous === 'NORMAL' && this.fullSync.size > 0 && file !== ':memory:' ? walSync(`${file}-wal`, options.flush) : null;
    this.db.pragma(`synchronous = ${synchronous}`);
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS commit_sequence (only INTEGER PRIMARY KEY CHECK (only = 1), value INTEGER NOT NULL);
      INSERT OR IGNORE INTO commit_sequence (only, value) VALUES (1, 0);
    `);
    this.feed.setMaxListeners(0);
    this.moveFromOneTable();
    const indexes = options.indexes ?? QUERY_INDEXES;
    this.keepIndexes(indexes);
    const byCollection = new Map<string, QueryIndex[]>();
    for (const index of indexes) byCollection.set(index.collection, [...(byCollection.get(index.collection) ?? []), index]);
    this.indexes = byCollection;
    this.queryPlans = options.queryPlans ?? (process.env.DOCUMENTS_QUERY_PLANS === 'strict' ? 'strict' : 'warn');
    this.reserveVersions = this.db.prepare<[number], { value: number }>('UPDATE commit_sequence SET value = value + ? RETURNING value');
    // Made once: better-sqlite3 builds four wrappers for each transaction function.
    this.applyWrites = this.db.transaction((writes, reads, changes) => this.applyCommit(writes, reads, changes));
  }

  /**
   * Makes the declared indexes that are missing and drops the ones no longer declared, with those
   * an earlier version made the first time a query ran (field_*, range_*): an index nobody reads
   * still costs every write of its collection.
   */
  private keepIndexes(indexes: readonly QueryIndex[]): void {
    const wanted = new Map(indexes.map((index) => [indexName(index), index]));
    const existing = this.db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'idx\\_%' ESCAPE '\\'").all();
    this.db.transaction(() => {
      for (const { name } of existing) if (!wanted.has(name)) this.db.exec(`DROP INDEX "${name}"`);
      for (const [name, index] of wanted) {
        this.table(index.collection);
        // Fields are checked here as a query checks them (collections by tableOf).
        const fields = index.fields.map(indexField);
        for (const { field } of fields) addFilter({ collection: index.collection, filters: [], orders: [] }, { field, op: '==', value: 0 });
        const columns = fields.map(({ field, descending }) => `${fieldSql(field)}${descending ? ' DESC' : ''}`);
        // The id last, the way of the field before it, as a query's implicit last order goes.
        const id = fields.at(-1)?.descending ? 'id DESC' : 'id';
        // Then what a query that selects the covered fields reads of each document (checked as a select's fields are).
        const covered = index.covers ? withSelect({ collection: index.collection, filters: [], orders: [] }, index.covers).select!.map(fieldJsonSql) : [];
        const more = covered.length > 0 ? `, ${covered.join(', ')}, version, update_time` : '';
        this.db.exec(`CREATE INDEX IF NOT EXISTS "${name}" ON ${tableOf(index.collection)} (${columns.join(', ')}, ${id}${more})`);
      }
    })();
    this.madeInCommit = [];
  }

  /**
   * A data directory of a version that kept every collection in one table (\`documents\`), with
   * partial indexes on it: its documents move into their collections' tables, once. With one table,
   * every write checked every index's condition, about 0.4 µs each, whatever its collection.
   */
  private moveFromOneTable(): void {
    if (!this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'documents'").get()) return;
    const started = performance.now();
    let moved = 0;
    this.db.transaction(() => {
      const collections = this.db.prepare<[], { collection: string }>('SELECT DISTINCT collection FROM documents').all();
      for (const { collection } of collections) {
        this.table(collection);
        moved += this.db
          .prepare(`INSERT OR REPLACE INTO ${tableOf(collection)} (id, data, version, create_time, update_time) SELECT id, data, version, create_time, update_time FROM documents WHERE collection = ?`)
          .run(collection).changes;
      }
      this.db.exec('DROP TABLE documents');
    })();
    this.madeInCommit = [];
    log.info({ documents: moved, ms: Math.round(performance.now() - started) }, 'Moved the documents into one table per collection');
  }

  /** The collection's statements; its table is made the first time (in the commit under way, if any). */
  private table(collection: string): TableStatements {
    let statements = this.tables.get(collection);
    if (statements) return statements;
    const table = tableOf(collection);
    this.db.exec(`CREATE TABLE IF NOT EXISTS ${table} (
      id TEXT NOT NULL PRIMARY KEY,
      data TEXT NOT NULL,
      version INTEGER NOT NULL,
      create_time INTEGER NOT NULL,
      update_time INTEGER NOT NULL
    ) WITHOUT ROWID`);
    if (this.db.inTransaction) this.madeInCommit.push(collection);
    // Prepared once: preparing is a large part of a small write's cost.
    statements = {
      select: this.db.prepare<[string], Row>(`SELECT id, data, version, update_time FROM ${table} WHERE id = ?`),
      version: this.db.prepare<[string], { version: number }>(`SELECT version FROM ${table} WHERE id = ?`),
      upsert: this.db.prepare<[string, string, number, number, number]>(
        `INSERT INTO ${table} (id, data, version, create_time, update_time) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET data = excluded.data, version = excluded.version, update_time = excluded.update_time`,
      ),
      insert: this.db.prepare<[string, string, number, number, number]>(`INSERT INTO ${table} (id, data, version, create_time, update_time) VALUES (?, ?, ?, ?, ?)`),
      remove: this.db.prepare<[string]>(`DELETE FROM ${table} WHERE id = ?`),
    };
    this.tables.set(collection, statements);
    return statements;
  }

  collection<T extends DocumentData>(def: CollectionDef<T>): CollectionRef<T> {
    return new EmbeddedCollection(this, def, { collection: def.name, filters: [], orders: [] });
  }

  batch(): WriteBatch {
    return new EmbeddedBatch(this);
  }

  async runTransaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
    for (let attempt = 1; attempt <= MAX_TRANSACTION_ATTEMPTS; attempt++) {
      const tx = new EmbeddedTransaction(this);
      const result = await work(tx);
      try {
        await this.commit(tx.writes, tx.reads);
        return result;
      } catch (error) {
        if (!(error instanceof Conflict)) throw error;
        // Back off a little, with jitter, so contending transactions stop colliding.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** attempt));
      }
    }
    throw new DocumentsError('aborted', 'The transaction kept conflicting with concurrent changes; try again.');
  }

  onChange(listener: (change: DocumentChange) => void): () => void {
    this.feed.on('change', listener);
    return () => this.feed.off('change', listener);
  }

  onOtherWrites(): () => void {
    // One process writes this database: the change feed reports every write.
    return () => {};
  }

  async close(): Promise<void> {
    this.feed.removeAllListeners();
    await this.flushLog?.close();
    this.db.close();
  }

  // ---- used by the references below ----

  readDocument<T extends DocumentData>(def: CollectionDef<T>, id: string, versions?: ReadVersions): DocumentSnapshot<T> {
    const path = documentPath(def.name, id);
    let kept = this.kept.document(path);
    if (!kept) {
      const row = this.table(def.name).select.get(id);
      kept = { data: row ? this.parse(def, id, row) : undefined, version: row?.version ?? 0, updateTime: row?.update_time };
      this.kept.keepDocument(path, kept);
    }
    versions?.set(path, { collection: def.name, id, version: kept.version });
    return new EmbeddedSnapshot<T>(def.name, id, handOut(kept.data as T | undefined), kept.updateTime);
  }

  /** Checks a new statement's plan once (it is then kept): see planProblem. */
  private checkPlan(spec: QuerySpec, sql: string, params: readonly unknown[], covered = false): void {
    const plan = this.db.prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`).all(...params).map((step) => step.detail);
    const problem = planProblem(spec, plan, covered);
    if (!problem) return;
    const message = `No declared index serves the query ${shapeOf(spec)}: ${problem}. Declare one in firebase/sqlite.indexes.json.`;
    if (this.queryPlans === 'strict') throw new DocumentsError('failed-precondition', message);
    log.warn({ collection: spec.collection }, message);
  }

  runQuery<T extends DocumentData>(def: CollectionDef<T>, spec: QuerySpec, versions?: ReadVersions): QueryDocumentSnapshot<T>[] {
    this.table(spec.collection);
    const { sql, params, covered } = this.toSql(spec);
    const key = cacheKey(sql, params);
    let rows = key === null ? undefined : this.kept.query(def.name, key);
    // Rows the cache holds are handed out as copies; rows read for this caller alone are its own
    // (an audience of 10,000 people is never kept, and copying it cost as much as checking it).
    let kept = rows !== undefined;
    if (!rows) {
      const generation = this.kept.readingAt(def.name);
      let statement = this.queryStatements.get(sql);
      if (!statement) {
        this.checkPlan(spec, sql, params, covered);
        statement = this.db.prepare<unknown[], Row>(sql);
        if (this.queryStatements.size < 500) this.queryStatements.set(sql, statement);
      }
      const read = spec.select ? projectionOf(def, spec.select) : def;
      rows = statement.all(...params).map((row): KeptRow => ({ id: row.id, data: this.parse(read, row.id, row), version: row.version, updateTime: row.update_time }));
      if (key !== null) kept = this.kept.keepQuery(def.name, key, rows, generation);
    }
    return rows.map((row) => {
      versions?.set(documentPath(def.name, row.id), { collection: def.name, id: row.id, version: row.version });
      return new EmbeddedSnapshot(def.name, row.id, (kept ? handOut(row.data) : row.data) as T, row.updateTime) as QueryDocumentSnapshot<T>;
    });
  }

  /**
   * Applies writes atomically, after checking that documents read since are unchanged; resolves
   * when they are as durable as their collections ask (decision 030). Conflicts and refused
   * writes are thrown before anything is written.
   */
  async commit(writes: readonly StagedWrite[], reads?: ReadVersions): Promise<void> {
    if (writes.length === 0 && !reads) return;
    const changes: DocumentChange[] = [];
    try {
      this.applyWrites.immediate(writes, reads, changes);
      // Before anything can read again (the commit above is synchronous): what the writes change
      // is read afresh from here on, tombstones included.
      for (const write of writes) {
        this.kept.written(write.ref.collection.name, write.ref.path);
        if (write.kind === 'delete') this.kept.collectionWritten(REMOVALS);
      }
    } catch (error) {
      // Rolled back, and with it any block of versions this commit reserved (take a new one) and
      // any table it made (made again when next needed).
      this.nextVersion = this.versionLimit = 0;
      for (const collection of this.madeInCommit) this.tables.delete(collection);
      throw error;
    } finally {
      this.madeInCommit = [];
    }
    if (this.flushLog && writes.some((write) => this.fullSync.has(write.ref.collection.name))) {
      try {
        await this.flushLog();
      } catch (error) {
        // Committed, and readable, but the disk did not confirm it: the caller must not take it as
        // safe. The change feed still reports it, since reads already see it.
        this.announce(changes);
        throw new DocumentsError('unavailable', `The disk did not confirm the write: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    // Live readers learn of a write once it is as durable as its caller's answer.
    this.announce(changes);
  }

  /** The body of a commit, inside SQLite's write lock (see commit). */
  private applyCommit(writes: readonly StagedWrite[], reads: ReadVersions | undefined, changes: DocumentChange[]): void {
    if (reads) {
      for (const read of reads.values()) {
        if ((this.table(read.collection).version.get(read.id)?.version ?? 0) !== read.version) throw new Conflict();
      }
    }
    if (writes.length === 0) return;
    const sequence = this.takeVersion();
    const now = new Date();
    /** The shared fields of this commit's createEach writes, checked and encoded (null: checked whole). */
    let prepared: Map<SharedFields, PreparedShared | null> | undefined;
    for (const write of writes) {
      const { collection: def, id } = write.ref;
      const path = write.ref.path;
      const { select, upsert, insert, remove } = this.table(def.name);
      // A create reads nothing first: the primary key refuses a second document under its id.
      const existing = write.kind === 'create' ? undefined : select.get(id);
      if (write.kind === 'delete') {
        if (existing) {
          remove.run(id);
          changes.push(change(def.name, id, 'deleted', undefined, existing.data));
          // In the same commit: a reader of what changed since learns of the removal too.
          const tombstone = tombstoneOf(def, id, autoId);
          if (tombstone) this.table(REMOVALS).upsert.run(tombstone.id, JSON.stringify(encode({ ...tombstone.data, removedAt: now })), sequence, now.getTime(), now.getTime());
        }
        continue;
      }
      if (write.kind === 'update' && !existing) throw new DocumentsError('not-found', `No document to update: ${path}`, path);
      let valid: DocumentData;
      let stored: string;
      // A document of a createEach: its shared fields checked and encoded once for all of them.
      const shared = write.shared ? this.prepareShared(def, id, write.shared, now, (prepared ??= new Map())) : null;
      if (shared) {
        ({ data: valid, stored } = shared.document(validateForWrite(shared.own, id, needsResolving(write.data) ? resolveWriteValues(write.data, now) : write.data)));
      } else {
        const data = write.kind === 'update' ? write.data : wholeData(write);
        // A whole document is copied by its validation next: not before it as well, unless needed.
        const resolved = (write.kind !== 'update' && !needsResolving(data) ? data : resolveWriteValues(data, now)) as Record<string, unknown>;
        const next =
          // Decoded afresh, so changed in place rather than copied first.
          write.kind === 'update' ? applyUpdateInPlace(decode(JSON.parse(existing!.data)) as DocumentData, resolved) : resolved;
        valid = validateForWrite(def, id, next);
        stored = JSON.stringify(encode(valid));
      }
      if (write.kind !== 'create') upsert.run(id, stored, sequence, now.getTime(), now.getTime());
      else {
        try {
          insert.run(id, stored, sequence, now.getTime(), now.getTime());
        } catch (error) {
          if ((error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw new DocumentsError('already-exists', `Document already exists: ${path}`, path);
          throw error;
        }
      }
      changes.push(change(def.name, id, existing ? 'updated' : 'created', valid, existing?.data));
    }
  }

  /**
   * The shared fields of a createEach, checked against their part of the schema and encoded, for
   * each of its documents to add its own to (see splitOf); null where the schema is checked only
   * whole. A failed check names the first document, as its create alone would.
   */
  private prepareShared(def: CollectionDef<DocumentData>, id: string, shared: SharedFields, now: Date, prepared: Map<SharedFields, PreparedShared | null>): PreparedShared | null {
    let part = prepared.get(shared);
    if (part === undefined) {
      const split = splitOf(def, shared.own);
      part = null;
      if (split) {
        part = new PreparedShared(split.own, validateForWrite(split.shared, id, needsResolving(shared.data) ? resolveWriteValues(shared.data, now) : shared.data), shared.own);
      }
      prepared.set(shared, part);
    }
    return part;
  }

  /** A version no other write has given, from this connection's block (see nextVersion). */
  private takeVersion(): number {
    if (this.nextVersion >= this.versionLimit) {
      const limit = this.reserveVersions.get(VERSION_BLOCK)!.value;
      this.nextVersion = limit - VERSION_BLOCK + 1;
      this.versionLimit = limit + 1;
    }
    return this.nextVersion++;
  }

  private announce(changes: readonly DocumentChange[]): void {
    for (const change of changes) {
      try {
        this.feed.emit('change', change);
      } catch (error) {
        log.error({ err: error }, 'A documents change listener failed');
      }
    }
  }

  /** A stored row's document, checked against its collection's schema. */
  private parse<T extends DocumentData>(def: CollectionDef<T>, id: string, row: Row): T {
    let raw: unknown;
    try {
      raw = decode(JSON.parse(row.data));
    } catch {
      const path = documentPath(def.name, id);
      throw new DocumentsError('data-loss', `Malformed document at ${path}: not valid JSON`, path);
    }
    return validateOnRead(def, id, raw);
  }

  countQuery(spec: QuerySpec): number {
    this.table(spec.collection);
    const { sql, params } = this.toSql({ ...spec, select: undefined });
    const counting = `SELECT COUNT(*) AS count FROM (${sql.replace(/^SELECT id, data, version, update_time /, 'SELECT 1 ')})`;
    const key = cacheKey(counting, params);
    const kept = key === null ? undefined : this.kept.count(spec.collection, key);
    if (kept !== undefined) return kept;
    const generation = this.kept.readingAt(spec.collection);
    let statement = this.countStatements.get(counting);
    if (!statement) {
      this.checkPlan(spec, sql, params);
      statement = this.db.prepare<unknown[], { count: number }>(counting);
      if (this.countStatements.size < 500) this.countStatements.set(counting, statement);
    }
    const count = statement.get(...params)!.count;
    if (key !== null) this.kept.keepCount(spec.collection, key, count, generation);
    return count;
  }

  /**
   * The declared index that serves a query, as Firestore picks one: its equalities' fields (in any
   * order; an 'in' is a few equalities), then the fields the query is ordered by (a range's field
   * first), so the matches are read in order from where they start. Failing that, the one that
   * holds most of its equalities first (the others are tested on each document it finds, as
   * Firestore merges single-field indexes). Named to SQLite, which without statistics would rather
   * read the whole collection by its key and sort it. Null when none applies: SQLite plans alone,
   * and the plan check says so.
   */
  private indexFor(spec: QuerySpec): QueryIndex | null {
    const equalities = new Set(spec.filters.filter((filter) => filter.op === '==' || filter.op === 'in').map((filter) => filter.field));
    // Ordering by a field held equal (or to one of an 'in''s values, read one after another) is no order.
    const orders = effectiveOrders(spec).map((order) => order.field).filter((field) => !equalities.has(field));
    if (equalities.size === 0 && orders.length === 0) return null;
    let best: { index: QueryIndex; score: number } | null = null;
    for (const index of this.indexes.get(spec.collection) ?? []) {
      const fields = index.fields.map((declared) => indexField(declared).field);
      let held = 0;
      while (held < fields.length && equalities.has(fields[held]!)) held++;
      const whole = held === equalities.size && orders.every((field, at) => fields[held + at] === field);
      // Whole with no field beyond (the id's order follows: no sort), whole, or some equalities first.
      const score = whole ? (fields.length === equalities.size + orders.length ? 2000 : 1000) : held;
      if (score > (best?.score ?? 0)) best = { index, score };
    }
    return best?.index ?? null;
  }

  private toSql(spec: QuerySpec): { sql: string; params: unknown[]; covered: boolean } {
    const where: string[] = [];
    const params: unknown[] = [];
    for (const filter of spec.filters) {
      const field = fieldSql(filter.field);
      const path = jsonPath(filter.field);
      switch (filter.op as WhereOp) {
        case '==':
          // The field's index holds null for a null and a missing field alike; the type tells them apart.
          if (filter.value === null) where.push(`${field} IS NULL AND json_type(data, '${path}') = 'null'`);
          else {
            where.push(`${field} = ?`);
            params.push(bindable(filter.value));
          }
          break;
        case '!=':
          where.push(`json_type(data, '${path}') IS NOT NULL AND json_type(data, '${path}') != 'null' AND ${field} != ?`);
          params.push(bindable(filter.value));
          break;
        case '<':
        case '<=':
        case '>':
        case '>=':
          where.push(`${field} ${filter.op} ?`);
          params.push(bindable(filter.value));
          break;
        case 'in': {
          const values = filter.value as unknown[];
          where.push(`${field} IN (${values.map(() => '?').join(', ')})`);
          params.push(...values.map(bindable));
          break;
        }
        case 'array-contains':
          where.push(`EXISTS (SELECT 1 FROM json_each(data, '${path}') AS item WHERE COALESCE(CASE WHEN item.type = 'object' THEN json_extract(item.value, '$."__ts"') END, item.value) = ?)`);
          params.push(bindable(filter.value));
          break;
      }
    }
    const orders = effectiveOrders(spec);
    // As in Firestore, ordering by a field leaves out documents that lack it.
    for (const order of orders) where.push(`json_type(data, '${jsonPath(order.field)}') IS NOT NULL`);
    const idDir = idDirection(orders);
    if (spec.startAfter) {
      const columns = [...orders.map((o) => ({ sql: fieldSql(o.field), direction: o.direction })), { sql: 'id', direction: idDir }];
      const alternatives = columns.map((column, index) => {
        const equal = columns.slice(0, index).map((c) => `${c.sql} = ?`);
        const beyond = `${column.sql} ${column.direction === 'asc' ? '>' : '<'} ?`;
        return `(${[...equal, beyond].join(' AND ')})`;
      });
      // The first column's bound alone as well: SQLite walks an index from there instead of testing every row against the alternatives.
      where.push(`${columns[0]!.sql} ${columns[0]!.direction === 'asc' ? '>=' : '<='} ?`);
      params.push(bindable(spec.startAfter[0]));
      where.push(`(${alternatives.join(' OR ')})`);
      columns.forEach((_, index) => {
        for (let j = 0; j <= index; j++) params.push(bindable(spec.startAfter![j]));
      });
    }
    const orderSql = [...orders.map((o) => `${fieldSql(o.field)} ${o.direction.toUpperCase()}`), `id ${idDir.toUpperCase()}`];
    const index = this.indexFor(spec);
    let sql = `SELECT id, ${selectedSql(spec.select)}, version, update_time FROM ${tableOf(spec.collection)}${index ? ` INDEXED BY "${indexName(index)}"` : ''}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${orderSql.join(', ')}`;
    if (spec.limit !== undefined) {
      sql += ' LIMIT ?';
      params.push(spec.limit);
    }
    return { sql, params, covered: index !== null && coversQuery(index, spec) };
  }
}

class EmbeddedQuery<T extends DocumentData> extends SpecQuery<T> {
  constructor(
    protected readonly store: SqliteDocuments,
    def: CollectionDef<T>,
    spec: QuerySpec,
  ) {
    super(def, spec);
  }
  protected withSpec(spec: QuerySpec): Query<T> {
    return new EmbeddedQuery(this.store, this.def, spec);
  }
  async get(): Promise<QueryDocumentSnapshot<T>[]> {
    return this.store.runQuery(this.def, this.spec);
  }
  async count(): Promise<number> {
    return this.store.countQuery(this.spec);
  }
}

class EmbeddedCollection<T extends DocumentData> extends EmbeddedQuery<T> implements CollectionRef<T> {
  doc(id: string = autoId()): DocumentRef<T> {
    assertDocumentId(id);
    return new EmbeddedDocumentRef(this.store, this.def, id);
  }
}

class EmbeddedDocumentRef<T extends DocumentData> extends CommittingDocumentRef<T> {
  constructor(
    private readonly store: SqliteDocuments,
    collection: CollectionDef<T>,
    id: string,
  ) {
    super(collection, id);
  }
  async get(): Promise<DocumentSnapshot<T>> {
    return this.store.readDocument(this.collection, this.id);
  }
  protected async commit(write: StagedWrite): Promise<void> {
    await this.store.commit([write]);
  }
}

class EmbeddedBatch extends WriteStager implements WriteBatch {
  private committed = false;
  constructor(private readonly store: SqliteDocuments) {
    super();
  }
  async commit(): Promise<void> {
    if (this.committed) throw new DocumentsError('failed-precondition', 'This batch was already committed.');
    this.committed = true;
    await this.store.commit(this.writes);
  }
}

class EmbeddedTransaction extends WriteStager implements Transaction {
  readonly reads: ReadVersions = new Map();
  constructor(private readonly store: SqliteDocuments) {
    super();
  }
  private assertReading(): void {
    if (this.writes.length > 0) throw new DocumentsError('invalid-argument', 'A transaction must do all its reads before its writes.');
  }
  async get<T extends DocumentData>(ref: DocumentRef<T>): Promise<DocumentSnapshot<T>> {
    this.assertReading();
    return this.store.readDocument(ref.collection, ref.id, this.reads);
  }
  async query<T extends DocumentData>(query: Query<T>): Promise<QueryDocumentSnapshot<T>[]> {
    this.assertReading();
    const embedded = query as EmbeddedQuery<T>;
    return this.store.runQuery(embedded.def, embedded.spec, this.reads);
  }
}
