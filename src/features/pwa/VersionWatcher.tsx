'use client';
// New-version detection: polls the server's build id; once it differs from this bundle's, the next
// client navigation becomes a full page load (at most once per path per 10 seconds). A plain GET
// of health.check: every page runs this, and it needs no tRPC client for it (decision 027).
import { useEffect, useRef, useState } from 'react';
import { usePathname } from 'next/navigation';
import { askWhileOpen } from '@/ui/poll';
import { claimReload } from './reload-guard';

export const VERSION_POLL_MS = 60_000;
const CLIENT_BUILD_ID = process.env.NEXT_PUBLIC_BUILD_ID ?? 'development';
const HEALTH_PATH = '/api/trpc/health.check';

/** The server's build id from health.check (tRPC's superjson answer), or null when there is none. */
export async function serverBuildId(fetcher: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetcher(HEALTH_PATH, { cache: 'no-store' });
    if (!response.ok) return null;
    const body = (await response.json()) as { result?: { data?: { json?: { buildId?: unknown } } } };
    const buildId = body.result?.data?.json?.buildId;
    return typeof buildId === 'string' && buildId ? buildId : null;
  } catch {
    return null; // offline: asked again at the next poll
  }
}

export function VersionWatcher() {
  const pathname = usePathname();
  const lastPath = useRef(pathname);
  const [outdated, setOutdated] = useState(false);

  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || outdated) return;
    let live = true;
    const check = () =>
      void serverBuildId().then((buildId) => {
        if (live && buildId !== null && buildId !== CLIENT_BUILD_ID) setOutdated(true);
      });
    // The page was just rendered by the server: the first question can wait until it has loaded.
    const stop = askWhileOpen(check, VERSION_POLL_MS, { first: 'afterLoad' });
    return () => {
      live = false;
      stop();
    };
  }, [outdated]);

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
