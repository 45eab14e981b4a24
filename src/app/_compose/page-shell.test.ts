// Every page under src/app/[locale] is made by the page shell (./page-shell.tsx): pageShell() for a
// public route and for the two status pages the proxy rewrites to, routePage() for a guarded route,
// with the id of the route its folder is, and the shell's two exports as its own. So metadata,
// guard and header come from the route table on every page, and none writes its own
// generateMetadata or header. The one page outside it is the catch-all, which shows nothing: it
// answers any path no page claims with the 404 page.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '@/navigation/routes';
import { STATUS_PAGES } from './page-shell';

const PAGES = resolve(dirname(new URL(import.meta.url).pathname), '..', '[locale]');
const CATCH_ALL = '/[...rest]';
/** The status pages' folders: where the proxy rewrites an unknown URL and a refused one. */
const STATUS_FOLDERS: Record<keyof typeof STATUS_PAGES, string> = { pageNotFound: '/page-not-found', accessDenied: '/access-denied' };

function pageFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pageFiles(path);
    return name === 'page.tsx' ? [path] : [];
  });
}

/** Each page by the path its folder serves (`/`, `/admin/users/[id]`), with its source. */
const pages = pageFiles(PAGES).map((file) => ({ path: `/${relative(PAGES, dirname(file)).split('\\').join('/')}`.replace(/\/$/, '') || '/', source: readFileSync(file, 'utf8') }));

/** The shell a page is made by, and the id it gives, or null. */
function madeBy(source: string): { shell: 'pageShell' | 'routePage'; id: string } | null {
  const found = /\b(pageShell|routePage)\(\s*'(\w+)'/.exec(source);
  return found ? { shell: found[1] as 'pageShell' | 'routePage', id: found[2]! } : null;
}

describe('the page shell', () => {
  it('makes every page under [locale], with the id of the route (or status page) its folder serves', () => {
    const shelled = pages.filter((page) => page.path !== CATCH_ALL);
    expect(shelled.length).toBeGreaterThan(20);
    const wrong = shelled.flatMap(({ path, source }) => {
      const made = madeBy(source);
      const route = APP_ROUTES.find((candidate) => candidate.pattern === path);
      const status = (Object.keys(STATUS_FOLDERS) as (keyof typeof STATUS_FOLDERS)[]).find((id) => STATUS_FOLDERS[id] === path);
      const expected = route ? { shell: route.access === 'public' ? 'pageShell' : 'routePage', id: route.id } : status ? { shell: 'pageShell', id: status } : null;
      return made && expected && made.shell === expected.shell && made.id === expected.id ? [] : [`${path}: made by ${made ? `${made.shell}('${made.id}')` : 'no shell'}, expected ${expected ? `${expected.shell}('${expected.id}')` : 'a row of the route table'}`];
    });
    expect(wrong).toEqual([]);
  });

  it("leaves each page the shell's exports, and no generateMetadata or header beside them", () => {
    const own = pages
      .filter((page) => page.path !== CATCH_ALL)
      .flatMap(({ path, source }) => [
        ...(/^export const generateMetadata = (\w+)\.generateMetadata;$/m.test(source) ? [] : [`${path}: generateMetadata is not the shell's`]),
        ...(/^export default (\w+)\.Page;$/m.test(source) ? [] : [`${path}: the page is not the shell's`]),
        ...(/function generateMetadata|PageHeader/.test(source) ? [`${path}: writes its metadata or header beside the shell`] : []),
      ]);
    expect(own).toEqual([]);
  });

  it('has a page for every row of the route table and both status pages', () => {
    const paths = new Set(pages.map((page) => page.path));
    expect([...APP_ROUTES.map((route) => route.pattern), ...Object.values(STATUS_FOLDERS)].filter((path) => !paths.has(path))).toEqual([]);
  });

  it('leaves out only the catch-all, which shows nothing but the 404', () => {
    const catchAll = pages.find((page) => page.path === CATCH_ALL)!;
    expect(madeBy(catchAll.source)).toBeNull();
    expect(catchAll.source).toMatch(/export default function \w+\(\) \{\s*notFound\(\);\s*\}/);
    expect(catchAll.source).not.toMatch(/generateMetadata/);
  });
});
