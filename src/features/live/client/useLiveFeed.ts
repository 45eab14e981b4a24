'use client';
// One live feed as it changes, the same way on both backends (./feed-connection.ts: a tRPC
// subscription over server-sent events, or Firestore's onSnapshot in the Firebase backend). `feed`
// is the feature's own definition of it (`<feature>/client/live-feeds.ts`). With `initial` (the
// list the server rendered into the page) it is ready at once; without, loading until the first
// result. A dropped connection keeps the last list on screen, marked as reconnecting; a refusal is
// an error. The connection and the hub or Firestore load on demand, after the page is
// interactive: a public page (the programme) ships none of them at first load, and a list the
// server rendered waits for the browser to be idle first (decision 027). A page whose list is on
// screen already and needs no copy of it (the programme, which compares a fingerprint) says
// `serverRendered`: loading until the first result, as late.
import { useEffect, useState } from 'react';
import { useBackend } from '@/firebase-client/WebConfigProvider';
import { useViewerState } from '@/features/identity/client/ViewerProvider';
import { whenIdle } from '@/ui/idle';
import type { LiveState } from './live-state';
import type { ClientFeed } from './client-feed';

export function useLiveFeed<Input, Data>(
  feed: ClientFeed<Input, Data>,
  input: Input,
  { initial, serverRendered = false }: { initial?: Data; serverRendered?: boolean } = {},
): LiveState<Data> {
  const backend = useBackend();
  // Whose data the page may show: the person it was rendered for (undefined while it asks).
  const { person, loading } = useViewerState();
  const viewer = loading ? undefined : (person?.uid ?? null);
  const rendered = serverRendered || initial !== undefined;
  const inputKey = JSON.stringify(input ?? null);
  const [state, setState] = useState<LiveState<Data>>(() => (initial !== undefined ? { status: 'ready', data: initial, reconnecting: false } : { status: 'loading' }));
  const [shownKey, setShownKey] = useState(inputKey);
  // Another input (another filter): its own list, loading until it answers.
  if (shownKey !== inputKey) {
    setShownKey(inputKey);
    setState({ status: 'loading' });
  }

  useEffect(() => {
    const feedInput = JSON.parse(inputKey) as Input;
    let cancelled = false;
    let stop = () => {};
    const load = () =>
      import('./feed-connection')
        .then(({ followFeed }) => followFeed(feed, backend, feedInput, viewer, serverRendered, (change) => !cancelled && setState(change)))
        .then((stopFeed) => {
          if (cancelled) stopFeed();
          else stop = stopFeed;
        })
        .catch(() => !cancelled && setState((current) => (current.status === 'ready' ? { ...current, reconnecting: true } : { status: 'error', error: 'unavailable' })));
    // What the server rendered is on screen: the feed can wait until the page is idle.
    const stopWaiting = rendered ? whenIdle(() => void load(), 2_000) : (void load(), () => {});
    return () => {
      cancelled = true;
      stopWaiting();
      stop();
    };
  }, [backend, feed, inputKey, viewer, rendered, serverRendered]);

  return state;
}
