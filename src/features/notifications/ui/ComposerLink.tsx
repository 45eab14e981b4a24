'use client';
// Where a notification leads: nowhere, an upcoming event of the programme, or a page of the site.
import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { localized, type Locale } from '@/i18n/routing';
import { trpc } from '@/trpc/client';
import styles from './notifications.module.css';

export function ComposerLink({ value, onChange, locale, error }: { value: string; onChange: (link: string) => void; locale: Locale; error: string | null }) {
  const t = useTranslations('AdminNotifications');
  const id = useId();
  const events = trpc.events.list.useQuery({ filter: 'upcoming', search: '', cursor: null });
  const eventLinks = (events.data?.events ?? []).map((event) => ({ link: `/events/${event.slug}`, label: localized(event.title, locale) }));
  const mode = value === '' ? 'none' : eventLinks.some((entry) => entry.link === value) ? 'event' : 'page';
  const [chosen, setChosen] = useState<'none' | 'event' | 'page'>(mode);
  return (
    <>
      <div className={styles.composer__audiences}>
        {(['none', 'event', 'page'] as const).map((option) => (
          <label key={option} className={styles.composer__choice}>
            <input
              type="radio"
              name={`${id}-link`}
              checked={chosen === option}
              onChange={() => {
                setChosen(option);
                if (option === 'none') onChange('');
              }}
            />
            <span>{t(`linkModes.${option}`)}</span>
          </label>
        ))}
      </div>
      {chosen === 'event' ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-event`}>
            {t('linkEvent')}
          </label>
          <select id={`${id}-event`} className="field__select" value={value} onChange={(change) => onChange(change.target.value)}>
            <option value="">{events.isPending ? t('loading') : t('chooseEvent')}</option>
            {eventLinks.map((entry) => (
              <option key={entry.link} value={entry.link}>
                {entry.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {chosen === 'page' ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-page`}>
            {t('linkPage')}
          </label>
          <input id={`${id}-page`} className="field__input" value={value} placeholder="/vip" aria-describedby={`${id}-page-hint`} aria-invalid={error ? true : undefined} onChange={(change) => onChange(change.target.value)} />
          <p id={`${id}-page-hint`} className="field__hint">{t('linkPageHint')}</p>
        </div>
      ) : null}
      {error ? <p className="field__error" role="alert">{error}</p> : null}
    </>
  );
}
