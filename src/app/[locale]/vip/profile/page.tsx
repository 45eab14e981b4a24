// /vip/profile: the person's own account (members, and staff for their work).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/navigation/metadata';
import { localeFrom, type LocaleParams } from '@/i18n/locale-params';
import { PageHeader } from '@/ui/page/PageHeader';
import { ClientMessages } from '@/i18n/ClientMessages';
import { guardPage } from '@/app/_compose/guard';
import { getServerApi } from '@/app/_server/server';
import { ProfileSettings } from '@/features/profile/ui/ProfileSettings';
import { PushSettings } from '@/features/notifications/ui/PushSettings';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  return { ...(await pageMetadata(await localeFrom(params), 'vipProfile')), robots: { index: false } };
}

export default async function ProfilePage({ params }: LocaleParams) {
  const locale = await localeFrom(params);
  const { denied } = await guardPage('vipProfile', locale, '/vip/profile');
  if (denied) return denied;
  const [profile, page] = await Promise.all([(await getServerApi()).profile.get(), getTranslations({ locale, namespace: 'Pages.vipProfile' })]);
  return (
    <>
      <PageHeader title={page('title')} lead={page('description')} />
      <ClientMessages namespaces={['Profile', 'Forms', 'Push']}>
        <ProfileSettings initial={profile} notifications={<PushSettings />} />
      </ClientMessages>
    </>
  );
}
