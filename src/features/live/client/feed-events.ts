// What a live connection tells its reader, whichever way it reads (./feed-connection.ts,
// ./live-hub.ts, ./event-stream.ts): in a module of its own, so none of them imports another for it.
import type { LiveError } from './live-state';

export interface FeedEvents<Data> {
  /** A list: from the server (`stale` false), or from Firestore's cache while out of reach. */
  data(data: Data, stale: boolean): void;
  /** The connection dropped after an answer. */
  reconnecting(): void;
  /** Firestore is out of reach before its first answer: it has only its cache (empty on a first visit). */
  cacheOnly(): void;
  failed(reason: LiveError): void;
}
