// A page's language from its route parameters. Apart from ui/page/section-page.tsx, whose guard
// brings the 403 page's client components (and the tRPC client) into every page that imports it.
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing, isLocale, type Locale } from './routing';

export interface LocaleParams {
  params: Promise<{ locale: string }>;
}

/**
 * The languages, for pages whose content ships with the code: they are rendered at build time.
 * Declared per page, not on the layout, so pages built from data are made on their first visit.
 */
export function localeStaticParams(): { locale: string }[] {
  return routing.locales.map((locale) => ({ locale }));
}

export async function localeFrom(params: LocaleParams['params']): Promise<Locale> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return locale;
}
