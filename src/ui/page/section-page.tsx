// The page of a route whose feature lives in its own area (VIP, scanner, admin, sign-in): its
// localized title, heading and a description of what the page is for.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { localeFrom, type LocaleParams } from '@/i18n/locale-params';
import { pageMetadata } from '@/navigation/metadata';
import { routeById, type RouteId } from '@/navigation/routes';
import { guardPage } from '@/features/identity/guard';
import { PageHeader } from './PageHeader';

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
