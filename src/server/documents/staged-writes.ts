// Writes collected by a batch or a transaction until they are committed; shared by the adapters.
import { documentPath } from './codec';
import { CHANGED_AT, DocumentsError, serverTimestamp, type CollectionDef, type CollectionRef, type DocumentData, type DocumentRef, type DocumentSnapshot, type UpdateData, type WriteData } from './port';

/**
 * The fields that the documents of one `createEach` share, and the names of the fields each holds
 * of its own (none of them among the shared ones).
 */
export interface SharedFields {
  readonly data: Record<string, unknown>;
  readonly own: readonly string[];
}

export type StagedWrite =
  | { kind: 'create' | 'set'; ref: DocumentRef<DocumentData>; data: unknown; shared?: undefined }
  // One document of a createEach: `data` holds its own fields, `shared` the others.
  | { kind: 'create'; ref: DocumentRef<DocumentData>; data: Record<string, unknown>; shared: SharedFields }
  | { kind: 'update'; ref: DocumentRef<DocumentData>; data: Record<string, unknown>; shared?: undefined }
  | { kind: 'delete'; ref: DocumentRef<DocumentData>; shared?: undefined };

/** The whole document a create or set writes: a createEach's shared fields with the document's own. */
export function wholeData(write: Extract<StagedWrite, { kind: 'create' | 'set' }>): unknown {
  return write.shared ? { ...write.shared.data, ...write.data } : write.data;
}

export function stagedWrite<T extends DocumentData>(kind: StagedWrite['kind'], ref: DocumentRef<T>, data?: unknown): StagedWrite {
  // Every write of a stamped collection passes here, on both adapters: none can forget its stamp.
  if (ref.collection.stamped && kind !== 'delete') data = { ...(data as Record<string, unknown>), [CHANGED_AT]: serverTimestamp() };
  return { kind, ref: ref as unknown as DocumentRef<DocumentData>, data } as StagedWrite;
}

export abstract class WriteStager {
  readonly writes: StagedWrite[] = [];

  protected beforeWrite(): void {}

  private stage<T extends DocumentData>(kind: StagedWrite['kind'], ref: DocumentRef<T>, data?: unknown): this {
    this.beforeWrite();
    this.writes.push(stagedWrite(kind, ref, data));
    return this;
  }
  create<T extends DocumentData>(ref: DocumentRef<T>, data: WriteData<T>): this {
    return this.stage('create', ref, data);
  }
  set<T extends DocumentData>(ref: DocumentRef<T>, data: WriteData<T>): this {
    return this.stage('set', ref, data);
  }
  update<T extends DocumentData>(ref: DocumentRef<T>, data: UpdateData<T>): this {
    return this.stage('update', ref, data);
  }
  delete<T extends DocumentData>(ref: DocumentRef<T>): this {
    return this.stage('delete', ref);
  }
  createEach<T extends DocumentData, K extends keyof T & string>(collection: CollectionRef<T>, shared: WriteData<Omit<T, K>>, each: readonly { id: string; data: WriteData<Pick<T, K>> }[]): this {
    this.beforeWrite();
    const own = new Set<string>();
    for (const { data } of each) for (const field in data) own.add(field);
    const clash = [...own].find((field) => Object.hasOwn(shared, field));
    if (clash) throw new DocumentsError('invalid-argument', `createEach: the field ${clash} is both shared and a document's own`);
    // Every write of a stamped collection passes here or through stagedWrite, on both adapters.
    const data = collection.def.stamped ? { ...shared, [CHANGED_AT]: serverTimestamp() } : (shared as Record<string, unknown>);
    const fields: SharedFields = { data, own: [...own] };
    for (const entry of each) this.writes.push({ kind: 'create', ref: collection.doc(entry.id) as unknown as DocumentRef<DocumentData>, data: entry.data as Record<string, unknown>, shared: fields });
    return this;
  }
}

/** A document reference whose single writes commit at once; adapters supply reading and committing. */
export abstract class CommittingDocumentRef<T extends DocumentData> implements DocumentRef<T> {
  constructor(
    readonly collection: CollectionDef<T>,
    readonly id: string,
  ) {}
  get path(): string {
    return documentPath(this.collection.name, this.id);
  }
  abstract get(): Promise<DocumentSnapshot<T>>;
  protected abstract commit(write: StagedWrite): Promise<void>;

  create(data: WriteData<T>): Promise<void> {
    return this.commit(stagedWrite('create', this, data));
  }
  set(data: WriteData<T>): Promise<void> {
    return this.commit(stagedWrite('set', this, data));
  }
  update(data: UpdateData<T>): Promise<void> {
    return this.commit(stagedWrite('update', this, data));
  }
  delete(): Promise<void> {
    return this.commit(stagedWrite('delete', this));
  }
}
