// /admin/images: the image library (admins only).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/navigation/metadata';
import { localeFrom, type LocaleParams } from '@/i18n/locale-params';
import { PageHeader } from '@/ui/page/PageHeader';
import { guardPage } from '@/app/_compose/guard';
import { ImageLibrary } from '@/features/images/ui/ImageLibrary';
import { ClientMessages } from '@/i18n/ClientMessages';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  return { ...(await pageMetadata(await localeFrom(params), 'adminImages')), robots: { index: false } };
}

export default async function AdminImagesPage({ params }: LocaleParams) {
  const locale = await localeFrom(params);
  const { denied } = await guardPage('adminImages', locale, '/admin/images');
  if (denied) return denied;
  const t = await getTranslations({ locale, namespace: 'Pages.adminImages' });
  return (
    <>
      <PageHeader title={t('title')} lead={t('description')} />
      <ClientMessages namespaces={['AdminImages']}>
        <ImageLibrary />
      </ClientMessages>
    </>
  );
}
