'use client';
// The image library as it changes, the same way in both backends: a tRPC subscription over
// server-sent events (embedded) or Firestore's onSnapshot (Firebase). Loading until the first
// result; a dropped connection keeps the last list on screen while it reconnects.
import { useEffect, useState } from 'react';
import { collection, getFirestore, limit, onSnapshot, orderBy, query, where, type QueryConstraint } from 'firebase/firestore';
import { withDates } from '@/features/live/client/firestore-values';
import { liveError, type LiveState } from '@/features/live/client/live-state';
import { trpc } from '@/trpc/client';
import { firebaseApp, webConfig } from '@/features/identity/client/firebase-web';
import type { ImageSummary } from '../image-library';
import { LIBRARY_LIMIT, type ImageTag } from '../images';

export function useLiveImages(tag: ImageTag | null): LiveState<ImageSummary[]> {
  const [backend, setBackend] = useState<'embedded' | 'firebase' | null>(null);
  const [firebaseState, setFirebaseState] = useState<LiveState<ImageSummary[]>>({ status: 'loading' });

  useEffect(() => {
    webConfig().then(
      (config) => setBackend(config.backend),
      () => setFirebaseState({ status: 'error', error: 'unavailable' }),
    );
  }, []);

  const subscription = trpc.images.live.useSubscription({ tag }, { enabled: backend === 'embedded' });

  useEffect(() => {
    if (backend !== 'firebase') return;
    let stop = () => {};
    let cancelled = false;
    // A new subscription (another tag) starts from loading until its first snapshot.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setFirebaseState({ status: 'loading' });
    void firebaseApp().then((app) => {
      if (cancelled) return;
      const constraints: QueryConstraint[] = [orderBy('createdAt', 'desc'), limit(LIBRARY_LIMIT)];
      if (tag) constraints.unshift(where('tags', 'array-contains', tag));
      stop = onSnapshot(
        query(collection(getFirestore(app), 'images'), ...constraints),
        (snapshot) =>
          setFirebaseState({
            status: 'ready',
            data: snapshot.docs.map((doc) => ({ id: doc.id, ...withDates(doc.data()) }) as ImageSummary),
            reconnecting: snapshot.metadata.fromCache,
          }),
        (error) => setFirebaseState({ status: 'error', error: liveError(error) }),
      );
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [backend, tag]);

  if (backend === 'firebase') return firebaseState;
  if (backend === null) return firebaseState.status === 'error' ? firebaseState : { status: 'loading' };
  if (subscription.status === 'error' && !subscription.data) return { status: 'error', error: liveError(subscription.error) };
  if (!subscription.data) return { status: 'loading' };
  return { status: 'ready', data: subscription.data.data, reconnecting: subscription.status === 'connecting' || subscription.status === 'error' };
}
