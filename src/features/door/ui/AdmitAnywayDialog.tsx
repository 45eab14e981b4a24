'use client';
// "Admit anyway" at a full door (decision 052): the door says why, in words, for the admins, who
// see it with who let whom in and when. The reason is asked for here and checked with the
// procedure's own input (the form path), offline too; the dialog cannot send twice, and shows that
// it is working.
import { useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslations } from 'next-intl';
import { useForm } from '@/forms/useForm';
import { TextAreaField } from '@/ui/form/TextAreaField';
import { BusyButton } from '@/ui/dialog/BusyButton';
import { useOneAtATime } from '@/ui/dialog/useOneAtATime';
import { OVERRIDE_REASON_MAX } from '../constants';
import { AdmitAnywayInput } from '../door.inputs';

/** The part of the admission the dialog asks for; the scan that was full is the scanner's. */
const ReasonInput = AdmitAnywayInput.pick({ reason: true });

export function AdmitAnywayDialog({ onAdmit }: { onAdmit: (reason: string) => Promise<void> }) {
  const t = useTranslations('Scanner.anyway');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const form = useForm({ fields: ['reason'] });
  const { busy, run } = useOneAtATime();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!form.check(ReasonInput, { reason })) return;
    // The scanner shows what became of it in place of the "Full".
    void run(() => onAdmit(reason.trim()));
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <Dialog.Trigger className="button button--primary" data-testid="admit-anyway">
        {t('open')}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay" />
        <Dialog.Content className="dialog">
          <form id={form.id} onSubmit={submit} noValidate>
            <Dialog.Title className="dialog__title">{t('title')}</Dialog.Title>
            <Dialog.Description>{t('text')}</Dialog.Description>
            <TextAreaField
              id={`${id}-reason`}
              name="reason"
              label={t('reason')}
              hint={t('reasonHint')}
              value={reason}
              rows={3}
              maxLength={OVERRIDE_REASON_MAX}
              required
              error={form.error('reason')}
              onChange={form.changing('reason', setReason)}
            />
            <div className="dialog__actions">
              <Dialog.Close className="button button--ghost" disabled={busy}>
                {t('cancel')}
              </Dialog.Close>
              <BusyButton type="submit" className="button button--primary" busy={busy} busyLabel={t('admitting')}>
                {t('confirm')}
              </BusyButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
