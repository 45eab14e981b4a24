'use client';
// The ticket page's parts that need the browser: "remove this ticket
// from this phone" (the worker's copy of this page: forgetTicketPage) and the holder's own "cancel
// my ticket", confirmed in a dialog, after which the page loads again so the kept copy says
// "Cancelled" too.
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { trpc } from '@/trpc/client';
import { ConfirmButton } from '@/ui/dialog/ConfirmButton';
import { Alert } from '@/ui/feedback/Alert';
import { forgetTicketPage } from '@/features/pwa/private-caches';
import styles from './tickets.module.css';

export function TicketActions({ id, secret, cancellable }: { id: string; secret: string; cancellable: boolean }) {
  const t = useTranslations('Ticket');
  const [removed, setRemoved] = useState<'done' | 'failed' | null>(null);
  const [failed, setFailed] = useState(false);
  const cancel = trpc.tickets.cancel.useMutation({
    onSuccess: () => window.location.reload(),
    onError: () => setFailed(true),
  });

  async function remove() {
    try {
      await forgetTicketPage(id);
      setRemoved('done');
    } catch {
      setRemoved('failed');
    }
  }

  return (
    <div className={styles.ticket}>
      <div>
        <button type="button" className="button button--ghost" onClick={() => void remove()}>
          {t('remove')}
        </button>
        <p className="field__hint">{t('removeLead')}</p>
        <p role="status">{removed === 'done' ? t('removed') : removed === 'failed' ? t('removeFailed') : ''}</p>
      </div>
      {cancellable && (
        <ConfirmButton
          className="button button--danger"
          title={t('cancelTitle')}
          text={t('cancelLead')}
          confirmLabel={t('cancelConfirm')}
          cancelLabel={t('keep')}
          onConfirm={() => {
            setFailed(false);
            return cancel.mutateAsync({ id, key: secret });
          }}
        >
          {t('cancelMine')}
        </ConfirmButton>
      )}
      {failed && <Alert kind="error">{t('cancelFailed')}</Alert>}
    </div>
  );
}
