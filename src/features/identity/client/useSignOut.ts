'use client';
// Signing out from anywhere: every cache that could hold what this person saw (a door phone is
// shared, decision 015), the server session and Firebase (AuthProvider), then away from a page
// that needs a sign-in. The header offers it on every page, so what it needs is loaded on the
// click, not with the page (decision 027).
import { useCallback } from 'react';
import { useRouter, usePathname } from '@/i18n/navigation';
import { matchRoute } from '@/navigation/routes';
import { PUSH_RECORD_KEY } from '@/features/notifications/constants';
import { useViewerState } from './ViewerProvider';

/** `to`: where to go afterwards (a page that says what happened); by default a page that needs a sign-in is left for home. */
export function useSignOut(): (options?: { to?: string }) => Promise<void> {
  const { signOut } = useViewerState();
  const router = useRouter();
  const pathname = usePathname();
  return useCallback(async ({ to }: { to?: string } = {}) => {
    // First, while this page is sure to stay: ending the session refreshes the page, which may
    // navigate away. Nothing guarded is ever cached, so what is cached after this point are public
    // pages fetched while signing out.
    await import('@/features/pwa/private-caches')
      .then(({ forgetPersonalCaches }) => forgetPersonalCaches())
      .catch((error: unknown) => console.error('Clearing caches on sign-out failed:', error));
    // The member pass's key leaves with its owner; a door phone's lists of members and their photos
    // too (its queue of scans decided offline stays until the server has it: decision 043).
    await Promise.all([
      import('@/features/door/client/pass-store').then(({ forgetPasses }) => forgetPasses()),
      import('@/features/door/client/door-store').then(({ forgetDoorLists }) => forgetDoorLists()),
    ]).catch((error: unknown) => console.error('Forgetting the pass or the door list on sign-out failed:', error));
    // A shared phone must not show the next person this one's messages: push goes off on this
    // device while the session still exists to tell the server. Loaded only if push was ever on.
    if (localStorage.getItem(PUSH_RECORD_KEY)) {
      await Promise.all([import('@/features/notifications/client/push-registration'), import('@/trpc/browser-client')])
        .then(([{ disablePush }, { browserTrpcClient }]) => disablePush(browserTrpcClient()))
        .catch((error: unknown) => console.error('Turning push off on sign-out failed:', error));
    }
    await signOut();
    const route = matchRoute(pathname);
    if (to) router.replace(to);
    else if (route && route.access !== 'public') router.replace('/');
  }, [signOut, router, pathname]);
}
