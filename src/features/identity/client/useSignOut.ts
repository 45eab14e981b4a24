'use client';
// Signing out from anywhere: the server session and Firebase (AuthProvider), then away from a page
// that needs a sign-in.
import { useCallback } from 'react';
import { useRouter, usePathname } from '@/i18n/navigation';
import { matchRoute } from '@/navigation/routes';
import { useAuth } from './AuthProvider';

export function useSignOut(): () => Promise<void> {
  const { signOut } = useAuth();
  const router = useRouter();
  const pathname = usePathname();
  return useCallback(async () => {
    await signOut();
    const route = matchRoute(pathname);
    if (route && route.access !== 'public') router.replace('/');
  }, [signOut, router, pathname]);
}
