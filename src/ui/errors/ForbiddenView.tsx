// The body of the 403 page: what happened, why, and what to do next (in the VIP area: ask for a
// membership; at the profile, an account without a role may still delete itself).
import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { ClientMessages } from '@/i18n/ClientMessages';
import { MembershipOffer } from '@/features/memberships/ui/MembershipOffer';
import { OwnAccountOnRefusal } from '@/features/profile/ui/OwnAccountOnRefusal';
import { TrpcProvider } from '@/trpc/client';

export async function ForbiddenView() {
  const [t, locale] = await Promise.all([getTranslations('Errors'), getLocale()]);
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__code" aria-hidden="true">403</p>
      <h1 id="error-title">{t('forbiddenTitle')}</h1>
      <p className="error-page__lead">{t('forbiddenMessage')}</p>
      <p>{t('forbiddenHint')}</p>
      <ClientMessages namespaces={['MembershipOffer', 'Forms', 'Profile']}>
        {/* Their tRPC client comes with them: the 403 page is outside the signed-in areas. */}
        <TrpcProvider locale={locale}>
          <MembershipOffer />
          <OwnAccountOnRefusal />
        </TrpcProvider>
      </ClientMessages>
      <div className="error-page__actions">
        <Link href="/" className="button button--primary">{t('backHome')}</Link>
        <Link href="/login" className="button button--ghost">{t('signInOther')}</Link>
      </div>
    </section>
  );
}
