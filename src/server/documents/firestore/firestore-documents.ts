// The Firestore documents adapter (production), on firebase-admin. Firestore already has the
// port's semantics; this maps types (Timestamp ⇄ Date, server timestamps), validates documents
// against their schemas as the embedded adapter does, and translates error codes.
import 'server-only';
import { EventEmitter } from 'node:events';
import {
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentSnapshot as FsSnapshot,
  type Firestore,
  type Query as FsQuery,
  type Transaction as FsTransaction,
} from 'firebase-admin/firestore';
import { assertDocumentId, autoId } from '../auto-id';
import { CommittingDocumentRef, wholeData, WriteStager, type StagedWrite } from '../staged-writes';
import { applyUpdate, documentPath, projectionOf, resolveWriteValues, validateForWrite, validateOnRead } from '../codec';
import {
  DocumentsError,
  REMOVALS,
  tombstoneOf,
  isServerTimestamp,
  type CollectionDef,
  type CollectionRef,
  type DocumentChange,
  type DocumentData,
  type DocumentRef,
  type Documents,
  type DocumentSnapshot,
  type DocumentsErrorCode,
  type Query,
  type QueryDocumentSnapshot,
  type Transaction,
  type WriteBatch,
} from '../port';
import { effectiveOrders, idDirection, SpecQuery, type QuerySpec } from '../query';
import { log } from '@/server/log';

type Write = StagedWrite;

// gRPC status codes as Firestore reports them, to the port's codes.
const GRPC_CODES: Record<number, DocumentsErrorCode> = {
  3: 'invalid-argument',
  5: 'not-found',
  6: 'already-exists',
  9: 'failed-precondition',
  10: 'aborted',
  14: 'unavailable',
  15: 'data-loss',
};

export function translate(error: unknown): unknown {
  if (error instanceof DocumentsError) return error;
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'number' && GRPC_CODES[code]) {
    return new DocumentsError(GRPC_CODES[code], (error as Error).message);
  }
  return error;
}

async function translated<R>(work: () => Promise<R>): Promise<R> {
  try {
    return await work();
  } catch (error) {
    throw translate(error);
  }
}

export function fromFirestore(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate();
  if (Array.isArray(value)) return value.map(fromFirestore);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromFirestore(v)]));
  }
  return value;
}

/** Server timestamps become Firestore's sentinel; everything else is written as validated. */
export function toFirestore(value: unknown, original: unknown): unknown {
  if (isServerTimestamp(original)) return FieldValue.serverTimestamp();
  if (Array.isArray(value)) return value.map((item, i) => toFirestore(item, Array.isArray(original) ? original[i] : undefined));
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const source = (original ?? {}) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toFirestore(v, source[k])]));
  }
  return value;
}

class FirestoreSnapshot<T extends DocumentData> implements DocumentSnapshot<T> {
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

function snapshotOf<T extends DocumentData>(def: CollectionDef<T>, snapshot: FsSnapshot): DocumentSnapshot<T> {
  const path = documentPath(def.name, snapshot.id);
  if (!snapshot.exists) return new FirestoreSnapshot<T>(snapshot.id, path, undefined, undefined);
  const data = validateOnRead(def, snapshot.id, fromFirestore(snapshot.data()));
  return new FirestoreSnapshot(snapshot.id, path, data, snapshot.updateTime?.toDate());
}

/** The wait before listening again after a listener failed: doubled per failure in a row, up to the last. */
export const LISTEN_RETRY_MS = [1_000, 2_000, 5_000, 15_000, 30_000, 60_000] as const;

/**
 * Keeps a Firestore listener alive: a listener that fails is dead (Firestore calls it no more),
 * and a feed shared by the door phones and admins may stay open all night, so it is started again
 * after a wait, each failure logged once. Its first snapshot is the present, not a change, except
 * after a failure: writes may have been missed meanwhile, so then it counts as one.
 */
export function followOtherWrites(name: string, listen: (next: () => void, failed: (error: Error) => void) => () => void, listener: () => void): () => void {
  let failures = 0;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stop = () => {};
  const start = () => {
    let first = true;
    stop = listen(
      () => {
        if (!first) return listener();
        first = false;
        if (failures > 0) {
          failures = 0;
          listener();
        }
      },
      (error) => {
        const wait = LISTEN_RETRY_MS[Math.min(failures, LISTEN_RETRY_MS.length - 1)]!;
        failures += 1;
        log.error({ err: error, listening: name, retryInSeconds: wait / 1000 }, `Listening to ${name} for other servers' writes failed; listening again in ${wait / 1000} s (live figures follow this server's writes meanwhile).`);
        retry = setTimeout(() => {
          if (!stopped) start();
        }, wait);
      },
    );
  };
  start();
  return () => {
    stopped = true;
    clearTimeout(retry);
    stop();
  };
}

export class FirestoreDocuments implements Documents {
  private readonly feed = new EventEmitter();

  constructor(readonly firestore: Firestore) {
    this.feed.setMaxListeners(0);
  }

  collection<T extends DocumentData>(def: CollectionDef<T>): CollectionRef<T> {
    return new FirestoreCollection(this, def, { collection: def.name, filters: [], orders: [] });
  }

  batch(): WriteBatch {
    return new FirestoreBatch(this);
  }

  runTransaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
    return translated(async () => {
      // Firestore may run `work` again on contention: the changes of the attempt that committed.
      let changes: DocumentChange[] = [];
      const result = await this.firestore.runTransaction(async (fsTx) => {
        const tx = new FirestoreTransaction(this, fsTx);
        const value = await work(tx);
        changes = await this.applyWrites(fsTx, tx.writes);
        return value;
      });
      this.announce(changes);
      return result;
    });
  }

  onChange(listener: (change: DocumentChange) => void): () => void {
    this.feed.on('change', listener);
    return () => this.feed.off('change', listener);
  }

  onOtherWrites<T extends DocumentData>(target: Query<T> | DocumentRef<T>, listener: () => void): () => void {
    // Firestore's own listener on the query or document: it sees every server's writes.
    let listen: (next: () => void, failed: (error: Error) => void) => () => void;
    let name: string;
    if (target instanceof FirestoreQueryImpl) {
      listen = (next, failed) => this.buildQuery(target.spec).onSnapshot(next, failed);
      name = target.spec.collection;
    } else if (target instanceof FirestoreDocumentRef) {
      listen = (next, failed) => this.docRef(target).onSnapshot(next, failed);
      name = target.path;
    } else {
      throw new DocumentsError('invalid-argument', 'The query belongs to another documents adapter.');
    }
    return followOtherWrites(name, listen, listener);
  }

  async close(): Promise<void> {
    this.feed.removeAllListeners();
    await this.firestore.terminate();
  }

  // ---- used by the references below ----

  docRef(ref: { readonly collection: { readonly name: string }; readonly id: string }) {
    return this.firestore.collection(ref.collection.name).doc(ref.id);
  }

  buildQuery(spec: QuerySpec): FsQuery {
    let query: FsQuery = this.firestore.collection(spec.collection);
    for (const filter of spec.filters) query = query.where(filter.field, filter.op, filter.value);
    const orders = effectiveOrders(spec);
    for (const order of orders) query = query.orderBy(order.field, order.direction);
    if (spec.startAfter) query = query.orderBy(FieldPath.documentId(), idDirection(orders)).startAfter(...spec.startAfter);
    if (spec.limit !== undefined) query = query.limit(spec.limit);
    // Firestore sends only these fields; they are checked against their part of the schema (readAs).
    if (spec.select) query = query.select(...spec.select);
    return query;
  }

  /**
   * Validates and stages writes inside a Firestore transaction. Reads, first, every document a
   * write may find in place: updates merge into it, and the change feed tells a set that created
   * a document from one that replaced it and leaves out deletes of documents that did not exist,
   * as the embedded adapter does. Returns the changes the writes make, for the change feed.
   */
  async applyWrites(fsTx: FsTransaction, writes: readonly Write[]): Promise<DocumentChange[]> {
    const now = new Date();
    const read = new Map<string, Write['ref']>();
    for (const write of writes) if (write.kind !== 'create') read.set(write.ref.path, write.ref);
    const current = new Map<string, DocumentData | undefined>();
    const refs = [...read.values()];
    if (refs.length > 0) {
      const snapshots = await fsTx.getAll(...refs.map((ref) => this.docRef(ref)));
      snapshots.forEach((snapshot, i) => current.set(refs[i]!.path, snapshot.exists ? (fromFirestore(snapshot.data()) as DocumentData) : undefined));
    }
    const changes: DocumentChange[] = [];
    for (const write of writes) {
      const ref = this.docRef(write.ref);
      const existing = current.get(write.ref.path);
      const change = (type: DocumentChange['type'], data: DocumentData | undefined) => {
        changes.push({ collection: write.ref.collection.name, id: write.ref.id, type, data, before: existing });
        current.set(write.ref.path, data);
      };
      if (write.kind === 'delete') {
        fsTx.delete(ref);
        if (existing) {
          change('deleted', undefined);
          // In the same commit: a reader of what changed since learns of the removal too.
          const tombstone = tombstoneOf(write.ref.collection, write.ref.id, autoId);
          if (tombstone) fsTx.set(this.firestore.collection(REMOVALS).doc(tombstone.id), { ...tombstone.data, removedAt: FieldValue.serverTimestamp() });
        }
        continue;
      }
      // Check against the schema with server timestamps shown as the commit time.
      const whole = write.kind === 'update' ? write.data : wholeData(write);
      const resolved = resolveWriteValues(whole, now) as DocumentData;
      if (write.kind === 'update') {
        if (!existing) throw new DocumentsError('not-found', `No document to update: ${write.ref.path}`, write.ref.path);
        const merged = validateForWrite(write.ref.collection, write.ref.id, applyUpdate(existing, resolved));
        fsTx.set(ref, toFirestore(merged, applyUpdate(existing, write.data)) as DocumentData);
        change('updated', merged);
        continue;
      }
      const valid = validateForWrite(write.ref.collection, write.ref.id, resolved);
      const data = toFirestore(valid, whole) as DocumentData;
      if (write.kind === 'create') fsTx.create(ref, data);
      else fsTx.set(ref, data);
      change(write.kind === 'set' && existing ? 'updated' : 'created', valid);
    }
    return changes;
  }

  commitWrites(writes: readonly Write[]): Promise<void> {
    return translated(async () => {
      this.announce(await this.firestore.runTransaction((fsTx) => this.applyWrites(fsTx, writes)));
    });
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
}

/** The collection as the query's documents are checked: narrowed to its selected fields, if any. */
function readAs<T extends DocumentData>(def: CollectionDef<T>, spec: QuerySpec): CollectionDef<T> {
  return spec.select ? (projectionOf(def as CollectionDef<DocumentData>, spec.select) as CollectionDef<T>) : def;
}

class FirestoreQueryImpl<T extends DocumentData> extends SpecQuery<T> {
  constructor(
    protected readonly store: FirestoreDocuments,
    def: CollectionDef<T>,
    spec: QuerySpec,
  ) {
    super(def, spec);
  }
  protected withSpec(spec: QuerySpec): Query<T> {
    return new FirestoreQueryImpl(this.store, this.def, spec);
  }
  get(): Promise<QueryDocumentSnapshot<T>[]> {
    return translated(async () => {
      const result = await this.store.buildQuery(this.spec).get();
      const def = readAs(this.def, this.spec);
      return result.docs.map((doc) => snapshotOf(def, doc) as QueryDocumentSnapshot<T>);
    });
  }
  count(): Promise<number> {
    return translated(async () => (await this.store.buildQuery(this.spec).count().get()).data().count);
  }
}

class FirestoreCollection<T extends DocumentData> extends FirestoreQueryImpl<T> implements CollectionRef<T> {
  doc(id: string = autoId()): DocumentRef<T> {
    assertDocumentId(id);
    return new FirestoreDocumentRef(this.store, this.def, id);
  }
}

class FirestoreDocumentRef<T extends DocumentData> extends CommittingDocumentRef<T> {
  constructor(
    private readonly store: FirestoreDocuments,
    collection: CollectionDef<T>,
    id: string,
  ) {
    super(collection, id);
  }
  get(): Promise<DocumentSnapshot<T>> {
    return translated(async () => snapshotOf(this.collection, await this.store.docRef(this).get()));
  }
  protected commit(write: StagedWrite): Promise<void> {
    return this.store.commitWrites([write]);
  }
}

class FirestoreBatch extends WriteStager implements WriteBatch {
  private committed = false;
  constructor(private readonly store: FirestoreDocuments) {
    super();
  }
  async commit(): Promise<void> {
    if (this.committed) throw new DocumentsError('failed-precondition', 'This batch was already committed.');
    this.committed = true;
    // A transaction rather than a plain batch, so updates can be checked against the schema.
    await this.store.commitWrites(this.writes);
  }
}

class FirestoreTransaction extends WriteStager implements Transaction {
  constructor(
    private readonly store: FirestoreDocuments,
    private readonly fsTx: FsTransaction,
  ) {
    super();
  }
  private assertReading(): void {
    if (this.writes.length > 0) throw new DocumentsError('invalid-argument', 'A transaction must do all its reads before its writes.');
  }
  async get<T extends DocumentData>(ref: DocumentRef<T>): Promise<DocumentSnapshot<T>> {
    this.assertReading();
    return snapshotOf(ref.collection, await this.fsTx.get(this.store.docRef(ref)));
  }
  async query<T extends DocumentData>(query: Query<T>): Promise<QueryDocumentSnapshot<T>[]> {
    this.assertReading();
    const impl = query as FirestoreQueryImpl<T>;
    const result = await this.fsTx.get(this.store.buildQuery(impl.spec));
    const def = readAs(impl.def, impl.spec);
    return result.docs.map((doc) => snapshotOf(def, doc) as QueryDocumentSnapshot<T>);
  }
}
