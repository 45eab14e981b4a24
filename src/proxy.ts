// Runs before every page request: locale routing (path prefix, then cookie, then the browser's
// languages) and the 404 for URLs outside the route table. Sessions are verified where data is
// read, not here.
//
// Unknown URLs are rewritten to the 404 page here instead of relying on notFound() in a
// catch-all page: Next.js renders a thrown notFound() only in the browser (vercel/next.js#62228),
// leaving the HTML without content or <html lang>.
import { NextResponse, type NextRequest } from 'next/server';
import createMiddleware from 'next-intl/middleware';
import { routing } from '@/i18n/routing';
import { isKnownPath, NOT_FOUND_PATH_PARAM, NOT_FOUND_SEGMENT, splitLocale } from '@/navigation/not-found';

const handleLocale = createMiddleware(routing);

export default function proxy(request: NextRequest) {
  const response = handleLocale(request);
  if (response.headers.has('location')) return response;

  const { locale, path } = splitLocale(request.nextUrl.pathname);
  if (isKnownPath(path)) return response;

  const target = request.nextUrl.clone();
  target.pathname = `/${locale}/${NOT_FOUND_SEGMENT}`;
  target.search = '';
  target.searchParams.set(NOT_FOUND_PATH_PARAM, request.nextUrl.pathname);
  const notFound = NextResponse.rewrite(target, { status: 404 });
  response.headers.getSetCookie().forEach((cookie) => notFound.headers.append('set-cookie', cookie));
  return notFound;
}

export const config = {
  // Everything except API routes, Next internals, the service worker and files with an extension.
  matcher: ['/((?!api|_next|_vercel|serwist|.*\\..*).*)'],
};
