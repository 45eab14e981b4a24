'use client';
// Who receives a notification: everyone, the members, the members not seen at the door in a number
// of weeks, one role, or people picked by name.
import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { trpc } from '@/trpc/client';
import { TextField } from '@/ui/form/TextField';
import { describedBy, FieldMessages } from '@/ui/form/FieldMessages';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { AUDIENCE_KIND_NAMES, LAPSED_WEEKS_MAX, LAPSED_WEEKS_MIN } from '../constants';
import { ROLE_NAMES, type ChosenPerson, type Draft, type RoleName } from './composer-draft';
import type { ComposerActions } from './useComposerActions';
import styles from './notifications.module.css';

interface Props {
  formId: string;
  draft: Draft;
  editable: boolean;
  onChange: (change: Partial<Draft>) => void;
  /** A problem with a field of the audience (`audience.weeks`, `audience.uids`), to show at it. */
  fieldError: ComposerActions['fieldError'];
}

export function ComposerAudience({ formId, draft, editable, onChange, fieldError }: Props) {
  const t = useTranslations('AdminNotifications');
  return (
    <fieldset className={styles.composer__section} disabled={!editable}>
      <legend>{t('audienceLegend')}</legend>
      <div className={styles.composer__audiences}>
        {AUDIENCE_KIND_NAMES.map((kind) => (
          <label key={kind} className={styles.composer__choice}>
            <input type="radio" name={`${formId}-audience`} value={kind} checked={draft.audience === kind} onChange={() => onChange({ audience: kind })} />
            <span>{t(`audiences.${kind}`)}</span>
          </label>
        ))}
      </div>
      {draft.audience === 'role' ? (
        <div className="field">
          <label className="field__label" htmlFor={`${formId}-role`}>
            {t('roleLabel')}
          </label>
          <select id={`${formId}-role`} className="field__select" value={draft.role} onChange={(change) => onChange({ role: change.target.value as RoleName })}>
            {ROLE_NAMES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {draft.audience === 'lapsed' ? (
        <TextField
          id={`${formId}-weeks`}
          name="audience.weeks"
          type="number"
          inputMode="numeric"
          min={LAPSED_WEEKS_MIN}
          max={LAPSED_WEEKS_MAX}
          step={1}
          label={t('weeksLabel')}
          hint={t('weeksHint', { min: LAPSED_WEEKS_MIN, max: LAPSED_WEEKS_MAX })}
          value={draft.weeks}
          onChange={(weeks) => onChange({ weeks })}
          error={fieldError('audience.weeks')}
        />
      ) : null}
      {draft.audience === 'people' ? <PeoplePicker people={draft.people} onChange={(people) => onChange({ people })} error={fieldError('audience.uids')} /> : null}
    </fieldset>
  );
}

/** People picked by name; `error`: nobody picked yet, said at the search (where the focus goes). */
function PeoplePicker({ people, onChange, error }: { people: ChosenPerson[]; onChange: (people: ChosenPerson[]) => void; error?: string }) {
  const t = useTranslations('AdminNotifications');
  const id = useId();
  const [search, setSearch] = useState('');
  const found = trpc.users.list.useQuery({ search: search.trim() }, { enabled: search.trim().length >= 2 });
  return (
    <div className="composer__people">
      {people.length ? (
        <ul className={styles.chips} aria-label={t('chosenPeople')}>
          {people.map((person) => (
            <li key={person.uid} className={styles.chip}>
              {person.label}
              <button type="button" className={styles.chip__remove} aria-label={t('removePerson', { name: person.label })} onClick={() => onChange(people.filter((other) => other.uid !== person.uid))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="field__hint">{t('noPeople')}</p>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-search`}>
          {t('peopleSearch')}
        </label>
        <input
          id={`${id}-search`}
          className="field__input"
          type="search"
          value={search}
          onChange={(change) => setSearch(change.target.value)}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${id}-search`, undefined, error)}
        />
        <FieldMessages id={`${id}-search`} error={error} />
      </div>
      <LoadingStatus active={found.isFetching}>{t('peopleSearching')}</LoadingStatus>
      {found.data?.users.length ? (
        <ul className={styles.composer__hits}>
          {found.data.users
            .filter((user) => !people.some((person) => person.uid === user.uid))
            .map((user) => (
              <li key={user.uid}>
                <button type="button" className="button button--ghost button--small" onClick={() => onChange([...people, { uid: user.uid, label: user.displayName ?? user.email ?? user.uid }])}>
                  + {user.displayName ?? user.email} {user.displayName && user.email ? <span className="field__hint">{user.email}</span> : null}
                </button>
              </li>
            ))}
        </ul>
      ) : null}
    </div>
  );
}
