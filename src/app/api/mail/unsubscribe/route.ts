// POST /api/mail/unsubscribe?u=<uid>&t=<token>: the one-click unsubscribe of announcements (RFC
// 8058). Every announcement names it in `List-Unsubscribe` with `List-Unsubscribe-Post:
// List-Unsubscribe=One-Click`; mail programs (Gmail, Apple Mail, Outlook) post that body here from
// their own servers, without a cookie and without an Origin of this site. The /unsubscribe page's
// button posts the same. GET never unsubscribes: link scanners and older mail programs open the
// address as a link, and are sent to the page, which asks first.
//
// Deliberately outside the same-origin rule that every other state-changing endpoint keeps
// (decision 016, `isSameOrigin` in /api/session and /api/trpc): the request comes from a mail
// provider's server by design, so an Origin check would refuse exactly the callers this is for.
// What stands in for it is the token: the person's own, made anew with each "yes", compared in
// constant time; a wrong one changes nothing. No cookie is read, so a forged cross-site post can
// do nothing a stranger holding the link could not, and the only thing it can do is stop one
// person's announcements, which that person can turn on again in their profile.
import { NextResponse } from 'next/server';
import { env } from '@/server/env';
import { getDocuments } from '@/server/documents/documents';
import { limitRequest } from '@/server/http/rate-limit';
import { isLocale, localizedPath, type Locale } from '@/i18n/routing';
import { requestLocale, unsubscribeMessages } from '@/i18n/api-messages';
import { UnsubscribeLink } from '@/features/mail/mail.inputs';
import { unsubscribeByLink } from '@/features/mail/unsubscribe';
import { UNSUBSCRIBE_PATH, type UnsubscribeResult } from '@/features/mail/constants';
import { logged } from '@/server/http/request-log';

export const dynamic = 'force-dynamic';

/** RFC 8058's body is 26 bytes; a form post of it with a boundary a few hundred. */
const MAX_BODY_BYTES = 4096;

const STATUS: Record<UnsubscribeResult, number> = { unsubscribed: 200, alreadyUnsubscribed: 200, invalidLink: 403, notOneClick: 400 };

/** The language the answer is written in: the page's (`l`, which its form sends), else the request's. */
function answerLocale(url: URL, request: Request): Locale {
  const asked = url.searchParams.get('l');
  return isLocale(asked) ? asked : requestLocale(request.headers);
}

/** The body, or null when it is longer than any one-click post (read no further than that). */
async function boundedBody(request: Request): Promise<Buffer | null> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Whether the body says `List-Unsubscribe=One-Click`, form-encoded or as multipart form data (RFC 8058 allows both). */
async function saysOneClick(request: Request): Promise<boolean> {
  const body = await boundedBody(request).catch(() => null);
  if (!body) return false;
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.toLowerCase().startsWith('multipart/form-data')) {
      return (await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData()).get('List-Unsubscribe') === 'One-Click';
    }
    return new URLSearchParams(new TextDecoder().decode(body).trim()).get('List-Unsubscribe') === 'One-Click';
  } catch {
    return false;
  }
}

function answer(request: Request, url: URL, outcome: UnsubscribeResult): Response {
  const locale = answerLocale(url, request);
  const headers = { 'cache-control': 'no-store' };
  // The page's form without JavaScript: back to the page, which says what happened (and no longer
  // carries the token in its address).
  if (request.headers.get('sec-fetch-mode') === 'navigate') {
    const page = new URL(localizedPath(locale, UNSUBSCRIBE_PATH), env.SITE_URL);
    page.searchParams.set('result', outcome);
    return NextResponse.redirect(page, { status: 303, headers });
  }
  return NextResponse.json({ outcome, message: unsubscribeMessages(locale)(outcome) }, { status: STATUS[outcome], headers });
}

async function post(request: Request) {
  const url = new URL(request.url);
  const link = UnsubscribeLink.safeParse({ u: url.searchParams.get('u'), t: url.searchParams.get('t') });
  if (!link.success) return answer(request, url, 'invalidLink');
  if (!(await saysOneClick(request))) return answer(request, url, 'notOneClick');
  const limited = await limitRequest('unsubscribes', link.data.u, request);
  if (limited) return limited;
  return answer(request, url, await unsubscribeByLink(getDocuments(), link.data));
}

/** Opened as a link (a scanner, an older mail program): the page, which asks before anything changes. */
function get(request: Request) {
  const url = new URL(request.url);
  const page = new URL(localizedPath(requestLocale(request.headers), UNSUBSCRIBE_PATH), env.SITE_URL);
  for (const name of ['u', 't']) {
    const value = url.searchParams.get(name);
    if (value) page.searchParams.set(name, value);
  }
  return NextResponse.redirect(page, { status: 303, headers: { 'cache-control': 'no-store' } });
}

export const GET = logged('/api/mail/unsubscribe', get);
export const POST = logged('/api/mail/unsubscribe', post);
