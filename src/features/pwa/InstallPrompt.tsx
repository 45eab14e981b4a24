'use client';
// Offers to install the app when the browser allows it (Chromium's beforeinstallprompt).
// "Not now" is remembered in localStorage; the prompt then never returns on this device.
import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { isInstallPromptDismissed, rememberInstallPromptDismissed } from './install-prompt-store';
import styles from './InstallPrompt.module.css';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

declare global {
  interface Window {
    /** Captured by the inline script in the layout, before React hydrates. */
    __deferredInstallPrompt?: BeforeInstallPromptEvent | null;
  }
}

/** Inline script: keeps the event if it fires before hydration. */
export const CAPTURE_INSTALL_PROMPT_SCRIPT =
  "window.addEventListener('beforeinstallprompt',function(e){e.preventDefault();window.__deferredInstallPrompt=e;});";

export function InstallPrompt() {
  const t = useTranslations('Pwa');
  const [promptEvent, setPromptEvent] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    // Storage is read only when the browser offers installation: a first read of localStorage
    // costs the page's start a few milliseconds, and most visits get no offer.
    const offer = (event: BeforeInstallPromptEvent) => {
      if (!isInstallPromptDismissed(window.localStorage)) setPromptEvent(event);
    };
    // An event caught before hydration by the layout's script: the browser's, read once mounted.
    if (window.__deferredInstallPrompt) offer(window.__deferredInstallPrompt);
    const onPrompt = (event: Event) => {
      event.preventDefault();
      offer(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setPromptEvent(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!promptEvent) return null;

  const dismiss = () => {
    rememberInstallPromptDismissed(window.localStorage, new Date());
    window.__deferredInstallPrompt = null;
    setPromptEvent(null);
  };

  const install = async () => {
    await promptEvent.prompt();
    const { outcome } = await promptEvent.userChoice;
    window.__deferredInstallPrompt = null;
    if (outcome === 'dismissed') rememberInstallPromptDismissed(window.localStorage, new Date());
    setPromptEvent(null);
  };

  return (
    <section className={styles.toast} aria-labelledby="install-title" data-testid="install-prompt">
      <h2 id="install-title" className={styles['toast__title']}>{t('installTitle')}</h2>
      <p>{t('installText')}</p>
      <div className={styles['toast__actions']}>
        <button type="button" className="button button--ghost button--small" onClick={dismiss}>
          {t('notNow')}
        </button>
        <button type="button" className="button button--primary button--small" onClick={install}>
          {t('install')}
        </button>
      </div>
    </section>
  );
}
