// One live feed as its tRPC subscription serves it: the shared watcher's results (one read per
// change for every stream of the feed). Browsers read feeds only through the one stream that
// carries all of them (./multiplex.ts, the `live.feeds` procedure), which holds the stream's slot.
import 'server-only';
import type { DocumentChange } from '@/server/documents/port';
import { watchRead, type WatchOptions } from './watch';

export type LiveStreamOptions<T> = WatchOptions<T> & { signal: AbortSignal | undefined };

export function liveStream<T>(options: LiveStreamOptions<T>): AsyncGenerator<T> {
  return watchRead(options);
}

/**
 * A change concerns whom its document names in `field` (before or after it: a delete, a move). A
 * document that names nobody there concerns everyone: waking too many is safe, too few is not.
 */
export function naming(field: string, value: string): (change: DocumentChange) => boolean {
  return (change) => {
    const versions = [change.data, change.before].filter((version) => version !== undefined);
    return versions.every((version) => version[field] === undefined) || versions.some((version) => version[field] === value);
  };
}
