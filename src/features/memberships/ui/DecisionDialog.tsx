'use client';
// An admin's decision on a membership (approve, give, extend, cancel) in a dialog: the last valid
// day, the guests a season and a note, or the reason. The form path checks them with the
// procedure's own input before sending and shows the server's refusal (a day already past, a
// change made meanwhile) at its field or in the dialog; what was typed stays.
import { useId, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { numberOf } from '@/forms/form-messages';
import { useForm } from '@/forms/useForm';
import { TextField } from '@/ui/form/TextField';
import { TextAreaField } from '@/ui/form/TextAreaField';
import { Alert } from '@/ui/feedback/Alert';
import { BusyButton } from '@/ui/dialog/BusyButton';
import { useOneAtATime } from '@/ui/dialog/useOneAtATime';
import { GUESTS_PER_SEASON, GUESTS_PER_SEASON_MAX, lastValidDay, NOTE_MAX, seasonEndAfter, validUntilAfterDay } from '../membership-rules';
import { ApproveInput, CancelInput, ExtendInput } from '../memberships.inputs';
import styles from './memberships.module.css';

/** `give` approves from the person's page: their request if they made one, else a new membership. */
export type Decision = 'approve' | 'give' | 'extend' | 'cancel';

/** What is decided about: a request or membership as the admin saw it, or a person (giving one). */
export type DecisionSubject = { id: string; revision: number } | { uid: string };

/** A decision checked with its procedure's input, ready to send. */
export type Decided =
  | { decision: 'approve' | 'give'; input: z.input<typeof ApproveInput> }
  | { decision: 'extend'; input: z.input<typeof ExtendInput> }
  | { decision: 'cancel'; input: z.input<typeof CancelInput> };

/** The decisions' fields the dialog shows; what is decided about comes from the page. */
const FIELDS = ['validUntil', 'guestsPerSeason', 'note', 'reason'];

export function DecisionDialog({
  decision,
  subject,
  name,
  currentEnd,
  currentGuests = GUESTS_PER_SEASON,
  onDecide,
  onClose,
}: {
  decision: Decision;
  subject: DecisionSubject;
  /** Whose membership, as the title names them. */
  name: string;
  /** The current end of the membership an extension moves. */
  currentEnd: Date | null;
  /** The guests a season the membership gives now (12 for a new one). */
  currentGuests?: number;
  /** Sends the decision, once however often the form is sent (busy until it settles); a refusal it throws is shown here. */
  onDecide: (decided: Decided) => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useTranslations('AdminMemberships');
  const id = useId();
  const initialDay = decision === 'extend' && currentEnd ? lastValidDay(new Date(currentEnd.getTime() + 365 * 86_400_000)) : lastValidDay(seasonEndAfter(new Date()));
  const [day, setDay] = useState(initialDay);
  const [text, setText] = useState('');
  const [guests, setGuests] = useState(String(currentGuests));
  const form = useForm({ fields: FIELDS });
  // The server's refusal that names no field here, in the page's language.
  const error = form.message;
  const needsDay = decision !== 'cancel';
  const { busy, run } = useOneAtATime();

  /** The decision checked with its procedure's input, or null with what is wrong shown. */
  function decided(): Decided | null {
    if (decision === 'cancel' && 'id' in subject) {
      const input = form.check(CancelInput, { ...subject, reason: text });
      return input && { decision, input };
    }
    // A day the field holds that is no date: the schema says so at the field.
    const approval = { validUntil: validUntilAfterDay(day) ?? new Date(Number.NaN), note: text, guestsPerSeason: numberOf(guests) };
    if (decision === 'extend' && 'id' in subject) {
      const input = form.check(ExtendInput, { ...subject, ...approval });
      return input && { decision, input };
    }
    // Approving a request by its id, or giving a person (by their uid) a membership.
    const input = form.check(ApproveInput, { ...subject, ...approval });
    return input && { decision: 'id' in subject ? 'approve' : 'give', input };
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = decided();
    if (!checked) return;
    void run(async () => {
      try {
        await onDecide(checked);
      } catch (caught) {
        form.refuse(caught);
      }
    });
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay" />
        <Dialog.Content className="dialog" aria-busy={busy}>
          <Dialog.Title className="dialog__title">{t(`${decision}Title`, { name })}</Dialog.Title>
          <Dialog.Description>{t(`${decision}Text`)}</Dialog.Description>
          <form id={form.id} className={styles.dialog__form} onSubmit={submit} noValidate>
            {needsDay && (
              <TextField
                id={`${id}-day`}
                name="validUntil"
                type="date"
                label={t('lastDayLabel')}
                hint={t('lastDayHint')}
                value={day}
                onChange={form.changing('validUntil', setDay)}
                error={form.error('validUntil')}
                required
              />
            )}
            {needsDay && (
              <TextField
                id={`${id}-guests`}
                name="guestsPerSeason"
                type="number"
                inputMode="numeric"
                label={t('guestsLabel')}
                hint={t('guestsHint')}
                value={guests}
                onChange={form.changing('guestsPerSeason', setGuests)}
                error={form.error('guestsPerSeason')}
                min={0}
                max={GUESTS_PER_SEASON_MAX}
                step={1}
                required
              />
            )}
            <TextAreaField
              id={`${id}-text`}
              name={needsDay ? 'note' : 'reason'}
              label={needsDay ? t('noteLabel') : t('reasonLabel')}
              hint={needsDay ? t('noteHint') : t('reasonHint')}
              value={text}
              onChange={form.changing(needsDay ? 'note' : 'reason', setText)}
              maxLength={NOTE_MAX}
              rows={3}
              error={form.error(needsDay ? 'note' : 'reason')}
              required={!needsDay}
            />
            {error && <Alert kind="error">{error}</Alert>}
            <div className="dialog__actions">
              <Dialog.Close className="button button--ghost" disabled={busy}>
                {t('back')}
              </Dialog.Close>
              <BusyButton type="submit" className="button button--primary" busy={busy}>
                {t(`${decision}Confirm`)}
              </BusyButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
