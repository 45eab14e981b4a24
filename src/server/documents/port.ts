// The documents port: a Firestore-shaped document store. Domain code talks to this interface;
// the embedded (SQLite) and Firestore adapters implement it. Nothing here allows a read or write
// that Firestore could not do, so code written against one adapter runs on the other.
import { z } from 'zod';

export type DocumentData = Record<string, unknown>;

/** A collection declared once with the schema of its documents. */
export interface CollectionDef<T extends DocumentData> {
  readonly name: string;
  readonly schema: z.ZodType<T>;
  /**
   * Every write sets `changedAt` to the commit time, and deleting a document may leave a tombstone
   * in `removals`, so a reader can ask what changed since a moment (the door list, decision 053).
   */
  readonly stamped?: { readonly removals: RemovalMark };
}

/**
 * What deleting a stamped document leaves in `removals`: its id (`byId`: ids that name no person,
 * a pass's, a ticket's), only that one of the collection went (`unnamed`: ids that name a person,
 * which must not outlive an account's deletion), or nothing (`none`: a reader learns of it otherwise).
 */
export type RemovalMark = 'byId' | 'unnamed' | 'none';

/** The field a stamped collection's writes set to the commit time: what changed since is a range on it. */
export const CHANGED_AT = 'changedAt';
/** Where a stamped collection's deletes leave their tombstone ({ collection, id, removedAt }). */
export const REMOVALS = 'removals';

/** The tombstone a delete leaves, if any: by id one per document (deleting it again only moves its time), unnamed one per delete. */
export function tombstoneOf(def: CollectionDef<DocumentData>, id: string, newId: () => string): { id: string; data: { collection: string; id: string | null } } | null {
  const mark = def.stamped?.removals ?? 'none';
  if (mark === 'none') return null;
  return mark === 'byId' ? { id: `${def.name}:${id}`, data: { collection: def.name, id } } : { id: `${def.name}:${newId()}`, data: { collection: def.name, id: null } };
}

export function defineCollection<T extends DocumentData>(name: string, schema: z.ZodType<T>, { stamped }: { stamped?: { removals: RemovalMark } } = {}): CollectionDef<T> {
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(name)) throw new Error(`Invalid collection name: ${name}`);
  if (!stamped) return { name, schema };
  // The stamp is the store's, not the schema's: every stamped schema keeps it (a schema that dropped it would hide the change).
  if (!(schema instanceof z.ZodObject)) throw new Error(`A stamped collection needs an object schema: ${name}`);
  return { name, schema: schema.extend({ [CHANGED_AT]: z.date().optional() }) as unknown as z.ZodType<T>, stamped };
}

/** The database error codes of the specification that this port raises. */
export type DocumentsErrorCode =
  | 'not-found'
  | 'already-exists'
  | 'invalid-argument'
  | 'failed-precondition'
  | 'aborted'
  | 'data-loss'
  | 'unavailable'
  | 'internal';

export class DocumentsError extends Error {
  constructor(
    readonly code: DocumentsErrorCode,
    message: string,
    readonly path?: string,
  ) {
    super(message);
    this.name = 'DocumentsError';
  }
}

/**
 * Whether `error` is the port's error with this code. By name and code, not `instanceof`: the
 * server bundle may hold more than one copy of this module (the documents instance is created once
 * per process, by whichever bundle asks first), and a class from another copy fails `instanceof`.
 */
export function isDocumentsError(error: unknown, code: DocumentsErrorCode): error is DocumentsError {
  return error instanceof Error && error.name === 'DocumentsError' && (error as Partial<DocumentsError>).code === code;
}

const SERVER_TIMESTAMP_BRAND: unique symbol = Symbol.for('venue.documents.serverTimestamp') as never;

/** Replaced by the commit time of the write that carries it (Firestore's serverTimestamp()). */
export class ServerTimestamp {
  readonly kind = 'serverTimestamp' as const;
  readonly [SERVER_TIMESTAMP_BRAND] = true;
}
const SERVER_TIMESTAMP = new ServerTimestamp();
export function serverTimestamp(): ServerTimestamp {
  return SERVER_TIMESTAMP;
}

/**
 * Recognised by a registry symbol, not `instanceof`: Next bundles the proxy, instrumentation and
 * routes separately, so one process can hold several copies of this module while sharing one
 * documents instance.
 */
export function isServerTimestamp(value: unknown): value is ServerTimestamp {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[SERVER_TIMESTAMP_BRAND] === true;
}

/** Write data: any Date field may instead be the server timestamp. */
export type WriteData<T> = { [K in keyof T]: [Exclude<T[K], undefined | null>] extends [Date] ? T[K] | ServerTimestamp : T[K] };
/** Update data: top-level fields or dotted paths into maps. */
export type UpdateData<T> = Partial<WriteData<T>> & Record<string, unknown>;

export interface DocumentSnapshot<T extends DocumentData> {
  readonly id: string;
  readonly path: string;
  readonly exists: boolean;
  /** The validated document, or undefined when it does not exist. */
  readonly data: T | undefined;
  readonly updateTime: Date | undefined;
}

export interface QueryDocumentSnapshot<T extends DocumentData> extends DocumentSnapshot<T> {
  readonly exists: true;
  readonly data: T;
  readonly updateTime: Date;
}

export type WhereOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'array-contains';
export type Direction = 'asc' | 'desc';

export interface Query<T extends DocumentData> {
  where(field: string, op: WhereOp, value: unknown): Query<T>;
  orderBy(field: string, direction?: Direction): Query<T>;
  limit(count: number): Query<T>;
  /** Cursor paging: continue after this document of a previous page. */
  startAfter(snapshot: QueryDocumentSnapshot<T>): Query<T>;
  /** Cursor paging from a position kept by the client: the values of the query's orders, then the document id. */
  startAfterValues(values: readonly unknown[], id: string): Query<T>;
  /**
   * Only these top-level fields of each document (Firestore's field mask), checked against their part
   * of the schema: for a caller that needs a few fields of many documents, which then costs less to
   * read and to check. A field a document lacks is left out (its default, if the schema has one,
   * applies). A later `select` replaces an earlier one. Counts ignore it.
   */
  select<K extends keyof T & string>(...fields: [K, ...K[]]): Query<Pick<T, K>>;
  get(): Promise<QueryDocumentSnapshot<T>[]>;
  /** How many documents the query matches (up to its limit), without reading them. */
  count(): Promise<number>;
}

export interface DocumentRef<T extends DocumentData> {
  readonly id: string;
  readonly path: string;
  readonly collection: CollectionDef<T>;
  get(): Promise<DocumentSnapshot<T>>;
  /** Fails with already-exists when the document exists. */
  create(data: WriteData<T>): Promise<void>;
  /** Creates or replaces the whole document. */
  set(data: WriteData<T>): Promise<void>;
  /** Changes some fields; fails with not-found when the document does not exist. */
  update(data: UpdateData<T>): Promise<void>;
  /** Deleting a missing document is not an error (as in Firestore). */
  delete(): Promise<void>;
}

export interface CollectionRef<T extends DocumentData> extends Query<T> {
  readonly def: CollectionDef<T>;
  /** A reference to a document; without an id, a new generated 20-character id. */
  doc(id?: string): DocumentRef<T>;
}

export interface WriteBatch {
  create<T extends DocumentData>(ref: DocumentRef<T>, data: WriteData<T>): WriteBatch;
  /** As Transaction.createEach. */
  createEach<T extends DocumentData, K extends keyof T & string>(collection: CollectionRef<T>, shared: WriteData<Omit<T, K>>, each: readonly { id: string; data: WriteData<Pick<T, K>> }[]): WriteBatch;
  set<T extends DocumentData>(ref: DocumentRef<T>, data: WriteData<T>): WriteBatch;
  update<T extends DocumentData>(ref: DocumentRef<T>, data: UpdateData<T>): WriteBatch;
  delete<T extends DocumentData>(ref: DocumentRef<T>): WriteBatch;
  /** Applies every write or none. */
  commit(): Promise<void>;
}

/** Reads first, then writes; the whole function is retried when a read document changed. */
export interface Transaction {
  get<T extends DocumentData>(ref: DocumentRef<T>): Promise<DocumentSnapshot<T>>;
  query<T extends DocumentData>(query: Query<T>): Promise<QueryDocumentSnapshot<T>[]>;
  create<T extends DocumentData>(ref: DocumentRef<T>, data: WriteData<T>): Transaction;
  /**
   * Creates a document of `collection` for each of `each`, of the fields in `shared` and its own
   * (`data`): what as many `create`s of the whole documents do, checked against the schema the same
   * way. For many documents that differ in a few fields (a notification's in-app copies: one title
   * for all, a uid each), whose shared fields the embedded store checks and encodes once. A field may
   * not be both shared and a document's own.
   */
  createEach<T extends DocumentData, K extends keyof T & string>(collection: CollectionRef<T>, shared: WriteData<Omit<T, K>>, each: readonly { id: string; data: WriteData<Pick<T, K>> }[]): Transaction;
  set<T extends DocumentData>(ref: DocumentRef<T>, data: WriteData<T>): Transaction;
  update<T extends DocumentData>(ref: DocumentRef<T>, data: UpdateData<T>): Transaction;
  delete<T extends DocumentData>(ref: DocumentRef<T>): Transaction;
}

export interface DocumentChange {
  collection: string;
  id: string;
  type: 'created' | 'updated' | 'deleted';
  /** The raw document after the change (undefined after a delete); readers validate it. */
  data: DocumentData | undefined;
  /**
   * The raw document the change replaced or removed (undefined when it created it): whom a delete
   * concerned, for live reads that wake only whom a change concerns.
   */
  before: DocumentData | undefined;
}

export interface Documents {
  collection<T extends DocumentData>(def: CollectionDef<T>): CollectionRef<T>;
  batch(): WriteBatch;
  runTransaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R>;
  /**
   * The change feed, for live reads: every committed write of this process, in commit order,
   * except that a write the embedded backend must first flush to the disk is reported once it is.
   */
  onChange(listener: (change: DocumentChange) => void): () => void;
  /**
   * Calls `listener` when what `target` (a query's result, or one document) may have changed
   * through a write the change feed does not report: another server's (Firestore behind several
   * servers; it may also call for this process's own writes, and calls once more after a lost
   * listener is back, since writes may have been missed meanwhile). The embedded backend is one
   * process whose feed reports every write, so there it never calls.
   */
  onOtherWrites<T extends DocumentData>(target: Query<T> | DocumentRef<T>, listener: () => void): () => void;
  close(): Promise<void>;
}
