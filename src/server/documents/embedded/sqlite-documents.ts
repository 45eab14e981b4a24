// The embedded documents adapter: one SQLite file (WAL) holds every collection as JSON.
// Transactions are optimistic, as Firestore's are for this use: reads record each document's
// version, the commit checks them under SQLite's write lock and the work is retried on conflict.
import 'server-only';
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { assertDocumentId, autoId } from '../auto-id';
import { CommittingDocumentRef, WriteStager, type StagedWrite } from '../staged-writes';
import { applyUpdate, documentPath, resolveWriteValues, validateForWrite, validateOnRead } from '../codec';
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
import { effectiveOrders, idDirection, SpecQuery, type QuerySpec } from '../query';
import { walSync, type Flush, type WalSync } from './wal-sync';
import { handOut, ReadCache, type KeptRow } from './read-cache';
import { log } from '@/server/log';

/** A document's version when it was read: 0 means it did not exist. */
type ReadVersions = Map<string, { collection: string; id: string; version: number }>;

interface Row {
  id: string;
  data: string;
  version: number;
  update_time: number;
}

const MAX_TRANSACTION_ATTEMPTS = 8;

/** A query's key in the read cache: its SQL and bound values; null for values too long to key by. */
function cacheKey(sql: string, params: readonly unknown[]): string | null {
  const key = `${sql}\u0000${JSON.stringify(params)}`;
  return key.length > 4_096 ? null : key;
}

class Conflict extends Error {}

// Dates are stored as {"__ts": milliseconds} so they survive JSON and compare as numbers.
function encode(value: unknown): unknown {
  if (value instanceof Date) return { __ts: value.getTime() };
  if (Array.isArray(value)) return value.map(encode);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  }
  return value;
}

function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 1 && entries[0]![0] === '__ts' && typeof entries[0]![1] === 'number') return new Date(entries[0]![1]);
    return Object.fromEntries(entries.map(([k, v]) => [k, decode(v)]));
  }
  return value;
}

function jsonPath(field: string): string {
  return `$${field.split('.').map((part) => `."${part}"`).join('')}`;
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
 * The index a range query walks: its equalities' fields, then the range's, then the id (its last
 * order), as Firestore's composite index would hold them; so what changed since a moment, or who is
 * a member past one, is read in order from where it starts, not every document of the collection
 * read and sorted.
 */
function rangeIndex(spec: QuerySpec): { name: string; fields: string[] } | null {
  // A range, not '!=' (which no index narrows).
  const range = spec.filters.find((filter) => ['<', '<=', '>', '>='].includes(filter.op))?.field;
  if (!range) return null;
  const equalities = spec.filters.filter((filter) => filter.op === '==' && filter.value !== null && filter.field !== range).map((filter) => filter.field);
  const fields = [...new Set(equalities), range];
  // Names are checked where they are made: collections by defineCollection, fields by the query.
  return { name: `range_${spec.collection}__${fields.map((field) => field.replace(/\./g, '__')).join('___')}`.replace(/-/g, '_'), fields };
}

/** A change for the feed; the document it replaced is decoded only if a listener asks (most never do). */
function change(collection: string, id: string, type: DocumentChange['type'], data: DocumentData | undefined, replaced: string | undefined): DocumentChange {
  let before: DocumentData | undefined;
  let decoded = replaced === undefined;
  return {
    collection,
    id,
    type,
    data,
    get before() {
      if (!decoded) {
        before = decode(JSON.parse(replaced!)) as DocumentData;
        decoded = true;
      }
      return before;
    },
  };
}

class EmbeddedSnapshot<T extends DocumentData> implements DocumentSnapshot<T> {
  constructor(
    readonly id: string,
    readonly path: string,
    readonly data: T | undefined,
    readonly updateTime: Date | undefined,
  ) {}
  get exists(): boolean {
    return this.data !== undefined;
  }
}

export class SqliteDocuments implements Documents {
  private readonly db: Database.Database;
  private readonly feed = new EventEmitter();
  private readonly statements: ReturnType<SqliteDocuments['prepareStatements']>;
  private readonly queryStatements = new Map<string, Database.Statement<unknown[], Row>>();
  private readonly indexed = new Set<string>();
  private readonly countStatements = new Map<string, Database.Statement<unknown[], { count: number }>>();

  private readonly fullSync: ReadonlySet<string>;
  /** Flushes the write-ahead log for the commits that must be on the disk (null: none must wait). */
  private readonly flushLog: WalSync | null;
  /** What was read lately, until a write changes it (./read-cache.ts). */
  private readonly kept = new ReadCache();

  /**
   * `synchronous`: NORMAL (the default) keeps every commit through a crash of the process, and
   * may roll back the last commits on a power cut; FULL syncs the WAL at every commit.
   * `fullSyncCollections`: a commit that writes to these collections is acknowledged only once
   * it is on the disk even under NORMAL (decision 030: what door staff act on), by a flush of the
   * write-ahead log shared with the commits made meanwhile (./wal-sync.ts). `flush` replaces
   * fdatasync in tests.
   */
  constructor(
    readonly file: string,
    options: { synchronous?: 'NORMAL' | 'FULL'; fullSyncCollections?: readonly string[]; flush?: Flush } = {},
  ) {
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
      CREATE TABLE IF NOT EXISTS documents (
        collection TEXT NOT NULL,
        id TEXT NOT NULL,
        data TEXT NOT NULL,
        version INTEGER NOT NULL,
        create_time INTEGER NOT NULL,
        update_time INTEGER NOT NULL,
        PRIMARY KEY (collection, id)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS commit_sequence (only INTEGER PRIMARY KEY CHECK (only = 1), value INTEGER NOT NULL);
      INSERT OR IGNORE INTO commit_sequence (only, value) VALUES (1, 0);
    `);
    this.feed.setMaxListeners(0);
    this.statements = this.prepareStatements();
  }

  // Prepared once: preparing is a large part of a small write's cost.
  private prepareStatements() {
    return {
      select: this.db.prepare<[string, string], Row>(
        'SELECT id, data, version, update_time FROM documents WHERE collection = ? AND id = ?',
      ),
      version: this.db.prepare<[string, string], { version: number }>(
        'SELECT version FROM documents WHERE collection = ? AND id = ?',
      ),
      nextSequence: this.db.prepare<[], { value: number }>('UPDATE commit_sequence SET value = value + 1 RETURNING value'),
      upsert: this.db.prepare(
        `INSERT INTO documents (collection, id, data, version, create_time, update_time) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data, version = excluded.version, update_time = excluded.update_time`,
      ),
      remove: this.db.prepare('DELETE FROM documents WHERE collection = ? AND id = ?'),
    };
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
      const row = this.statements.select.get(def.name, id);
      kept = { data: row ? this.parse(def, id, row) : undefined, version: row?.version ?? 0, updateTime: row?.update_time };
      this.kept.keepDocument(path, kept);
    }
    versions?.set(path, { collection: def.name, id, version: kept.version });
    return new EmbeddedSnapshot<T>(id, path, handOut(kept.data as T | undefined), kept.updateTime === undefined ? undefined : new Date(kept.updateTime));
  }

  /**
   * Firestore indexes every field of every document by itself; here a query's equality filters
   * get such an index the first time one runs: an index of the field's value over the
   * collection's documents alone (a partial index, so other collections' writes never pay for
   * it). Without one, finding an event's admissions read every admission of every event.
   */
  private ensureIndexes(spec: QuerySpec): void {
    for (const filter of spec.filters) {
      if ((filter.op !== '==' && filter.op !== 'in') || filter.value === null) continue;
      const key = `${spec.collection}.${filter.field}`;
      if (this.indexed.has(key)) continue;
      // Names are checked where they are made: collections by defineCollection, fields by the query.
      const name = `field_${spec.collection}__${filter.field.replace(/\./g, '__')}`.replace(/-/g, '_');
      this.db.exec(`CREATE INDEX IF NOT EXISTS "${name}" ON documents (${fieldSql(filter.field)}) WHERE collection = '${spec.collection}'`);
      this.indexed.add(key);
    }
    const range = rangeIndex(spec);
    if (range && !this.indexed.has(range.name)) {
      this.db.exec(`CREATE INDEX IF NOT EXISTS "${range.name}" ON documents (${range.fields.map(fieldSql).join(', ')}, id) WHERE collection = '${spec.collection}'`);
      this.indexed.add(range.name);
    }
  }

  runQuery<T extends DocumentData>(def: CollectionDef<T>, spec: QuerySpec, versions?: ReadVersions): QueryDocumentSnapshot<T>[] {
    const { sql, params } = this.toSql(spec);
    const key = cacheKey(sql, params);
    let rows = key === null ? undefined : this.kept.query(def.name, key);
    if (!rows) {
      const generation = this.kept.readingAt(def.name);
      let statement = this.queryStatements.get(sql);
      if (!statement) {
        this.ensureIndexes(spec);
        statement = this.db.prepare<unknown[], Row>(sql);
        if (this.queryStatements.size < 500) this.queryStatements.set(sql, statement);
      }
      rows = statement.all(...params).map((row): KeptRow => ({ id: row.id, data: this.parse(def, row.id, row), version: row.version, updateTime: row.update_time }));
      if (key !== null) this.kept.keepQuery(def.name, key, rows, generation);
    }
    return rows.map((row) => {
      const path = documentPath(def.name, row.id);
      versions?.set(path, { collection: def.name, id: row.id, version: row.version });
      return new EmbeddedSnapshot(row.id, path, handOut(row.data as T), new Date(row.updateTime)) as QueryDocumentSnapshot<T>;
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
    const apply = this.db.transaction(() => {
      const { select, version, nextSequence, upsert, remove } = this.statements;
      if (reads) {
        for (const read of reads.values()) {
          if ((version.get(read.collection, read.id)?.version ?? 0) !== read.version) throw new Conflict();
        }
      }
      if (writes.length === 0) return;
      const sequence = nextSequence.get()!.value;
      const now = new Date();
      for (const write of writes) {
        const { collection: def, id } = write.ref;
        const path = write.ref.path;
        const existing = select.get(def.name, id);
        if (write.kind === 'delete') {
          if (existing) {
            remove.run(def.name, id);
            changes.push(change(def.name, id, 'deleted', undefined, existing.data));
            // In the same commit: a reader of what changed since learns of the removal too.
            const tombstone = tombstoneOf(def, id, autoId);
            if (tombstone) upsert.run(REMOVALS, tombstone.id, JSON.stringify(encode({ ...tombstone.data, removedAt: now })), sequence, now.getTime(), now.getTime());
          }
          continue;
        }
        if (write.kind === 'create' && existing) throw new DocumentsError('already-exists', `Document already exists: ${path}`, path);
        if (write.kind === 'update' && !existing) throw new DocumentsError('not-found', `No document to update: ${path}`, path);
        const resolved = resolveWriteValues(write.data, now) as Record<string, unknown>;
        const next =
          write.kind === 'update' ? applyUpdate(decode(JSON.parse(existing!.data)) as DocumentData, resolved) : resolved;
        const valid = validateForWrite(def, id, next);
        upsert.run(def.name, id, JSON.stringify(encode(valid)), sequence, now.getTime(), now.getTime());
        changes.push(change(def.name, id, existing ? 'updated' : 'created', valid, existing?.data));
      }
    });
    apply.immediate();
    // Before anything can read again (the commit above is synchronous): what the writes change is
    // read afresh from here on, tombstones included.
    for (const write of writes) {
      this.kept.written(write.ref.collection.name, write.ref.path);
      if (write.kind === 'delete') this.kept.collectionWritten(REMOVALS);
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
    const { sql, params } = this.toSql(spec);
    const counting = `SELECT COUNT(*) AS count FROM (${sql.replace(/^SELECT id, data, version, update_time /, 'SELECT 1 ')})`;
    const key = cacheKey(counting, params);
    const kept = key === null ? undefined : this.kept.count(spec.collection, key);
    if (kept !== undefined) return kept;
    const generation = this.kept.readingAt(spec.collection);
    let statement = this.countStatements.get(counting);
    if (!statement) {
      this.ensureIndexes(spec);
      statement = this.db.prepare<unknown[], { count: number }>(counting);
      if (this.countStatements.size < 500) this.countStatements.set(counting, statement);
    }
    const count = statement.get(...params)!.count;
    if (key !== null) this.kept.keepCount(spec.collection, key, count, generation);
    return count;
  }

  private toSql(spec: QuerySpec): { sql: string; params: unknown[] } {
    // The collection as a literal (its name is checked by defineCollection), so SQLite can use the
    // collection's partial indexes.
    if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(spec.collection)) throw new DocumentsError('invalid-argument', `Invalid collection name: ${spec.collection}`);
    const where: string[] = [`collection = '${spec.collection}'`];
    const params: unknown[] = [];
    for (const filter of spec.filters) {
      const field = fieldSql(filter.field);
      const path = jsonPath(filter.field);
      switch (filter.op as WhereOp) {
        case '==':
          if (filter.value === null) where.push(`json_type(data, '${path}') = 'null'`);
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
    // Without statistics SQLite would rather read the whole collection by its key and sort it.
    const range = rangeIndex(spec);
    let sql = `SELECT id, data, version, update_time FROM documents${range ? ` INDEXED BY "${range.name}"` : ''} WHERE ${where.join(' AND ')} ORDER BY ${orderSql.join(', ')}`;
    if (spec.limit !== undefined) {
      sql += ' LIMIT ?';
      params.push(spec.limit);
    }
    return { sql, params };
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
