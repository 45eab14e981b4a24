// /sitemap.xml: the English sitemap.
import { DEFAULT_LOCALE } from '@/i18n/routing';
import { env } from '@/server/env';
import { sitemapEntries, sitemapResponse } from '@/features/sitemap/sitemap';
import { getDocuments } from '@/server/documents/documents';
import { sitemapEvents } from '@/features/events/public-events';
import { BUILD_TIME } from '@/server/build-info';

export const dynamic = 'force-dynamic';

export async function GET() {
  return sitemapResponse(env.SITE_URL, DEFAULT_LOCALE, sitemapEntries(await sitemapEvents(getDocuments()), BUILD_TIME));
}
