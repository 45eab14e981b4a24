// The route table of the specification, written once: pages, navigation, guards and tests read it.
// Who may open what is ./access.ts, which the browser's navigation imports without this table.
import type { Role } from '@/access/roles';
import { MEMBER_AREA, type Access } from './access';

export { accessDecision, canAccess, MEMBER_AREA, type Access, type AccessDecision, type Viewer } from './access';


export type RouteId =
  | 'home'
  | 'about'
  | 'impressum'
  | 'login'
  | 'confirm'
  | 'unsubscribe'
  | 'ticket'
  | 'events'
  | 'event'
  | 'vip'
  | 'vipQr'
  | 'vipBar'
  | 'vipLounge'
  | 'vipProfile'
  | 'scanner'
  | 'admin'
  | 'adminEvents'
  | 'adminImages'
  | 'adminUsers'
  | 'adminUser'
  | 'adminSubscriptions'
  | 'adminNotifications'
  | 'adminNotification';

export interface AppRoute {
  id: RouteId;
  /** Path without the locale prefix; `[name]` marks a dynamic segment. */
  pattern: string;
  access: Access;
  /** Where the route is linked from: the main navigation, the footer, or nowhere. */
  nav?: 'main' | 'footer';
}

const ADMIN: readonly Role[] = ['admin'];
const DOOR: readonly Role[] = ['admin', 'scanner'];

export const APP_ROUTES: readonly AppRoute[] = [
  { id: 'home', pattern: '/', access: 'public' },
  { id: 'events', pattern: '/events', access: 'public', nav: 'main' },
  { id: 'event', pattern: '/events/[slug]', access: 'public' },
  { id: 'about', pattern: '/about', access: 'public', nav: 'main' },
  { id: 'impressum', pattern: '/impressum', access: 'public', nav: 'footer' },
  { id: 'login', pattern: '/login', access: 'public' },
  { id: 'confirm', pattern: '/confirm', access: 'public' },
  // Not in the specification: where an announcement's unsubscribe link leads (issue 44). Public,
  // as a mail's link works without signing in; kept out of the sitemap and from search engines.
  { id: 'unsubscribe', pattern: '/unsubscribe', access: 'public' },
  // Not in the specification: a ticket's own page (issue 45), opened by a link whose secret is the
  // ticket (?key=), with no sign-in. Out of the sitemap (it has a parameter) and search engines.
  { id: 'ticket', pattern: '/tickets/[id]', access: 'public' },
  { id: 'vip', pattern: '/vip', access: MEMBER_AREA, nav: 'main' },
  { id: 'vipQr', pattern: '/vip/qr', access: MEMBER_AREA },
  { id: 'vipBar', pattern: '/vip/bar', access: MEMBER_AREA },
  { id: 'vipLounge', pattern: '/vip/lounge', access: MEMBER_AREA },
  { id: 'vipProfile', pattern: '/vip/profile', access: MEMBER_AREA },
  { id: 'scanner', pattern: '/scanner', access: DOOR, nav: 'main' },
  { id: 'admin', pattern: '/admin', access: ADMIN, nav: 'main' },
  { id: 'adminEvents', pattern: '/admin/events', access: ADMIN },
  { id: 'adminImages', pattern: '/admin/images', access: ADMIN },
  { id: 'adminUsers', pattern: '/admin/users', access: ADMIN },
  { id: 'adminUser', pattern: '/admin/users/[id]', access: ADMIN },
  // The specification shows no role check for these two; the product decides they are admin-only.
  { id: 'adminSubscriptions', pattern: '/admin/subscriptions', access: ADMIN },
  { id: 'adminNotifications', pattern: '/admin/notifications', access: ADMIN },
  { id: 'adminNotification', pattern: '/admin/notifications/[id]', access: ADMIN },
];

const byId = new Map(APP_ROUTES.map((route) => [route.id, route]));

export function routeById(id: RouteId): AppRoute {
  const route = byId.get(id);
  if (!route) throw new Error(`Unknown route id: ${id}`);
  return route;
}

/** Builds a concrete path from a route id and its dynamic segments. */
export function pathFor(id: RouteId, params: Record<string, string> = {}): string {
  return routeById(id).pattern.replace(/\[(\w+)\]/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing parameter "${name}" for route ${id}`);
    return encodeURIComponent(value);
  });
}

/** The route a path (without locale prefix) belongs to, if any. */
export function matchRoute(path: string): AppRoute | undefined {
  const segments = path.split('/').filter(Boolean);
  return APP_ROUTES.find((route) => {
    const parts = route.pattern.split('/').filter(Boolean);
    return (
      parts.length === segments.length &&
      parts.every((part, index) => part.startsWith('[') || part === segments[index])
    );
  });
}

/**
 * Whether a path (without locale prefix) is, or lies below, a route that needs a sign-in:
 * `/admin/users/x/y` too, so that nothing under a guarded route is ever treated as public (the
 * service worker never caches these, decision 015).
 */
export function isGuardedPath(path: string): boolean {
  const segments = path.split('/').filter(Boolean);
  return APP_ROUTES.some((route) => {
    if (route.access === 'public') return false;
    const parts = route.pattern.split('/').filter(Boolean);
    return parts.length <= segments.length && parts.every((part, index) => part.startsWith('[') || part === segments[index]);
  });
}
