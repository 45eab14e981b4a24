// Languages, how they appear in URLs (English without a prefix, German under /de) and how a text
// written in each of them is read.
import { defineRouting } from 'next-intl/routing';

export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Dates and times are shown in the venue's time zone, wherever the visitor is. */
export const VENUE_TIME_ZONE = 'Europe/Berlin';

/** The language cookie lives for a year (specification: 365 days). */
export const LOCALE_COOKIE_NAME = 'NEXT_LOCALE';
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: 'as-needed',
  localeCookie: { name: LOCALE_COOKIE_NAME, maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax' },
  // hreflang alternates are written per page by pageMetadata(), with the real paths.
  alternateLinks: false,
});

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language a request asks for (a header, the cookie, a query), or the default where it names none we speak. */
export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** A text in the reader's language; where its translation is left empty, the English one stands in. */
export function localized(text: Readonly<Record<Locale, string>>, locale: Locale): string {
  // eslint-disable-next-line no-restricted-syntax -- the one place the rule points to
  return text[locale] || text.en;
}

/** The public path of a locale-less path in a language: `/about` → `/de/about`. */
export function localizedPath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}
