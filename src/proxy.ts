// Runs before every page request: locale routing (path prefix, then cookie, then the browser's
// languages), the 404 for URLs outside the route table (and for event slugs no visitor may see),
// permanent redirects from former event slugs, and the route guards of the role table:
// signed out → /login with the return path, signed in without the role → 403.
//
// Unknown and forbidden URLs are rewritten to pages rendered on the server instead of relying on
// notFound()/forbidden() in a page: Next.js renders those only in the browser
// (vercel/next.js#62228), leaving the HTML without content or <html lang>. Pages check access
// again themselves (src/app/_compose/guard.tsx): the proxy is the first line, not the only.
//
// Before all of that, the embedded backend refuses requests addressed to a non-loopback name
// (decision 012), for every path: pages, /api/*, /sw.js and files alike.
import { NextResponse, type NextRequest } from 'next/server';
import createMiddleware from 'next-intl/middleware';
import { localizedPath, routing, type Locale } from '@/i18n/routing';
import { NOT_FOUND_PATH_PARAM, NOT_FOUND_SEGMENT, splitLocale } from '@/navigation/not-found';
import { accessDecision, matchRoute } from '@/navigation/routes';
import { RETURN_PARAM } from '@/navigation/return-path';
import { FORBIDDEN_SEGMENT } from '@/navigation/forbidden';
import { SESSION_COOKIE, verifySession } from '@/features/identity/session';
import { getDocuments } from '@/server/documents/documents';
import { findEventBySlug } from '@/features/events/public-events';
import { env } from '@/server/env';
import { refusesHost } from '@/server/http/exposure';
import { localOnlyRefusal } from '@/server/http/local-only-refusal';
import { firebaseWebConfig } from '@/server/firebase/web-config';
import { carriesPersonalLink, isOfflineShell, PERSONAL_PAGE_HEADER } from '@/features/pwa/private-caches';
import { createNonce, NONCE_HEADER, PATH_HEADER, pageSecurityHeaders, type BrowserBackend } from '@/server/http/security-headers';

const handleLocale = createMiddleware(routing);

function rewriteTo(request: NextRequest, response: NextResponse, pathname: string, status: number, search?: URLSearchParams) {
  const target = request.nextUrl.clone();
  target.pathname = pathname;
  target.search = search ? `?${search}` : '';
  const rewritten = NextResponse.rewrite(target, { status, request: { headers: request.headers } });
  response.headers.getSetCookie().forEach((cookie) => rewritten.headers.append('set-cookie', cookie));
  return rewritten;
}

function redirectToLogin(request: NextRequest, locale: Locale, clearSession: boolean) {
  const target = request.nextUrl.clone();
  target.pathname = localizedPath(locale, '/login');
  target.search = `?${new URLSearchParams({ [RETURN_PARAM]: `${request.nextUrl.pathname}${request.nextUrl.search}` })}`;
  const response = NextResponse.redirect(target, 307);
  if (clearSession) response.cookies.set(SESSION_COOKIE, '', { path: '/', maxAge: 0, httpOnly: true, sameSite: 'lax' });
  return response;
}

/**
 * An event's address: drafts and unknown slugs are the 404 page, a former slug moves permanently
 * to the current one (search engines and shared links follow), anything else renders.
 */
async function eventAddress(request: NextRequest, response: NextResponse, locale: Locale, path: string) {
  let slug = '';
  try {
    slug = decodeURIComponent(path.split('/').at(-1) ?? '');
  } catch {
    // A malformed escape is no slug of ours: the 404 below.
  }
  const found = await findEventBySlug(getDocuments(), slug);
  if (found.kind === 'event') return response;
  if (found.kind === 'moved') {
    const target = request.nextUrl.clone();
    target.pathname = localizedPath(locale, `/events/${found.slug}`);
    return NextResponse.redirect(target, 308);
  }
  const search = new URLSearchParams({ [NOT_FOUND_PATH_PARAM]: request.nextUrl.pathname });
  return rewriteTo(request, response, `/${locale}/${NOT_FOUND_SEGMENT}`, 404, search);
}

/** Paths the locale routing and guards below are for (the first matcher entry). */
function isPagePath(pathname: string): boolean {
  return !/^\/(?:api|_next|_vercel|serwist)/.test(pathname) && !pathname.includes('.');
}

// Content-Security-Policy (decision 014): a fresh nonce per page request. Next.js reads it from
// the request's CSP header for its own scripts, the layout from NONCE_HEADER for its inline one;
// every response (rewrites and redirects too) carries the policy.
function browserBackend(): BrowserBackend {
  const config = firebaseWebConfig();
  return config.backend === 'embedded' && config.authEmulatorUrl
    ? { backend: 'embedded', authEmulatorUrl: config.authEmulatorUrl }
    : { backend: 'firebase', authDomain: config.authDomain, authEmulatorUrl: config.authEmulatorUrl };
}

export default async function proxy(request: NextRequest) {
  if (refusesHost(env, request.headers.get('host'))) return localOnlyRefusal(request);
  if (!isPagePath(request.nextUrl.pathname)) return NextResponse.next();
  const nonce = createNonce();
  const headers = pageSecurityHeaders({
    nonce,
    browser: browserBackend(),
    development: process.env.NODE_ENV === 'development',
    https: new URL(env.SITE_URL).protocol === 'https:',
    signIn: isSignInPage(request.nextUrl.pathname),
  });
  request.headers.set('content-security-policy', headers['content-security-policy']!);
  request.headers.set(NONCE_HEADER, nonce);
  // The page's path for the root layout (set here, so a client cannot choose it): the pass's
  // shell is rendered without the signed-in person, as the worker keeps it (decision 022).
  request.headers.set(PATH_HEADER, request.nextUrl.pathname);
  const response = await routePage(request);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  // A page or payload rendered with a session may name the person (the header's account): the
  // service worker never keeps it, so the next person on this phone finds no trace of them
  // (decision 040). The pass's shell is rendered for no one, and is kept. The unsubscribe page is
  // rendered for nobody but its address holds a person's token: not kept either.
  const { pathname } = request.nextUrl;
  if ((request.cookies.has(SESSION_COOKIE) && !isOfflineShell(pathname)) || carriesPersonalLink(pathname)) response.headers.set(PERSONAL_PAGE_HEADER, '1');
  return response;
}

async function routePage(request: NextRequest) {
  const response = handleLocale(request);
  if (response.headers.has('location')) return response;

  const { locale, path } = splitLocale(request.nextUrl.pathname);
  const route = matchRoute(path);
  if (!route) {
    const search = new URLSearchParams({ [NOT_FOUND_PATH_PARAM]: request.nextUrl.pathname });
    return rewriteTo(request, response, `/${locale}/${NOT_FOUND_SEGMENT}`, 404, search);
  }
  if (route.id === 'event') return eventAddress(request, response, locale, path);
  if (route.access === 'public') return response;

  // Guarded: no cookie is decided without asking Firebase; a cookie is verified (revocation,
  // disabled accounts and the stored role included).
  const cookie = request.cookies.get(SESSION_COOKIE)?.value;
  const identity = cookie ? await verifySession(getDocuments(), cookie) : null;
  const decision = accessDecision(route.access, { signedIn: identity !== null, role: identity?.role ?? null });
  if (decision === 'sign-in') return redirectToLogin(request, locale, cookie !== undefined);
  if (decision === 'forbidden') return rewriteTo(request, response, `/${locale}/${FORBIDDEN_SEGMENT}`, 403);
  return response;
}

export const config = {
  matcher: [
    // Pages: everything except API routes, Next internals, the service worker and files with an extension.
    '/((?!api|_next|_vercel|serwist|.*\\..*).*)',
    // Everything else only when Host is not a loopback name (the pattern of isLoopbackHost in
    // src/server/http/exposure.ts), so the embedded backend can refuse it. Requests on this
    // machine skip the proxy there: uploads stream to their handler instead of being buffered
    // for the proxy, and nothing is added to their cost. Build files are public and the same for
    // everyone; they are left out.
    {
      source: '/((?!_next/static/).*)',
      missing: [{ type: 'header', key: 'host', value: '(?:localhost|127(?:\\.(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}|\\[::1\\])(?::\\d{1,5})?' }],
    },
  ],
};

/** /login and /confirm, in any language: where Google's sign-in may be reached. */
function isSignInPage(pathname: string): boolean {
  const id = matchRoute(splitLocale(pathname).path)?.id;
  return id === 'login' || id === 'confirm';
}
