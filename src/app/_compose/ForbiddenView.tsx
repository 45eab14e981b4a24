// The body of the 403 page: what happened, why, and what to do next (in the VIP area: ask for a
// membership; at the profile, an account without a role may still delete itself).
import { headers } from 'next/headers';
import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { splitLocale } from '@/navigation/not-found';
import { PATH_HEADER } from '@/server/http/security-headers';
import { currentIdentity } from '@/features/identity/viewer';
import { ClientMessages } from '@/i18n/ClientMessages';
import { MembershipOffer } from '@/features/memberships/ui/MembershipOffer';
import { OwnAccountOnRefusal } from '@/features/profile/ui/OwnAccountOnRefusal';
import { TrpcProvider } from '@/trpc/client';
import { ForgetThisDevice } from './ForgetThisDevice';

/**
 * Whether this refusal is someone signed in without a role at the VIP area's door: that area
 * opens with a membership, which they can ask for right here, so the page invites rather than
 * refuses (the answer is still 403).
 */
export async function isMembershipRefusal(): Promise<boolean> {
  const { path } = splitLocale((await headers()).get(PATH_HEADER) ?? '');
  if (path !== '/vip' && !path.startsWith('/vip/')) return false;
  const identity = await currentIdentity();
  return identity !== null && identity.role === null;
}

export async function ForbiddenView() {
  const [t, locale, membership] = await Promise.all([getTranslations('Errors'), getLocale(), isMembershipRefusal()]);
  return (
    <section className="error-page" aria-labelledby="error-title">
      {membership ? null : <p className="error-page__code" aria-hidden="true">403</p>}
      <h1 id="error-title">{membership ? t('membersOnlyTitle') : t('forbiddenTitle')}</h1>
      <p className="error-page__lead">{membership ? t('membersOnlyMessage') : t('forbiddenMessage')}</p>
      <p>{membership ? t('membersOnlyHint') : t('forbiddenHint')}</p>
      <ClientMessages namespaces={['MembershipOffer', 'Forms', 'Profile']}>
        {/* Their tRPC client comes with them: the 403 page is outside the signed-in areas. */}
        <TrpcProvider locale={locale}>
          <MembershipOffer />
          <ForgetThisDevice>
            <OwnAccountOnRefusal />
          </ForgetThisDevice>
        </TrpcProvider>
      </ClientMessages>
      <div className="error-page__actions">
        <Link href="/" className="button button--primary">{t('backHome')}</Link>
        <Link href="/login" className="button button--ghost">{t('signInOther')}</Link>
      </div>
    </section>
  );
}
