// The tRPC transformer (superjson), with one saving for live feeds: a result that a shared watcher
// hands to many streams (watch.ts) is turned into superjson's form once, not once per stream
// (decision 017). Everything else is serialized as before.
import superjson from 'superjson';

type Serialized = ReturnType<typeof superjson.serialize>;

/** Results of shared live reads, with their serialized form once it has been made. */
const shared = new WeakMap<object, Serialized | null>();

/** Marks a live read's result as handed to many streams unchanged. */
export function markShared(value: unknown): void {
  if (typeof value === 'object' && value !== null) shared.set(value, null);
}

function serialize(value: unknown): Serialized {
  if (typeof value !== 'object' || value === null || !shared.has(value)) return superjson.serialize(value);
  let serialized = shared.get(value);
  if (!serialized) shared.set(value, (serialized = superjson.serialize(value)));
  return serialized;
}

export const transformer = {
  input: superjson,
  output: { serialize, deserialize: superjson.deserialize.bind(superjson) },
};
