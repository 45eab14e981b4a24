// tRPC context in two layers: the inner one is built from plain values (tests build it directly),
// the outer one reads the incoming request.
import 'server-only';
import { env, type Env } from '@/server/env';
import { isLocale, DEFAULT_LOCALE, type Locale } from '@/i18n/routing';

export interface ContextInner {
  backend: Env['BACKEND'];
  locale: Locale;
}

export function createContextInner(options: Partial<ContextInner> = {}): ContextInner {
  return {
    backend: options.backend ?? env.BACKEND,
    locale: options.locale ?? DEFAULT_LOCALE,
  };
}

/** Builds the context of one request from its headers. */
export async function createContext({ headers }: { headers: Headers }): Promise<ContextInner> {
  const requested = headers.get('x-locale');
  return createContextInner({ locale: isLocale(requested) ? requested : DEFAULT_LOCALE });
}

export type Context = ContextInner;
