'use client';
// An admin's decision on a membership (approve, give, extend, cancel) in a dialog: the last valid
// day or the reason, checked before sending; a refusal from the server is shown inside the dialog
// and what was typed stays.
import { useId, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslations } from 'next-intl';
import { TextField } from '@/ui/form/TextField';
import { TextAreaField } from '@/ui/form/TextAreaField';
import { Alert } from '@/ui/feedback/Alert';
import { BusyButton } from '@/ui/dialog/BusyButton';
import { useOneAtATime } from '@/ui/dialog/useOneAtATime';
import { GUESTS_PER_SEASON, GUESTS_PER_SEASON_MAX, lastValidDay, NOTE_MAX, seasonEndAfter, validUntilAfterDay } from '../membership-rules';
import styles from './memberships.module.css';

/** `give` approves from the person's page: their request if they made one, else a new membership. */
export type Decision = 'approve' | 'give' | 'extend' | 'cancel';

export interface DecisionValues {
  validUntil: Date | null;
  text: string;
  /** Guests a season: set when approving, giving or extending. */
  guestsPerSeason?: number;
}

export function DecisionDialog({
  decision,
  name,
  currentEnd,
  currentGuests = GUESTS_PER_SEASON,
  error,
  onDecide,
  onClose,
}: {
  decision: Decision;
  /** Whose membership, as the title names them. */
  name: string;
  /** The current end of the membership an extension moves. */
  currentEnd: Date | null;
  /** The guests a season the membership gives now (12 for a new one). */
  currentGuests?: number;
  /** The server's refusal, in the page's language. */
  error: string | null;
  /** Decides once, however often the form is sent: the dialog is busy until it settles. */
  onDecide: (values: DecisionValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useTranslations('AdminMemberships');
  const id = useId();
  const initialDay = decision === 'extend' && currentEnd ? lastValidDay(new Date(currentEnd.getTime() + 365 * 86_400_000)) : lastValidDay(seasonEndAfter(new Date()));
  const [day, setDay] = useState(initialDay);
  const [text, setText] = useState('');
  const [guests, setGuests] = useState(String(currentGuests));
  const [guestsProblem, setGuestsProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const needsDay = decision !== 'cancel';
  const { busy, run } = useOneAtATime();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (needsDay) {
      const validUntil = validUntilAfterDay(day);
      if (!validUntil) return setProblem(t('dayInvalid'));
      if (validUntil.getTime() <= Date.now()) return setProblem(t('dayInPast'));
      const guestsPerSeason = Number(guests);
      setProblem(null);
      if (!/^\d+$/.test(guests.trim()) || guestsPerSeason > GUESTS_PER_SEASON_MAX) return setGuestsProblem(t('guestsInvalid', { max: GUESTS_PER_SEASON_MAX }));
      setGuestsProblem(null);
      return void run(() => onDecide({ validUntil, text: text.trim(), guestsPerSeason }));
    }
    if (!text.trim()) return setProblem(t('reasonRequired'));
    setProblem(null);
    void run(() => onDecide({ validUntil: null, text: text.trim() }));
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay" />
        <Dialog.Content className="dialog" aria-busy={busy}>
          <Dialog.Title className="dialog__title">{t(`${decision}Title`, { name })}</Dialog.Title>
          <Dialog.Description>{t(`${decision}Text`)}</Dialog.Description>
          <form className={styles.dialog__form} onSubmit={submit} noValidate>
            {needsDay && (
              <TextField
                id={`${id}-day`}
                name="validUntil"
                type="date"
                label={t('lastDayLabel')}
                hint={t('lastDayHint')}
                value={day}
                onChange={setDay}
                error={problem ?? undefined}
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
                onChange={setGuests}
                error={guestsProblem ?? undefined}
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
              onChange={setText}
              maxLength={NOTE_MAX}
              rows={3}
              error={!needsDay ? (problem ?? undefined) : undefined}
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
