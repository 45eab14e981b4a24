'use client';
// The image library as it changes, the same way in both backends: a tRPC subscription over
// server-sent events (embedded) or Firestore's onSnapshot (Firebase). Loading until the first
// result; a dropped connection keeps the last list on screen while it reconnects.
import { useEffect, useState } from 'react';
import { collection, getFirestore, limit, onSnapshot, orderBy, query, Timestamp, where, type QueryConstraint } from 'firebase/firestore';
import { TRPCClientError } from '@trpc/client';
import { trpc } from '@/trpc/client';
import { firebaseApp, webConfig } from '@/features/identity/client/firebase-web';
import type { ImageSummary } from '../image-library';
import { LIBRARY_LIMIT, type ImageTag } from '../images';

export type LiveError = 'unauthorized' | 'forbidden' | 'unavailable';

export type LiveState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T; reconnecting: boolean }
  | { status: 'error'; error: LiveError };

function liveError(error: unknown): LiveError {
  const code = error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : (error as { code?: string })?.code;
  if (code === 'UNAUTHORIZED' || code === 'unauthenticated') return 'unauthorized';
  if (code === 'FORBIDDEN' || code === 'permission-denied') return 'forbidden';
  return 'unavailable';
}

/** Firestore returns Timestamps; the app works with Dates, as the server sends them. */
function withDates<T>(value: T): T {
  if (value instanceof Timestamp) return value.toDate() as T;
  if (Array.isArray(value)) return value.map(withDates) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withDates(item)])) as T;
  return value;
}

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
