// The shell every page shares with the others, driven by its row of the route table: the metadata,
// the guard, and a header with the route's title and description (`Pages.<id>`) above the content,
// or within it, or none where the content is headed by what it shows. The two pages the proxy
// rewrites to, the 404 and the 403 page, are no rows of the table and take the same shell with
// their own titles, never indexed. Every page under [locale] is made here (page-shell.test.ts).
// The guard comes from ./route-page.tsx: it reaches the 403 view and its client components
// (the membership offer, the account dialogs), and a public page that imported it would load
// them at first load (about 86 kB gzip on /events, over decision 027's budget).
import 'server-only';
import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { localeFrom } from '@/i18n/locale-params';
import type { Locale } from '@/i18n/routing';
import { ClientMessages } from '@/i18n/ClientMessages';
import type { Namespace } from '@/i18n/pick-messages';
import { pageMetadata } from '@/navigation/metadata';
import { APP_ROUTES, routeById, type RouteId } from '@/navigation/routes';
import { PageHeader } from '@/ui/page/PageHeader';
import type { Identity } from '@/access/identity';
import type { GuardResult } from './guard';

export type SearchParams = Record<string, string | string[] | undefined>;

/** What Next hands a page: the locale and the route's dynamic segments, and the query. */
export interface RouteProps {
  params: Promise<{ locale: string; [segment: string]: string }>;
  searchParams: Promise<SearchParams>;
}

/** What a page's metadata is made from. */
export interface MetadataView {
  locale: Locale;
  /** The route's dynamic segments, such as `{ id }` of /admin/users/[id]. */
  params: Record<string, string>;
}

/** What a page's content is made from, once the guard has let the viewer in. */
export interface RouteView extends MetadataView {
  /** The signed-in person; null only on a public route. */
  identity: Identity | null;
  searchParams: Promise<SearchParams>;
  /** The route's header, where the content places it itself (`heading: 'within'`); else null. */
  heading: ReactNode;
}

export interface RoutePageParts {
  /** What the page shows below its header; it may answer notFound() for an unknown record. */
  content: (view: RouteView) => ReactNode | Promise<ReactNode>;
  /** The namespaces the content's browser components read (wrapped around the whole content). */
  messages?: readonly Namespace[];
  /** A line above the title, such as a greeting. */
  eyebrow?: (view: RouteView) => Promise<string>;
  /**
   * Where the route's header goes: above the content (the default); `within`, handed to the
   * content to place inside its own frame (an article, the sign-in card's column); or `none`, where
   * the content is headed by what it shows (the home page's hero, an event's title, an error view).
   */
  heading?: 'above' | 'within' | 'none';
  /** Whether the header shows the route's description under the title (default: yes). */
  lead?: boolean;
  /**
   * The metadata beyond what the route table gives: an event's own, a title with the site's name,
   * a page kept from search engines. Given the table's (with a guarded route's `robots` already).
   */
  metadata?: (base: Metadata, view: MetadataView) => Metadata | Promise<Metadata>;
}

/** The pages the proxy rewrites to, outside the route table (decision 003): never indexed. */
export const STATUS_PAGES = { pageNotFound: 'notFoundTitle', accessDenied: 'forbiddenTitle' } as const;
export type StatusPageId = keyof typeof STATUS_PAGES;

function isRouteId(id: RouteId | StatusPageId): id is RouteId {
  return APP_ROUTES.some((route) => route.id === id);
}

export type Guard = (id: RouteId, locale: Locale, params: Record<string, string>) => Promise<GuardResult>;

/**
 * A page's two exports from its route id (or status page). A public route needs no guard; a
 * guarded one takes it from routePage() (./route-page.tsx).
 */
export function pageShell(id: RouteId | StatusPageId, { content, messages, eyebrow, heading = 'above', lead = true, metadata }: RoutePageParts, guard?: Guard) {
  const route = isRouteId(id) ? id : null;
  const guarded = route !== null && routeById(route).access !== 'public';
  if (guarded && !guard) throw new Error(`The route ${id} is guarded: its page is made by routePage().`);
  if (!route && heading !== 'none') throw new Error(`The status page ${id} has no route header: its view is headed by itself.`);

  async function generateMetadata({ params }: Pick<RouteProps, 'params'>): Promise<Metadata> {
    const [locale, segments] = await Promise.all([localeFrom(params), params]);
    const base = route ? await pageMetadata(locale, route, segments) : await statusMetadata(locale, id as StatusPageId);
    const table = guarded ? { ...base, robots: { index: false } } : base;
    return metadata ? metadata(table, { locale, params: segments }) : table;
  }

  async function Page({ params, searchParams }: RouteProps) {
    const [locale, segments] = await Promise.all([localeFrom(params), params]);
    const { denied, identity } = guarded ? await guard!(id as RouteId, locale, segments) : { identity: null };
    if (denied) return denied;
    const view: RouteView = { locale, identity, params: segments, searchParams, heading: null };
    const making = route && heading !== 'none' ? routeHeader(locale, route, lead, eyebrow?.(view)) : null;
    // The content is made beside the header, but waits for it where it places the header itself.
    const [header, body] = await Promise.all([making, heading === 'within' ? making!.then((made) => content({ ...view, heading: made })) : content(view)]);
    const shown = messages ? <ClientMessages namespaces={messages}>{body}</ClientMessages> : body;
    if (heading !== 'above') return shown;
    return (
      <>
        {header}
        {shown}
      </>
    );
  }

  return { generateMetadata, Page };
}

/** The route's header: its title, and its description where the page shows it, under an eyebrow line. */
async function routeHeader(locale: Locale, id: RouteId, lead: boolean, eyebrow: Promise<string> | undefined) {
  const [t, line] = await Promise.all([getTranslations({ locale, namespace: 'Pages' }), eyebrow]);
  return <PageHeader eyebrow={line} title={t(`${id}.title`)} lead={lead ? t(`${id}.description`) : undefined} />;
}

/** A status page's title (Errors), kept out of search engines. */
async function statusMetadata(locale: Locale, id: StatusPageId): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Errors' });
  return { title: t(STATUS_PAGES[id]), robots: { index: false } };
}
