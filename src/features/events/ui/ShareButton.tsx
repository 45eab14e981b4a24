'use client';
// Share an event: the device's share sheet where there is one, otherwise the link is copied to
// the clipboard; either way the outcome is said in words.
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { ShareIcon } from '@/ui/icons';
import styles from './ShareButton.module.css';

export function ShareButton({ title, text, path }: { title: string; text: string; path: string }) {
  const t = useTranslations('Events');
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);

  async function share() {
    const url = new URL(path, window.location.origin).toString();
    setOutcome(null);
    if (navigator.share) {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // The person closed the share sheet: nothing went wrong.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  }

  return (
    <>
      <button type="button" className="button button--ghost" onClick={share}>
        <ShareIcon className="button__icon" />
        {t('share')}
      </button>
      <span role="status" className={styles['event-actions__status']}>
        {outcome === 'copied' && t('shareCopied')}
        {outcome === 'failed' && t('shareFailed')}
      </span>
    </>
  );
}
