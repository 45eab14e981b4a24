// Where to go after signing in: the page that sent the person to /login, if it is one of ours.
import { splitLocale } from './not-found';
import { matchRoute } from './routes';

export { loginHref, RETURN_PARAM } from './login-link';

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
