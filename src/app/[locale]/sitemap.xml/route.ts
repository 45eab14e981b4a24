// /de/sitemap.xml: the sitemap of every language that has a prefix (the default one has none).
import { DEFAULT_LOCALE, isLocale } from '@/i18n/routing';
import { env } from '@/server/env';
import { sitemapEntries, sitemapResponse } from '@/features/sitemap/sitemap';
import { getDocuments } from '@/server/documents/documents';
import { sitemapEvents } from '@/features/events/public-events';
import { BUILD_TIME } from '@/server/build-info';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale) || locale === DEFAULT_LOCALE) return new Response('Not found', { status: 404 });
  return sitemapResponse(env.SITE_URL, locale, sitemapEntries(await sitemapEvents(getDocuments()), BUILD_TIME));
}
