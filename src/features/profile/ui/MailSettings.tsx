'use client';
// The profile's e-mail section: what always comes (service mails, no choice), announcements on or
// off, for admins the morning digest of waiting requests and last night's summary, and, when the address's server refused
// mail for good, a notice that nothing reaches it and what to do.
import { useId, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { trpc } from '@/trpc/client';
import settings from '@/ui/settings.module.css';
import { Alert, FeedbackAlert } from '@/ui/feedback/Alert';
import { useFeedback } from '@/ui/feedback/useFeedback';
import type { MailSettings as Settings } from '../mail-settings';
import styles from './profile.module.css';

export function MailSettings({ initial }: { initial: Settings }) {
  const t = useTranslations('Profile');
  const format = useFormatter();
  const id = useId();
  const [saved, setSaved] = useState(initial);
  const [announcements, setAnnouncements] = useState(initial.announcements);
  const [digest, setDigest] = useState(initial.digest);
  const [nightSummary, setNightSummary] = useState(initial.nightSummary);
  const { feedback, succeeded, failed, clear } = useFeedback();
  const update = trpc.profile.updateMail.useMutation({
    onSuccess: (next) => {
      setSaved(next);
      succeeded(t('mailSaved'));
    },
    onError: failed,
  });

  return (
    <section className={`panel ${settings['profile-section']}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('mailHeading')}</h2>
      {saved.undeliverable && saved.email ? (
        <Alert kind="error" standing data-testid="mail-undeliverable">
          {t('mailUndeliverable', { email: saved.email, date: format.dateTime(saved.undeliverable.at, { dateStyle: 'long', timeZone: 'Europe/Berlin' }) })} {t('mailChangeAddress')}
        </Alert>
      ) : null}
      <p>{t('mailService')}</p>
      <form
        className={settings['profile-form']}
        onSubmit={(event) => {
          event.preventDefault();
          clear();
          update.mutate({ announcements, ...(saved.digestOffered ? { digest } : {}), ...(saved.nightSummaryOffered ? { nightSummary } : {}) });
        }}
      >
        <div>
          <label className={settings.choice}>
            <input type="checkbox" name="announcements" checked={announcements} onChange={(change) => setAnnouncements(change.target.checked)} aria-describedby={`${id}-announcements-hint`} />
            {t('mailAnnouncements')}
          </label>
          <p id={`${id}-announcements-hint`} className={settings['profile-form__note']}>
            {t('mailAnnouncementsHint')}
          </p>
        </div>
        {saved.digestOffered ? (
          <div>
            <label className={settings.choice}>
              <input type="checkbox" name="digest" checked={digest} onChange={(change) => setDigest(change.target.checked)} aria-describedby={`${id}-digest-hint`} />
              {t('mailDigest')}
            </label>
            <p id={`${id}-digest-hint`} className={settings['profile-form__note']}>
              {t('mailDigestHint')}
            </p>
          </div>
        ) : null}
        {saved.nightSummaryOffered ? (
          <div>
            <label className={settings.choice}>
              <input type="checkbox" name="nightSummary" checked={nightSummary} onChange={(change) => setNightSummary(change.target.checked)} aria-describedby={`${id}-night-hint`} />
              {t('mailNightSummary')}
            </label>
            <p id={`${id}-night-hint`} className={settings['profile-form__note']}>
              {t('mailNightSummaryHint')}
            </p>
          </div>
        ) : null}
        <FeedbackAlert feedback={feedback} />
        <div className={styles['profile-actions']}>
          <button type="submit" className="button button--primary" disabled={update.isPending} aria-busy={update.isPending}>
            {update.isPending ? <span className="spinner" aria-hidden="true" /> : null}
            {t('saveMail')}
          </button>
        </div>
      </form>
    </section>
  );
}
