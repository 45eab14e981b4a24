// The service worker (built by Serwist's route handler, served at /sw.js with scope /).
// Precaches the build's static files and keeps public pages for offline use. Pages behind a
// sign-in, the API and other hosts are never cached: a door phone is shared (decision 015).
// The one exception is the pass's page shell, which holds no personal data (decision 022).
// It also shows the push messages of both backends and opens their page when one is clicked.
/// <reference lib="webworker" />
import { defaultCache } from '@serwist/turbopack/worker';
import type { PrecacheEntry, SerwistGlobalConfig } from 'serwist';
import { NetworkFirst, NetworkOnly, Serwist } from 'serwist';
import { isPassShell, isPrivatePath, PASS_SHELL_CACHE, purgePrivateEntries } from './private-caches';
import { clickAction, NOTIFICATION_BADGE, NOTIFICATION_ICON, pushContent } from './push-notification';

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

// Web Push and FCM data messages alike arrive here as push events (no Firebase SDK runs in this
// worker to show anything of its own), so each message is shown once, the same way on either
// backend. The payload is read defensively in push-notification.ts.
self.addEventListener('push', (event) => {
  const content = pushContent(event.data ? event.data.text() : null, self.location.origin, self.navigator.languages);
  event.waitUntil(
    self.registration.showNotification(content.title, {
      body: content.body,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      tag: content.tag,
      lang: content.lang,
      data: { url: content.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openNotification(event.notification.data));
});

async function openNotification(data: unknown) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const controlled = new Set((await self.clients.matchAll({ type: 'window' })).map((client) => client.id));
  const action = clickAction(
    data,
    self.location.origin,
    windows.map((client) => ({ url: client.url, focused: client.focused, controlled: controlled.has(client.id) })),
  );
  if (action.kind === 'open') {
    await self.clients.openWindow(action.url);
    return;
  }
  // Focus first: a worker may bring a window forward only while the click still counts.
  const client = await windows[action.index]!.focus();
  if (action.kind === 'focus') return;
  try {
    await client.navigate(action.url);
  } catch {
    // The window stopped being ours in the meantime (it left the site): a new one instead.
    await self.clients.openWindow(action.url);
  }
}

serwist.addEventListeners();
