'use client';
// Returning to the page that sent someone to sign in, also across the e-mail link's round trip.
import { useCallback } from 'react';
import { useRouter } from 'next/navigation';
import { safeReturnPath } from '@/navigation/return-path';

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

/** Navigates to the return path once the server session exists, so the page renders signed in. */
export function useSignedInRedirect(): (path: string) => Promise<void> {
  const router = useRouter();
  return useCallback(
    async (path: string) => {
      router.replace(path);
      router.refresh();
    },
    [router],
  );
}
