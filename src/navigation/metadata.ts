// Page metadata from the route table: localized title and description, canonical URL and the
// hreflang alternates of the other language.
import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LOCALES, localizedPath, type Locale } from '@/i18n/routing';
import { pathFor, type RouteId } from './routes';

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
    openGraph: { title, description, locale: locale === 'de' ? 'de_DE' : 'en_GB' },
  };
}
