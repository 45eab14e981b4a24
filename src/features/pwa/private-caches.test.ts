import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '@/navigation/routes';
import { forgetPersonalCaches, forgetTicketPage, holdsOnlyBuildFiles, isTicketPage, ticketPageKey, isKeepablePage, carriesPersonalLink, isOfflineShell, offlineShellKey, isPrivatePath, PERSONAL_PAGE_HEADER, removeCachesOfEarlierReleases, WORKER_CACHES } from './private-caches';

const concrete = (pattern: string) => pattern.replace(/\[\w+\]/g, 'x1');

describe('what the service worker never caches', () => {
  it.each(APP_ROUTES.map((route) => [route.pattern, route.access] as const))('%s (%s) in both languages', (pattern, access) => {
    const path = concrete(pattern);
    const guarded = access !== 'public';
    expect(isPrivatePath(path)).toBe(guarded);
    expect(isPrivatePath(path === '/' ? '/de' : `/de${path}`)).toBe(guarded);
  });

  it.each(['/admin/users/x1/more', '/vip/anything', '/scanner/', '/de/admin/', '/api', '/api/trpc/users.list', '/api/images/x'])('%s', (path) => {
    expect(isPrivatePath(path)).toBe(true);
  });

  it.each(['/', '/de', '/about', '/events/winter-ball', '/_next/static/chunks/a.js', '/sw.js', '/apiary', '/administrator'])('not %s', (path) => {
    expect(isPrivatePath(path)).toBe(false);
  });
});

describe('the offline shells', () => {
  it.each(['/vip/qr', '/de/vip/qr', '/scanner', '/de/scanner'])('%s is a guarded page kept', (path) => {
    expect(isOfflineShell(path)).toBe(true);
    expect(isPrivatePath(path)).toBe(true);
  });

  it.each(['/vip', '/vip/bar', '/de/vip/profile', '/vip/qr/x', '/scanner/x', '/admin', '/api/trpc/pass.mine'])('not %s', (path) => {
    expect(isOfflineShell(path)).toBe(false);
  });

  it('keeps the scanner under its path alone: the event and mode are the page’s to read', () => {
    expect(offlineShellKey('https://venue.example/scanner?event=x&mode=bar')).toBe('https://venue.example/scanner');
    expect(offlineShellKey('/de/scanner?event=x')).toBe('/de/scanner');
  });
});

/** Cache Storage as the browser has it, in memory: names → URLs. */
function fakeCaches(contents: Record<string, string[]>): CacheStorage {
  const stores = new Map(Object.entries(contents).map(([name, urls]) => [name, new Set(urls)]));
  const cache = (name: string) =>
    ({
      keys: async () => [...(stores.get(name) ?? [])].map((url) => new Request(url)),
      delete: async (request: Request) => stores.get(name)!.delete(request.url),
    }) as unknown as Cache;
  return {
    keys: async () => [...stores.keys()],
    open: async (name: string) => cache(name),
    delete: async (name: string) => stores.delete(name),
    has: async (name: string) => stores.has(name),
    match: async () => undefined,
    contents: () => Object.fromEntries([...stores].map(([name, urls]) => [name, [...urls]])),
  } as unknown as CacheStorage;
}
const contents = (storage: CacheStorage) => (storage as unknown as { contents(): Record<string, string[]> }).contents();

describe('signing out', () => {
  it('deletes every cache but those of build and site files', async () => {
    const storage = fakeCaches({
      'serwist-precache-v2-http://localhost/': ['http://localhost/icons/icon-192.png'],
      'build-files': ['http://localhost/_next/static/chunks/b.js'],
      'scanner-decoder': ['http://localhost/zxing/zxing_reader.wasm?v=1'],
      'site-files': ['http://localhost/icons/icon-192.png'],
      'public-pages': ['http://localhost/about', 'http://localhost/events?_rsc=1'],
      'offline-shells': ['http://localhost/vip/qr'],
      'a-cache-of-a-future-release': ['http://localhost/x'],
    });
    await forgetPersonalCaches(storage);
    expect(Object.keys(contents(storage)).sort()).toEqual(['build-files', 'scanner-decoder', 'serwist-precache-v2-http://localhost/', 'site-files']);
  });

  it('keeps only build files by name', () => {
    expect(holdsOnlyBuildFiles('serwist-precache-v2-https://example.org/')).toBe(true);
    expect(holdsOnlyBuildFiles(WORKER_CACHES.buildFiles)).toBe(true);
    expect(holdsOnlyBuildFiles(WORKER_CACHES.publicPages)).toBe(false);
    expect(holdsOnlyBuildFiles(WORKER_CACHES.offlineShells)).toBe(false);
    expect(holdsOnlyBuildFiles('others')).toBe(false);
  });
});

describe('a new worker taking over', () => {
  it("deletes the caches of earlier releases (their pages may name a person) and keeps this release's", async () => {
    const storage = fakeCaches({
      others: ['http://localhost/about'],
      pages: ['http://localhost/events'],
      'pages-rsc-prefetch': ['http://localhost/events?_rsc=abc'],
      'next-static-js-assets': ['http://localhost/_next/static/chunks/a.js'],
      'serwist-precache-v2-http://localhost/': ['http://localhost/icons/icon-192.png'],
      'public-pages': ['http://localhost/about'],
      'build-files': ['http://localhost/_next/static/chunks/a.js'],
      'offline-shells': ['http://localhost/vip/qr'],
    });
    await removeCachesOfEarlierReleases(storage);
    expect(Object.keys(contents(storage)).sort()).toEqual(['build-files', 'offline-shells', 'public-pages', 'serwist-precache-v2-http://localhost/']);
  });
});

describe('which pages the worker may keep', () => {
  const page = (headers: Record<string, string> = {}, status = 200) => new Response('<html></html>', { status, headers: { 'content-type': 'text/html', ...headers } });

  it('a public page rendered for nobody', () => {
    // A Response made in code has type "default"; one the browser fetched from this site is "basic".
    const fetched = (response: Response) => Object.defineProperty(response, 'type', { value: 'basic' });
    expect(isKeepablePage(fetched(page()))).toBe(true);
    expect(isKeepablePage(fetched(page({ [PERSONAL_PAGE_HEADER]: '1' })))).toBe(false);
    expect(isKeepablePage(fetched(page({}, 500)))).toBe(false);
    expect(isKeepablePage(page())).toBe(false);
  });

  it('not the unsubscribe page, whose address holds a person’s token, in any language', () => {
    expect(carriesPersonalLink('/unsubscribe')).toBe(true);
    expect(carriesPersonalLink('/de/unsubscribe')).toBe(true);
    expect(carriesPersonalLink('/events')).toBe(false);
  });
});

describe('a ticket page (issue 45)', () => {
  it.each(['/tickets/AbCdEfGhIjKlMnOp', '/de/tickets/AbCdEfGhIjKlMnOp'])('%s is a public page kept in a cache of its own', (path) => {
    expect(isTicketPage(path)).toBe(true);
    expect(isPrivatePath(path)).toBe(false);
    expect(carriesPersonalLink(path)).toBe(false);
  });

  it.each(['/tickets', '/tickets/a/b', '/events/x', '/de/vip'])('not %s', (path) => {
    expect(isTicketPage(path)).toBe(false);
  });

  it('"remove from this phone" deletes that ticket\'s copies in every language and link, and nothing else', async () => {
    const storage = fakeCaches({
      [WORKER_CACHES.ticketPages]: [
        'https://venue.example/tickets/AbCdEfGhIjKlMnOp?key=one',
        'https://venue.example/de/tickets/AbCdEfGhIjKlMnOp?key=one',
        'https://venue.example/tickets/ZZCdEfGhIjKlMnOp?key=two',
      ],
      [WORKER_CACHES.publicPages]: ['https://venue.example/events/x'],
    });
    expect(await forgetTicketPage('AbCdEfGhIjKlMnOp', storage)).toBe(2);
    expect(contents(storage)).toEqual({
      [WORKER_CACHES.ticketPages]: ['https://venue.example/tickets/ZZCdEfGhIjKlMnOp?key=two'],
      [WORKER_CACHES.publicPages]: ['https://venue.example/events/x'],
    });
  });

  it('is kept under its link without the language, so the English link finds the German page it was redirected to', () => {
    expect(ticketPageKey('https://venue.example/de/tickets/AbCdEfGhIjKlMnOp?key=one')).toBe('https://venue.example/tickets/AbCdEfGhIjKlMnOp?key=one');
    expect(ticketPageKey('https://venue.example/tickets/AbCdEfGhIjKlMnOp?key=one')).toBe('https://venue.example/tickets/AbCdEfGhIjKlMnOp?key=one');
  });

  it('goes when someone signs out on the phone, with every other page', async () => {
    expect(holdsOnlyBuildFiles(WORKER_CACHES.ticketPages)).toBe(false);
  });
});
