'use client';
// A labelled text input with an optional hint and its error, wired for assistive technology:
// the error is announced, marked on the field (not by colour alone) and described by id.
import type { HTMLInputTypeAttribute } from 'react';
import { describedBy, FieldMessages } from './FieldMessages';

export interface TextFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'email' | 'numeric' | 'search' | 'text';
  hint?: string;
  error?: string;
  maxLength?: number;
  min?: number | string;
  max?: number | string;
  step?: number | string;
  required?: boolean;
  /** The language of what is typed, where it is not the page's. */
  lang?: string;
  /** An example of what goes in (never instead of the label). */
  placeholder?: string;
  /** Extra class of the wrapper, for layout. */
  className?: string;
}

export function TextField({ id, name, label, value, onChange, type = 'text', autoComplete, inputMode, hint, error, maxLength, min, max, step, required, lang, placeholder, className }: TextFieldProps) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="field__input"
        type={type}
        lang={lang}
        placeholder={placeholder}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        min={min}
        max={max}
        step={step}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
