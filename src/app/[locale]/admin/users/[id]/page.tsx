// /admin/users/{id}: one account, its role, access and history (admins only).
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { isLocale } from '@/i18n/routing';
import { pageMetadata } from '@/navigation/metadata';
import { PageHeader } from '@/ui/page/PageHeader';
import { localeFrom } from '@/i18n/locale-params';
import { guardPage } from '@/app/_compose/guard';
import { getDocuments } from '@/server/documents/documents';
import { Users } from '@/features/identity/users';
import { PersonAccount } from '@/app/_compose/PersonAccount';
import { ClientMessages } from '@/i18n/ClientMessages';

interface Params {
  params: Promise<{ locale: string; id: string }>;
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale, id } = await params;
  if (!isLocale(locale)) return {};
  return { ...(await pageMetadata(locale, 'adminUser', { id })), robots: { index: false } };
}

export default async function AdminUserPage({ params }: Params) {
  const locale = await localeFrom(params);
  const { id } = await params;
  const { denied } = await guardPage('adminUser', locale, `/admin/users/${encodeURIComponent(id)}`);
  if (denied) return denied;
  if (!(await userExists(id))) notFound();
  const t = await getTranslations({ locale, namespace: 'Pages.adminUser' });
  return (
    <>
      <PageHeader title={t('title')} lead={t('description')} />
      <ClientMessages namespaces={['AdminUser', 'AdminUsers', 'Roles', 'Memberships', 'UserMemberships', 'AdminMemberships', 'AdminDoor', 'Scanner']}>
        <PersonAccount uid={id} />
      </ClientMessages>
    </>
  );
}

async function userExists(id: string): Promise<boolean> {
  try {
    return (await getDocuments().collection(Users).doc(id).get()).exists;
  } catch {
    // An id no document could have (a slash, too long): simply not found.
    return false;
  }
}
