'use client';
// One live feed as it changes, the same way on both backends: a tRPC subscription over
// server-sent events (embedded) or Firestore's onSnapshot (Firebase; Firestore is loaded only
// then, so pages stay light on the embedded backend). With `initial` (the list the server rendered
// into the page) it is ready at once; without, loading until the first result. A dropped
// connection keeps the last list on screen, marked as reconnecting; a refusal is an error.
// The feed table and the tRPC client are loaded on demand, after the page is interactive: a public
// page (the programme) ships neither at first load, and a list the server rendered waits for the
// browser to be idle first (decision 027).
import { useEffect, useState } from 'react';
import { useBackend } from '@/firebase-client/WebConfigProvider';
import { liveError, type LiveState } from './live-state';
import type { ClientFeed, FeedData, FeedInput, FeedName } from './live-feeds';
import type { TrpcClient } from '@/trpc/client';

/** Runs `work` once the browser is idle (at the latest after `timeout` ms). Returns the cancel. */
function whenIdle(work: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 1);
  return () => clearTimeout(handle);
}

export function useLiveFeed<N extends FeedName>(name: N, input: FeedInput<N>, initial?: FeedData<N>): LiveState<FeedData<N>> {
  type Data = FeedData<N>;
  const backend = useBackend();
  const rendered = initial !== undefined;
  const inputKey = JSON.stringify(input ?? null);
  const [state, setState] = useState<LiveState<Data>>(() => (initial !== undefined ? { status: 'ready', data: initial, reconnecting: false } : { status: 'loading' }));
  const [shownKey, setShownKey] = useState(inputKey);
  // Another input (another filter): its own list, loading until it answers.
  if (shownKey !== inputKey) {
    setShownKey(inputKey);
    setState({ status: 'loading' });
  }

  useEffect(() => {
    const feedInput = JSON.parse(inputKey) as FeedInput<N>;
    let cancelled = false;
    let stop = () => {};
    let answered = false;
    const reconnecting = () => setState((current) => (current.status === 'ready' ? { ...current, reconnecting: true } : current));
    const fail = (error: unknown) => {
      if (cancelled) return;
      const reason = liveError(error);
      // Out of reach: the last list stays, marked; refused: the person must act (sign in, ...).
      if (reason === 'unavailable') setState((current) => (current.status === 'ready' ? { ...current, reconnecting: true } : { status: 'error', error: reason }));
      else setState({ status: 'error', error: reason });
    };
    const show = (data: Data, stale: boolean) => !cancelled && setState({ status: 'ready', data, reconnecting: stale });

    const start = (feed: ClientFeed<FeedInput<N>, Data>, client: TrpcClient | null) => {
      const firestoreQuery = feed.firestore;
      if (client || !firestoreQuery) {
        if (!client) return;
        const subscription = feed.embedded(client, feedInput, {
          onData: (value) => {
            answered = true;
            show(value.data, false);
          },
          onError: fail,
          onConnectionStateChange: ({ state: connection }) => {
            if (answered && connection === 'connecting') reconnecting();
          },
        });
        stop = () => subscription.unsubscribe();
      } else {
        Promise.all([import('firebase/firestore'), import('./firestore-values'), import('@/firebase-client/firebase-web')]).then(async ([firestore, { withDates }, { firebaseApp, firebaseAuth }]) => {
          // A members' or admins' list is read as the person signed in on this device: Firebase
          // Auth restores that sign-in first (loaded only here, and only for such lists).
          if (!feed.public) await (await firebaseAuth()).authStateReady();
          if (cancelled) return;
          stop = firestore.onSnapshot(
            firestoreQuery(firestore, firestore.getFirestore(firebaseApp()), feedInput),
            (snapshot) => {
              // Before Firestore's first answer, a snapshot from the local cache (empty on a first
              // visit) only says Firestore is out of reach: it must not replace the server's list.
              if (snapshot.metadata.fromCache && !answered) {
                setState((current) => (current.status === 'ready' ? { ...current, reconnecting: true } : { status: 'ready', data: [] as Data, reconnecting: true }));
                return;
              }
              answered = true;
              show(
                snapshot.docs.map((doc) => ({ id: doc.id, ...withDates(doc.data()) })) as Data,
                snapshot.metadata.fromCache,
              );
            },
            fail,
          );
        }).catch(fail);
      }
    };

    // The tRPC client only where the feed is read over tRPC (embedded, or computed by the server).
    const load = () =>
      import('./live-feeds')
        .then(async ({ CLIENT_FEEDS }) => {
          const feed = CLIENT_FEEDS[name] as unknown as ClientFeed<FeedInput<N>, Data>;
          const overTrpc = backend === 'embedded' || !feed.firestore;
          const client = overTrpc ? (await import('@/trpc/client')).browserTrpcClient() : null;
          if (!cancelled) start(feed, client);
        })
        .catch(fail);
    // What the server rendered is on screen: the feed can wait until the page is idle.
    const stopWaiting = rendered ? whenIdle(() => void load(), 2_000) : (void load(), () => {});
    return () => {
      cancelled = true;
      stopWaiting();
      stop();
    };
  }, [backend, name, inputKey, rendered]);

  return state;
}
