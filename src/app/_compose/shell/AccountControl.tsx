'use client';
// Sign in, or who is signed in and a way out. A placeholder of the same size while the auth state
// is loading, so the header does not jump. The signed-in part (name, photo, unread badge,
// sign-out) is its own chunk, fetched only for pages rendered for someone signed in: a visitor's
// page loads none of it (decision 027). React's lazy, not next/dynamic, whose loader would cost
// every page more than it saves.
import { Suspense } from 'react';
import { lazyWhenLoaded } from '@/ui/lazy';
import { useLocale, useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { useViewerState } from '@/features/identity/client/ViewerProvider';
import { loginHref } from '@/navigation/login-link';
import styles from '@/ui/shell/header.module.css';

// Fetched after load: without signal it waits (the placeholder stays) instead of failing the page.
const SignedInAccount = lazyWhenLoaded(() => import('./SignedInAccount'));

export function AccountControl({ inMenu = false, onDone }: { inMenu?: boolean; onDone?: () => void }) {
  const t = useTranslations('Nav');
  const { loading, person: user } = useViewerState();
  const pathname = usePathname();
  const locale = useLocale();
  const className = inMenu ? `${styles['account-control']} ${styles['account-control--menu']}` : styles['account-control'];

  const placeholder = <span className={`${className} ${styles['account-control--loading']}`} aria-hidden="true" />;
  if (loading) return placeholder;
  if (!user) {
    return (
      <Link href={loginHref(pathname, locale)} className={`button button--primary button--small ${className}`} onClick={onDone}>
        {t('signIn')}
      </Link>
    );
  }
  return (
    <Suspense fallback={placeholder}>
      <SignedInAccount person={user} className={className} onDone={onDone} />
    </Suspense>
  );
}
