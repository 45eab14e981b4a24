// Page metadata from the route table: localized title and description, canonical URL and the
// hreflang alternates of the other language.
import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LOCALES, localizedPath, type Locale } from '@/i18n/routing';
import { pathFor, type RouteId } from './routes';
import { SOCIAL_CARD } from './social-card';

export function alternatesFor(locale: Locale, path: string): NonNullable<Metadata['alternates']> {
  return {
    canonical: localizedPath(locale, path),
    languages: {
      ...Object.fromEntries(LOCALES.map((other) => [other, localizedPath(other, path)])),
      'x-default': path,
    },
  };
}

export async function pageMetadata(
  locale: Locale,
  id: RouteId,
  params: Record<string, string> = {},
): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Pages' });
  const title = t(`${id}.title`);
  const description = t(`${id}.description`);
  return {
    title,
    description,
    alternates: alternatesFor(locale, pathFor(id, params)),
    // Given whole here: Next replaces the layout's openGraph rather than merging into it.
    openGraph: { title, description, locale: locale === 'de' ? 'de_DE' : 'en_GB', images: [{ url: SOCIAL_CARD.path, width: SOCIAL_CARD.width, height: SOCIAL_CARD.height }] },
  };
}
