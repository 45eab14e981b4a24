'use client';
// The one way a form checks and refuses: it parses its values with the procedure's own zod input
// before sending, and shows each issue at its field; a refusal from the server goes to the field
// it names (its zod issues' paths, or the domain's reasonField) or, naming none on the form, above
// the buttons; every text comes from the forms' table (./form-messages.ts) in the page's language;
// the first field in trouble gets the focus. What was typed is the form's own state and is never
// touched here, so it stays on any failure.
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { apiErrorData, useApiErrorMessage } from '@/trpc/errors';
import { placeProblems, wireIssues, type FieldRefusal, type FormInput, type FormMessage, type FormProblems } from './form-messages';

export interface FormOptions {
  /** The input's fields the form shows, as dotted paths (`title.en`, `venue.name`, `at`). */
  fields: readonly string[];
  /** The key under which the procedure's input carries the form (`event` of an event's update). */
  within?: string;
}

export interface Form {
  /** The `<form>`'s id: the first field in trouble inside it gets the focus. */
  id: string;
  /** A field's message, for its control's `error` (TextField, TextAreaField…). */
  error: (field: string) => string | undefined;
  /** Whether any field shows a message. */
  invalid: boolean;
  /** What concerns no field on the form (the network, a change made meanwhile), said above the buttons. */
  message: string | null;
  /**
   * Parses the form's values with a procedure's input schema: the values, now known to be that
   * input, to send as they are (the procedure parses them, once, on the server), or null with each
   * issue shown. `also`: refusals of the domain's own rules run in the browser (the same function
   * the server runs, such as an event's times), shown like the server's.
   */
  check: <Schema extends z.ZodType>(schema: Schema, input: FormInput<z.input<Schema>>, also?: readonly (FieldRefusal | null | undefined)[]) => z.input<Schema> | null;
  /**
   * Shows the server's refusal of what was sent at the field it names, or as the form's message,
   * which it returns (null: said at the fields) for a screen that reports in a place of its own.
   */
  refuse: (error: unknown) => string | null;
  /** Takes back a field's message (as it changes), or all of them and the form's message. */
  clear: (field?: string) => void;
  /** A field's onChange: sets its value, and what was said about the field no longer holds. */
  changing: <Value>(field: string, set: (value: Value) => void) => (value: Value) => void;
}

/** A form message in the page's language. */
export function useFormMessageText(): (message: FormMessage) => string {
  const tForms = useTranslations('Forms');
  const tErrors = useTranslations('Errors');
  return (message) => {
    if ('key' in message) return tForms(message.key, message.values ?? {});
    const reason = `reasons.${message.reason}` as 'reasons.userNotFound';
    return tErrors.has(reason) ? tErrors(reason, message.params ?? {}) : tErrors('unexpected');
  };
}

export function useForm({ fields, within }: FormOptions): Form {
  const text = useFormMessageText();
  const errorMessage = useApiErrorMessage();
  const id = useId();
  const [errors, setErrors] = useState<Record<string, FormMessage>>({});
  const [message, setMessage] = useState<string | null>(null);
  // Raised at each attempt that put a message at a field: the focus moves once it is rendered.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt > 0) document.getElementById(id)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt, id]);

  function show(placed: FormProblems, formMessage: string | null) {
    setErrors(placed.fields);
    setMessage(formMessage);
    if (Object.keys(placed.fields).length > 0) setAttempt((count) => count + 1);
  }

  function check<Schema extends z.ZodType>(schema: Schema, input: FormInput<z.input<Schema>>, also: readonly (FieldRefusal | null | undefined)[] = []): z.input<Schema> | null {
    const parsed = schema.safeParse(input);
    const placed = placeProblems({ issues: parsed.success ? [] : wireIssues(parsed.error.issues), refusals: also, fields });
    if (parsed.success && Object.keys(placed.fields).length === 0 && placed.elsewhere.length === 0) {
      show(placed, null);
      // It parsed: whatever the form held for an empty number is not among it.
      return input as z.input<Schema>;
    }
    show(placed, placed.elsewhere[0] ? text(placed.elsewhere[0]) : null);
    return null;
  }

  function refuse(error: unknown): string | null {
    const data = apiErrorData(error);
    const refusal = data?.reasonField && data.reason ? { field: data.reasonField, reason: data.reason, params: data.reasonParams ?? undefined } : null;
    const placed = placeProblems({ issues: data?.zodIssues ?? [], refusals: [refusal], fields, within });
    // A refusal placed at its field says it there; anything else (another input, the network, a
    // change made meanwhile) is the form's message.
    const said = Object.keys(placed.fields).length === 0 || placed.elsewhere.length > 0 ? errorMessage(error) : null;
    show(placed, said);
    return said;
  }

  const clear = useCallback((field?: string) => {
    if (field === undefined) {
      setErrors({});
      setMessage(null);
      return;
    }
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  return {
    id,
    error: (field) => (errors[field] ? text(errors[field]) : undefined),
    invalid: Object.keys(errors).length > 0,
    message,
    check,
    refuse,
    clear,
    changing: (field, set) => (value) => {
      set(value);
      clear(field);
    },
  };
}
