// Where to go after signing in: the page that sent the person to /login, if it is one of ours.
import { localizedPath, type Locale } from '@/i18n/routing';
import { splitLocale } from './not-found';
import { matchRoute } from './routes';

export const RETURN_PARAM = 'next';

/**
 * A return path is accepted only when it is a path of this site (no scheme, host or `//`) that
 * the route table knows, and not a sign-in page itself.
 */
export function safeReturnPath(candidate: string | null | undefined): string | null {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(candidate, 'http://site.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://site.invalid') return null;
  const route = matchRoute(splitLocale(url.pathname).path);
  if (!route || route.id === 'login' || route.id === 'confirm') return null;
  return `${url.pathname}${url.search}`;
}

/** The sign-in page (without locale prefix, for the locale-aware Link) that returns to `path`. */
export function loginHref(path: string, locale: Locale): string {
  const back = path === '/' ? null : safeReturnPath(localizedPath(locale, path));
  return back ? `/login?${RETURN_PARAM}=${encodeURIComponent(back)}` : '/login';
}
