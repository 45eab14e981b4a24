// A live feed's result goes out once per change, however many streams carry it (decisions 017 and
// 041): a shared watcher's result (watch.ts) is turned into superjson's form and its JSON text once,
// and a stream's message with it into bytes once per feed key, then handed to every stream as is.
// Anything not shared (one person's inbox) is made afresh for its one stream.
import superjson from 'superjson';

interface SharedForms {
  json?: string;
  /** The encoded message of this result, per feed key (the browsers' name for the feed). */
  messages?: Map<string, Uint8Array>;
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

/**
 * A server-sent event with a feed's result, as the browser reads it: `data:` and the superjson form
 * (no annotations of its own) of `{ key, data }`, `data` being the result's superjson form.
 */
export function resultEvent(key: string, value: unknown): Uint8Array {
  const make = () => encoder.encode(`data: {"json":{"key":${JSON.stringify(key)},"data":${serializedJson(value)}}}\n\n`);
  const forms = formsOf(value);
  if (!forms) return make();
  forms.messages ??= new Map();
  let message = forms.messages.get(key);
  if (!message) forms.messages.set(key, (message = make()));
  return message;
}
