'use client';
// Returning to the page that sent someone to sign in, also across the e-mail link's round trip.
import { useCallback } from 'react';
import { useRouter } from 'next/navigation';
import { safeReturnPath } from '@/navigation/return-path';
import { useAuth } from '../client/AuthProvider';

const RETURN_PATH_KEY = 'signInReturnPath';

/** Kept while the e-mail link travels; the link itself is the site origin plus /confirm only. */
export function rememberReturnPath(path: string): void {
  try {
    localStorage.setItem(RETURN_PATH_KEY, path);
  } catch {
    // Without storage the person lands on the home page after confirming.
  }
}

export function takeReturnPath(): string | null {
  try {
    const path = safeReturnPath(localStorage.getItem(RETURN_PATH_KEY));
    localStorage.removeItem(RETURN_PATH_KEY);
    return path;
  } catch {
    return null;
  }
}

/**
 * After Firebase signed someone in: waits until the server session exists (so the next page
 * renders signed in), then goes to `path`. False when the session could not be started.
 */
export function useFinishSignIn(): (path: string, uid: string) => Promise<boolean> {
  const router = useRouter();
  const { waitForSession } = useAuth();
  return useCallback(
    async (path: string, uid: string) => {
      if ((await waitForSession(uid)) !== 'ready') return false;
      router.replace(path);
      router.refresh();
      return true;
    },
    [router, waitForSession],
  );
}
