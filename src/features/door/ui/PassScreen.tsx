'use client';
// /vip/qr: the member's pass at the door. The code changes every 30 seconds and is signed on this
// phone with a key that never leaves it, so it works without signal; a moving band and the
// member's photo and name make a screenshot or a shared screen easy to spot. The screen stays
// awake while the pass is shown, and the door's admission appears here as it happens.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { localized, VENUE_TIME_ZONE } from '@/i18n/routing';
import { usePathname, useRouter } from '@/i18n/navigation';
import { apiErrorReason, useApiErrorMessage } from '@/trpc/errors';
import { loginHref } from '@/navigation/login-link';
import { useSignOut } from '@/features/identity/client/useSignOut';
import { ConfirmButton } from '@/ui/dialog/ConfirmButton';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { Alert } from '@/ui/feedback/Alert';
import { Avatar } from '@/ui/Avatar';
import { ownPhoto } from '@/ui/shell/own-photo';
import { useLiveFeed } from '@/features/live/client/useLiveFeed';
import { nightFeed } from '../client/live-feeds';
import { useViewerState } from '@/features/identity/client/ViewerProvider';
import { STEP_SECONDS, stepEndsAt } from '../pass-code';
import { passCodeAt } from '../client/pass-store';
import { usePass, type ReadyPass } from '../client/usePass';
import { useKeptForOffline } from '@/features/pwa/useKeptForOffline';
import { QrCode } from './QrCode';
import styles from './door.module.css';

/**
 * The account comes from this browser's sign-in, not from the server's render: the page's HTML is
 * then the same for every member, which lets the worker keep it for a door without signal.
 */
export function PassScreen() {
  const t = useTranslations('Pass');
  // The shell is rendered for no one: the person comes from the server, asked from here.
  const { person } = useViewerState();
  const uid = person?.uid;
  if (!uid) {
    return (
      <div className={`${styles.pass} pass--loading`} role="status" aria-busy="true">
        <span className={`skeleton ${styles.pass__skeleton}`} />
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  }
  return <PassOf uid={uid} />;
}

/** On the way back from signing in again to move the pass here: the page moves it at once. */
const MOVE_AGAIN_PARAM = 'move';

/** Whether a refusal asks for a fresh sign-in before the pass may move to this phone. */
function needsSignIn(error: unknown): boolean {
  return apiErrorReason(error) === 'passMoveNeedsRecentSignIn';
}

/**
 * Moving the pass from another phone needs a sign-in of the last 5 minutes (a stolen phone still
 * signed in must not take it back): sign out here, sign in, and come back to move it.
 */
function useSignInToMove(): () => Promise<boolean> {
  const signOut = useSignOut();
  const locale = useLocale();
  const pathname = usePathname();
  return () => signOut({ to: loginHref(`${pathname}?${MOVE_AGAIN_PARAM}`, locale) });
}

function PassOf({ uid }: { uid: string }) {
  const t = useTranslations('Pass');
  const { state, sync, moveHere } = usePass(uid);
  useWakeLock(state.status === 'ready');
  useKeptForOffline(state.status === 'ready' && !state.offline);
  useMoveOnReturn(state.status === 'elsewhere', moveHere);

  if (state.status === 'loading') {
    return (
      <div className={`${styles.pass} pass--loading`} role="status" aria-busy="true">
        <span className={`skeleton ${styles.pass__skeleton}`} />
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  }
  if (state.status === 'needsConnection') {
    return (
      <Alert kind="error">{t('needsConnection')}</Alert>
    );
  }
  if (state.status === 'error') return <RetryAlert error={state.error} onRetry={() => void sync()} />;
  if (state.status === 'elsewhere') return <Elsewhere moving={state.moving} error={state.error} onMoveHere={moveHere} />;
  return <Pass pass={state.pass} offline={state.offline} onMoveHere={moveHere} />;
}

/** Back from signing in again: the pass moves here once, and the address loses its parameter. */
function useMoveOnReturn(elsewhere: boolean, moveHere: () => Promise<void>) {
  const returning = useSearchParams().has(MOVE_AGAIN_PARAM);
  const router = useRouter();
  const pathname = usePathname();
  const tried = useRef(false);
  useEffect(() => {
    if (!returning || !elsewhere || tried.current) return;
    tried.current = true;
    router.replace(pathname);
    void moveHere().catch(() => undefined);
  }, [returning, elsewhere, moveHere, router, pathname]);
}

/** The pass shows on another phone, or an admin renewed it: this phone's codes no longer work. */
function Elsewhere({ moving, error, onMoveHere }: { moving: boolean; error: unknown; onMoveHere: () => Promise<void> }) {
  const t = useTranslations('Pass');
  const errorMessage = useApiErrorMessage();
  const signInAgain = useSignInToMove();
  return (
    <section className="panel pass-elsewhere" aria-labelledby="pass-elsewhere-title" aria-busy={moving}>
      <h2 id="pass-elsewhere-title">{t('elsewhereTitle')}</h2>
      <p>{t('elsewhereText')}</p>
      {error ? (
        <Alert kind="error">{errorMessage(error)}</Alert>
      ) : null}
      {needsSignIn(error) ? (
        <button type="button" className="button button--primary" onClick={() => void signInAgain()}>
          {t('signInAgain')}
        </button>
      ) : (
        <button type="button" className="button button--primary" disabled={moving} onClick={() => void onMoveHere().catch(() => undefined)}>
          {moving ? t('moving') : t('moveHere')}
        </button>
      )}
    </section>
  );
}

function Pass({ pass, offline, onMoveHere }: { pass: ReadyPass; offline: boolean; onMoveHere: () => Promise<void> }) {
  const t = useTranslations('Pass');
  const format = useFormatter();
  const locale = useLocale();
  const errorMessage = useApiErrorMessage();
  const [code, setCode] = useState<{ code: string; step: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [rotateError, setRotateError] = useState<{ text: string; signIn: boolean } | null>(null);
  const signInAgain = useSignInToMove();
  const night = useLiveFeed(nightFeed, undefined);
  // "My phone was lost": this phone registers a new key, which ends every other phone's codes.
  const rotate = () => {
    setRotateError(null);
    return onMoveHere().catch((error: unknown) => setRotateError({ text: errorMessage(error), signIn: needsSignIn(error) }));
  };

  useEffect(() => {
    let cancelled = false;
    let shownStep = -1;
    const tick = async () => {
      const phoneNow = Date.now();
      setNow(phoneNow);
      const next = await passCodeAt(pass, phoneNow);
      if (!cancelled && next.step !== shownStep) {
        shownStep = next.step;
        setCode(next);
      }
    };
    void tick();
    const timer = setInterval(() => void tick(), 1000);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [pass]);

  const secondsLeft = code ? Math.max(0, Math.ceil((stepEndsAt(code.step) - (now + pass.offsetMs)) / 1000)) : STEP_SECONDS;
  const photo = ownPhoto(pass.photoURL);
  const name = pass.displayName ?? '';
  const checkedInAt = night.status === 'ready' ? night.data.checkedInAt : null;
  const event = night.status === 'ready' ? night.data.event : null;

  return (
    <div className={styles.pass}>
      <div className={styles.pass__holder}>
        <Avatar photo={photo} initial={(name || '?').charAt(0).toUpperCase()} alt="" size={72} className={styles.pass__photo} />
        <div>
          <p className={styles.pass__name}>{name}</p>
          {event ? <p className={styles.pass__event}>{localized(event.title, locale)}</p> : null}
        </div>
      </div>

      {checkedInAt ? (
        <p className={styles['pass__checked-in']} role="status">
          <span aria-hidden="true">✓</span> {t('checkedInAt', { time: format.dateTime(checkedInAt, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: VENUE_TIME_ZONE }) })}
        </p>
      ) : null}
      {!pass.active ? (
        <Alert kind="error" standing>
          {t('noMembership')}
        </Alert>
      ) : null}

      <div className={styles.pass__code}>
        {code ? <QrCode value={code.code} label={t('codeLabel')} /> : <span className={`skeleton ${styles.pass__skeleton}`} />}
        {/* Moves all the time: a still picture of this screen is easy to tell from the real one. */}
        <span className={styles.pass__band} aria-hidden="true" />
      </div>
      <div className={styles.pass__timer}>
        <progress max={STEP_SECONDS} value={secondsLeft} aria-label={t('countdownLabel')} />
        <span aria-live="off">{t('newCodeIn', { seconds: secondsLeft })}</span>
      </div>
      {offline ? <p className={styles.pass__offline} role="status">{t('offline')}</p> : null}
      {rotateError ? (
        <Alert kind="error">{rotateError.text}</Alert>
      ) : null}
      {rotateError?.signIn ? (
        <button type="button" className="button button--primary" onClick={() => void signInAgain()}>
          {t('signInAgain')}
        </button>
      ) : null}
      <div className={styles.pass__actions}>
        <ConfirmButton
          className="button button--ghost button--small"
          disabled={offline}
          title={t('rotateTitle')}
          text={t('rotateText')}
          confirmLabel={t('rotateConfirm')}
          cancelLabel={t('cancel')}
          busyLabel={t('moving')}
          onConfirm={rotate}
        >
          {t('lostPhone')}
        </ConfirmButton>
      </div>
    </div>
  );
}

/** Keeps the screen on while the pass is shown (where the browser allows), again after a tab switch. */
function useWakeLock(active: boolean) {
  useEffect(() => {
    if (!active || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let released = false;
    const request = async () => {
      if (document.visibilityState !== 'visible' || released) return;
      lock = await navigator.wakeLock.request('screen').catch(() => null);
    };
    void request();
    const onVisible = () => void request();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      released = true;
      document.removeEventListener('visibilitychange', onVisible);
      void lock?.release().catch(() => undefined);
    };
  }, [active]);
}
