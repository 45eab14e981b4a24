// /admin/notifications/{id}: one notification and its delivery, live (admins only).
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/navigation/metadata';
import { localeFrom } from '@/i18n/locale-params';
import { PageHeader } from '@/ui/page/PageHeader';
import { guardPage } from '@/app/_compose/guard';
import { NotificationDetail } from '@/features/notifications/ui/NotificationDetail';
import { ClientMessages } from '@/i18n/ClientMessages';
import { isLocale } from '@/i18n/routing';
import { getDocuments } from '@/server/documents/documents';
import { Notifications } from '@/features/notifications/notifications';

interface Props {
  params: Promise<{ locale: string; id: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  if (!isLocale(locale)) return {};
  return { ...(await pageMetadata(locale, 'adminNotification', { id })), robots: { index: false } };
}

export default async function AdminNotificationPage({ params }: Props) {
  const { id } = await params;
  const locale = await localeFrom(params);
  const { denied } = await guardPage('adminNotification', locale, `/admin/notifications/${encodeURIComponent(id)}`);
  if (denied) return denied;
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(id) || !(await getDocuments().collection(Notifications).doc(id).get()).exists) notFound();
  const t = await getTranslations({ locale, namespace: 'Pages.adminNotification' });
  return (
    <>
      <PageHeader title={t('title')} lead={t('description')} />
      <ClientMessages namespaces={['AdminNotifications', 'Lists']}>
        <NotificationDetail id={id} />
      </ClientMessages>
    </>
  );
}
