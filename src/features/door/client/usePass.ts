'use client';
// The member's pass on this phone: shown at once from IndexedDB (so it works with no signal), then
// synced with the server whenever the phone is online: whether this phone's key is the one the pass
// has (decision 042), and the clock's offset, measured as server time minus the middle of the
// request. A pass no phone shows yet is taken by this one at once; a pass another phone shows (or
// one an admin renewed) moves here only when the member says so: a lost phone that is still signed
// in does not take the pass back by itself.
import { useCallback, useEffect, useState } from 'react';
import { trpc } from '@/trpc/client';
import { newPhoneKey, storedPass, storePass, type PhoneKey, type StoredPass } from './pass-store';

export type ReadyPass = StoredPass & { phoneKey: PhoneKey };

export type PassState =
  | { status: 'loading' }
  | { status: 'ready'; pass: ReadyPass; syncing: boolean; offline: boolean }
  /** The pass shows on another phone (or was renewed): this phone's codes no longer work. */
  | { status: 'elsewhere'; moving: boolean; error: unknown }
  /** Offline and never synced on this phone: the pass needs one visit with a connection. */
  | { status: 'needsConnection' }
  | { status: 'error'; error: unknown };

interface Sync {
  sent: number;
  received: number;
  answer: { passId: string; version: number; publicKey: string | null; serverTime: number; displayName: string | null; photoURL: string | null; active: boolean };
}

export function usePass(uid: string): { state: PassState; sync: () => Promise<void>; moveHere: () => Promise<void> } {
  const client = trpc.useUtils().client;
  const [state, setState] = useState<PassState>({ status: 'loading' });

  const keep = useCallback(
    async ({ sent, received, answer }: Sync, phoneKey: PhoneKey, version: number) => {
      const pass: ReadyPass = {
        uid,
        passId: answer.passId,
        version,
        phoneKey,
        offsetMs: answer.serverTime - (sent + received) / 2,
        displayName: answer.displayName,
        photoURL: answer.photoURL,
        active: answer.active,
        syncedAt: received,
      };
      await storePass(pass).catch(() => undefined);
      setState({ status: 'ready', pass, syncing: false, offline: false });
    },
    [uid],
  );

  /** This phone shows the pass from now on: a new key, registered (every other phone's codes end). */
  const register = useCallback(
    async (synced: Sync) => {
      const phoneKey = await newPhoneKey();
      const { version } = await client.pass.register.mutate({ publicKey: phoneKey.publicKey });
      await keep(synced, phoneKey, version);
    },
    [client, keep],
  );

  const sync = useCallback(async () => {
    setState((current) => (current.status === 'ready' ? { ...current, syncing: true } : current));
    try {
      const sent = Date.now();
      const answer = await client.pass.mine.query();
      const synced: Sync = { sent, received: Date.now(), answer };
      const stored = await storedPass(uid).catch(() => undefined);
      const phoneKey = stored?.passId === answer.passId ? stored.phoneKey : undefined;
      if (phoneKey && phoneKey.publicKey === answer.publicKey) await keep(synced, phoneKey, answer.version);
      else if (!phoneKey && !answer.publicKey) await register(synced);
      else setState({ status: 'elsewhere', moving: false, error: null });
    } catch (error) {
      setState((current) => {
        if (current.status === 'ready') return { ...current, syncing: false, offline: true };
        if (current.status === 'elsewhere') return { ...current, error };
        return navigator.onLine ? { status: 'error', error } : { status: 'needsConnection' };
      });
    }
  }, [client, uid, keep, register]);

  /** "Show my pass on this phone", and "My phone was lost": this phone takes the pass. */
  const moveHere = useCallback(async () => {
    setState((current) => (current.status === 'elsewhere' ? { ...current, moving: true, error: null } : current));
    try {
      const sent = Date.now();
      const answer = await client.pass.mine.query();
      await register({ sent, received: Date.now(), answer });
    } catch (error) {
      setState((current) => (current.status === 'elsewhere' ? { ...current, moving: false, error } : current));
      throw error;
    }
  }, [client, register]);

  useEffect(() => {
    let cancelled = false;
    storedPass(uid)
      .catch(() => undefined)
      .then((stored) => {
        if (cancelled) return;
        if (stored?.phoneKey) setState({ status: 'ready', pass: stored as ReadyPass, syncing: true, offline: !navigator.onLine });
        void sync();
      });
    const online = () => void sync();
    window.addEventListener('online', online);
    return () => {
      cancelled = true;
      window.removeEventListener('online', online);
    };
  }, [uid, sync]);

  return { state, sync, moveHere };
}
