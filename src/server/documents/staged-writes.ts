// Writes collected by a batch or a transaction until they are committed; shared by the adapters.
import { documentPath } from './codec';
import { CHANGED_AT, serverTimestamp, type CollectionDef, type DocumentData, type DocumentRef, type DocumentSnapshot, type UpdateData, type WriteData } from './port';

export type StagedWrite =
  | { kind: 'create' | 'set'; ref: DocumentRef<DocumentData>; data: unknown }
  | { kind: 'update'; ref: DocumentRef<DocumentData>; data: Record<string, unknown> }
  | { kind: 'delete'; ref: DocumentRef<DocumentData> };

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
