// The query rules shared by both adapters: what a query may say (the limits Firestore enforces)
// and how its cursor is derived. Adapters only translate a checked QuerySpec.
import {
  DocumentsError,
  type CollectionDef,
  type Direction,
  type DocumentData,
  type Query,
  type QueryDocumentSnapshot,
  type WhereOp,
} from './port';

export interface Filter {
  field: string;
  op: WhereOp;
  value: unknown;
}

export interface Order {
  field: string;
  direction: Direction;
}

export interface QuerySpec {
  collection: string;
  filters: readonly Filter[];
  orders: readonly Order[];
  limit?: number;
  /** Values of the effective orders, then the document id, of the document to start after. */
  startAfter?: readonly unknown[];
  /** The top-level fields to read of each document; all when absent. */
  select?: readonly string[];
}

export const MAX_IN_VALUES = 30;
const INEQUALITIES: readonly WhereOp[] = ['<', '<=', '>', '>=', '!='];

function invalid(message: string): DocumentsError {
  return new DocumentsError('invalid-argument', message);
}

function assertFieldPath(field: string): void {
  if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(field)) throw invalid(`Invalid field path: ${field}`);
}

function assertComparable(value: unknown, what: string): void {
  const ok = value === null || ['string', 'number', 'boolean'].includes(typeof value) || value instanceof Date;
  if (!ok) throw invalid(`${what} must be a string, number, boolean, date or null`);
  if (typeof value === 'number' && !Number.isFinite(value)) throw invalid(`${what} must be a finite number`);
}

export function inequalityField(spec: QuerySpec): string | undefined {
  return spec.filters.find((f) => INEQUALITIES.includes(f.op))?.field;
}

export function addFilter(spec: QuerySpec, filter: Filter): QuerySpec {
  assertFieldPath(filter.field);
  if (filter.op === 'in') {
    if (!Array.isArray(filter.value) || filter.value.length === 0 || filter.value.length > MAX_IN_VALUES) {
      throw invalid(`'in' takes a list of 1 to ${MAX_IN_VALUES} values`);
    }
    filter.value.forEach((v) => assertComparable(v, `'in' value`));
    if (spec.filters.some((f) => f.op === 'in')) throw invalid(`A query can have only one 'in' filter`);
  } else {
    assertComparable(filter.value, `Value for ${filter.field}`);
  }
  if (filter.op === 'array-contains' && spec.filters.some((f) => f.op === 'array-contains')) {
    throw invalid(`A query can have only one 'array-contains' filter`);
  }
  if (INEQUALITIES.includes(filter.op)) {
    if (filter.value === null) throw invalid(`Range and '!=' filters cannot compare with null`);
    const existing = inequalityField(spec);
    if (existing && existing !== filter.field) {
      throw invalid(`Range and '!=' filters must all be on one field (${existing}), not also ${filter.field}`);
    }
  }
  return { ...spec, filters: [...spec.filters, filter], startAfter: undefined };
}

export function addOrder(spec: QuerySpec, order: Order): QuerySpec {
  assertFieldPath(order.field);
  if (spec.orders.some((o) => o.field === order.field)) throw invalid(`Already ordered by ${order.field}`);
  return { ...spec, orders: [...spec.orders, order], startAfter: undefined };
}

export function withSelect(spec: QuerySpec, fields: readonly string[]): QuerySpec {
  if (fields.length === 0) throw invalid('select takes at least one field');
  for (const field of fields) if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw invalid(`select takes top-level fields, not ${field}`);
  if (new Set(fields).size !== fields.length) throw invalid('select names each field once');
  return { ...spec, select: [...fields] };
}

export function withLimit(spec: QuerySpec, limit: number): QuerySpec {
  if (!Number.isInteger(limit) || limit <= 0) throw invalid('limit must be a positive whole number');
  return { ...spec, limit };
}

/** The orders a query really uses: a range field sorts first, as in Firestore. */
export function effectiveOrders(spec: QuerySpec): Order[] {
  const range = inequalityField(spec);
  if (range && spec.orders.length > 0 && spec.orders[0]!.field !== range) {
    throw invalid(`A query with a range filter on ${range} must be ordered by ${range} first`);
  }
  if (range && spec.orders.length === 0) return [{ field: range, direction: 'asc' }];
  return [...spec.orders];
}

/** Direction of the implicit last order by document id: that of the last explicit order. */
export function idDirection(orders: readonly Order[]): Direction {
  return orders.at(-1)?.direction ?? 'asc';
}

export function fieldValue(data: DocumentData, field: string): unknown {
  let value: unknown = data;
  for (const part of field.split('.')) {
    if (value === null || typeof value !== 'object' || value instanceof Date) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

export function withStartAfter<T extends DocumentData>(spec: QuerySpec, snapshot: QueryDocumentSnapshot<T>): QuerySpec {
  const orders = effectiveOrders(spec);
  const values = orders.map((order) => {
    const value = fieldValue(snapshot.data, order.field);
    if (value === undefined) throw invalid(`The cursor document ${snapshot.path} has no ${order.field}`);
    return value;
  });
  return { ...spec, startAfter: [...values, snapshot.id] };
}

/** The query builder both adapters share; each supplies how to run a checked spec. */
export abstract class SpecQuery<T extends DocumentData> implements Query<T> {
  constructor(
    readonly def: CollectionDef<T>,
    readonly spec: QuerySpec,
  ) {}
  protected abstract withSpec(spec: QuerySpec): Query<T>;
  abstract get(): Promise<QueryDocumentSnapshot<T>[]>;
  abstract count(): Promise<number>;

  where(field: string, op: WhereOp, value: unknown): Query<T> {
    return this.withSpec(addFilter(this.spec, { field, op, value }));
  }
  orderBy(field: string, direction: Direction = 'asc'): Query<T> {
    return this.withSpec(addOrder(this.spec, { field, direction }));
  }
  limit(count: number): Query<T> {
    return this.withSpec(withLimit(this.spec, count));
  }
  startAfter(snapshot: QueryDocumentSnapshot<T>): Query<T> {
    return this.withSpec(withStartAfter(this.spec, snapshot));
  }
  startAfterValues(values: readonly unknown[], id: string): Query<T> {
    if (values.length !== effectiveOrders(this.spec).length) throw invalid('A cursor needs a value for each order of the query');
    values.forEach((value) => assertComparable(value, 'A cursor value'));
    return this.withSpec({ ...this.spec, startAfter: [...values, id] });
  }
  select<K extends keyof T & string>(...fields: [K, ...K[]]): Query<Pick<T, K>> {
    // The same query reading less of each document: its rows are Pick<T, K> (see projectionOf).
    return this.withSpec(withSelect(this.spec, fields)) as unknown as Query<Pick<T, K>>;
  }
}
