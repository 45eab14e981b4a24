// /vip/bar: tonight's drinks and the pass to show at the bar (members, and staff for their work).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/navigation/metadata';
import { localeFrom, type LocaleParams } from '@/i18n/locale-params';
import { PageHeader } from '@/ui/page/PageHeader';
import { ClientMessages } from '@/i18n/ClientMessages';
import { guardPage } from '@/app/_compose/guard';
import { BarScreen } from '@/features/door/ui/BarScreen';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  return { ...(await pageMetadata(await localeFrom(params), 'vipBar')), robots: { index: false } };
}

export default async function BarPage({ params }: LocaleParams) {
  const locale = await localeFrom(params);
  const { denied } = await guardPage('vipBar', locale, '/vip/bar');
  if (denied) return denied;
  const page = await getTranslations({ locale, namespace: 'Pages.vipBar' });
  return (
    <>
      <PageHeader title={page('title')} lead={page('description')} />
      <ClientMessages namespaces={['Bar', 'Pass']}>
        <BarScreen />
      </ClientMessages>
    </>
  );
}
