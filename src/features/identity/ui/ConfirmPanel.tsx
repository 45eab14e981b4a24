'use client';
// /confirm: where every mailed link leads, the app's or Firebase's, and completes what it is for by
// its `mode`: signing in (an e-mail link), confirming the address, or choosing a new password.
import { useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import { linkAction } from '../client/sign-in';
import { AuthCardStatus } from './AuthCardStatus';
import { AddressLinkPanel } from './AddressLinkPanel';
import { PasswordLinkPanel } from './PasswordLinkPanel';
import { SignInLinkPanel } from './SignInLinkPanel';

const unchanging = () => () => {};

export function ConfirmPanel() {
  const t = useTranslations('Auth');
  // The link is in the address bar, which only the browser has: none while the server renders.
  const href = useSyncExternalStore(unchanging, () => window.location.href, () => null);
  if (href === null) return <AuthCardStatus text={t('confirm.opening')} />;
  const { mode, oobCode } = linkAction(href);
  if (mode === 'verifyEmail') return <AddressLinkPanel oobCode={oobCode} />;
  if (mode === 'resetPassword') return <PasswordLinkPanel oobCode={oobCode} />;
  return <SignInLinkPanel />;
}
