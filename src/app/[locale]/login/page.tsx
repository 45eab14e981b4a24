// /login: password, account creation, password reset, e-mail link and Google.
import { Suspense } from 'react';
import { localeStaticParams } from '@/i18n/locale-params';
import { pageShell, type RouteView } from '@/app/_compose/page-shell';
import { LoginPanel } from '@/features/identity/ui/LoginPanel';
import { AuthProvider } from '@/features/identity/client/AuthProvider';
import { TrpcProvider } from '@/trpc/client';
import { AuthCardSkeleton } from '@/features/identity/ui/AuthCardSkeleton';
import { ClientMessages } from '@/i18n/ClientMessages';
import { ForgetThisDevice } from '@/app/_compose/ForgetThisDevice';
import styles from '@/features/identity/ui/auth.module.css';

export const generateStaticParams = localeStaticParams;

// The header heads the sign-in card's column.
const page = pageShell('login', { heading: 'within', content: LoginPage });

export const generateMetadata = page.generateMetadata;
export default page.Page;

function LoginPage({ locale, heading }: RouteView) {
  return (
    <div className={styles['auth-page']}>
      {heading}
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
