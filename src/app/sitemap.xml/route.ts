// /sitemap.xml: the English sitemap.
import { DEFAULT_LOCALE } from '@/i18n/routing';
import { env } from '@/server/env';
import { sitemapResponse } from '@/features/sitemap/sitemap';

export const dynamic = 'force-dynamic';

export function GET() {
  return sitemapResponse(env.SITE_URL, DEFAULT_LOCALE);
}
