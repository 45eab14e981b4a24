// /vip/qr: the member's pass (members, and staff, who see that it admits only with a membership).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/navigation/metadata';
import { localeFrom, type LocaleParams } from '@/i18n/locale-params';
import { PageHeader } from '@/ui/page/PageHeader';
import { ClientMessages } from '@/i18n/ClientMessages';
import { guardPage } from '@/app/_compose/guard';
import { PassScreen } from '@/features/door/ui/PassScreen';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  return { ...(await pageMetadata(await localeFrom(params), 'vipQr')), robots: { index: false } };
}

export default async function PassPage({ params }: LocaleParams) {
  const locale = await localeFrom(params);
  const { denied } = await guardPage('vipQr', locale, '/vip/qr');
  if (denied) return denied;
  const page = await getTranslations({ locale, namespace: 'Pages.vipQr' });
  return (
    <>
      <PageHeader title={page('title')} lead={page('description')} />
      <ClientMessages namespaces={['Pass']}>
        <PassScreen />
      </ClientMessages>
    </>
  );
}
