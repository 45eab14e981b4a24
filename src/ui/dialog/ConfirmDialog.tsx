'use client';
// A confirmation for actions that affect someone else's account: focus is trapped, Escape and
// Cancel leave things as they were.
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
}: {
  trigger: ReactNode;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          <Dialog.Description>{text}</Dialog.Description>
          <div className="dialog__actions">
            <Dialog.Close className="button button--ghost">{cancelLabel}</Dialog.Close>
            <button type="button" className="button button--primary" onClick={onConfirm}>
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
