// The service worker (built by Serwist's route handler, served at /sw.js with scope /).
// Precaches only the few files every visitor needs offline; the build's files, the scanner's
// decoder and public pages are kept as a person first uses them (decision 040). Pages behind a
// sign-in, the API, other hosts and any page rendered for someone signed in are never cached: a
// door phone is shared (decision 015). The exceptions are the pages of the pass and the scanner,
// rendered for no one and holding no personal data (decisions 022 and 043), and a guest's ticket
// page, which is theirs and kept for their door (decision 040).
// It also shows the push messages of both backends and opens their page when one is clicked.
/// <reference lib="webworker" />
import type { PrecacheEntry, SerwistGlobalConfig, SerwistPlugin } from 'serwist';
import { CacheFirst, ExpirationPlugin, NetworkFirst, NetworkOnly, Serwist, StaleWhileRevalidate } from 'serwist';
import { isApiPath, isKeepablePage, isOfflineShell, isPrivatePath, isTicketPage, offlineShellKey, removeCachesOfEarlierReleases, ticketPageKey, WORKER_CACHES } from './private-caches';
import { clickAction, NOTIFICATION_BADGE, NOTIFICATION_ICON, pushContent } from './push-notification';
import { answeredAtRequestUrl, isBuildFile, isScannerDecoder, isWorkerScript, PAGE_FILES_MESSAGE, type PageFilesMessage } from './worker-files';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

const DAY = 24 * 60 * 60;

/**
 * A module worker's script keeps the URL it was asked for: Turbopack's worker entry reads its
 * bootstrap configuration from its own URL (`?params=` / `#params=`), and a response taken from a
 * cache carries the URL it was stored under, so the decoder stopped with "Missing worker bootstrap
 * config" on every page the worker controlled.
 */
const keepWorkerUrl: SerwistPlugin = {
  handlerWillRespond: async ({ request, response }) => (isWorkerScript(request) ? answeredAtRequestUrl(response) : response),
};

/** An offline shell is one page whatever its query (the scanner's event and mode). */
const shellUnderItsPath: SerwistPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => offlineShellKey(request.url),
};

/** A ticket's page is one page in whichever language its link was redirected to. */
const ticketUnderItsLink: SerwistPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => ticketPageKey(request.url),
};

/** Pages and payloads rendered for someone signed in are never stored (the header names them). */
const publicPagesOnly: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => (isKeepablePage(response) ? response : null),
};

const buildFiles = new CacheFirst({
  cacheName: WORKER_CACHES.buildFiles,
  plugins: [keepWorkerUrl, new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 90 * DAY, maxAgeFrom: 'last-used' })],
});

/**
 * This site's public files and pages: the only requests the worker answers from a cache. Guarded
 * pages (derived from the route table, so a new guarded route is covered by its row), the API
 * (members' photos included) and other hosts are never kept.
 */
function mayKeep(sameOrigin: boolean, url: URL): boolean {
  return sameOrigin && !isPrivatePath(url.pathname);
}

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  runtimeCaching: [
    // First match wins.
    {
      // The pass's and the scanner's pages themselves (a navigation, never an RSC payload): fresh
      // when online, and the last copy at a door without signal, kept under the path alone. They
      // carry no personal data (private-caches.ts).
      matcher: ({ sameOrigin, request, url }) => sameOrigin && request.mode === 'navigate' && isOfflineShell(url.pathname),
      handler: new NetworkFirst({ cacheName: WORKER_CACHES.offlineShells, networkTimeoutSeconds: 4, plugins: [shellUnderItsPath] }),
    },
    {
      // A ticket's page (issue 45): fresh when online, its last copy at a door without signal,
      // kept under its link (the secret is the ticket; the language aside) and only as rendered
      // for nobody signed in. Its payloads go to the network only: never into the public pages.
      matcher: ({ sameOrigin, request, url }) => sameOrigin && request.mode === 'navigate' && isTicketPage(url.pathname),
      handler: new NetworkFirst({
        cacheName: WORKER_CACHES.ticketPages,
        networkTimeoutSeconds: 4,
        plugins: [ticketUnderItsLink, publicPagesOnly, new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 30 * DAY, maxAgeFrom: 'last-used' })],
      }),
    },
    {
      matcher: ({ sameOrigin, url }) => sameOrigin && isTicketPage(url.pathname),
      handler: new NetworkOnly(),
    },
    {
      // A guarded page (any language) is loaded from the network only, with the navigation's
      // preloaded answer. Its payloads, the API (downloads such as the door's CSV included) and
      // other hosts (Firebase) are not the worker's business at all: they go straight to the
      // network, so no live stream or download passes through here.
      matcher: ({ sameOrigin, request, url }) => sameOrigin && request.mode === 'navigate' && isPrivatePath(url.pathname) && !isApiPath(url.pathname),
      handler: new NetworkOnly(),
    },
    {
      // The build's files never change under their hashed names: kept as pages first use them
      // (the scanner's decoder worker among them, keeping its URL).
      matcher: ({ sameOrigin, url }) => mayKeep(sameOrigin, url) && isBuildFile(url),
      handler: buildFiles,
    },
    {
      // Only the door uses the decoder: kept once a scanner has opened, never pushed to everyone.
      matcher: ({ sameOrigin, url }) => mayKeep(sameOrigin, url) && isScannerDecoder(url),
      handler: new CacheFirst({ cacheName: WORKER_CACHES.scannerDecoder, plugins: [new ExpirationPlugin({ maxEntries: 2 })] }),
    },
    {
      matcher: ({ sameOrigin, request, url }) => mayKeep(sameOrigin, url) && (request.destination === 'image' || request.destination === 'font'),
      handler: new StaleWhileRevalidate({
        cacheName: WORKER_CACHES.siteFiles,
        plugins: [new ExpirationPlugin({ maxEntries: 64, maxAgeSeconds: 30 * DAY, maxAgeFrom: 'last-used' })],
      }),
    },
    {
      // Public pages and their payloads (RSC, prefetches), for reading offline: only as rendered
      // for nobody signed in.
      matcher: ({ sameOrigin, request, url }) => mayKeep(sameOrigin, url) && request.method === 'GET' && (request.mode === 'navigate' || request.headers.get('RSC') === '1'),
      handler: new NetworkFirst({
        cacheName: WORKER_CACHES.publicPages,
        plugins: [publicPagesOnly, new ExpirationPlugin({ maxEntries: 48, maxAgeSeconds: DAY })],
      }),
    },
  ],
});

// Earlier releases kept pages rendered for whoever was signed in; this one removes their caches
// as it takes over.
self.addEventListener('activate', (event) => {
  event.waitUntil(removeCachesOfEarlierReleases(self.caches));
});

// A page that loaded before this worker controlled it (the first visit) names the build files it
// loaded: they are kept as if they had passed through the worker, from the browser's HTTP cache.
self.addEventListener('message', (event) => {
  const message = event.data as PageFilesMessage | null;
  if (message?.type !== PAGE_FILES_MESSAGE || !Array.isArray(message.urls)) return;
  const urls = message.urls.filter((each): each is string => typeof each === 'string').slice(0, 200);
  event.waitUntil(
    Promise.all(
      urls.map(async (each) => {
        const url = URL.canParse(each, self.location.origin) ? new URL(each, self.location.origin) : null;
        if (!url || !mayKeep(url.origin === self.location.origin, url) || !isBuildFile(url)) return;
        // A file already kept is answered from the cache, nothing fetched; one that fails is
        // simply fetched again when a page next needs it.
        await buildFiles.handle({ request: new Request(url.href), event }).catch(() => undefined);
      }),
    ),
  );
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
