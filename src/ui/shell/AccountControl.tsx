'use client';
// Sign in, or who is signed in and a way out. A placeholder of the same size while the auth state
// is loading, so the header does not jump.
import { useLocale, useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { useViewerState } from '@/features/identity/client/ViewerProvider';
import { useSignOut } from '@/features/identity/client/useSignOut';
import { loginHref } from '@/navigation/return-path';
import type { Locale } from '@/i18n/routing';
import { InboxBadge } from '@/features/notifications/ui/InboxBadge';

export function AccountControl({ inMenu = false, onDone }: { inMenu?: boolean; onDone?: () => void }) {
  const t = useTranslations('Nav');
  const { loading, person: user } = useViewerState();
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
      <InboxBadge />
      {ownPhoto(user.photoURL) ? (
        // eslint-disable-next-line @next/next/no-img-element -- the photo comes from our own avatar route
        <img className="avatar avatar--small" src={ownPhoto(user.photoURL)!} alt="" width={32} height={32} />
      ) : null}
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

/**
 * The profile photo's address when the app serves it (GET /api/avatars): a photo a sign-in
 * provider keeps elsewhere is not loaded, so showing the header never asks another host.
 */
export function ownPhoto(photoURL: string | null): string | null {
  if (!photoURL || typeof window === 'undefined') return null;
  try {
    const url = new URL(photoURL, window.location.origin);
    return url.origin === window.location.origin && url.pathname.startsWith('/api/avatars/') ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}
