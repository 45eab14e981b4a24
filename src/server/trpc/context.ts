// tRPC context in two layers: the inner one is built from plain values (tests build it directly),
// the outer one reads the incoming request.
import 'server-only';
import { env, type Env } from '@/server/env';
import { getDocuments } from '@/server/documents/documents';
import type { Documents } from '@/server/documents/port';
import { isLocale, DEFAULT_LOCALE, type Locale } from '@/i18n/routing';

export interface ContextInner {
  backend: Env['BACKEND'];
  locale: Locale;
  documents: Documents;
}

export function createContextInner(options: Partial<ContextInner> & Pick<ContextInner, 'documents'>): ContextInner {
  return {
    backend: options.backend ?? env.BACKEND,
    locale: options.locale ?? DEFAULT_LOCALE,
    documents: options.documents,
  };
}

/** Builds the context of one request from its headers. */
export async function createContext({ headers }: { headers: Headers }): Promise<ContextInner> {
  const requested = headers.get('x-locale');
  return createContextInner({
    locale: isLocale(requested) ? requested : DEFAULT_LOCALE,
    documents: getDocuments(),
  });
}

export type Context = ContextInner;
