// The sign-in link every page may show (the header's, a member-only control's): to /login, with
// the page to come back to. Apart from ./return-path.ts, which checks a return path against the
// route table, so that a page's first load carries none of the table (decision 027): the path here
// is the app's own, and /login checks it again before following it.
import { localizedPath, type Locale } from '@/i18n/routing';

export const RETURN_PARAM = 'next';

/** The sign-in page (without locale prefix, for the locale-aware Link) that returns to `path`. */
export function loginHref(path: string, locale: Locale): string {
  const signingIn = /^\/(?:login|confirm)(?:\/|$)/.test(path);
  if (path === '/' || signingIn || !path.startsWith('/') || path.startsWith('//')) return '/login';
  return `/login?${RETURN_PARAM}=${encodeURIComponent(localizedPath(locale, path))}`;
}
