'use client';
// Typing a code by hand (or with a scanner whose keys land in this field), then Check.
import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { CODE_MAX } from '../constants';
import styles from './door.module.css';

export function KeyboardEntry({ onCode }: { onCode: (code: string) => void }) {
  const t = useTranslations('Scanner');
  const id = useId();
  const [value, setValue] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!value.trim()) return;
    onCode(value);
    setValue('');
  }
  return (
    <form className="panel scanner__keyboard" onSubmit={submit}>
      <label className="field__label" htmlFor={`${id}-code`}>
        {t('keyboardLabel')}
      </label>
      <p className="field__hint" id={`${id}-hint`}>{t('keyboardHint')}</p>
      <div className={styles['scanner__keyboard-row']}>
        <input id={`${id}-code`} className="field__input" value={value} onChange={(change) => setValue(change.target.value)} maxLength={CODE_MAX} autoComplete="off" aria-describedby={`${id}-hint`} />
        <button type="submit" className="button button--primary">
          {t('check')}
        </button>
      </div>
    </form>
  );
}
