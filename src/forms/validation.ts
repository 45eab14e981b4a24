// Form validation shared by every form: the specification's four messages, as rules for client
// checks and as a mapping from the server's zod issues, so both show the same localized text.
import { z } from 'zod';
import type { Messages } from 'next-intl';

export type FormMessageKey = keyof Messages['Forms'];

/** A rule returns the message key of the first problem, or null when the value passes. */
export type Rule = (value: string) => FormMessageKey | null;

// Deliberately simple: one @, no spaces, a dot in the domain. The server has the last word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DIGITS = /^[0-9]+$/;

export const rules = {
  required: ((value) => (value.trim() === '' ? 'required' : null)) as Rule,
  email: ((value) => (value.trim() === '' || EMAIL.test(value.trim()) ? null : 'email')) as Rule,
  numeric: ((value) => (value.trim() === '' || DIGITS.test(value.trim()) ? null : 'numeric')) as Rule,
  pattern:
    (pattern: RegExp): Rule =>
    (value) =>
      value === '' || pattern.test(value) ? null : 'format',
};

export type FieldRules<Field extends string> = Record<Field, readonly Rule[]>;
export type FieldErrors<Field extends string> = Partial<Record<Field, FormMessageKey>>;

/** Runs each field's rules in order and keeps the first failure per field. */
export function validateFields<Field extends string>(
  values: Record<Field, string>,
  fieldRules: FieldRules<Field>,
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const field of Object.keys(fieldRules) as Field[]) {
    for (const rule of fieldRules[field]) {
      const problem = rule(values[field] ?? '');
      if (problem) {
        errors[field] = problem;
        break;
      }
    }
  }
  return errors;
}

/** Zod building blocks whose issues carry the message key, for tRPC inputs and forms alike. */
export const formFields = {
  requiredText: () => z.string().trim().min(1, 'required'),
  email: () => z.string().trim().min(1, 'required').pipe(z.email('email')),
  digits: () => z.string().trim().min(1, 'required').regex(DIGITS, 'numeric'),
  matching: (pattern: RegExp) => z.string().regex(pattern, 'format'),
};

const MESSAGE_KEYS: readonly FormMessageKey[] = ['required', 'email', 'numeric', 'format', 'wholeNumber'];

/** A zod issue as the tRPC error formatter sends it to the client. */
export interface WireIssue {
  path: string[];
  code: string;
  format?: string;
  expected?: string;
  /** Of a size issue: what was measured ('string', 'number'...) and the bound it broke. */
  origin?: string;
  minimum?: number;
  maximum?: number;
  message: string;
}

/** A form message with the figures it names (a text's limit, a number's range). */
export interface FormMessage {
  key: FormMessageKey;
  values?: { min?: number; max?: number };
}

/**
 * The message for a zod issue, with its bound where it has one: "Use at most 120 characters",
 * "Use at least 1", rather than "Invalid format" for a value that is only too long or too small.
 */
export function formMessageForIssue(issue: WireIssue): FormMessage {
  if (!(MESSAGE_KEYS as readonly string[]).includes(issue.message)) {
    if (issue.code === 'too_big' && issue.maximum !== undefined) {
      if (issue.origin === 'string') return { key: 'tooLong', values: { max: issue.maximum } };
      if (issue.origin === 'number') return { key: 'tooLarge', values: { max: issue.maximum } };
    }
    if (issue.code === 'too_small' && issue.origin === 'number' && issue.minimum !== undefined) return { key: 'tooSmall', values: { min: issue.minimum } };
  }
  return { key: messageForIssue(issue) };
}

/** Which of the four messages describes a zod issue from the server. */
export function messageForIssue(issue: WireIssue): FormMessageKey {
  if ((MESSAGE_KEYS as readonly string[]).includes(issue.message)) return issue.message as FormMessageKey;
  if (issue.code === 'invalid_format' && issue.format === 'email') return 'email';
  if (issue.code === 'invalid_type') return issue.expected === 'number' || issue.expected === 'int' ? 'numeric' : 'required';
  return 'format';
}
