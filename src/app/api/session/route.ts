// POST {idToken, locale?}: start or renew the server session. DELETE: end it, on the server too.
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { env } from '@/server/env';
import { isSameOrigin } from '@/server/http/same-origin';
import { clientAddress } from '@/server/http/client-address';
import { limitRequest } from '@/server/http/rate-limit';
import { createSession, endSession, SESSION_COOKIE, SESSION_MAX_AGE_SECONDS, SessionError } from '@/features/identity/session';
import { getDocuments } from '@/server/documents/documents';
import { LOCALES } from '@/i18n/routing';
import { logged } from '@/server/http/request-log';
import { log } from '@/server/log';

export const dynamic = 'force-dynamic';

// The page's language is a preference, not a credential: one the app does not know is ignored.
const SessionRequest = z.object({ idToken: z.string().min(1).max(8192), locale: z.enum(LOCALES).optional().catch(undefined) });

const cookieOptions = {
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: env.NODE_ENV === 'production' && env.SITE_URL.startsWith('https:'),
  path: '/',
};

function refuse(status: number, error: string) {
  return NextResponse.json({ error }, { status, headers: { 'cache-control': 'no-store' } });
}

export const POST = logged('/api/session', async (request: NextRequest) => {
  if (!isSameOrigin(request)) return refuse(403, 'cross-origin');
  const limited = await limitRequest('sessionCreation', clientAddress(request.headers), request);
  if (limited) return limited;
  const body = SessionRequest.safeParse(await request.json().catch(() => null));
  if (!body.success) return refuse(400, 'invalid-request');
  try {
    const previousCookie = request.cookies.get(SESSION_COOKIE)?.value;
    const cookie = await createSession(getDocuments(), { idToken: body.data.idToken, previousCookie, locale: body.data.locale });
    const response = NextResponse.json({ ok: true }, { headers: { 'cache-control': 'no-store' } });
    response.cookies.set(SESSION_COOKIE, cookie, { ...cookieOptions, maxAge: SESSION_MAX_AGE_SECONDS });
    return response;
  } catch (error) {
    if (error instanceof SessionError) return refuse(401, error.reason);
    log.error({ err: error }, 'Creating a session failed');
    return refuse(503, 'unavailable');
  }
});

export const DELETE = logged('/api/session', async (request: NextRequest) => {
  if (!isSameOrigin(request)) return refuse(403, 'cross-origin');
  // The record goes first: a copy of the cookie (another tab, a proxy log, a shared phone) stops
  // working now, not when it expires. The cookie is cleared here even if that fails.
  let ended = true;
  try {
    await endSession(getDocuments(), request.cookies.get(SESSION_COOKIE)?.value);
  } catch (error) {
    log.error({ err: error }, 'Ending a session failed');
    ended = false;
  }
  const response = NextResponse.json(ended ? { ok: true } : { error: 'unavailable' }, { status: ended ? 200 : 503, headers: { 'cache-control': 'no-store' } });
  response.cookies.set(SESSION_COOKIE, '', { ...cookieOptions, maxAge: 0 });
  return response;
});
