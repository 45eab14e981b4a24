'use client';
// /confirm with a password reset link: the link is checked first (naming the account, spending
// nothing), then the person chooses a new password under the same rules as at sign-up, it is saved
// with the link's code, and they are signed in with it and taken where they were going. A spent or
// expired link says where to get a new one.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { localizedPath } from '@/i18n/routing';
import { useForm } from '@/forms/useForm';
import { TextField } from '@/ui/form/TextField';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { NewPasswordInput } from '../identity.inputs';
import { Alert } from '@/ui/feedback/Alert';
import { useAuth } from '../client/AuthProvider';
import type { AuthErrorKey } from '../client/auth-errors';
import { passwordResetAddress, setNewPassword, signInWithPassword } from '../client/sign-in';
import { takeReturnPath, useFinishSignIn } from './after-sign-in';
import { AuthCardStatus } from './AuthCardStatus';
import styles from './auth.module.css';

type Step =
  | { kind: 'checking' }
  | { kind: 'choose'; email: string; oobCode: string; error: AuthErrorKey | null }
  | { kind: 'signingIn' }
  | { kind: 'failed'; error: AuthErrorKey }
  | { kind: 'savedNotSignedIn' };

/** Codes that are spent, expired or cut short: the person needs a new link, not another try. */
const UNUSABLE: ReadonlySet<AuthErrorKey> = new Set(['invalidLink', 'linkExpired']);

export function PasswordLinkPanel({ oobCode }: { oobCode: string | null }) {
  const t = useTranslations('Auth');
  const locale = useLocale();
  const { auth } = useAuth();
  const finish = useFinishSignIn();
  const [step, setStep] = useState<Step>({ kind: 'checking' });
  const [password, setPassword] = useState('');
  const form = useForm({ fields: ['password'] });
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();

  useEffect(() => {
    if (!auth || started.current) return;
    started.current = true;
    void passwordResetAddress(auth, oobCode).then((checked) =>
      setStep(checked.error === null ? { kind: 'choose', email: checked.email, oobCode: oobCode!, error: null } : { kind: 'failed', error: checked.error }),
    );
  }, [auth, oobCode]);

  const shownError = step.kind === 'failed' || step.kind === 'savedNotSignedIn' || (step.kind === 'choose' && step.error !== null);
  useEffect(() => {
    if (shownError) alertRef.current?.focus();
    else if (step.kind === 'choose') headingRef.current?.focus();
  }, [shownError, step.kind]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!auth || busy || step.kind !== 'choose') return;
    // The same rules as at sign-up; Firebase has the last word ('weakPassword').
    if (!form.check(NewPasswordInput, { password })) return;
    setBusy(true);
    try {
      const saved = await setNewPassword(auth, step.oobCode, password);
      if (saved.error) {
        // A password Firebase finds too weak can be changed; a spent or expired link cannot.
        setStep(UNUSABLE.has(saved.error) ? { kind: 'failed', error: saved.error } : { ...step, error: saved.error });
        return;
      }
      setStep({ kind: 'signingIn' });
      const signedIn = await signInWithPassword(auth, step.email, password);
      if (signedIn.error || !(await finish(takeReturnPath() ?? localizedPath(locale, '/'), signedIn.user.uid))) setStep({ kind: 'savedNotSignedIn' });
    } finally {
      setBusy(false);
    }
  }

  if (step.kind === 'checking') return <AuthCardStatus text={t('confirm.password.checking')} />;
  if (step.kind === 'signingIn') return <AuthCardStatus text={t('confirm.password.saved')} />;
  if (step.kind === 'failed' || step.kind === 'savedNotSignedIn') {
    const unusable = step.kind === 'failed' && UNUSABLE.has(step.error);
    return (
      <div className={styles['auth-card']}>
        <Alert ref={alertRef} tabIndex={-1} kind="error">
          {step.kind === 'savedNotSignedIn' ? t('confirm.password.savedNotSignedIn') : unusable ? t('confirm.password.unusable', { forgot: t('forgotPassword') }) : t(`errors.${step.error}`)}
        </Alert>
        <div className={styles['auth-card__actions']}>
          <Link href="/login" className="button button--primary">
            {unusable ? t('confirm.password.requestNew') : t('backToSignIn')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className={styles['auth-card']}>
      <h2 ref={headingRef} tabIndex={-1} className={styles['auth-card__heading']}>
        {t('confirm.password.heading')}
      </h2>
      <p className={styles['auth-card__lead']}>{t('confirm.password.lead', { email: step.email })}</p>
      {step.error && (
        <Alert ref={alertRef} tabIndex={-1} kind="error">
          {t(`errors.${step.error}`)}
        </Alert>
      )}
      <form id={form.id} noValidate onSubmit={submit} className="form">
        {/* The account's address for password managers, which save the new password under it. */}
        <input type="email" name="username" autoComplete="username" value={step.email} readOnly hidden />
        <TextField
          id={`${id}-password`}
          name="password"
          label={t('confirm.password.label')}
          type="password"
          autoComplete="new-password"
          hint={t('passwordHint', { min: PASSWORD_MIN_LENGTH })}
          value={password}
          onChange={form.changing('password', setPassword)}
          error={form.error('password')}
          required
        />
        <button type="submit" className={`button button--primary ${styles['button--block']}`} disabled={busy} aria-busy={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {busy ? t('working') : t('confirm.password.submit')}
        </button>
      </form>
    </div>
  );
}
