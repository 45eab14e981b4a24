// A live feed's result goes out once per change, however many streams carry it (decisions 017 and
// 041): a shared watcher's result (watch.ts) is turned into superjson's form, its JSON text and the
// bytes of its part of a stream's message once, and handed to every stream as is. Only the head
// of the message, with the feed's key (the browser's name for the feed, a few bytes), is made for
// each stream, and not kept: what is kept of a result is kept once per result, which the server's
// watcher made for a feed and its parameters, never once per key a browser chose (issue 43).
// Anything not shared (one person's inbox) is made afresh for its one stream.
import superjson from 'superjson';

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
