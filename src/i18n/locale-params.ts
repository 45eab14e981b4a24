// A page's language from its route parameters.
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
