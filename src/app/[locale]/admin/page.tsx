// /admin: the admin home (admins only).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/navigation/metadata';
import { localeFrom, type LocaleParams } from '@/i18n/locale-params';
import { PageHeader } from '@/ui/page/PageHeader';
import { guardPage } from '@/app/_compose/guard';
import { getServerApi } from '@/app/_server/server';
import { AdminHome } from '@/features/memberships/ui/AdminHome';
import { ClientMessages } from '@/i18n/ClientMessages';
import { DoorTonight } from '@/features/door/ui/AdminDoor';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  return { ...(await pageMetadata(await localeFrom(params), 'admin')), robots: { index: false } };
}

export default async function AdminPage({ params }: LocaleParams) {
  const locale = await localeFrom(params);
  const { denied } = await guardPage('admin', locale, '/admin');
  if (denied) return denied;
  const api = await getServerApi();
  const [members, programme, doorEvents] = await Promise.all([api.memberships.counts(), api.events.overview(), api.door.events()]);
  const t = await getTranslations({ locale, namespace: 'Pages.admin' });
  return (
    <>
      <PageHeader title={t('title')} lead={t('description')} />
      <ClientMessages namespaces={['AdminDoor', 'Scanner']}>
        {doorEvents
          .filter((event) => event.open)
          .map((event) => (
            <DoorTonight key={event.id} event={event} />
          ))}
      </ClientMessages>
      <AdminHome members={members} programme={programme} />
    </>
  );
}
