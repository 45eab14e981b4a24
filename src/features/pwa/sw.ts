// The service worker (built by Serwist's route handler, served at /sw.js with scope /).
// Precaches the build's static files and keeps public pages for offline use. Pages behind a
// sign-in, the API and other hosts are never cached: a door phone is shared (decision 015).
// The one exception is the pass's page shell, which holds no personal data (decision 022).
/// <reference lib="webworker" />
import { defaultCache } from '@serwist/turbopack/worker';
import type { PrecacheEntry, SerwistGlobalConfig } from 'serwist';
import { NetworkFirst, NetworkOnly, Serwist } from 'serwist';
import { isPassShell, isPrivatePath, PASS_SHELL_CACHE, purgePrivateEntries } from './private-caches';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  runtimeCaching: [
    // First match wins: these come before defaultCache's page, payload and "others" caches.
    {
      // The pass's page itself (a navigation, never its RSC payload): fresh when online, and the
      // last copy at a door without signal. It carries no personal data (private-caches.ts).
      matcher: ({ sameOrigin, request, url }) => sameOrigin && request.mode === 'navigate' && isPassShell(url.pathname),
      handler: new NetworkFirst({ cacheName: PASS_SHELL_CACHE, networkTimeoutSeconds: 4 }),
    },
    {
      // Guarded pages in every language (HTML, RSC payloads and prefetches share the path) and
      // the API. Derived from the route table, so a new guarded route is covered by its row.
      matcher: ({ sameOrigin, url }) => sameOrigin && isPrivatePath(url.pathname),
      handler: new NetworkOnly(),
    },
    {
      // Firebase (sign-in, Firestore, Storage download URLs of members' pictures): not ours to keep.
      matcher: ({ sameOrigin }) => !sameOrigin,
      handler: new NetworkOnly(),
    },
    ...defaultCache,
  ],
});

// A worker of an earlier release cached guarded pages; this one removes them as it takes over.
self.addEventListener('activate', (event) => {
  event.waitUntil(purgePrivateEntries(self.caches, self.location.origin));
});

serwist.addEventListeners();
