// /vip/lounge: the members' pictures (members, and staff for their work). The list is rendered
// with the page, then kept current by the live lounge feed.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/navigation/metadata';
import { localeFrom, type LocaleParams } from '@/i18n/locale-params';
import { PageHeader } from '@/ui/page/PageHeader';
import { ClientMessages } from '@/i18n/ClientMessages';
import { guardPage } from '@/app/_compose/guard';
import { getDocuments } from '@/server/documents/documents';
import { listLounge } from '@/features/images/lounge';
import { LoungeGallery } from '@/features/images/ui/LoungeGallery';
import { Announcements } from '@/features/notifications/ui/Announcements';
import { announcements } from '@/features/notifications/notifications';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  return { ...(await pageMetadata(await localeFrom(params), 'vipLounge')), robots: { index: false } };
}

export default async function LoungePage({ params }: LocaleParams) {
  const locale = await localeFrom(params);
  const { denied } = await guardPage('vipLounge', locale, '/vip/lounge');
  if (denied) return denied;
  const [images, page, news] = await Promise.all([listLounge(getDocuments()), getTranslations({ locale, namespace: 'Pages.vipLounge' }), announcements(getDocuments(), locale)]);
  return (
    <>
      <PageHeader title={page('title')} lead={page('description')} />
      <ClientMessages namespaces={['Lounge', 'Inbox']}>
        <Announcements announcements={news} />
        <LoungeGallery initial={images} />
      </ClientMessages>
    </>
  );
}
