// The hint and the error under a form control, with the ids the control's aria-describedby names.
// The error is marked by a symbol and words, never by colour alone.

/** The ids to put in a control's aria-describedby: the error first, then the hint. */
export function describedBy(id: string, hint?: string, error?: string): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

export function FieldMessages({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      )}
    </>
  );
}
