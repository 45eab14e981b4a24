'use client';
// The profile's e-mail section: what always comes (service mails, no choice), announcements on or
// off, for admins the morning digest of waiting requests and last night's summary, and, when the address's server refused
// mail for good, a notice that nothing reaches it and what to do.
import { useId, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { trpc } from '@/trpc/client';
import { useApiErrorMessage } from '@/trpc/errors';
import settings from '@/ui/settings.module.css';
import type { MailSettings as Settings } from '../mail-settings';
import { Feedback } from './AvatarEditor';
import styles from './profile.module.css';

type Message = { kind: 'success' | 'error'; text: string } | null;

export function MailSettings({ initial }: { initial: Settings }) {
  const t = useTranslations('Profile');
  const format = useFormatter();
  const errorMessage = useApiErrorMessage();
  const id = useId();
  const [saved, setSaved] = useState(initial);
  const [announcements, setAnnouncements] = useState(initial.announcements);
  const [digest, setDigest] = useState(initial.digest);
  const [nightSummary, setNightSummary] = useState(initial.nightSummary);
  const [message, setMessage] = useState<Message>(null);
  const update = trpc.profile.updateMail.useMutation({
    onSuccess: (next) => {
      setSaved(next);
      setMessage({ kind: 'success', text: t('mailSaved') });
    },
    onError: (error) => setMessage({ kind: 'error', text: errorMessage(error) }),
  });

  return (
    <section className={`panel ${settings['profile-section']}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('mailHeading')}</h2>
      {saved.undeliverable && saved.email ? (
        <div className="alert alert--error" role="note" data-testid="mail-undeliverable">
          <span className="alert__label" aria-hidden="true">!</span>
          <span>
            {t('mailUndeliverable', { email: saved.email, date: format.dateTime(saved.undeliverable.at, { dateStyle: 'long', timeZone: 'Europe/Berlin' }) })} {t('mailChangeAddress')}
          </span>
        </div>
      ) : null}
      <p>{t('mailService')}</p>
      <form
        className={settings['profile-form']}
        onSubmit={(event) => {
          event.preventDefault();
          setMessage(null);
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
        {message ? <Feedback {...message} /> : null}
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
