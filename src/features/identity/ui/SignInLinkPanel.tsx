'use client';
// /confirm with a sign-in link: completes an e-mail link sign-in. With the address stored on this
// device it signs in at once; otherwise it asks for the address (specification: 'Please provide
// your email for confirmation', then 'Email is required' when none is given). A link that is not a
// sign-in link fails with 'Invalid sign-in link'. An address typed is checked on the form path
// before the link is tried; an empty one is the specification's 'Email is required'.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { localizedPath } from '@/i18n/routing';
import { TextField } from '@/ui/form/TextField';
import { Alert } from '@/ui/feedback/Alert';
import { useForm } from '@/forms/useForm';
import { AddressInput, EmailAddress } from '../identity.inputs';
import { useAuth } from '../client/AuthProvider';
import type { AuthErrorKey } from '../client/auth-errors';
import { completeSignInLink, EMAIL_FOR_SIGN_IN_KEY, isSignInLink, type SignInResult } from '../client/sign-in';
import { takeReturnPath, useFinishSignIn } from './after-sign-in';
import { AuthCardStatus } from './AuthCardStatus';
import styles from './auth.module.css';

type Step = { kind: 'checking' } | { kind: 'ask'; error: AuthErrorKey | null } | { kind: 'failed'; error: AuthErrorKey } | { kind: 'done' };

export function SignInLinkPanel() {
  const t = useTranslations('Auth');
  const locale = useLocale();
  const { auth } = useAuth();
  const finish = useFinishSignIn();
  const [step, setStep] = useState<Step>({ kind: 'checking' });
  const [email, setEmail] = useState('');
  const form = useForm({ fields: ['email'] });
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const id = useId();

  async function conclude(result: SignInResult, retry: boolean) {
    if (result.error) {
      // A wrong address can be corrected; a bad or used link cannot.
      setStep(retry && (result.error === 'emailRequired' || result.error === 'invalidEmail') ? { kind: 'ask', error: result.error } : { kind: 'failed', error: result.error });
      return;
    }
    setStep({ kind: 'done' });
    if (!(await finish(takeReturnPath() ?? localizedPath(locale, '/'), result.user.uid))) setStep({ kind: 'failed', error: 'session' });
  }

  useEffect(() => {
    if (!auth || started.current) return;
    started.current = true;
    const href = window.location.href;
    if (!isSignInLink(auth, href)) {
      // The link is in the address bar, which only exists in the browser, after hydration.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setStep({ kind: 'failed', error: 'invalidLink' });
      return;
    }
    const stored = localStorage.getItem(EMAIL_FOR_SIGN_IN_KEY);
    if (!stored) {
      setStep({ kind: 'ask', error: null });
      return;
    }
    void completeSignInLink(auth, href, stored).then((result) => conclude(result, false));
    // conclude only reads stable values; running this once per page is the point.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [auth]);

  useEffect(() => {
    if ((step.kind === 'failed' || (step.kind === 'ask' && step.error)) && alertRef.current) alertRef.current.focus();
  }, [step]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!auth || busy) return;
    // Nothing typed is the link's own step to refuse, in the specification's words.
    if (email.trim() !== '' && !form.check(AddressInput, { email })) return;
    setBusy(true);
    try {
      await conclude(await completeSignInLink(auth, window.location.href, email), true);
    } finally {
      setBusy(false);
    }
  }

  if (step.kind === 'checking' || step.kind === 'done') return <AuthCardStatus text={step.kind === 'done' ? t('signedIn') : t('confirm.checking')} />;
  if (step.kind === 'failed') {
    return (
      <div className={styles['auth-card']}>
        <Alert ref={alertRef} tabIndex={-1} kind="error">
          {t(`errors.${step.error}`)}
        </Alert>
        <div className={styles['auth-card__actions']}>
          <Link href="/login" className="button button--primary">
            {step.error === 'invalidLink' || step.error === 'linkExpired' ? t('confirm.requestNew') : t('backToSignIn')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className={styles['auth-card']}>
      <h2 className={styles['auth-card__heading']}>{t('confirm.prompt')}</h2>
      {step.error && (
        <Alert ref={alertRef} tabIndex={-1} kind="error">
          {/* Firebase says "invalid e-mail" also for a well-formed address the link was not sent to. */}
          {step.error === 'invalidEmail' && EmailAddress.safeParse(email).success ? t('confirm.emailMismatch') : t(`errors.${step.error}`)}
        </Alert>
      )}
      <form id={form.id} noValidate onSubmit={submit} className="form">
        <TextField
          id={`${id}-email`}
          name="email"
          label={t('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          hint={t('confirm.promptHint')}
          value={email}
          onChange={form.changing('email', setEmail)}
          error={form.error('email')}
        />
        <button type="submit" className={`button button--primary ${styles['button--block']}`} disabled={busy} aria-busy={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {busy ? t('working') : t('confirm.submit')}
        </button>
      </form>
    </div>
  );
}
