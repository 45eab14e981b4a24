'use client';
// A confirmation for actions that affect someone else's account, or that leave something of one's
// own behind: focus is trapped, Escape and Cancel leave things as they were.
import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';

export function ConfirmDialog({
  trigger,
  title,
  text,
  confirmLabel,
  cancelLabel,
  onConfirm,
  open,
  onOpenChange,
  busy = false,
  returnFocusTo = null,
}: {
  /** The control that opens it; none when it is opened by a step of something else (a sign-out that asks first). */
  trigger?: ReactNode;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The confirmed action is running: pressed again, it must not run twice. */
  busy?: boolean;
  /** Without a trigger: where focus goes back when it closes (the control that started what asks). */
  returnFocusTo?: HTMLElement | null;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay" />
        <Dialog.Content
          className="dialog"
          onCloseAutoFocus={
            trigger
              ? undefined
              : (event) => {
                  if (!returnFocusTo?.isConnected) return;
                  event.preventDefault();
                  returnFocusTo.focus();
                }
          }
        >
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          <Dialog.Description>{text}</Dialog.Description>
          <div className="dialog__actions">
            <Dialog.Close className="button button--ghost">{cancelLabel}</Dialog.Close>
            <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy} aria-busy={busy}>
              {busy ? <span className="spinner" aria-hidden="true" /> : null}
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
