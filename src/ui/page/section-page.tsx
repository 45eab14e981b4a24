// The page of a route whose feature lives in its own area (VIP, scanner, admin, sign-in): its
// localized title, heading and a description of what the page is for.
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { hasLocale } from 'next-intl';
import { notFound } from 'next/navigation';
import { routing, type Locale } from '@/i18n/routing';
import { pageMetadata } from '@/navigation/metadata';
import { routeById, type RouteId } from '@/navigation/routes';
import { guardPage } from '@/features/identity/guard';
import { PageHeader } from './PageHeader';

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
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return locale;
}

type SectionId = Exclude<RouteId, 'home' | 'about' | 'impressum' | 'events' | 'event' | 'adminUser' | 'adminNotification'>;

export function sectionPage(id: SectionId) {
  async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
    return pageMetadata(await localeFrom(params), id);
  }
  async function SectionPage({ params }: LocaleParams) {
    const locale = await localeFrom(params);
    if (routeById(id).access !== 'public') {
      const { denied } = await guardPage(id, locale, routeById(id).pattern);
      if (denied) return denied;
    }
    const t = await getTranslations({ locale });
    return (
      <>
        <PageHeader title={t(`Pages.${id}.title`)} lead={t(`Pages.${id}.description`)} />
        <p className="empty-state">{t(`Shell.${id}`)}</p>
      </>
    );
  }
  return { generateMetadata, SectionPage };
}
