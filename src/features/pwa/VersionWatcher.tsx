'use client';
// New-version detection: polls the server's build id; once it differs from this bundle's, the next
// client navigation becomes a full page load (at most once per path per 10 seconds).
import { useEffect, useRef } from 'react';
import { usePathname } from 'next/navigation';
import { trpc } from '@/trpc/client';
import { claimReload } from './reload-guard';

export const VERSION_POLL_MS = 60_000;
const CLIENT_BUILD_ID = process.env.NEXT_PUBLIC_BUILD_ID ?? 'development';

export function VersionWatcher() {
  const pathname = usePathname();
  const lastPath = useRef(pathname);
  const health = trpc.health.check.useQuery(undefined, {
    enabled: process.env.NODE_ENV === 'production',
    refetchInterval: VERSION_POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
    retry: false,
  });
  const outdated = health.data !== undefined && health.data.buildId !== CLIENT_BUILD_ID;

  useEffect(() => {
    // Fetch the new service worker too, so the reload is served by the new version.
    if (outdated) void navigator.serviceWorker?.getRegistration().then((registration) => registration?.update());
  }, [outdated]);

  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (outdated && claimReload(pathname, Date.now(), window.sessionStorage)) window.location.reload();
  }, [pathname, outdated]);

  return null;
}
