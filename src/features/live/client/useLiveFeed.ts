'use client';
// One live feed as it changes, the same way on both backends: a tRPC subscription over
// server-sent events (embedded) or Firestore's onSnapshot (Firebase; Firestore is loaded only
// then, so pages stay light on the embedded backend). With `initial` (the list the server rendered
// into the page) it is ready at once; without, loading until the first result. A dropped
// connection keeps the last list on screen, marked as reconnecting; a refusal is an error.
import { useEffect, useState } from 'react';
import { trpc } from '@/trpc/client';
import { useBackend } from '@/firebase-client/WebConfigProvider';
import { liveError, type LiveState } from './live-state';
import { CLIENT_FEEDS, type ClientFeed, type FeedData, type FeedInput, type FeedName } from './live-feeds';

export function useLiveFeed<N extends FeedName>(name: N, input: FeedInput<N>, initial?: FeedData<N>): LiveState<FeedData<N>> {
  type Data = FeedData<N>;
  const backend = useBackend();
  const client = trpc.useUtils().client;
  const inputKey = JSON.stringify(input ?? null);
  const [state, setState] = useState<LiveState<Data>>(() => (initial !== undefined ? { status: 'ready', data: initial, reconnecting: false } : { status: 'loading' }));
  const [shownKey, setShownKey] = useState(inputKey);
  // Another input (another filter): its own list, loading until it answers.
  if (shownKey !== inputKey) {
    setShownKey(inputKey);
    setState({ status: 'loading' });
  }

  useEffect(() => {
    const feed = CLIENT_FEEDS[name] as unknown as ClientFeed<FeedInput<N>, Data>;
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

    const firestoreQuery = feed.firestore;
    if (backend === 'embedded' || !firestoreQuery) {
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
    return () => {
      cancelled = true;
      stop();
    };
  }, [backend, client, name, inputKey]);

  return state;
}
