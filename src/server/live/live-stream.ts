// One live feed as its tRPC subscription serves it: the shared watcher's results (one read per
// change for every stream of the feed). Browsers read feeds only through the one stream that
// carries all of them (./multiplex.ts, the `live.feeds` procedure), which holds the stream's slot.
import 'server-only';
import { watchRead, type WatchOptions } from './watch';

export type LiveStreamOptions<T> = WatchOptions<T> & { signal: AbortSignal | undefined };

export function liveStream<T>(options: LiveStreamOptions<T>): AsyncGenerator<T> {
  return watchRead(options);
}
