// /admin/notifications: the notifications and their composer (admins only).
import { Suspense } from 'react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/navigation/metadata';
import { localeFrom, type LocaleParams } from '@/i18n/locale-params';
import { PageHeader } from '@/ui/page/PageHeader';
import { guardPage } from '@/app/_compose/guard';
import { AdminNotifications } from '@/features/notifications/ui/AdminNotifications';
import { ClientMessages } from '@/i18n/ClientMessages';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  return { ...(await pageMetadata(await localeFrom(params), 'adminNotifications')), robots: { index: false } };
}

export default async function AdminNotificationsPage({ params }: LocaleParams) {
  const locale = await localeFrom(params);
  const { denied } = await guardPage('adminNotifications', locale, '/admin/notifications');
  if (denied) return denied;
  const t = await getTranslations({ locale, namespace: 'Pages.adminNotifications' });
  return (
    <>
      <PageHeader title={t('title')} lead={t('description')} />
      <ClientMessages namespaces={['AdminNotifications', 'Forms', 'Lists']}>
        <Suspense
          fallback={
            <p className="directory__status" role="status">
              <span className="spinner" aria-hidden="true" />
            </p>
          }
        >
          <AdminNotifications />
        </Suspense>
      </ClientMessages>
    </>
  );
}
