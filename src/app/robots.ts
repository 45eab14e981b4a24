import type { MetadataRoute } from 'next';
import { env } from '@/server/env';

export const dynamic = 'force-dynamic';

// Pictures stay allowed under /api/: link previews and image search fetch the event covers there.
export default function robots(): MetadataRoute.Robots {
  const base = env.SITE_URL.replace(/\/$/, '');
  return {
    rules: [{ userAgent: '*', allow: ['/', '/api/images/'], disallow: ['/api/', '/admin', '/de/admin', '/vip', '/de/vip', '/scanner', '/de/scanner'] }],
    sitemap: [`${base}/sitemap.xml`, `${base}/de/sitemap.xml`],
  };
}
