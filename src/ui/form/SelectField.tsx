'use client';
// A labelled select with an optional hint, the counterpart of TextField.
import { describedBy, FieldMessages } from './FieldMessages';

export interface SelectOption<Value extends string> {
  value: Value;
  label: string;
}

export interface SelectFieldProps<Value extends string> {
  id: string;
  label: string;
  value: Value;
  options: readonly SelectOption<Value>[];
  onChange: (value: Value) => void;
  hint?: string;
}

export function SelectField<Value extends string>({ id, label, value, options, onChange, hint }: SelectFieldProps<Value>) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__select" value={value} aria-describedby={describedBy(id, hint)} onChange={(event) => onChange(event.target.value as Value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} hint={hint} />
    </div>
  );
}
