'use client';
// The profile's e-mail section: what always comes (service mails, no choice), announcements on or
// off, for admins the morning digest of waiting requests and last night's summary, and, when the address's server refused
// mail for good, a notice that nothing reaches it and what to do. A choice the server refuses (the
// digest, for someone no longer an admin) is said at its box.
import { useId, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { trpc } from '@/trpc/client';
import { useForm } from '@/forms/useForm';
import { describedBy, FieldMessages } from '@/ui/form/FieldMessages';
import settings from '@/ui/settings.module.css';
import { Alert, FeedbackAlert } from '@/ui/feedback/Alert';
import { useFeedback } from '@/ui/feedback/useFeedback';
import type { MailSettings as Settings } from '../mail-settings';
import { MailSettingsInput } from '../profile.inputs';
import styles from './profile.module.css';

export function MailSettings({ initial }: { initial: Settings }) {
  const t = useTranslations('Profile');
  const format = useFormatter();
  const id = useId();
  const form = useForm({ fields: ['announcements', 'digest', 'nightSummary'] });
  const [saved, setSaved] = useState(initial);
  const [announcements, setAnnouncements] = useState(initial.announcements);
  const [digest, setDigest] = useState(initial.digest);
  const [nightSummary, setNightSummary] = useState(initial.nightSummary);
  const { feedback, setFeedback, succeeded, clear } = useFeedback();
  const update = trpc.profile.updateMail.useMutation({
    onSuccess: (next) => {
      setSaved(next);
      succeeded(t('mailSaved'));
    },
    // A choice refused is said at its box; anything else where a success is.
    onError: (error) => {
      const said = form.refuse(error);
      setFeedback(said ? { kind: 'error', text: said } : null);
    },
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
        id={form.id}
        className={settings['profile-form']}
        onSubmit={(event) => {
          event.preventDefault();
          clear();
          const input = form.check(MailSettingsInput, { announcements, ...(saved.digestOffered ? { digest } : {}), ...(saved.nightSummaryOffered ? { nightSummary } : {}) });
          if (input) update.mutate(input);
        }}
      >
        <div>
          <label className={settings.choice}>
            <input
              type="checkbox"
              id={`${id}-announcements`}
              name="announcements"
              checked={announcements}
              onChange={(change) => form.changing('announcements', setAnnouncements)(change.target.checked)}
              aria-invalid={form.error('announcements') ? true : undefined}
              aria-describedby={describedBy(`${id}-announcements`, 'hint', form.error('announcements'))}
            />
            {t('mailAnnouncements')}
          </label>
          <p id={`${id}-announcements-hint`} className={settings['profile-form__note']}>
            {t('mailAnnouncementsHint')}
          </p>
          <FieldMessages id={`${id}-announcements`} error={form.error('announcements')} />
        </div>
        {saved.digestOffered ? (
          <div>
            <label className={settings.choice}>
              <input
                type="checkbox"
                id={`${id}-digest`}
                name="digest"
                checked={digest}
                onChange={(change) => form.changing('digest', setDigest)(change.target.checked)}
                aria-invalid={form.error('digest') ? true : undefined}
                aria-describedby={describedBy(`${id}-digest`, 'hint', form.error('digest'))}
              />
              {t('mailDigest')}
            </label>
            <p id={`${id}-digest-hint`} className={settings['profile-form__note']}>
              {t('mailDigestHint')}
            </p>
            <FieldMessages id={`${id}-digest`} error={form.error('digest')} />
          </div>
        ) : null}
        {saved.nightSummaryOffered ? (
          <div>
            <label className={settings.choice}>
              <input
                type="checkbox"
                id={`${id}-night`}
                name="nightSummary"
                checked={nightSummary}
                onChange={(change) => form.changing('nightSummary', setNightSummary)(change.target.checked)}
                aria-invalid={form.error('nightSummary') ? true : undefined}
                aria-describedby={describedBy(`${id}-night`, 'hint', form.error('nightSummary'))}
              />
              {t('mailNightSummary')}
            </label>
            <p id={`${id}-night-hint`} className={settings['profile-form__note']}>
              {t('mailNightSummaryHint')}
            </p>
            <FieldMessages id={`${id}-night`} error={form.error('nightSummary')} />
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
