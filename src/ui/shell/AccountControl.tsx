'use client';
// Sign in, or who is signed in and a way out. A placeholder of the same size while the auth state
// is loading, so the header does not jump.
import { useLocale, useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { useAuth } from '@/features/identity/client/AuthProvider';
import { useSignOut } from '@/features/identity/client/useSignOut';
import { loginHref } from '@/navigation/return-path';
import type { Locale } from '@/i18n/routing';

export function AccountControl({ inMenu = false, onDone }: { inMenu?: boolean; onDone?: () => void }) {
  const t = useTranslations('Nav');
  const { loading, user } = useAuth();
  const pathname = usePathname();
  const locale = useLocale() as Locale;
  const signOut = useSignOut();
  const className = inMenu ? 'account-control account-control--menu' : 'account-control';

  if (loading) {
    return <span className={`${className} account-control--loading`} aria-hidden="true" />;
  }
  if (!user) {
    return (
      <Link href={loginHref(pathname, locale)} className={`button button--primary button--small ${className}`} onClick={onDone}>
        {t('signIn')}
      </Link>
    );
  }
  const name = user.displayName ?? user.email ?? '';
  return (
    <div className={className}>
      <span className="account-control__name" title={user.email ?? undefined}>
        <span className="visually-hidden">{t('signedInAs')} </span>
        {name}
      </span>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={async () => {
          onDone?.();
          await signOut();
        }}
      >
        {t('signOut')}
      </button>
    </div>
  );
}
