'use client';
// The profile's notifications section: push messages on this device, on or off. The browser asks
// for permission only once the switch is turned on; where it blocks notifications or has no
// push, the section says what to do instead.
import { useEffect, useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { TRPCClientError } from '@trpc/client';
import { trpc } from '@/trpc/client';
import { useApiErrorMessage } from '@/trpc/errors';
import { useViewerState } from '@/features/identity/client/ViewerProvider';
import type { Locale } from '@/i18n/routing';
import { PUSH_REGISTRATION_TIMEOUT_MS } from '../constants';
import { disablePush, enablePush, isPushOn, pushSupport, type PushFailure } from '../client/push-registration';
import settings from '@/ui/settings.module.css';
import { Alert } from '@/ui/feedback/Alert';

type View = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

async function currentView(uid: string): Promise<View> {
  const support = pushSupport();
  if (support === 'unsupported') return 'unsupported';
  if (support === 'denied') return 'blocked';
  return (await isPushOn(uid)) ? 'on' : 'off';
}

export function PushSettings() {
  const t = useTranslations('Push');
  const errorMessage = useApiErrorMessage();
  const id = useId();
  const { person: user } = useViewerState();
  const uid = user?.uid;
  const lang = useLocale();
  const client = trpc.useUtils().client;
  const [view, setView] = useState<View>('checking');
  const [busy, setBusy] = useState<'on' | 'off' | null>(null);
  // The permission changes in the middle of turning push on: that answer is the one that counts.
  const busyRef = useRef(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!uid) return;
    let active = true;
    const check = () => {
      void currentView(uid).then((next) => {
        if (active && !busyRef.current) setView(next);
      });
    };
    check();
    // Allowed or blocked in the browser's site settings while the page is open: follow at once.
    let status: PermissionStatus | undefined;
    navigator.permissions
      ?.query({ name: 'notifications' })
      .then((found) => {
        if (!active) return;
        status = found;
        status.addEventListener('change', check);
      })
      .catch(() => undefined);
    return () => {
      active = false;
      status?.removeEventListener('change', check);
    };
  }, [uid]);

  function failureMessage(reason: PushFailure, cause: unknown): string {
    // The server's own words (signed out, too many tries, offline) where it gave any.
    if (reason === 'server' && cause instanceof TRPCClientError) return errorMessage(cause);
    if (reason === 'timeout') return t('errors.timeout', { seconds: PUSH_REGISTRATION_TIMEOUT_MS / 1000 });
    if (reason === 'dismissed' || reason === 'subscription') return t(`errors.${reason}`);
    return t('errors.server');
  }

  async function turnOn(account: { uid: string; lang: Locale }) {
    setBusy('on');
    busyRef.current = true;
    // Straight from the click: the browser shows its question only while the click counts.
    const result = await enablePush(client, account);
    busyRef.current = false;
    setBusy(null);
    if (result.ok) return setView('on');
    if (result.reason === 'denied') return setView('blocked');
    if (result.reason === 'unsupported') return setView('unsupported');
    setView('off');
    setError(failureMessage(result.reason, result.error));
  }

  async function turnOff() {
    setBusy('off');
    busyRef.current = true;
    const result = await disablePush(client);
    busyRef.current = false;
    setBusy(null);
    if (result.ok) return setView('off');
    setError(t('errors.off'));
  }

  const on = view === 'on';
  const state = busy === 'on' ? t('turningOn') : busy === 'off' ? t('turningOff') : t(`state.${view}`);

  return (
    <section className={`panel ${settings['profile-section']}`} aria-labelledby={`${id}-title`} aria-busy={busy !== null}>
      <h2 id={`${id}-title`}>{t('heading')}</h2>
      <p>{t('lead')}</p>
      {view === 'unsupported' ? (
        <>
          <Alert kind="info" standing>
            {t('state.unsupported')}
          </Alert>
          <p className={settings['profile-form__note']}>{t('unsupportedHelp')}</p>
        </>
      ) : (
        <div className={settings['profile-form']}>
          <label className={settings.choice}>
            <input
              type="checkbox"
              role="switch"
              checked={on}
              disabled={view === 'checking' || view === 'blocked' || !uid}
              // Not `disabled` while busy: that would throw a keyboard user's focus out of the section.
              aria-disabled={busy !== null || undefined}
              aria-describedby={`${id}-state`}
              onChange={() => {
                if (busy) return;
                setError(null);
                if (on) void turnOff();
                else if (uid) void turnOn({ uid, lang });
              }}
            />
            {t('toggle')}
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
          </label>
          {/* The state in words: the switch's look alone does not say it to everyone. */}
          <p id={`${id}-state`} className={settings['profile-form__note']} role="status">
            {state}
          </p>
          {view === 'off' && !busy ? <p className={settings['profile-form__note']}>{t('askHint')}</p> : null}
          {view === 'blocked' ? (
            <Alert kind="info" standing>
              {t('blockedHelp')}
            </Alert>
          ) : null}
          {error ? <Alert kind="error">{error}</Alert> : null}
        </div>
      )}
    </section>
  );
}
