// What the service worker may keep on a shared device (decision 015), written once for the worker
// (src/features/pwa/sw.ts) and for signing out (useSignOut).
import { splitLocale } from '@/navigation/not-found';
import { isGuardedPath, routeById } from '@/navigation/routes';

/**
 * A same-origin path the worker must never cache: a page behind a sign-in (any language, its HTML,
 * RSC payload or prefetch, which share the path) or the API (data, files, sessions).
 */
export function isPrivatePath(pathname: string): boolean {
  if (pathname === '/api' || pathname.startsWith('/api/')) return true;
  return isGuardedPath(splitLocale(pathname).path);
}

/**
 * The one guarded page the worker keeps: the pass's document (not its RSC payloads), so a member
 * can reopen the pass at a door without signal. It holds nobody's data: the page takes the
 * account, the key and the name from this browser (IndexedDB, Firebase Auth), which sign-out
 * clears, and it is refused to no one offline because without a stored pass it shows nothing.
 */
export const PASS_SHELL_CACHE = 'pass-shell';

export function isPassShell(pathname: string): boolean {
  return splitLocale(pathname).path === routeById('vipQr').pattern;
}

/**
 * Keeps the pass's page for a door without signal when the member reached it inside the app: a
 * client-side navigation never passes the worker as a page load, so the worker's route above never
 * saw the document. It is fetched as a page load gets it and stored under the same key. Only a
 * page (not a redirect to sign-in, not an error) is kept. Resolves whether it was stored.
 */
export async function keepPassShell(pathname: string, cacheStorage: CacheStorage = caches): Promise<boolean> {
  if (!isPassShell(pathname)) return false;
  const response = await fetch(pathname, { credentials: 'same-origin', redirect: 'manual', headers: { accept: 'text/html' } });
  if (!response.ok || response.type !== 'basic' || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return false;
  await (await cacheStorage.open(PASS_SHELL_CACHE)).put(pathname, response);
  return true;
}

/**
 * Caches that only ever hold files of the build (scripts, styles, fonts): kept when someone signs
 * out, so the app shell still opens offline. Names are Serwist's (`serwist-precache-v2-<scope>`
 * and its defaultCache's); every other cache is emptied on sign-out.
 */
const BUILD_FILE_CACHES = ['next-static-js-assets', 'static-js-assets', 'static-style-assets', 'static-font-assets'];

export function holdsOnlyBuildFiles(cacheName: string): boolean {
  return cacheName.startsWith('serwist-precache') || BUILD_FILE_CACHES.includes(cacheName);
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
 * Removes private entries a worker of an earlier release cached (it cached admin pages for 24 h),
 * from every cache: run once when this worker activates.
 */
export async function purgePrivateEntries(storage: CacheStorage, origin: string): Promise<void> {
  for (const name of await storage.keys()) {
    if (name === PASS_SHELL_CACHE) continue;
    const cache = await storage.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (url.origin === origin && isPrivatePath(url.pathname)) await cache.delete(request);
    }
  }
}
