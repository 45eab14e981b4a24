'use client';
// Signing out from anywhere: every cache that could hold what this person saw (a door phone is
// shared, decision 015), what the features above identity keep of them on this device, the server
// session and Firebase (AuthProvider), then away from a page that needs a sign-in. The header
// offers it on every page, so what it needs is loaded on the click, not with the page (decision 027).
import { createContext, useCallback, useContext } from 'react';
import { useRouter, usePathname } from '@/i18n/navigation';
import { matchRoute } from '@/navigation/routes';
import { useViewerState } from './ViewerProvider';

/**
 * What the features above identity forget of the signed-in person on this device, before the
 * session ends: the app provides it (src/app/_compose/ForgetThisDevice.tsx) wherever a sign-out
 * is offered.
 */
export const DeviceForgetting = createContext<(() => Promise<void>) | null>(null);

/** `to`: where to go afterwards (a page that says what happened); by default a page that needs a sign-in is left for home. */
export function useSignOut(): (options?: { to?: string }) => Promise<void> {
  const { signOut } = useViewerState();
  const forgetThisDevice = useContext(DeviceForgetting);
  // A sign-out that left the last person's pass or messages on a shared phone would be worse than none.
  if (!forgetThisDevice) throw new Error('useSignOut() needs a <DeviceForgetting> provider above it.');
  const router = useRouter();
  const pathname = usePathname();
  return useCallback(async ({ to }: { to?: string } = {}) => {
    // First, while this page is sure to stay: ending the session refreshes the page, which may
    // navigate away. Nothing guarded is ever cached, so what is cached after this point are public
    // pages fetched while signing out.
    await import('@/features/pwa/private-caches')
      .then(({ forgetPersonalCaches }) => forgetPersonalCaches())
      .catch((error: unknown) => console.error('Clearing caches on sign-out failed:', error));
    await forgetThisDevice();
    await signOut();
    const route = matchRoute(pathname);
    if (to) router.replace(to);
    else if (route && route.access !== 'public') router.replace('/');
  }, [signOut, forgetThisDevice, router, pathname]);
}
