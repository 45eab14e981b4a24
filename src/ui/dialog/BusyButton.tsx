'use client';
// The button that runs a dialog's action (confirm, save, send): while the action runs it cannot be
// pressed again and says so, in words (a busy label such as "Saving…") and with the spinner the
// app's buttons show, and marks itself aria-busy.
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useTranslations } from 'next-intl';

type BusyButtonProps = Omit<ComponentPropsWithRef<'button'>, 'children' | 'aria-busy'> & {
  /** The action runs: pressing does nothing, and the label says what is happening. */
  busy: boolean;
  children: ReactNode;
  /** What it says while the action runs; "One moment…" where none is given. */
  busyLabel?: string;
};

export function BusyButton({ busy, children, busyLabel, disabled, type = 'button', ...button }: BusyButtonProps) {
  const t = useTranslations('Feedback');
  return (
    <button {...button} type={type} disabled={busy || disabled} aria-busy={busy}>
      {busy ? (
        <>
          <span className="spinner" aria-hidden="true" />
          {busyLabel ?? t('working')}
        </>
      ) : (
        children
      )}
    </button>
  );
}
