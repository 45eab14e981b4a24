// /admin/subscriptions: membership requests and memberships (admins only).
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/navigation/metadata';
import { localeFrom, type LocaleParams } from '@/i18n/locale-params';
import { PageHeader } from '@/ui/page/PageHeader';
import { guardPage } from '@/app/_compose/guard';
import { MembershipDirectory } from '@/features/memberships/ui/MembershipDirectory';
import { ClientMessages } from '@/i18n/ClientMessages';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  return { ...(await pageMetadata(await localeFrom(params), 'adminSubscriptions')), robots: { index: false } };
}

export default async function AdminSubscriptionsPage({ params }: LocaleParams) {
  const locale = await localeFrom(params);
  const { denied } = await guardPage('adminSubscriptions', locale, '/admin/subscriptions');
  if (denied) return denied;
  const t = await getTranslations({ locale, namespace: 'Pages.adminSubscriptions' });
  return (
    <>
      <PageHeader title={t('title')} lead={t('description')} />
      <ClientMessages namespaces={['AdminMemberships', 'Memberships', 'Lists', 'Forms']}>
        <Suspense>
          <MembershipDirectory />
        </Suspense>
      </ClientMessages>
    </>
  );
}
