'use client';
// Where a membership request meets an address not yet confirmed: the link is sent again on
// request, and once the person has followed it, the confirmation is taken into the server
// session (a fresh token renews it) and the request is made again. Firebase Auth is loaded only
// on these clicks, as on every page but the sign-in pages.
import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import styles from './memberships.module.css';

type Step = 'idle' | 'sending' | 'sent' | 'checking' | 'notYet' | 'failed';

async function signedInAuth() {
  const { firebaseAuth } = await import('@/firebase-client/firebase-web');
  const auth = await firebaseAuth();
  await auth.authStateReady();
  return auth;
}

export function ConfirmAddress({ onConfirmed }: { onConfirmed: () => void }) {
  const t = useTranslations('MembershipOffer');
  const locale = useLocale();
  const [step, setStep] = useState<Step>('idle');

  async function sendAgain() {
    setStep('sending');
    try {
      const [{ sendVerificationLink }, auth] = await Promise.all([import('@/features/identity/client/sign-in'), signedInAuth()]);
      const { error } = await sendVerificationLink(auth, locale, window.location.pathname);
      setStep(error ? 'failed' : 'sent');
    } catch {
      setStep('failed');
    }
  }

  async function confirmed() {
    setStep('checking');
    try {
      const [{ takeConfirmationIntoSession }, auth] = await Promise.all([import('@/features/identity/client/sign-in'), signedInAuth()]);
      const outcome = await takeConfirmationIntoSession(auth);
      if (outcome === 'notYet') return setStep('notYet');
      if (outcome !== 'confirmed') return setStep('failed');
      setStep('idle');
      onConfirmed();
    } catch {
      setStep('failed');
    }
  }

  const busy = step === 'sending' || step === 'checking';
  const note = step === 'sent' ? t('confirmSent') : step === 'notYet' ? t('confirmNotYet') : step === 'failed' ? t('confirmFailed') : null;
  return (
    <div className={styles['membership-offer__form']}>
      {note ? <p role="status">{note}</p> : null}
      <div className="button-row">
        <button type="button" className="button button--primary" disabled={busy} aria-busy={step === 'checking'} onClick={() => void confirmed()}>
          {step === 'checking' && <span className="spinner" aria-hidden="true" />}
          {t('confirmDone')}
        </button>
        <button type="button" className="button button--ghost" disabled={busy} aria-busy={step === 'sending'} onClick={() => void sendAgain()}>
          {step === 'sending' && <span className="spinner" aria-hidden="true" />}
          {t('confirmSendAgain')}
        </button>
      </div>
    </div>
  );
}
