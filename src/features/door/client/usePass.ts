'use client';
// The member's pass on this phone: shown at once from IndexedDB (so it works with no signal),
// then synced with the server whenever the phone is online: the key (a new one after a rotation)
// and the clock's offset, measured as server time minus the middle of the request.
import { useCallback, useEffect, useState } from 'react';
import { trpc } from '@/trpc/client';
import { importPassKey, storedPass, storePass, type StoredPass } from './pass-store';

export type PassState =
  | { status: 'loading' }
  | { status: 'ready'; pass: StoredPass; syncing: boolean; offline: boolean }
  /** Offline and never synced on this phone: the pass needs one visit with a connection. */
  | { status: 'needsConnection' }
  | { status: 'error'; error: unknown };

export function usePass(uid: string): { state: PassState; sync: () => Promise<void> } {
  const client = trpc.useUtils().client;
  const [state, setState] = useState<PassState>({ status: 'loading' });

  const sync = useCallback(async () => {
    setState((current) => (current.status === 'ready' ? { ...current, syncing: true } : current));
    try {
      const sent = Date.now();
      const answer = await client.pass.mine.query();
      const received = Date.now();
      const pass: StoredPass = {
        uid,
        passId: answer.passId,
        version: answer.version,
        key: await importPassKey(answer.key),
        offsetMs: answer.serverTime - (sent + received) / 2,
        displayName: answer.displayName,
        photoURL: answer.photoURL,
        active: answer.active,
        syncedAt: received,
      };
      await storePass(pass).catch(() => undefined);
      setState({ status: 'ready', pass, syncing: false, offline: false });
    } catch (error) {
      setState((current) => {
        if (current.status === 'ready') return { ...current, syncing: false, offline: true };
        return navigator.onLine ? { status: 'error', error } : { status: 'needsConnection' };
      });
    }
  }, [client, uid]);

  useEffect(() => {
    let cancelled = false;
    storedPass(uid)
      .catch(() => undefined)
      .then((stored) => {
        if (cancelled) return;
        if (stored) setState({ status: 'ready', pass: stored, syncing: true, offline: !navigator.onLine });
        void sync();
      });
    const online = () => void sync();
    window.addEventListener('online', online);
    return () => {
      cancelled = true;
      window.removeEventListener('online', online);
    };
  }, [uid, sync]);

  return { state, sync };
}
