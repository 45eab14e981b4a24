// A guarded route's page: the shell of ./page-shell.tsx with the guard, so a signed-out viewer goes
// to /login and comes back to the same path, the wrong role sees the 403 view, and the page is
// never indexed.
import 'server-only';
import type { RouteId } from '@/navigation/routes';
import { guardPage } from './guard';
import { pageShell, type RoutePageParts } from './page-shell';

export type { RouteProps, RouteView, SearchParams } from './page-shell';

export function routePage(id: RouteId, parts: RoutePageParts) {
  return pageShell(id, parts, guardPage);
}
