'use client';
// A confirmation for actions that affect someone else's account, or that leave something of one's
// own behind: focus is trapped, Escape and Cancel leave things as they were. Confirmed, the action
// runs once: the button says it is busy until the action ends, a second press does nothing, and
// the dialog cannot be closed meanwhile, so what came of it is shown, not lost; then it closes.
// ConfirmButton is the usual way in (a button that opens it); ConfirmDialog itself is for a
// question another step asks (a sign-out that asks first, a row's action).
import { useEffect, useRef, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { BusyButton } from './BusyButton';
import { useOneAtATime } from './useOneAtATime';

export interface ConfirmTexts {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  /** What the confirm button says while the action runs ("Saving…"); "One moment…" where none is given. */
  busyLabel?: string;
}

/**
 * What confirming does. A promise (a mutation's mutateAsync) keeps the dialog busy until it
 * settles; its failure is the caller's to show (the mutation's onError), the dialog only waits.
 * Nothing returned: the caller goes on by itself (answers a question, closes the dialog).
 */
export type ConfirmAction = () => Promise<unknown> | void;

export function ConfirmDialog({
  trigger,
  title,
  text,
  confirmLabel,
  cancelLabel,
  busyLabel,
  onConfirm,
  open,
  onOpenChange,
  returnFocusTo = null,
}: ConfirmTexts & {
  /** The control that opens it; none when it is opened by a step of something else (a sign-out that asks first). */
  trigger?: ReactNode;
  onConfirm: ConfirmAction;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Without a trigger: where focus goes back when it closes (the control that started what asks). */
  returnFocusTo?: HTMLElement | null;
}) {
  const { busy, run } = useOneAtATime();
  // One confirmation per opening, whatever the action returns: pressed twice before React has
  // rendered, it still runs once.
  const confirmed = useRef(false);
  useEffect(() => {
    if (open) confirmed.current = false;
  }, [open]);
  // The parent's latest onOpenChange, for the end of an action that began renders ago.
  const close = useRef(onOpenChange);
  useEffect(() => {
    close.current = onOpenChange;
  });

  function confirm() {
    if (confirmed.current) return;
    confirmed.current = true;
    const outcome = onConfirm();
    if (outcome) void run(() => outcome).then(() => close.current(false));
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay" />
        <Dialog.Content
          className="dialog"
          aria-busy={busy}
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
            <Dialog.Close className="button button--ghost" disabled={busy}>
              {cancelLabel}
            </Dialog.Close>
            <BusyButton className="button button--primary" busy={busy} busyLabel={busyLabel} onClick={confirm}>
              {confirmLabel}
            </BusyButton>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
