// /confirm: where the e-mail sign-in link returns to; completes the sign-in.
import { localeStaticParams } from '@/i18n/locale-params';
import { pageShell, type RouteView } from '@/app/_compose/page-shell';
import { ConfirmPanel } from '@/features/identity/ui/ConfirmPanel';
import { AuthProvider } from '@/features/identity/client/AuthProvider';
import { TrpcProvider } from '@/trpc/client';
import { ClientMessages } from '@/i18n/ClientMessages';
import styles from '@/features/identity/ui/auth.module.css';

export const generateStaticParams = localeStaticParams;

const page = pageShell('confirm', {
  // The header heads the card's column; the address carries a mailed link's one-time code, kept from search engines.
  heading: 'within',
  metadata: (base) => ({ ...base, robots: { index: false } }),
  content: ConfirmPage,
});

export const generateMetadata = page.generateMetadata;
export default page.Page;

function ConfirmPage({ locale, heading }: RouteView) {
  return (
    <div className={styles['auth-page']}>
      {heading}
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
