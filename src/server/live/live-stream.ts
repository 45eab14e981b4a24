// One live feed as its tRPC subscription serves it: the shared watcher's results (one read per
// change for every stream of the feed). Browsers read feeds only through the one stream that
// carries all of them (./multiplex.ts, the `live.feeds` procedure), which holds the stream's slot.
import 'server-only';
import type { DocumentData, Documents, Query } from '@/server/documents/port';
import { watchRead } from './watch';

export interface LiveStreamOptions<T> {
  documents: Documents;
  /** The feed and its parameters: streams with the same key share one read per change. */
  key: string;
  collections: readonly string[];
  /**
   * With Firestore behind several servers, the documents whose change by another server should
   * wake the feed (narrow queries: each is a listener on Firestore). This server's writes to
   * `collections` wake it in any case.
   */
  otherServers?: readonly Query<DocumentData>[];
  read: () => Promise<T>;
  signal: AbortSignal | undefined;
}

export function liveStream<T>({ documents, key, collections, otherServers = [], read, signal }: LiveStreamOptions<T>): AsyncGenerator<T> {
  return watchRead(documents, key, collections, read, signal, otherServers);
}
