'use client';
// The composer's buttons: save, test, send now (asked first), schedule or reschedule at a time at
// the venue, unschedule, delete a draft. Shown only while the notification can still change.
import { useTranslations } from 'next-intl';
import { ConfirmDialog } from '@/ui/dialog/ConfirmDialog';
import { TextField } from '@/ui/form/TextField';
import type { NotificationStatusName } from '../constants';
import { notificationOf, type Draft } from './composer-draft';
import { audienceLabel } from './audience-label';
import type { ComposerAction, ComposerActions as Actions } from './useComposerActions';
import styles from './notifications.module.css';

interface Props {
  formId: string;
  /** The saved notification's id; null before its first save. */
  id: string | null;
  status: NotificationStatusName;
  draft: Draft;
  scheduleAt: string;
  onScheduleAt: (at: string) => void;
  actions: Actions;
}

function Spinner({ when, busy }: { when: ComposerAction; busy: ComposerAction | null }) {
  return busy === when ? <span className="spinner" aria-hidden="true" /> : null;
}

export function ComposerActions({ formId, id, status, draft, scheduleAt, onScheduleAt, actions }: Props) {
  const t = useTranslations('AdminNotifications');
  const { busy, fieldError } = actions;
  const audience = audienceLabel(t, notificationOf(draft).audience);
  const confirmText = draft.email === 'off' ? t('confirmSendText', { audience }) : `${t('confirmSendText', { audience })} ${t(`confirmSendMail.${draft.email}`)}`;
  return (
    <div className={styles.composer__actions}>
      <button type="submit" className="button button--ghost" disabled={busy !== null}>
        <Spinner when="save" busy={busy} /> {t('saveDraft')}
      </button>
      <button type="button" className="button button--ghost" disabled={busy !== null} onClick={() => void actions.onTest()}>
        <Spinner when="test" busy={busy} /> {t('sendTest')}
      </button>
      <ConfirmDialog
        open={actions.confirmSend}
        onOpenChange={actions.setConfirmSend}
        trigger={
          <button type="button" className="button button--primary" disabled={busy !== null}>
            <Spinner when="send" busy={busy} /> {t('sendNow')}
          </button>
        }
        title={t('confirmSendTitle')}
        text={confirmText}
        confirmLabel={t('sendNow')}
        cancelLabel={t('cancel')}
        onConfirm={actions.onSendNow}
      />
      <div className={styles.composer__schedule}>
        <TextField id={`${formId}-at`} name="at" type="datetime-local" label={t('scheduleLabel')} hint={t('scheduleHint')} value={scheduleAt} onChange={onScheduleAt} error={fieldError('at')} />
        <button type="button" className="button button--ghost" disabled={busy !== null} onClick={actions.onScheduleOrConfirm}>
          <Spinner when="schedule" busy={busy} /> {status === 'scheduled' ? t('reschedule') : t('schedule')}
        </button>
      </div>
      {status === 'scheduled' ? (
        <button type="button" className="button button--ghost" disabled={busy !== null} onClick={() => void actions.onCancel()}>
          {t('unschedule')}
        </button>
      ) : null}
      {id !== null && status === 'draft' ? (
        <button type="button" className="button button--danger" disabled={busy !== null} onClick={() => void actions.onDelete()}>
          {t('deleteDraft')}
        </button>
      ) : null}
    </div>
  );
}
