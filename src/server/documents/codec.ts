// Validation and value handling shared by the adapters: documents are checked against their
// collection's schema on every write and every read.
import { z } from 'zod';
import { DocumentsError, isServerTimestamp, type CollectionDef, type DocumentData } from './port';

export function documentPath(collection: string, id: string): string {
  return `${collection}/${id}`;
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(document)'}: ${issue.message}`).join('; ');
}

const compiled = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The schema as zod compiles it (z.compile): one generated function that checks a whole document,
 * instead of a call for each field and value. The same checks: what the compiled function does not
 * take is checked again by the schema itself, which names what is wrong, and a schema zod cannot
 * compile is used as it is. Made once per schema, when a document is first checked against it.
 */
function checkerOf<T>(schema: z.ZodType<T>): z.ZodType<T> {
  let checker = compiled.get(schema);
  if (!checker) compiled.set(schema, (checker = z.compile(schema)));
  return checker as z.ZodType<T>;
}

/** Checks data about to be written; the stored form is the schema's output. */
export function validateForWrite<T extends DocumentData>(def: CollectionDef<T>, id: string, data: unknown): T {
  const result = checkerOf(def.schema).safeParse(data);
  if (!result.success) {
    throw new DocumentsError('invalid-argument', `Invalid document for ${documentPath(def.name, id)}: ${describeIssues(result.error)}`, documentPath(def.name, id));
  }
  return result.data;
}

/** Checks a stored document; one that no longer fits its schema is an error naming its path. */
export function validateOnRead<T extends DocumentData>(def: CollectionDef<T>, id: string, data: unknown): T {
  const result = checkerOf(def.schema).safeParse(data);
  if (!result.success) {
    throw new DocumentsError('data-loss', `Malformed document at ${documentPath(def.name, id)}: ${describeIssues(result.error)}`, documentPath(def.name, id));
  }
  return result.data;
}

const projections = new WeakMap<CollectionDef<DocumentData>, Map<string, CollectionDef<DocumentData>>>();

/**
 * The collection as a query that selects `fields` reads it: the same name, its schema narrowed to
 * those fields (so a stored document is still checked, field by field, and nothing else is handed
 * out). Made once per collection and fields. Only an object schema has fields to select.
 */
export function projectionOf(def: CollectionDef<DocumentData>, fields: readonly string[]): CollectionDef<DocumentData> {
  let byFields = projections.get(def);
  if (!byFields) projections.set(def, (byFields = new Map()));
  const key = fields.join(',');
  let projected = byFields.get(key);
  if (!projected) {
    if (!(def.schema instanceof z.ZodObject)) throw new DocumentsError('invalid-argument', `Fields can be selected only of a collection with an object schema, not of ${def.name}`);
    const schema = def.schema as z.ZodObject<Record<string, z.ZodType>>;
    const unknown = fields.filter((field) => !(field in schema.shape));
    if (unknown.length > 0) throw new DocumentsError('invalid-argument', `${def.name} has no field ${unknown.join(', ')} to select`);
    const mask: Record<string, true> = Object.fromEntries(fields.map((field) => [field, true]));
    projected = { name: def.name, schema: schema.pick(mask) as unknown as z.ZodType<DocumentData> };
    byFields.set(key, projected);
  }
  return projected;
}

/** A collection's schema in two parts: the fields documents share, and those each holds of its own. */
export interface SplitSchema {
  shared: CollectionDef<DocumentData>;
  own: CollectionDef<DocumentData>;
}

const splits = new WeakMap<CollectionDef<DocumentData>, Map<string, SplitSchema | null>>();

/**
 * The collection as documents that share all but their `own` fields are checked (createEach): the
 * shared fields against the schema without the own ones, each document's own against the schema
 * of those alone. For an object schema with no check of the whole object (a refinement may compare
 * fields), every field is checked by its own schema alone, so checking the two parts is checking
 * the whole document: the same fields required, the same defaults, the same unknown fields refused
 * or dropped. Null for any other schema: its documents are checked whole. Made once per collection
 * and own fields.
 */
export function splitOf(def: CollectionDef<DocumentData>, own: readonly string[]): SplitSchema | null {
  let byFields = splits.get(def);
  if (!byFields) splits.set(def, (byFields = new Map()));
  const key = own.join(',');
  let split = byFields.get(key);
  if (split === undefined) {
    split = null;
    if (def.schema instanceof z.ZodObject && (def.schema.def.checks ?? []).length === 0) {
      const schema = def.schema as z.ZodObject<Record<string, z.ZodType>>;
      const mask: Record<string, true> = Object.fromEntries(own.filter((field) => field in schema.shape).map((field) => [field, true]));
      split = {
        shared: { name: def.name, schema: schema.omit(mask) as unknown as z.ZodType<DocumentData> },
        own: { name: def.name, schema: schema.pick(mask) as unknown as z.ZodType<DocumentData> },
      };
    }
    byFields.set(key, split);
  }
  return split;
}

/** Whether resolveWriteValues would change anything: a server timestamp or an undefined field, anywhere. */
export function needsResolving(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || value instanceof Date) return false;
  if (isServerTimestamp(value)) return true;
  if (Array.isArray(value)) return value.some(needsResolving);
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const item = record[key];
    if (item === undefined || needsResolving(item)) return true;
  }
  return false;
}

/** Replaces server timestamps with the commit time and drops undefined fields (deeply). */
export function resolveWriteValues(value: unknown, commitTime: Date): unknown {
  if (isServerTimestamp(value)) return commitTime;
  if (value instanceof Date || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => resolveWriteValues(item, commitTime));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined) out[key] = resolveWriteValues(item, commitTime);
  }
  return out;
}

/** Applies an update's top-level fields and dotted paths to a copy of the current document. */
export function applyUpdate(current: DocumentData, changes: Record<string, unknown>): DocumentData {
  return applyUpdateInPlace(structuredClone(current), changes);
}

/** applyUpdate on the document itself, for a caller whose document nothing else holds. */
export function applyUpdateInPlace(next: DocumentData, changes: Record<string, unknown>): DocumentData {
  for (const [path, value] of Object.entries(changes)) {
    const parts = path.split('.');
    let target: Record<string, unknown> = next;
    for (const part of parts.slice(0, -1)) {
      const child = target[part];
      if (child === null || typeof child !== 'object' || Array.isArray(child) || child instanceof Date) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    const last = parts.at(-1)!;
    if (value === undefined) delete target[last];
    else target[last] = value;
  }
  return next;
}
