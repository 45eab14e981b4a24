'use client';
// The scanner page's link with the server for the chosen event (door-sync.ts): made when the event
// is chosen, stopped when it changes or the page closes, its state (online, scans waiting, the
// list's time) rendered as it changes.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { browserTrpcClient } from '@/trpc/browser-client';
import { DoorSync, type DoorSyncState } from './door-sync';

const BEFORE_START: DoorSyncState = { online: true, offlineSince: null, waiting: 0, rejected: 0, listAt: null };
const noSubscription = () => () => undefined;

export function useDoorSync(eventId: string | null): { sync: DoorSync | null; state: DoorSyncState } {
  // Made in the browser only (the server renders the page without it).
  const browser = useSyncExternalStore(noSubscription, () => true, () => false);
  const sync = useMemo(() => (browser && eventId ? new DoorSync(browserTrpcClient(), eventId) : null), [browser, eventId]);
  useEffect(() => sync?.start(), [sync]);
  const state = useSyncExternalStore(sync?.subscribe ?? noSubscription, sync?.getSnapshot ?? (() => BEFORE_START), () => BEFORE_START);
  return { sync, state };
}
