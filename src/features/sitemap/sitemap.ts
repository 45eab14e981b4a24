// Sitemaps per language (sitemaps.org), each URL with hreflang alternates to every language.
import 'server-only';
import { LOCALES, localizedPath, type Locale } from '@/i18n/routing';
import { APP_ROUTES, pathFor } from '@/navigation/routes';
import type { SitemapEvent } from '@/features/events/public-events';

export interface SitemapEntry {
  /** Path without locale prefix. */
  path: string;
  lastModified?: Date;
}

/** Public pages without parameters that belong in no sitemap: sign-in, and the page a mail's unsubscribe link opens. */
const EXCLUDED = new Set(['login', 'confirm', 'unsubscribe']);

/** Pages whose content includes the programme change when an event does. */
const SHOWS_EVENTS = new Set(['/', '/events']);

export function staticSitemapEntries(): SitemapEntry[] {
  return APP_ROUTES.filter((route) => route.access === 'public' && !route.pattern.includes('[') && !EXCLUDED.has(route.id)).map(
    (route) => ({ path: route.pattern }),
  );
}

/**
 * Every public page and every published event. A page's last change: the build for pages whose
 * content ships with the code, the latest event change for the pages that list events, and the
 * event's own last change for its page.
 */
export function sitemapEntries(events: readonly SitemapEvent[], builtAt: Date): SitemapEntry[] {
  const latest = events.reduce((max, event) => (event.updatedAt > max ? event.updatedAt : max), builtAt);
  return [
    ...staticSitemapEntries().map((entry) => ({ ...entry, lastModified: SHOWS_EVENTS.has(entry.path) ? latest : builtAt })),
    ...events.map((event) => ({ path: pathFor('event', { slug: event.slug }), lastModified: event.updatedAt })),
  ];
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

export function renderSitemap(origin: string, locale: Locale, entries: SitemapEntry[]): string {
  const base = origin.replace(/\/$/, '');
  const urls = entries.map((entry) => {
    const loc = escapeXml(base + localizedPath(locale, entry.path));
    const alternates = [...LOCALES.map((other) => [other, localizedPath(other, entry.path)] as const), ['x-default', entry.path] as const]
      .map(([hreflang, path]) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(base + path)}"/>`)
      .join('\n');
    const lastmod = entry.lastModified ? `\n    <lastmod>${entry.lastModified.toISOString()}</lastmod>` : '';
    return `  <url>\n    <loc>${loc}</loc>${lastmod}\n${alternates}\n  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function sitemapResponse(origin: string, locale: Locale, entries: SitemapEntry[]): Response {
  return new Response(renderSitemap(origin, locale, entries), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=0, must-revalidate' },
  });
}
