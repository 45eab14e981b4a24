'use client';
// /confirm with the link that confirms an address: the code is applied, and where this browser is
// signed in to that account the confirmation is taken into the server session at once (as the
// membership offer's "I have confirmed my address" does), so asking for a membership no longer asks
// for it. Opened elsewhere, the address is confirmed all the same and the next sign-in carries it.
import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { loginHref } from '@/navigation/login-link';
import { Alert } from '@/ui/feedback/Alert';
import { useAuth } from '../client/AuthProvider';
import type { AuthErrorKey } from '../client/auth-errors';
import { applyAddressLink, takeConfirmationIntoSession } from '../client/sign-in';
import { AuthCardStatus } from './AuthCardStatus';
import styles from './auth.module.css';

type Step = { kind: 'checking' } | { kind: 'confirmed'; email: string; inSession: boolean } | { kind: 'failed'; error: AuthErrorKey };

/** Codes that are spent, expired or cut short: the person needs a new link, not another try. */
const UNUSABLE: ReadonlySet<AuthErrorKey> = new Set(['invalidLink', 'linkExpired']);

export function AddressLinkPanel({ oobCode }: { oobCode: string | null }) {
  const t = useTranslations('Auth');
  const locale = useLocale();
  const { auth, loading } = useAuth();
  const [step, setStep] = useState<Step>({ kind: 'checking' });
  const started = useRef(false);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Once the account this browser holds (if any) is known, so the session can be told.
    if (!auth || loading || started.current) return;
    started.current = true;
    void (async () => {
      const applied = await applyAddressLink(auth, oobCode);
      if (applied.error !== null) return setStep({ kind: 'failed', error: applied.error });
      const mine = auth.currentUser?.email?.toLowerCase() === applied.email.toLowerCase();
      const inSession = mine && (await takeConfirmationIntoSession(auth).catch(() => 'noSession' as const)) === 'confirmed';
      setStep({ kind: 'confirmed', email: applied.email, inSession });
    })();
  }, [auth, loading, oobCode]);

  useEffect(() => {
    if (step.kind !== 'checking') resultRef.current?.focus();
  }, [step.kind]);

  if (step.kind === 'checking') return <AuthCardStatus text={t('confirm.address.checking')} />;
  if (step.kind === 'failed') {
    return (
      <div className={styles['auth-card']}>
        <Alert ref={resultRef} tabIndex={-1} kind="error">
          {UNUSABLE.has(step.error) ? t('confirm.address.unusable') : t(`errors.${step.error}`)}
        </Alert>
        <div className={styles['auth-card__actions']}>
          <Link href="/vip" className="button button--primary">
            {t('confirm.address.toVip')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className={styles['auth-card']}>
      {/* Focused as it appears, so its words are read without a live region that was there before. */}
      <Alert ref={resultRef} tabIndex={-1} kind="success">
        {t(step.inSession ? 'confirm.address.confirmed' : 'confirm.address.confirmedSignIn', { email: step.email })}
      </Alert>
      <div className={styles['auth-card__actions']}>
        {step.inSession ? (
          <Link href="/vip" className="button button--primary">
            {t('confirm.address.toMembership')}
          </Link>
        ) : (
          <Link href={loginHref('/vip', locale)} className="button button--primary">
            {t('confirm.address.signIn')}
          </Link>
        )}
      </div>
    </div>
  );
}
