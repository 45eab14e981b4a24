// A live feed's result goes out once per change, however many streams carry it (decisions 017 and
// 041). A watcher's result (watch.ts) becomes one whole server-sent event, `SharedResult.frame`,
// made once per change and written as the same bytes to every stream that carries the feed: it
// names the feed by the watcher's id, not by the key a browser chose, so no stream needs bytes of
// its own (issue 48). Each stream says once which of its keys a watcher's id stands for (a short
// message of its own, `{ key, shared }`); what is kept of a result is kept once per result, never
// once per key a browser chose (issue 43).
// The older form, a head with the stream's key and a tail shared by every stream (`resultEvent`),
// stays for results that come without a watcher (a subscription iterated stream by stream), and
// is what the fan-out bench measures the shared frames against in the same run.
import superjson from 'superjson';

const frameEncoder = new TextEncoder();

/**
 * One result of a watcher, shared by every stream that carries its feed: the value and, once a
 * stream asks for it, the event that carries it, `data: {"json":{"shared":id,"data":<superjson>}}`
 * (the outer object has nothing superjson must annotate, so it has no `meta`).
 */
export class SharedResult {
  private bytes: Uint8Array | undefined;

  constructor(
    /** The watcher's id in this process: the feed and its parameters, without saying either. */
    readonly id: string,
    readonly value: unknown,
  ) {}

  /** The whole event, made on first use and the same bytes for every stream after. */
  get frame(): Uint8Array {
    return (this.bytes ??= frameEncoder.encode(`data: {"json":{"shared":${JSON.stringify(this.id)},"data":${JSON.stringify(superjson.serialize(this.value))}}}\n\n`));
  }
}

interface SharedForms {
  json?: string;
  /** The message's part after the feed's key: the result, and the event's end. */
  tail?: Uint8Array;
}

/** Results of shared live reads, with their serialized forms once they have been made. */
const shared = new WeakMap<object, SharedForms>();

const encoder = new TextEncoder();

/** Marks a live read's result as handed to many streams unchanged. */
export function markShared(value: unknown): void {
  if (typeof value === 'object' && value !== null && !shared.has(value)) shared.set(value, {});
}

function formsOf(value: unknown): SharedForms | undefined {
  return typeof value === 'object' && value !== null ? shared.get(value) : undefined;
}

/** The JSON text of `value`'s superjson form. */
export function serializedJson(value: unknown): string {
  const forms = formsOf(value);
  if (!forms) return JSON.stringify(superjson.serialize(value));
  return (forms.json ??= JSON.stringify(superjson.serialize(value)));
}

function tailOf(value: unknown): Uint8Array {
  return encoder.encode(`,"data":${serializedJson(value)}}}\n\n`);
}

/**
 * A server-sent event with a feed's result, as the browser reads it: `data:` and the superjson form
 * (no annotations of its own) of `{ key, data }`, `data` being the result's superjson form. In two
 * parts, written one after the other: the head with the key, made for this stream, and the
 * result's part, the same bytes for every stream of a shared result.
 */
export function resultEvent(key: string, value: unknown): [head: Uint8Array, tail: Uint8Array] {
  const head = encoder.encode(`data: {"json":{"key":${JSON.stringify(key)}`);
  const forms = formsOf(value);
  return [head, forms ? (forms.tail ??= tailOf(value)) : tailOf(value)];
}
