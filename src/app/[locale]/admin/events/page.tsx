// /admin/events: the programme and its editor (admins only).
import { Suspense } from 'react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/navigation/metadata';
import { localeFrom, type LocaleParams } from '@/i18n/locale-params';
import { PageHeader } from '@/ui/page/PageHeader';
import { guardPage } from '@/app/_compose/guard';
import { EventsWithDoor } from '@/app/_compose/EventsWithDoor';
import { ClientMessages } from '@/i18n/ClientMessages';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  return { ...(await pageMetadata(await localeFrom(params), 'adminEvents')), robots: { index: false } };
}

export default async function AdminEventsPage({ params }: LocaleParams) {
  const locale = await localeFrom(params);
  const { denied } = await guardPage('adminEvents', locale, '/admin/events');
  if (denied) return denied;
  const t = await getTranslations({ locale, namespace: 'Pages.adminEvents' });
  return (
    <>
      <PageHeader title={t('title')} lead={t('description')} />
      <ClientMessages namespaces={['AdminEvents', 'AdminImages', 'Forms', 'Lists', 'AdminDoor', 'Scanner']}>
        <Suspense
          fallback={
            <p className="directory__status" role="status">
              <span className="spinner" aria-hidden="true" />
            </p>
          }
        >
          <EventsWithDoor />
        </Suspense>
      </ClientMessages>
    </>
  );
}
