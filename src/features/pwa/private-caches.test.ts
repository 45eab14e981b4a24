import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '@/navigation/routes';
import { forgetPersonalCaches, holdsOnlyBuildFiles, isPassShell, isPrivatePath, purgePrivateEntries } from './private-caches';

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

describe('the pass page shell', () => {
  it.each(['/vip/qr', '/de/vip/qr'])('%s is the one guarded page kept', (path) => {
    expect(isPassShell(path)).toBe(true);
    expect(isPrivatePath(path)).toBe(true);
  });

  it.each(['/vip', '/vip/bar', '/de/vip/profile', '/vip/qr/x', '/scanner', '/api/trpc/pass.mine'])('not %s', (path) => {
    expect(isPassShell(path)).toBe(false);
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
  it('deletes every cache but those of build files', async () => {
    const storage = fakeCaches({
      'serwist-precache-v2-http://localhost/': ['http://localhost/_next/static/a.js'],
      'next-static-js-assets': ['http://localhost/_next/static/b.js'],
      'static-style-assets': ['http://localhost/_next/static/a.css'],
      others: ['http://localhost/about'],
      pages: ['http://localhost/events'],
      'pages-rsc': ['http://localhost/events?_rsc=1'],
      'static-image-assets': ['http://localhost/icons/icon-192.png'],
      'cross-origin': ['https://firebasestorage.googleapis.com/v0/b/x/o/lounge.jpg'],
      'a-cache-of-a-future-release': ['http://localhost/x'],
    });
    await forgetPersonalCaches(storage);
    expect(Object.keys(contents(storage)).sort()).toEqual(['next-static-js-assets', 'serwist-precache-v2-http://localhost/', 'static-style-assets']);
  });

  it('keeps only build files by name', () => {
    expect(holdsOnlyBuildFiles('serwist-precache-v2-https://example.org/')).toBe(true);
    expect(holdsOnlyBuildFiles('others')).toBe(false);
    expect(holdsOnlyBuildFiles('pages-rsc-prefetch')).toBe(false);
  });
});

describe('a new worker taking over', () => {
  it('removes private pages an earlier worker cached, and nothing else', async () => {
    const storage = fakeCaches({
      others: ['http://localhost/admin/users', 'http://localhost/about', 'http://localhost/de/vip/qr', 'https://elsewhere.example/admin'],
      'pages-rsc-prefetch': ['http://localhost/scanner?_rsc=abc', 'http://localhost/events?_rsc=abc'],
      'pass-shell': ['http://localhost/vip/qr'],
    });
    await purgePrivateEntries(storage, 'http://localhost');
    expect(contents(storage)).toEqual({
      others: ['http://localhost/about', 'https://elsewhere.example/admin'],
      'pages-rsc-prefetch': ['http://localhost/events?_rsc=abc'],
      // The pass's shell stays through an update (it holds no personal data); sign-out empties it.
      'pass-shell': ['http://localhost/vip/qr'],
    });
  });
});
