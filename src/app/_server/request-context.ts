// The tRPC context of one request: the caller's session cookie verified, the rest from its headers.
import 'server-only';
import { getDocuments } from '@/server/documents/documents';
import { nextPublicPages } from '@/server/public-pages';
import { clientAddress } from '@/server/http/client-address';
import { createContextInner, type ContextInner } from '@/server/trpc/context';
import { toLocale } from '@/i18n/routing';
import { SESSION_COOKIE, sessionRechecks, verifySession } from '@/features/identity/session';

/** The open live streams' checks of their sessions, in rounds shared by all of them. */
let rechecks: ReturnType<typeof sessionRechecks> | undefined;

/** Builds the context of one request from its headers. */
export async function createContext({ headers }: { headers: Headers }): Promise<ContextInner> {
  const requested = headers.get('x-locale');
  const documents = getDocuments();
  const cookie = readCookie(headers, SESSION_COOKIE);
  return createContextInner({
    locale: toLocale(requested),
    documents,
    publicPages: nextPublicPages,
    clientAddress: clientAddress(headers),
    identity: () => verifySession(documents, cookie),
    recheckIdentity: () => (rechecks ??= sessionRechecks(documents))(cookie),
  });
}

function readCookie(headers: Headers, name: string): string | undefined {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}
