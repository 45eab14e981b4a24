'use client';
// A labelled multi-line text field, the counterpart of TextField (hint, announced error).
import { describedBy, FieldMessages } from './FieldMessages';
import styles from './TextAreaField.module.css';

export interface TextAreaFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  maxLength?: number;
  required?: boolean;
  hint?: string;
  error?: string;
  /** The language of what is typed, where it is not the page's. */
  lang?: string;
}

export function TextAreaField({ id, name, label, value, onChange, rows = 4, maxLength, required, hint, error, lang }: TextAreaFieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        className={`field__input ${styles.field__textarea}`}
        lang={lang}
        value={value}
        rows={rows}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
