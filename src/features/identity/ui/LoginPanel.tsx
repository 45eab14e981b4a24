'use client';
// The sign-in page's forms: password sign-in, account creation, password reset and the e-mail
// link, plus Google in a popup. Switching between them keeps what was typed; every failure is a
// localized message with a next step; after sign-in the person returns where they came from. Each
// mode checks what was typed with its schema (identity.inputs.ts) on the form path before asking.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { localizedPath } from '@/i18n/routing';
import { RETURN_PARAM, safeReturnPath } from '@/navigation/return-path';
import { useForm } from '@/forms/useForm';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { AddressInput, NewAccountInput, PasswordSignInInput } from '../identity.inputs';
import { useAuth } from '../client/AuthProvider';
import { useSignOut } from '../client/useSignOut';
import { isQuietAuthError, type AuthErrorKey } from '../client/auth-errors';
import {
  createAccount,
  sendPasswordReset,
  sendSignInLink,
  signInWithGoogle,
  signInWithPassword,
  type SignInResult,
} from '../client/sign-in';
import { rememberReturnPath, useFinishSignIn } from './after-sign-in';
import { AuthCardStatus } from './AuthCardStatus';
import { TextField } from '@/ui/form/TextField';
import { Segmented } from '@/ui/form/Segmented';
import { Alert, FeedbackAlert, type Feedback } from '@/ui/feedback/Alert';
import styles from './auth.module.css';

type Mode = 'signIn' | 'register' | 'reset' | 'link';
type Field = 'displayName' | 'email' | 'password';

const FIELDS: readonly Field[] = ['displayName', 'email', 'password'];

type Notice = { kind: 'error'; key: AuthErrorKey; retryAfterSeconds?: number } | { kind: 'sent'; message: 'resetSent' | 'linkSent'; email: string } | { kind: 'signedIn' };

export function LoginPanel() {
  const t = useTranslations('Auth');
  const tNav = useTranslations('Nav');
  const tErrors = useTranslations('Errors');
  const locale = useLocale();
  const router = useRouter();
  const searchParams = useSearchParams();
  const { auth, user, loading, unavailable, waitForSession } = useAuth();
  const signOut = useSignOut();
  const returnTo = safeReturnPath(searchParams.get(RETURN_PARAM)) ?? localizedPath(locale, '/');
  const finish = useFinishSignIn();

  const [mode, setMode] = useState<Mode>('signIn');
  const [values, setValues] = useState<Record<Field, string>>({ displayName: '', email: '', password: '' });
  const form = useForm({ fields: FIELDS });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState<Mode | 'google' | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const switchedMode = useRef(false);
  const formId = useId();

  useEffect(() => {
    if (switchedMode.current) headingRef.current?.focus();
  }, [mode]);
  useEffect(() => {
    // A closed popup was the person's own doing: say so, but leave the focus where it is.
    if (notice?.kind === 'error' && !isQuietAuthError(notice.key)) noticeRef.current?.focus();
  }, [notice]);

  function changeMode(next: Mode) {
    switchedMode.current = true;
    setMode(next);
    form.clear();
    setNotice(null);
  }

  /** Whether what the mode asks for passes its schema; if not, the fields in trouble say why. */
  function checked(): boolean {
    const { displayName, email, password } = values;
    if (mode === 'signIn') return form.check(PasswordSignInInput, { email, password }) !== null;
    if (mode === 'register') return form.check(NewAccountInput, { displayName, email, password }) !== null;
    return form.check(AddressInput, { email }) !== null;
  }

  async function completeSignIn(result: SignInResult) {
    if (result.error) {
      setNotice({ kind: 'error', key: result.error });
      return;
    }
    setNotice({ kind: 'signedIn' });
    if (!(await finish(returnTo, result.user.uid))) setNotice({ kind: 'error', key: 'session' });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!auth || busy || !checked()) return;
    setNotice(null);
    setBusy(mode);
    try {
      if (mode === 'signIn') await completeSignIn(await signInWithPassword(auth, values.email, values.password));
      else if (mode === 'register') await completeSignIn(await createAccount(auth, values, waitForSession));
      else if (mode === 'reset') {
        // The new password signs the person in on /confirm, which then goes on to where they were going.
        rememberReturnPath(returnTo);
        const { error, retryAfterSeconds } = await sendPasswordReset(auth, values.email, locale);
        // Whether an account exists is not revealed: a missing one reads like a sent mail.
        setNotice(error && error !== 'wrongCredentials' ? { kind: 'error', key: error, retryAfterSeconds } : { kind: 'sent', message: 'resetSent', email: values.email.trim() });
      } else {
        rememberReturnPath(returnTo);
        const { error, retryAfterSeconds } = await sendSignInLink(auth, values.email, locale);
        setNotice(error ? { kind: 'error', key: error, retryAfterSeconds } : { kind: 'sent', message: 'linkSent', email: values.email.trim() });
      }
    } finally {
      setBusy(null);
    }
  }

  async function google() {
    if (!auth || busy) return;
    setNotice(null);
    setBusy('google');
    try {
      await completeSignIn(await signInWithGoogle(auth, locale));
    } finally {
      setBusy(null);
    }
  }

  if (loading || (!auth && !unavailable)) {
    return <AuthCardStatus text={t('initializing')} />;
  }
  if (unavailable) {
    return (
      <div className={styles['auth-card']}>
        <Alert kind="error">{t('errors.network')}</Alert>
      </div>
    );
  }
  if (user && notice?.kind !== 'signedIn' && busy === null) {
    return (
      <div className={styles['auth-card']}>
        <p>{t('alreadySignedIn', { name: user.displayName ?? user.email ?? '' })}</p>
        <div className={styles['auth-card__actions']}>
          <button type="button" className="button button--primary" onClick={() => router.push(returnTo)}>
            {t('continue')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => void signOut()}>
            {tNav('signOut')}
          </button>
        </div>
      </div>
    );
  }

  const field = (name: Field) => ({
    id: `${formId}-${name}`,
    name,
    value: values[name],
    onChange: form.changing(name, (value: string) => setValues((current) => ({ ...current, [name]: value }))),
    error: form.error(name),
  });
  const tab = mode === 'link' ? 'link' : 'signIn';

  return (
    <div className={styles['auth-card']}>
      <Segmented label={t('methods')} options={['signIn', 'link'] as const} chosen={tab} onChoose={changeMode} labelOf={(option) => t(`modes.${option}`)} />

      <h2 ref={headingRef} tabIndex={-1} className={styles['auth-card__heading']}>
        {t(`headings.${mode}`)}
      </h2>
      <p className={styles['auth-card__lead']}>{t(`leads.${mode}`)}</p>

      <FeedbackAlert id={`${formId}-notice`} ref={noticeRef} tabIndex={-1} feedback={notice && feedbackOf(notice)} />

      <form id={form.id} noValidate onSubmit={submit} aria-describedby={notice ? `${formId}-notice` : undefined} className="form">
        {mode === 'register' && (
          <TextField label={t('displayName')} hint={t('displayNameHint')} autoComplete="name" {...field('displayName')} />
        )}
        <TextField label={t('email')} type="email" autoComplete="email" inputMode="email" {...field('email')} />
        {(mode === 'signIn' || mode === 'register') && (
          <TextField
            label={mode === 'register' ? t('newPassword') : t('password')}
            type="password"
            autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
            hint={mode === 'register' ? t('passwordHint', { min: PASSWORD_MIN_LENGTH }) : undefined}
            {...field('password')}
          />
        )}
        <button type="submit" className={`button button--primary ${styles['button--block']}`} disabled={busy !== null} aria-busy={busy === mode}>
          {busy === mode ? (
            <>
              <span className="spinner" aria-hidden="true" /> {t('working')}
            </>
          ) : (
            t(`submit.${mode}`)
          )}
        </button>
      </form>

      <div className={styles['auth-card__links']}>
        {mode === 'signIn' && (
          <>
            <button type="button" className="link-button" onClick={() => changeMode('reset')}>
              {t('forgotPassword')}
            </button>
            <p>
              {t('newHere')}{' '}
              <button type="button" className="link-button" onClick={() => changeMode('register')}>
                {t('createAccount')}
              </button>
            </p>
          </>
        )}
        {(mode === 'register' || mode === 'reset') && (
          <p>
            {mode === 'register' && `${t('haveAccount')} `}
            <button type="button" className="link-button" onClick={() => changeMode('signIn')}>
              {t('backToSignIn')}
            </button>
          </p>
        )}
      </div>

      <div className={styles.divider} role="separator">
        <span>{t('or')}</span>
      </div>
      <button type="button" className={`button button--ghost ${styles['button--block']}`} onClick={google} disabled={busy !== null} aria-busy={busy === 'google'}>
        {busy === 'google' ? <span className="spinner" aria-hidden="true" /> : <GoogleMark />}
        {t('google')}
      </button>
    </div>
  );

  function feedbackOf(notice: Notice): Feedback {
    if (notice.kind === 'error') {
      // The server's limit says how long to wait; Firebase's says only "a few minutes".
      return { kind: 'error', text: notice.retryAfterSeconds !== undefined ? tErrors('reasons.rateLimited', { seconds: notice.retryAfterSeconds }) : t(`errors.${notice.key}`) };
    }
    return { kind: 'success', text: notice.kind === 'signedIn' ? t('signedIn') : t(notice.message, { email: notice.email }) };
  }
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.5 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}
