'use client';
// The one ban form (decision 052), in a dialog: the reason, the first day and the last day (or
// none: until lifted), for an account or a guest's address, new or changing the person's ban. Days
// are the venue's: a ban starts at the first day's midnight (today: now) and ends after the last
// day, as a membership does. A refusal from the server is shown at its field or in the dialog,
// and what was typed stays.
import { useId, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslations } from 'next-intl';
import { TRPCClientError } from '@trpc/client';
import { trpc } from '@/trpc/client';
import { useApiErrorMessage } from '@/trpc/errors';
import { formMessageForIssue, type WireIssue } from '@/forms/validation';
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

type Field = 'reason' | 'from' | 'until';

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
  const tForms = useTranslations('Forms');
  const errorMessage = useApiErrorMessage();
  const id = useId();
  const utils = trpc.useUtils();
  const today = dayOf(new Date());
  const [reason, setReason] = useState(current?.reason ?? '');
  const [fromDay, setFromDay] = useState(current ? dayOf(current.from) : today);
  const [untilDay, setUntilDay] = useState(current?.until ? lastValidDay(current.until) : '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const save = trpc.bans.set.useMutation();
  // Saved once however often the form is sent; the dialog stays until the answer is shown.
  const { busy, run } = useOneAtATime();

  /** The start the form means: the ban's own when its day is unchanged, now for today or an empty field, else the day's midnight. */
  function fromOf(day: string): Date | null | undefined {
    if (current && day === dayOf(current.from)) return current.from;
    if (day === '' || day === today) return null;
    return wallTimeToDate(`${day}T00:00`) ?? undefined;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const from = fromOf(fromDay);
    if (from === undefined) found.from = t('dayInvalid');
    const until = untilDay === '' ? null : validUntilAfterDay(untilDay);
    if (until === null && untilDay !== '') found.until = t('dayInvalid');
    else if (until && until.getTime() <= (from ?? new Date()).getTime()) found.until = t('untilBeforeFrom');
    const parsed = BanInput.safeParse({ person, reason, from, until });
    let unfit: string | null = null;
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const message = formMessageForIssue({ ...issue, path: issue.path.map(String) } as WireIssue);
        // The person comes from the page (an account, a ticket's holder): an address or name the form can't take is said above the buttons.
        if (issue.path[0] === 'reason') found.reason ??= tForms(message.key, message.values);
        else unfit ??= tForms(message.key, message.values);
      }
    }
    setErrors(found);
    setProblem(unfit);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    await run(async () => {
      try {
        const saved = await save.mutateAsync(parsed.data);
        await utils.bans.invalidate();
        onSaved(saved);
      } catch (caught) {
        const field = caught instanceof TRPCClientError ? (caught.data as { reasonField?: string | null } | undefined)?.reasonField : null;
        if (field === 'until' || field === 'from' || field === 'reason') setErrors({ [field]: errorMessage(caught) });
        else setProblem(errorMessage(caught));
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
          <form className={styles['ban-form']} onSubmit={submit} noValidate data-testid="ban-form">
            <TextAreaField
              id={`${id}-reason`}
              name="reason"
              label={t('reasonLabel')}
              hint={t('reasonHint')}
              value={reason}
              onChange={setReason}
              maxLength={BAN_REASON_MAX}
              rows={3}
              required
              error={errors.reason}
            />
            <div className={styles['ban-form__days']}>
              <TextField id={`${id}-from`} name="from" type="date" label={t('fromLabel')} hint={t('fromHint')} value={fromDay} onChange={setFromDay} error={errors.from} />
              <TextField id={`${id}-until`} name="until" type="date" label={t('untilLabel')} hint={t('untilHint')} value={untilDay} min={fromDay || today} onChange={setUntilDay} error={errors.until} />
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
