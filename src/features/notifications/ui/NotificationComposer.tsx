'use client';
// The composer: title and message in English and German side by side, each with how it looks as
// a push message and in the inbox; a link (an event of the programme, or a page of the site); the
// audience; whether it goes by e-mail too; then save as draft, send a test to oneself, send now,
// or schedule for a time at the venue. Each action checks what is on screen with the procedures'
// inputs first (the form path): a problem is said at its field (a time to schedule at, a title
// missing), one that concerns no field above the buttons; nothing typed is lost.
import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { LOCALES } from '@/i18n/routing';
import { trpc } from '@/trpc/client';
import { useApiErrorMessage } from '@/trpc/errors';
import type { NotificationForEditor } from '../notifications';
import { draftOf, EMPTY_DRAFT, type Draft } from './composer-draft';
import { useComposerActions } from './useComposerActions';
import { ComposerLanguage } from './ComposerLanguage';
import { ComposerLink } from './ComposerLink';
import { ComposerAudience } from './ComposerAudience';
import { ComposerChannels } from './ComposerChannels';
import { ComposerActions } from './ComposerActions';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { Alert, FeedbackAlert } from '@/ui/feedback/Alert';
import styles from './notifications.module.css';

/** Loads a saved notification, then shows the form with it (a new one starts empty). */
export function NotificationComposer({ id }: { id: string | null }) {
  const t = useTranslations('AdminNotifications');
  const errorMessage = useApiErrorMessage();
  const existing = trpc.notifications.get.useQuery({ id: id ?? '' }, { enabled: id !== null });
  if (id === null) return <ComposerForm id={null} existing={null} />;
  if (existing.isPending) {
    return (
      <LoadingStatus>{t('loading')}</LoadingStatus>
    );
  }
  if (existing.isError) return <Alert kind="error">{errorMessage(existing.error)}</Alert>;
  return <ComposerForm id={id} existing={existing.data} />;
}

function ComposerForm({ id, existing }: { id: string | null; existing: NotificationForEditor | null }) {
  const t = useTranslations('AdminNotifications');
  const locale = useLocale();
  const router = useRouter();
  const [draft, setDraft] = useState<Draft>(() => (existing ? draftOf(existing) : EMPTY_DRAFT));
  const [scheduleAt, setScheduleAt] = useState(existing?.scheduledWallTime ?? '');
  const actions = useComposerActions(id, draft, scheduleAt);
  // The form's id, which its fields' ids start with.
  const { busy, fieldError, formId } = actions;
  const message = actions.error ? { kind: 'error' as const, text: actions.error } : actions.notice ? { kind: 'success' as const, text: actions.notice } : null;

  const status = existing?.status ?? 'draft';
  const editable = status === 'draft' || status === 'scheduled';
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  return (
    <form id={formId} className={styles.composer} onSubmit={actions.onSave} aria-busy={busy !== null} noValidate>
      <p className="composer__back">
        <a href="#" onClick={(event) => { event.preventDefault(); router.push('/admin/notifications'); }}>
          ← {t('backToList')}
        </a>
      </p>
      {!editable ? (
        <Alert kind="info" standing>
          {t('notEditable')}
        </Alert>
      ) : null}
      <div className={styles.composer__languages}>
        {LOCALES.map((language) => (
          <ComposerLanguage key={language} formId={formId} language={language} draft={draft} editable={editable} fieldError={fieldError} onChange={set} />
        ))}
      </div>

      <fieldset className={styles.composer__section} disabled={!editable}>
        <legend>{t('linkLegend')}</legend>
        <ComposerLink value={draft.link} onChange={(link) => set({ link })} locale={locale} error={fieldError('link')} />
      </fieldset>

      <ComposerAudience formId={formId} draft={draft} editable={editable} onChange={set} fieldError={fieldError} />
      <ComposerChannels formId={formId} draft={draft} editable={editable} onChange={set} />

      <FeedbackAlert feedback={message} />

      {editable ? <ComposerActions formId={formId} id={id} status={status} draft={draft} scheduleAt={scheduleAt} onScheduleAt={setScheduleAt} actions={actions} /> : null}
    </form>
  );
}
