'use client';
// The scanner page's link with the server for the chosen event (door-sync.ts): made when the event
// is chosen, stopped when it changes or the page closes, told who is signed in (whose scans it
// uploads and queues), its state (online, scans waiting and for whom, set-aside scans, the list's
// time) rendered as it changes.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { browserTrpcClient } from '@/trpc/browser-client';
import { BEFORE_START, DoorSync, type DoorSyncState } from './door-sync';
import type { Decider } from './door-store';

const noSubscription = () => () => undefined;

/** `account`: the person signed in as the page knows them, null while it does not. */
export function useDoorSync(eventId: string | null, account: Decider | null): { sync: DoorSync | null; state: DoorSyncState } {
  // Made in the browser only (the server renders the page without it).
  const browser = useSyncExternalStore(noSubscription, () => true, () => false);
  const sync = useMemo(() => (browser && eventId ? new DoorSync(browserTrpcClient(), eventId) : null), [browser, eventId]);
  const uid = account?.uid ?? null;
  const name = account?.name ?? null;
  // Before it starts: the first round uploads this person's scans.
  useEffect(() => void sync?.setAccount(uid === null ? null : { uid, name }), [sync, uid, name]);
  useEffect(() => sync?.start(), [sync]);
  const state = useSyncExternalStore(sync?.subscribe ?? noSubscription, sync?.getSnapshot ?? (() => BEFORE_START), () => BEFORE_START);
  return { sync, state };
}
