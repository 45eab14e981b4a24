// /vip: the member's home (members, and staff for their work).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/navigation/metadata';
import { localeFrom, type LocaleParams } from '@/i18n/locale-params';
import { PageHeader } from '@/ui/page/PageHeader';
import { guardPage } from '@/app/_compose/guard';
import { getServerApi } from '@/server/trpc/server';
import { VipHome } from '@/features/memberships/ui/VipHome';
import { EventGrid } from '@/features/events/ui/EventGrid';
import { Inbox } from '@/features/notifications/ui/Inbox';
import { ClientMessages } from '@/i18n/ClientMessages';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  return { ...(await pageMetadata(await localeFrom(params), 'vip')), robots: { index: false } };
}

export default async function VipPage({ params }: LocaleParams) {
  const locale = await localeFrom(params);
  const { denied, identity } = await guardPage('vip', locale, '/vip');
  if (denied) return denied;
  const api = await getServerApi();
  const [membership, events] = await Promise.all([api.memberships.mine(), api.events.forMembers()]);
  const t = await getTranslations({ locale, namespace: 'VipHome' });
  const page = await getTranslations({ locale, namespace: 'Pages.vip' });
  const name = identity?.displayName ?? identity?.email ?? '';
  return (
    <>
      <PageHeader eyebrow={name ? t('greeting', { name }) : t('greetingNoName')} title={page('title')} lead={page('description')} />
      <VipHome identity={identity!} membership={membership} events={events} now={new Date()} EventGrid={EventGrid} />
      <ClientMessages namespaces={['Inbox']}>
        <Inbox />
      </ClientMessages>
    </>
  );
}
