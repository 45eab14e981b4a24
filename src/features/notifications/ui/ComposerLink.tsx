'use client';
// Where a notification leads: nowhere, an upcoming event of the programme, or a page of the site.
import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { localized, type Locale } from '@/i18n/routing';
import { trpc } from '@/trpc/client';
import { SelectField } from '@/ui/form/SelectField';
import { TextField } from '@/ui/form/TextField';
import styles from './notifications.module.css';

/** `error`: a link the server refused (not a page of the site), said at the field that holds it. */
export function ComposerLink({ value, onChange, locale, error }: { value: string; onChange: (link: string) => void; locale: Locale; error?: string }) {
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
        <SelectField
          id={`${id}-event`}
          label={t('linkEvent')}
          value={value}
          options={[{ value: '', label: events.isPending ? t('loading') : t('chooseEvent') }, ...eventLinks.map((entry) => ({ value: entry.link, label: entry.label }))]}
          onChange={onChange}
          error={error}
        />
      ) : null}
      {chosen === 'page' ? (
        <TextField id={`${id}-page`} name="link" label={t('linkPage')} hint={t('linkPageHint')} placeholder="/vip" value={value} onChange={onChange} error={error} />
      ) : null}
    </>
  );
}
