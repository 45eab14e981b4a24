'use client';
// A button that asks first: it opens a ConfirmDialog of its own, which runs the action once, says
// it is busy until the action ends and then closes. The open state lives here, so a screen cannot
// forget the guard against a second press.
import { useState, type ReactNode } from 'react';
import { ConfirmDialog, type ConfirmTexts } from './ConfirmDialog';

export function ConfirmButton({
  children,
  className = 'button button--ghost',
  disabled,
  'aria-label': ariaLabel,
  onConfirm,
  ...texts
}: ConfirmTexts & {
  /** What the button says. */
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  'aria-label'?: string;
  /** The action; its promise keeps the dialog busy, its failure is the caller's to show. */
  onConfirm: () => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      {...texts}
      open={open}
      onOpenChange={setOpen}
      onConfirm={onConfirm}
      trigger={
        <button type="button" className={className} disabled={disabled} aria-label={ariaLabel}>
          {children}
        </button>
      }
    />
  );
}
