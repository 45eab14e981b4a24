'use client';
// Whether a notification also goes by e-mail: in the app and by push as always, and by e-mail to
// nobody, to those of the audience who get no push messages, or to all of them; in each case only
// to people who said yes to announcements on their profile.
import { useTranslations } from 'next-intl';
import { EMAIL_CHANNELS } from '../constants';
import type { Draft } from './composer-draft';
import styles from './notifications.module.css';

interface Props {
  formId: string;
  draft: Draft;
  editable: boolean;
  onChange: (change: Partial<Draft>) => void;
}

export function ComposerChannels({ formId, draft, editable, onChange }: Props) {
  const t = useTranslations('AdminNotifications');
  return (
    <fieldset className={styles.composer__section} disabled={!editable} aria-describedby={`${formId}-email-hint`}>
      <legend>{t('emailLegend')}</legend>
      <div className={styles.composer__audiences}>
        {EMAIL_CHANNELS.map((channel) => (
          <label key={channel} className={styles.composer__choice}>
            <input type="radio" name={`${formId}-email`} value={channel} checked={draft.email === channel} onChange={() => onChange({ email: channel })} />
            <span>{t(`emailChannels.${channel}`)}</span>
          </label>
        ))}
      </div>
      <p id={`${formId}-email-hint`} className="field__hint">
        {t('emailHint')}
      </p>
    </fieldset>
  );
}
