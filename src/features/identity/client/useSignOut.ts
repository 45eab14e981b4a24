'use client';
// Signing out from anywhere: first, where the features above identity keep something of this
// person's on this device that still has to reach the server (a door phone's scans), the person is
// told and may stay; then every cache that could hold what this person saw (a door phone is
// shared, decision 015), what the features above identity keep of them on this device, the server
// session and Firebase (AuthProvider), then away from a page that needs a sign-in. The header
// offers it on every page, so what it needs is loaded on the click, not with the page (decision 027).
import { createContext, useCallback, useContext } from 'react';
import { useRouter, usePathname } from '@/i18n/navigation';
import { useViewerState } from './ViewerProvider';

/**
 * What the features above identity do at sign-out on this device: the app provides it
 * (src/app/_compose/ForgetThisDevice.tsx) wherever a sign-out is offered.
 */
export interface SignOutOnThisDevice {
  /** Whether the person still signs out, once told what of theirs waits on this device (false: they stay). */
  confirm: (uid: string) => Promise<boolean>;
  /** Forgets what this device keeps of the signed-in person, before the session ends. */
  forget: () => Promise<void>;
}

export const DeviceForgetting = createContext<SignOutOnThisDevice | null>(null);

export interface SignOutOptions {
  /** Where to go afterwards (a page that says what happened); by default a page that needs a sign-in is left for home. */
  to?: string;
  /** false where the session has ended already (everywhere, or with the account): there is nothing to stay signed in for. */
  ask?: boolean;
  /** Runs once the sign-out goes ahead (a menu closes), not when the person chose to stay. */
  onLeaving?: () => void;
}

/** Signs out; resolves false when the person chose to stay signed in. */
export function useSignOut(): (options?: SignOutOptions) => Promise<boolean> {
  const { signOut, person } = useViewerState();
  const onThisDevice = useContext(DeviceForgetting);
  // A sign-out that left the last person's pass or messages on a shared phone would be worse than none.
  if (!onThisDevice) throw new Error('useSignOut() needs a <DeviceForgetting> provider above it.');
  const router = useRouter();
  const pathname = usePathname();
  const uid = person?.uid ?? null;
  return useCallback(async ({ to, ask = true, onLeaving }: SignOutOptions = {}) => {
    if (ask && uid !== null && !(await onThisDevice.confirm(uid))) return false;
    onLeaving?.();
    // First, while this page is sure to stay: ending the session refreshes the page, which may
    // navigate away. Nothing guarded is ever cached, so what is cached after this point are public
    // pages fetched while signing out.
    await import('@/features/pwa/private-caches')
      .then(({ forgetPersonalCaches }) => forgetPersonalCaches())
      .catch((error: unknown) => console.error('Clearing caches on sign-out failed:', error));
    await onThisDevice.forget();
    await signOut();
    // The route table, on the click: a page's first load carries none of it (decision 027).
    const { matchRoute } = await import('@/navigation/routes');
    const route = matchRoute(pathname);
    if (to) router.replace(to);
    else if (route && route.access !== 'public') router.replace('/');
    return true;
  }, [signOut, onThisDevice, uid, router, pathname]);
}
