'use client';
// A labelled select with an optional hint, the counterpart of TextField.
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
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__select" value={value} aria-describedby={hintId} onChange={(event) => onChange(event.target.value as Value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
