// /login: password, account creation, password reset, e-mail link and Google.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/navigation/metadata';
import { localeFrom, type LocaleParams, localeStaticParams } from '@/i18n/locale-params';
import { PageHeader } from '@/ui/page/PageHeader';
import { LoginPanel } from '@/features/identity/ui/LoginPanel';
import { AuthProvider } from '@/features/identity/client/AuthProvider';
import { TrpcProvider } from '@/trpc/client';
import { AuthCardSkeleton } from '@/features/identity/ui/AuthCardSkeleton';
import { ClientMessages } from '@/i18n/ClientMessages';
import { ForgetThisDevice } from '@/app/_compose/ForgetThisDevice';
import styles from '@/features/identity/ui/auth.module.css';

export const generateStaticParams = localeStaticParams;

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  return pageMetadata(await localeFrom(params), 'login');
}

export default async function LoginPage({ params }: LocaleParams) {
  const locale = await localeFrom(params);
  const t = await getTranslations({ locale, namespace: 'Pages.login' });
  return (
    <div className={styles['auth-page']}>
      <PageHeader title={t('title')} lead={t('description')} />
      {/* The return path is read from the query in the browser, so the page itself stays static. */}
      <ClientMessages namespaces={['Auth', 'Forms']}>
        <Suspense fallback={<AuthCardSkeleton />}>
          <TrpcProvider locale={locale}>
            <AuthProvider>
              <ForgetThisDevice>
                <LoginPanel />
              </ForgetThisDevice>
            </AuthProvider>
          </TrpcProvider>
        </Suspense>
      </ClientMessages>
    </div>
  );
}
