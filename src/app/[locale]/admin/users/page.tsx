// /admin/users: everyone with an account (admins only).
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/navigation/metadata';
import { localeFrom, type LocaleParams } from '@/i18n/locale-params';
import { PageHeader } from '@/ui/page/PageHeader';
import { guardPage } from '@/app/_compose/guard';
import { UserDirectory } from '@/features/users/ui/UserDirectory';
import { ClientMessages } from '@/i18n/ClientMessages';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  return { ...(await pageMetadata(await localeFrom(params), 'adminUsers')), robots: { index: false } };
}

export default async function AdminUsersPage({ params }: LocaleParams) {
  const locale = await localeFrom(params);
  const { denied } = await guardPage('adminUsers', locale, '/admin/users');
  if (denied) return denied;
  const t = await getTranslations({ locale, namespace: 'Pages.adminUsers' });
  return (
    <>
      <PageHeader title={t('title')} lead={t('description')} />
      <ClientMessages namespaces={['AdminUsers', 'Lists', 'Roles']}>
        <Suspense>
          <UserDirectory />
        </Suspense>
      </ClientMessages>
    </>
  );
}
