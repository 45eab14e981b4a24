'use client';
// The public programme as it changes: the server's list first (rendered into the page), then
// every change as it happens, over a tRPC subscription (embedded) or Firestore's onSnapshot
// (Firebase). Both read the publicEvents mirror, never events/{id}. Firestore is loaded only in
// the Firebase mode, so public pages stay light.
import { useEffect, useState } from 'react';
import { trpc } from '@/trpc/client';
import { firebaseApp, webConfig } from '@/features/identity/client/firebase-web';
import type { PublicEvent } from '../event-catalogue';
import { PUBLIC_EVENTS_COLLECTION, PUBLIC_LIST_LIMIT, PUBLIC_STATUSES } from '../programme';

export interface LiveProgramme {
  events: readonly PublicEvent[];
  /** The connection dropped: the list shown may be stale until it is back. */
  reconnecting: boolean;
}

export function useLiveProgramme(initial: readonly PublicEvent[]): LiveProgramme {
  const [backend, setBackend] = useState<'embedded' | 'firebase' | null>(null);
  const [firebaseEvents, setFirebaseEvents] = useState<{ events: readonly PublicEvent[]; reconnecting: boolean } | null>(null);
  /** Firestore has not answered yet and the SDK says it is out of reach: the server's list stays. */
  const [unreachable, setUnreachable] = useState(false);

  useEffect(() => {
    webConfig().then(
      (config) => setBackend(config.backend),
      () => setBackend(null),
    );
  }, []);

  const subscription = trpc.events.live.useSubscription(undefined, { enabled: backend === 'embedded' });

  useEffect(() => {
    if (backend !== 'firebase') return;
    let stop = () => {};
    let cancelled = false;
    let synced = false;
    void Promise.all([firebaseApp(), import('firebase/firestore'), import('@/features/live/client/firestore-values')]).then(
      ([app, { collection, getFirestore, limit, onSnapshot, orderBy, query, where }, { withDates }]) => {
        if (cancelled) return;
        stop = onSnapshot(
          query(collection(getFirestore(app), PUBLIC_EVENTS_COLLECTION), where('status', 'in', [...PUBLIC_STATUSES]), orderBy('startsAt', 'desc'), limit(PUBLIC_LIST_LIMIT)),
          (snapshot) => {
            // Before Firestore's first answer, a snapshot from the local cache (empty on a first
            // visit) only says Firestore is out of reach: it must not replace the server's list.
            if (snapshot.metadata.fromCache && !synced) {
              setUnreachable(true);
              return;
            }
            synced = true;
            setFirebaseEvents({
              events: snapshot.docs.map((doc) => ({ id: doc.id, ...withDates(doc.data()) }) as PublicEvent),
              reconnecting: snapshot.metadata.fromCache,
            });
          },
          () => setFirebaseEvents((current) => (current ? { ...current, reconnecting: true } : current)),
        );
      },
    );
    return () => {
      cancelled = true;
      stop();
    };
  }, [backend]);

  if (backend === 'firebase') return firebaseEvents ?? { events: initial, reconnecting: unreachable };
  if (backend === 'embedded' && subscription.data) {
    return { events: subscription.data.data, reconnecting: subscription.status === 'connecting' || subscription.status === 'error' };
  }
  return { events: initial, reconnecting: false };
}
