// /confirm: where the e-mail sign-in link returns to; completes the sign-in.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/navigation/metadata';
import { localeFrom, type LocaleParams, localeStaticParams } from '@/i18n/locale-params';
import { PageHeader } from '@/ui/page/PageHeader';
import { ConfirmPanel } from '@/features/identity/ui/ConfirmPanel';
import { AuthProvider } from '@/features/identity/client/AuthProvider';
import { TrpcProvider } from '@/trpc/client';
import { ClientMessages } from '@/i18n/ClientMessages';
import styles from '@/features/identity/ui/auth.module.css';

export const generateStaticParams = localeStaticParams;

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  return { ...(await pageMetadata(await localeFrom(params), 'confirm')), robots: { index: false } };
}

export default async function ConfirmPage({ params }: LocaleParams) {
  const locale = await localeFrom(params);
  const t = await getTranslations({ locale, namespace: 'Pages.confirm' });
  return (
    <div className={styles['auth-page']}>
      <PageHeader title={t('title')} lead={t('description')} />
      <ClientMessages namespaces={['Auth', 'Forms']}>
        <TrpcProvider locale={locale}>
          <AuthProvider>
            <ConfirmPanel />
          </AuthProvider>
        </TrpcProvider>
      </ClientMessages>
    </div>
  );
}
