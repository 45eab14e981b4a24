'use client';
// One language of the composer: its title and message, and how they look as a push message and in
// the inbox.
import { useTranslations } from 'next-intl';
import type { Locale } from '@/i18n/routing';
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
      <div className="field">
        <label className="field__label" htmlFor={`${formId}-title-${language}`}>
          {t('titleLabel')}
        </label>
        <input
          id={`${formId}-title-${language}`}
          className="field__input"
          lang={language}
          value={draft.title[language]}
          maxLength={TITLE_LIMIT}
          aria-invalid={fieldError(`title.${language}`) ? true : undefined}
          aria-describedby={fieldError(`title.${language}`) ? `${formId}-title-${language}-error` : undefined}
          onChange={(change) => onChange({ title: { ...draft.title, [language]: change.target.value } })}
        />
        {fieldError(`title.${language}`) ? <p id={`${formId}-title-${language}-error`} className="field__error">{fieldError(`title.${language}`)}</p> : null}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${formId}-body-${language}`}>
          {t('bodyLabel')}
        </label>
        <textarea
          id={`${formId}-body-${language}`}
          className="field__input field__textarea"
          lang={language}
          rows={4}
          value={draft.body[language]}
          maxLength={BODY_LIMIT}
          aria-invalid={fieldError(`body.${language}`) ? true : undefined}
          aria-describedby={`${formId}-body-${language}-count${fieldError(`body.${language}`) ? ` ${formId}-body-${language}-error` : ''}`}
          onChange={(change) => onChange({ body: { ...draft.body, [language]: change.target.value } })}
        />
        <p id={`${formId}-body-${language}-count`} className="field__hint">
          {t('characters', { count: draft.body[language].length, max: BODY_LIMIT })}
        </p>
        {fieldError(`body.${language}`) ? <p id={`${formId}-body-${language}-error`} className="field__error">{fieldError(`body.${language}`)}</p> : null}
      </div>
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
