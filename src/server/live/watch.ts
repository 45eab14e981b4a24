// Live reads on the embedded backend: re-runs a read whenever the documents change feed reports
// a write to one of its collections, and yields each new result. Bursts of writes are coalesced
// into one read. Ends when the signal aborts (the subscriber went away).
import type { Documents } from '@/server/documents/port';

/** Writes arriving within this window are answered with one read. */
export const SETTLE_MS = 20;

export async function* watchRead<T>(
  documents: Documents,
  collections: readonly string[],
  read: () => Promise<T>,
  signal?: AbortSignal,
): AsyncGenerator<T> {
  let dirty = true;
  let wake: (() => void) | undefined;
  const stop = documents.onChange((change) => {
    if (!collections.includes(change.collection)) return;
    dirty = true;
    wake?.();
  });
  const aborted = new Promise<void>((resolve) => {
    if (signal?.aborted) resolve();
    signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  try {
    while (!signal?.aborted) {
      if (!dirty) {
        await Promise.race([new Promise<void>((resolve) => (wake = resolve)), aborted]);
        wake = undefined;
        if (signal?.aborted) break;
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      }
      dirty = false;
      yield await read();
    }
  } finally {
    stop();
  }
}
