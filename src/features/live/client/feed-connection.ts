// Opens one live feed, the same way on both backends: a tRPC subscription over server-sent events
// (embedded, and every backend's way for feeds the server computes) or Firestore's onSnapshot
// (Firebase). Loaded by useLiveFeed on demand, with the feed table and the tRPC client (or
// Firestore) it needs, so no page carries this code at first load (decision 027). A public feed
// in the embedded backend is the same subscription read with the browser's EventSource
// (./event-stream.ts): a signed-out visitor loads no tRPC client at all.
import { CLIENT_FEEDS, type ClientFeed, type FeedData, type FeedInput, type FeedName } from './live-feeds';
import { liveError, type LiveError } from './live-state';
import type { FirebaseWebConfig } from '@/firebase-client/web-config';

export interface FeedEvents<Data> {
  /** A list: from the server (`stale` false), or from Firestore's cache while out of reach. */
  data(data: Data, stale: boolean): void;
  /** The connection dropped after an answer. */
  reconnecting(): void;
  /** Firestore is out of reach before its first answer: it has only its cache (empty on a first visit). */
  cacheOnly(): void;
  failed(reason: LiveError): void;
}

/** Starts reading `name`; resolves to the function that stops it. */
export async function connectFeed<N extends FeedName>(name: N, backend: FirebaseWebConfig['backend'], input: FeedInput<N>, events: FeedEvents<FeedData<N>>): Promise<() => void> {
  type Data = FeedData<N>;
  const feed = CLIENT_FEEDS[name] as unknown as ClientFeed<FeedInput<N>, Data>;
  let answered = false;
  const fail = (error: unknown) => events.failed(liveError(error));
  const firestoreQuery = feed.firestore;

  if (backend === 'embedded' && feed.public) {
    const { openEventStream } = await import('./event-stream');
    return openEventStream(feed.procedure, input, events);
  }

  if (backend === 'embedded' || !firestoreQuery) {
    const { browserTrpcClient } = await import('@/trpc/browser-client');
    const subscription = feed.embedded(browserTrpcClient(), input, {
      onData: (value) => {
        answered = true;
        events.data(value.data, false);
      },
      onError: fail,
      onConnectionStateChange: ({ state }) => {
        if (answered && state === 'connecting') events.reconnecting();
      },
    });
    return () => subscription.unsubscribe();
  }

  const [firestore, { withDates }, { firebaseApp, firebaseAuth }] = await Promise.all([import('firebase/firestore'), import('./firestore-values'), import('@/firebase-client/firebase-web')]);
  // A members' or admins' list is read as the person signed in on this device: Firebase Auth
  // restores that sign-in first (loaded only here, and only for such lists).
  if (!feed.public) await (await firebaseAuth()).authStateReady();
  return firestore.onSnapshot(
    firestoreQuery(firestore, firestore.getFirestore(firebaseApp()), input),
    (snapshot) => {
      // Before Firestore's first answer, a snapshot from the local cache (empty on a first visit)
      // only says Firestore is out of reach: it must not replace the server's list.
      if (snapshot.metadata.fromCache && !answered) {
        events.cacheOnly();
        return;
      }
      answered = true;
      events.data(snapshot.docs.map((doc) => ({ id: doc.id, ...withDates(doc.data()) })) as Data, snapshot.metadata.fromCache);
    },
    fail,
  );
}
