// One live stream as a tRPC subscription serves it: a slot among the client address's open streams
// (refused when they are all taken), then the shared watcher's results, each with a version so a
// reconnecting browser is told where it was. The maximum duration is the tRPC instance's
// `sse.maxDurationMs` (src/server/trpc/init.ts), which ends the response so the browser reconnects.
import 'server-only';
import { tracked, TRPCError } from '@trpc/server';
import type { DocumentData, Documents, Query } from '@/server/documents/port';
import { MAX_STREAMS_PER_ADDRESS, StreamSlots } from './stream-limits';
import { watchRead } from './watch';

const holder = globalThis as typeof globalThis & { __venueStreamSlots?: StreamSlots };
/** The open streams of this server process, per client address. */
export const streamSlots = (holder.__venueStreamSlots ??= new StreamSlots(MAX_STREAMS_PER_ADDRESS));

export interface LiveStreamOptions<T> {
  documents: Documents;
  clientAddress: string;
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
  slots?: StreamSlots;
}

export async function* liveStream<T>({ documents, clientAddress, key, collections, otherServers = [], read, signal, slots = streamSlots }: LiveStreamOptions<T>) {
  const release = slots.take(clientAddress);
  if (!release) {
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: `Too many live streams are open from your address (at most ${MAX_STREAMS_PER_ADDRESS}). Close some tabs and reload.`,
    });
  }
  try {
    let version = 0;
    for await (const value of watchRead(documents, key, collections, read, signal, otherServers)) {
      version += 1;
      yield tracked(String(version), value);
    }
  } finally {
    release();
  }
}
