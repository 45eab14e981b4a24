// Opens one live feed, the same way on both backends: through the browser's one stream of live
// feeds (./live-hub.ts: the embedded backend's way, and every backend's for feeds the server
// computes, decision 041) or Firestore's onSnapshot (Firebase), and what useLiveFeed shows of it.
// Loaded by useLiveFeed on demand, with the hub (or Firestore) it needs, so no page carries this
// code at first load (decision 027). The hub reads the stream with the browser's EventSource: no page loads the
// tRPC client for a live feed.
import type { SetStateAction } from 'react';
import type { ClientFeed } from './client-feed';
import type { FeedEvents } from './feed-events';
import { liveError, type LiveState } from './live-state';
import type { FirebaseWebConfig } from '@/firebase-client/web-config';

/**
 * Starts reading `feed` for `viewer` (the person the page was rendered for; undefined while it is
 * asking the server who is signed in); resolves to the function that stops it.
 */
export async function connectFeed<Input, Data>(feed: ClientFeed<Input, Data>, backend: FirebaseWebConfig['backend'], input: Input, viewer: string | null | undefined, events: FeedEvents<Data>): Promise<() => void> {
  const firestoreQuery = feed.firestore;

  if (backend === 'embedded' || !firestoreQuery) {
    // The browser's one stream of live feeds, shared by its tabs. A public list is anyone's.
    const { liveHub } = await import('./live-hub');
    const parameters = input === undefined || input === null ? undefined : (input as Record<string, unknown>);
    return liveHub().subscribe({ feed: feed.procedure, input: parameters, public: feed.public }, feed.public ? undefined : viewer, events as FeedEvents<unknown>);
  }

  let answered = false;
  const fail = (error: unknown) => events.failed(liveError(error));
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

/**
 * Keeps useLiveFeed's state of `feed` (`update`, its setter) in step with the connection. With
 * `serverRendered`, the list on screen is the server's and the state holds no copy of it.
 */
export function followFeed<Input, Data>(
  feed: ClientFeed<Input, Data>,
  backend: FirebaseWebConfig['backend'],
  input: Input,
  viewer: string | null | undefined,
  serverRendered: boolean,
  update: (change: SetStateAction<LiveState<Data>>) => void,
): Promise<() => void> {
  return connectFeed(feed, backend, input, viewer, {
    data: (data, stale) => update({ status: 'ready', data, reconnecting: stale }),
    reconnecting: () => update((current) => (current.status === 'ready' ? { ...current, reconnecting: true } : current)),
    // Only Firestore's cache before its first answer. A list on screen stays, marked as
    // reconnecting; the server's rendering of it too (out of reach, not empty); with nothing shown
    // yet, an empty list, marked.
    cacheOnly: () =>
      update((current) =>
        current.status === 'ready' ? { ...current, reconnecting: true } : serverRendered ? { status: 'error', error: 'unavailable' } : { status: 'ready', data: [] as Data, reconnecting: true },
      ),
    failed: (reason) => {
      // Out of reach: the last list stays, marked; refused: the person must act (sign in, ...).
      if (reason === 'unavailable') update((current) => (current.status === 'ready' ? { ...current, reconnecting: true } : { status: 'error', error: reason }));
      else update({ status: 'error', error: reason });
    },
  });
}
