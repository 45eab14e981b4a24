'use client';
// One language of the composer: its title and message, and how they look as a push message and in
// the inbox.
import { useTranslations } from 'next-intl';
import type { Locale } from '@/i18n/routing';
import { TextField } from '@/ui/form/TextField';
import { TextAreaField } from '@/ui/form/TextAreaField';
import { BODY_LIMIT, TITLE_LIMIT } from '../constants';
import type { Draft } from './composer-draft';
import type { ComposerActions } from './useComposerActions';
import styles from './notifications.module.css';

interface Props {
  formId: string;
  language: Locale;
  draft: Draft;
  editable: boolean;
  fieldError: ComposerActions['fieldError'];
  onChange: (change: Partial<Draft>) => void;
}

export function ComposerLanguage({ formId, language, draft, editable, fieldError, onChange }: Props) {
  const t = useTranslations('AdminNotifications');
  return (
    <fieldset className={styles.composer__language} disabled={!editable}>
      <legend>{t(`languages.${language}`)}</legend>
      <TextField
        id={`${formId}-title-${language}`}
        name={`title.${language}`}
        label={t('titleLabel')}
        lang={language}
        value={draft.title[language]}
        maxLength={TITLE_LIMIT}
        error={fieldError(`title.${language}`)}
        onChange={(title) => onChange({ title: { ...draft.title, [language]: title } })}
      />
      <TextAreaField
        id={`${formId}-body-${language}`}
        name={`body.${language}`}
        label={t('bodyLabel')}
        lang={language}
        rows={4}
        value={draft.body[language]}
        maxLength={BODY_LIMIT}
        hint={t('characters', { count: draft.body[language].length, max: BODY_LIMIT })}
        error={fieldError(`body.${language}`)}
        onChange={(body) => onChange({ body: { ...draft.body, [language]: body } })}
      />
      <Preview language={language} title={draft.title[language]} body={draft.body[language]} />
    </fieldset>
  );
}

function Preview({ language, title, body }: { language: Locale; title: string; body: string }) {
  const t = useTranslations('AdminNotifications');
  return (
    <div className={styles.composer__previews} aria-label={t('previewLabel')} role="group">
      <div className="push-preview" lang={language}>
        <p className={styles['push-preview__label']}>{t('previewPush')}</p>
        <div className={styles['push-preview__card']}>
          {/* eslint-disable-next-line @next/next/no-img-element -- a 32 px static icon */}
          <img src="/icons/icon-192.png" alt="" width={32} height={32} />
          <div>
            <p className={styles['push-preview__title']}>{title || t('previewTitle')}</p>
            <p className={styles['push-preview__body']}>{body || t('previewBody')}</p>
          </div>
        </div>
      </div>
      <div className="inbox-preview" lang={language}>
        <p className={styles['push-preview__label']}>{t('previewInbox')}</p>
        <div className={`${styles['inbox-entry']} ${styles['inbox-entry--unread']}`}>
          <p className={styles['inbox-entry__title']}>{title || t('previewTitle')}</p>
          <p className={styles['inbox-entry__body']}>{body || t('previewBody')}</p>
        </div>
      </div>
    </div>
  );
}
