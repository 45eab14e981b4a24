// Where the proxy sends URLs that match no route of the route table.
import { DEFAULT_LOCALE, isLocale, type Locale } from '@/i18n/routing';

export const NOT_FOUND_SEGMENT = 'page-not-found';
export const NOT_FOUND_PATH_PARAM = 'path';

/** Splits `/de/about` into `de` and `/about`; an unprefixed path is in the default language. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const [, first, ...rest] = pathname.split('/');
  if (isLocale(first)) return { locale: first, path: `/${rest.join('/')}`.replace(/\/+$/, '') || '/' };
  return { locale: DEFAULT_LOCALE, path: pathname.replace(/\/+$/, '') || '/' };
}
