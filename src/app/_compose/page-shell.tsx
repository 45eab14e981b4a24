// The shell a page shares with the others, driven by its row of the route table: the metadata, the
// guard, and a header with the route's title and description (`Pages.<id>`) above the content.
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
import { routeById, type RouteId } from '@/navigation/routes';
import { PageHeader } from '@/ui/page/PageHeader';
import type { Identity } from '@/access/identity';
import type { GuardResult } from './guard';

export type SearchParams = Record<string, string | string[] | undefined>;

/** What Next hands a page: the locale and the route's dynamic segments, and the query. */
export interface RouteProps {
  params: Promise<{ locale: string; [segment: string]: string }>;
  searchParams: Promise<SearchParams>;
}

/** What a page's content is made from, once the guard has let the viewer in. */
export interface RouteView {
  locale: Locale;
  /** The signed-in person; null only on a public route. */
  identity: Identity | null;
  /** The route's dynamic segments, such as `{ id }` of /admin/users/[id]. */
  params: Record<string, string>;
  searchParams: Promise<SearchParams>;
}

export interface RoutePageParts {
  /** What the page shows below its header; it may answer notFound() for an unknown record. */
  content: (view: RouteView) => ReactNode | Promise<ReactNode>;
  /** The namespaces the content's browser components read (wrapped around the whole content). */
  messages?: readonly Namespace[];
  /** A line above the title, such as a greeting. */
  eyebrow?: (view: RouteView) => Promise<string>;
}

export type Guard = (id: RouteId, locale: Locale, params: Record<string, string>) => Promise<GuardResult>;

/**
 * A page's two exports from its route id. A public route needs no guard; a guarded one takes it
 * from routePage() (./route-page.tsx).
 */
export function pageShell(id: RouteId, { content, messages, eyebrow }: RoutePageParts, guard?: Guard) {
  const guarded = routeById(id).access !== 'public';
  if (guarded && !guard) throw new Error(`The route ${id} is guarded: its page is made by routePage().`);

  async function generateMetadata({ params }: Pick<RouteProps, 'params'>): Promise<Metadata> {
    const [locale, segments] = await Promise.all([localeFrom(params), params]);
    const metadata = await pageMetadata(locale, id, segments);
    return guarded ? { ...metadata, robots: { index: false } } : metadata;
  }

  async function Page({ params, searchParams }: RouteProps) {
    const [locale, segments] = await Promise.all([localeFrom(params), params]);
    const { denied, identity } = guarded ? await guard!(id, locale, segments) : { identity: null };
    if (denied) return denied;
    const view: RouteView = { locale, identity, params: segments, searchParams };
    const [t, body, line] = await Promise.all([getTranslations({ locale, namespace: 'Pages' }), content(view), eyebrow?.(view)]);
    return (
      <>
        <PageHeader eyebrow={line} title={t(`${id}.title`)} lead={t(`${id}.description`)} />
        {messages ? <ClientMessages namespaces={messages}>{body}</ClientMessages> : body}
      </>
    );
  }

  return { generateMetadata, Page };
}
