// What the service worker may keep on a shared device (decision 015), written once for the worker
// (src/features/pwa/sw.ts) and for signing out (useSignOut).
import { splitLocale } from '@/navigation/not-found';
import { isGuardedPath, matchRoute, routeById } from '@/navigation/routes';

/**
 * A same-origin path the worker must never cache: a page behind a sign-in (any language, its HTML,
 * RSC payload or prefetch, which share the path) or the API (data, files, sessions).
 */
export function isPrivatePath(pathname: string): boolean {
  return isApiPath(pathname) || isGuardedPath(splitLocale(pathname).path);
}

/** The API: data, files, sessions, downloads. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * The two guarded pages the worker keeps, as documents (not their RSC payloads), so they reopen
 * at a door without signal: the member's pass and the door's scanner. Neither holds anybody's data:
 * both are rendered without the signed-in person, the pass takes the account, the key and the name
 * from this browser (IndexedDB, Firebase Auth), the scanner takes its door list from IndexedDB
 * (decision 043) and lists only published events; sign-out clears them all. Each is kept under its
 * path alone: the scanner's event and mode (its query) are read by the page itself.
 */
export const OFFLINE_SHELLS_CACHE = 'offline-shells';

export function isOfflineShell(pathname: string): boolean {
  const path = splitLocale(pathname).path;
  return path === routeById('vipQr').pattern || path === routeById('scanner').pattern;
}

/** The key an offline shell is kept under: its path, without the query. */
export function offlineShellKey(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  return url.startsWith('http') ? `${parsed.origin}${parsed.pathname}` : parsed.pathname;
}

/**
 * Keeps the pass's (or the scanner's) page for a door without signal when it was reached inside the app: a
 * client-side navigation never passes the worker as a page load, so the worker's route above never
 * saw the document. It is fetched as a page load gets it and stored under the same key. Only a
 * page (not a redirect to sign-in, not an error) is kept. Resolves whether it was stored.
 */
export async function keepOfflineShell(pathname: string, cacheStorage: CacheStorage = caches): Promise<boolean> {
  if (!isOfflineShell(pathname)) return false;
  const response = await fetch(pathname, { credentials: 'same-origin', redirect: 'manual', headers: { accept: 'text/html' } });
  if (!response.ok || response.type !== 'basic' || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return false;
  await (await cacheStorage.open(OFFLINE_SHELLS_CACHE)).put(offlineShellKey(pathname), response);
  return true;
}

/**
 * A ticket's page (/tickets/{id}?key=…, issue 45): one guest's ticket, kept in a cache of its own
 * under its whole address (the secret included) so it opens at the door without signal, and only as
 * rendered for nobody signed in, like a public page. Never in `public-pages`, so its 24 hours and
 * 48 entries do not push it out; "Remove this ticket from this phone" (forgetTicketPage) and signing
 * out delete it (decision 040).
 */
export const TICKET_PAGES_CACHE = 'ticket-pages';

export function isTicketPage(pathname: string): boolean {
  return matchRoute(splitLocale(pathname).path)?.id === 'ticket';
}

/**
 * The key a ticket's page is kept under: its address without the language, with its link. The
 * mail's link may be the English one on a phone that chose German: online it is redirected to
 * /de/tickets/…, which is what is kept; offline the same link must still find it.
 */
export function ticketPageKey(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  const path = `${splitLocale(parsed.pathname).path}${parsed.search}`;
  return url.startsWith('http') ? `${parsed.origin}${path}` : path;
}

/**
 * Deletes this phone's copies of one ticket's page (any language, any link), in the page (Cache
 * Storage is shared with the worker). Resolves how many were deleted.
 */
export async function forgetTicketPage(ticketId: string, storage: CacheStorage | undefined = globalThis.caches): Promise<number> {
  if (!storage || !(await storage.has(TICKET_PAGES_CACHE))) return 0;
  const cache = await storage.open(TICKET_PAGES_CACHE);
  const mine = (await cache.keys()).filter((request) => {
    const path = new URL(request.url).pathname;
    return isTicketPage(path) && path.endsWith(`/tickets/${ticketId}`);
  });
  await Promise.all(mine.map((request) => cache.delete(request)));
  return mine.length;
}

/**
 * Every cache the worker keeps, by name (decision 040). A cache of another name was made by an
 * earlier release and is deleted when this worker activates.
 */
export const WORKER_CACHES = {
  /** Everything under /_next/static/: scripts (module workers included), styles, fonts, media; hashed, never changed. */
  buildFiles: 'build-files',
  /** The scanner's QR decoder (zxing's WebAssembly), under a URL that names its version. */
  scannerDecoder: 'scanner-decoder',
  /** The site's own public files: icons, the social card. */
  siteFiles: 'site-files',
  /** Public pages and their payloads, as rendered for nobody signed in. */
  publicPages: 'public-pages',
  offlineShells: OFFLINE_SHELLS_CACHE,
  /** Ticket pages as rendered for nobody signed in, under their whole address. */
  ticketPages: TICKET_PAGES_CACHE,
} as const;

/** Serwist's precache (`serwist-precache-v2-<scope>`): the few files every visitor needs offline. */
const PRECACHE_PREFIX = 'serwist-precache';

/**
 * Caches that only ever hold files of the build or the site (no page, nobody's data): kept when
 * someone signs out, so the app shell still opens offline. Every other cache is emptied then.
 */
export function holdsOnlyBuildFiles(cacheName: string): boolean {
  return (
    cacheName.startsWith(PRECACHE_PREFIX) ||
    cacheName === WORKER_CACHES.buildFiles ||
    cacheName === WORKER_CACHES.scannerDecoder ||
    cacheName === WORKER_CACHES.siteFiles
  );
}

/**
 * Deletes every cache that could hold what a signed-in person saw (pages, payloads, pictures), in
 * this browser, for this site. Runs in the page (Cache Storage is shared with the worker).
 */
export async function forgetPersonalCaches(storage: CacheStorage | undefined = globalThis.caches): Promise<void> {
  if (!storage) return;
  const names = await storage.keys();
  await Promise.all(names.filter((name) => !holdsOnlyBuildFiles(name)).map((name) => storage.delete(name)));
}

/**
 * Deletes the caches of earlier releases (their pages may hold a person's data: an earlier worker
 * kept public pages rendered for whoever was signed in, and admin pages before that). Run when
 * this worker activates; the precache's own clean-up handles earlier precaches.
 */
export async function removeCachesOfEarlierReleases(storage: CacheStorage): Promise<void> {
  const current = new Set<string>(Object.values(WORKER_CACHES));
  const names = await storage.keys();
  await Promise.all(names.filter((name) => !name.startsWith(PRECACHE_PREFIX) && !current.has(name)).map((name) => storage.delete(name)));
}

/**
 * Set by the proxy on every page and payload rendered for a request that carried a session: such a
 * response may name the person (the header's account, decision 025), so the worker never keeps it.
 * Also on a public page whose address is a person's (carriesPersonalLink).
 */
export const PERSONAL_PAGE_HEADER = 'x-personal-page';

/**
 * A public page whose address carries one person's secret: the unsubscribe page, opened from a
 * mail with the person's token in its query. The worker would keep it under that address.
 */
export function carriesPersonalLink(pathname: string): boolean {
  return splitLocale(pathname).path === routeById('unsubscribe').pattern;
}

/** Whether the worker may keep this page or payload for offline reading: a public one, rendered for nobody. */
export function isKeepablePage(response: Response): boolean {
  return response.ok && response.type === 'basic' && !response.headers.has(PERSONAL_PAGE_HEADER);
}
