'use client';
// The one ban form (decision 052), in a dialog: the reason, the first day and the last day (or
// none: until lifted), for an account or a guest's address, new or changing the person's ban. Days
// are the venue's: a ban starts at the first day's midnight (today: now) and ends after the last
// day, as a membership does. The form path checks it with the procedure's input (a day that is no
// date, a reason missing or too long) and shows the server's refusal (an end before the start, or
// already past) at its field, or in the dialog when it concerns the person; what was typed stays.
import { useId, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslations } from 'next-intl';
import { trpc } from '@/trpc/client';
import { useForm } from '@/forms/useForm';
import { TextField } from '@/ui/form/TextField';
import { TextAreaField } from '@/ui/form/TextAreaField';
import { Alert } from '@/ui/feedback/Alert';
import { BusyButton } from '@/ui/dialog/BusyButton';
import { useOneAtATime } from '@/ui/dialog/useOneAtATime';
import { dateToWallTime, wallTimeToDate } from '@/features/events/venue-time';
import { lastValidDay, validUntilAfterDay } from '@/features/memberships/membership-rules';
import type { BanView } from '../ban-admin';
import { BanInput, type BannedPerson } from '../bans.inputs';
import { BAN_REASON_MAX } from '../constants';
import styles from './bans.module.css';

/** The ban's fields the dialog shows; the person comes from the page. */
const FIELDS = ['reason', 'from', 'until'];

/** A day the field holds that is no date: the schema says so at the field. */
const NO_DAY = new Date(Number.NaN);

/** The venue's day of an instant, as a date field holds it. */
function dayOf(date: Date): string {
  return dateToWallTime(date).slice(0, 10);
}

export function BanDialog({ person, name, current, onClose, onSaved, returnFocusTo = null }: {
  /** Who is banned: an account, or a guest's address with the name the admin knows them by. */
  person: BannedPerson;
  /** How the title names them. */
  name: string;
  /** The person's ban being changed; null: a new ban. */
  current: Pick<BanView, 'reason' | 'from' | 'until'> | null;
  onClose: () => void;
  onSaved: (ban: BanView) => void;
  /** The control that opened it, where focus goes back when it closes (it has no trigger of its own). */
  returnFocusTo?: HTMLElement | null;
}) {
  const t = useTranslations('AdminBans');
  const id = useId();
  const utils = trpc.useUtils();
  const today = dayOf(new Date());
  const [reason, setReason] = useState(current?.reason ?? '');
  const [fromDay, setFromDay] = useState(current ? dayOf(current.from) : today);
  const [untilDay, setUntilDay] = useState(current?.until ? lastValidDay(current.until) : '');
  const form = useForm({ fields: FIELDS });
  // The person comes from the page (an account, a ticket's holder): an address or name the form
  // can't take, like any refusal that names no field here, is said above the buttons.
  const problem = form.message;
  const save = trpc.bans.set.useMutation();
  // Saved once however often the form is sent; the dialog stays until the answer is shown.
  const { busy, run } = useOneAtATime();

  /** The start the form means: the ban's own when its day is unchanged, now for today or an empty field, else the day's midnight. */
  function fromOf(day: string): Date | null {
    if (current && day === dayOf(current.from)) return current.from;
    if (day === '' || day === today) return null;
    return wallTimeToDate(`${day}T00:00`) ?? NO_DAY;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const until = untilDay === '' ? null : (validUntilAfterDay(untilDay) ?? NO_DAY);
    const input = form.check(BanInput, { person, reason, from: fromOf(fromDay), until });
    if (!input) return;
    await run(async () => {
      try {
        const saved = await save.mutateAsync(input);
        await utils.bans.invalidate();
        onSaved(saved);
      } catch (caught) {
        form.refuse(caught);
      }
    });
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay" />
        <Dialog.Content
          className="dialog"
          aria-busy={busy}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.isConnected) return;
            event.preventDefault();
            returnFocusTo.focus();
          }}
        >
          <Dialog.Title className="dialog__title">{current ? t('changeTitle', { name }) : t('banTitle', { name })}</Dialog.Title>
          <Dialog.Description>{t('dialogText')}</Dialog.Description>
          <form id={form.id} className={styles['ban-form']} onSubmit={submit} noValidate data-testid="ban-form">
            <TextAreaField
              id={`${id}-reason`}
              name="reason"
              label={t('reasonLabel')}
              hint={t('reasonHint')}
              value={reason}
              onChange={form.changing('reason', setReason)}
              maxLength={BAN_REASON_MAX}
              rows={3}
              required
              error={form.error('reason')}
            />
            <div className={styles['ban-form__days']}>
              <TextField id={`${id}-from`} name="from" type="date" label={t('fromLabel')} hint={t('fromHint')} value={fromDay} onChange={form.changing('from', setFromDay)} error={form.error('from')} />
              <TextField id={`${id}-until`} name="until" type="date" label={t('untilLabel')} hint={t('untilHint')} value={untilDay} min={fromDay || today} onChange={form.changing('until', setUntilDay)} error={form.error('until')} />
            </div>
            {problem && <Alert kind="error">{problem}</Alert>}
            <div className="dialog__actions">
              <Dialog.Close className="button button--ghost" disabled={busy}>
                {t('back')}
              </Dialog.Close>
              <BusyButton type="submit" className="button button--primary" busy={busy}>
                {t('save')}
              </BusyButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
