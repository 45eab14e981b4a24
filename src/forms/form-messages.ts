// The one table of what a form says at a field: every zod issue (the browser's own check before
// sending, or the server's zodIssues) becomes one of the "Forms" messages with the bound it names,
// and a domain refusal that names a field (the server's reasonField, or the same rule run in the
// browser) becomes its Errors.reasons text. No zod at run time here: a page's forms load the
// schema library through the procedures' inputs they parse, not through this table.
import type { Messages } from 'next-intl';

/** The "Forms" messages, in the order of en.json; form-messages.test.ts keeps the two equal. */
export const FORM_MESSAGE_KEYS = [
  'required',
  'email',
  'numeric',
  'format',
  'date',
  'timeRequired',
  'tooShort',
  'tooLong',
  'tooSmall',
  'tooLarge',
  'wholeNumber',
  'overrideReasonShort',
] as const satisfies readonly (keyof Messages['Forms'])[];

export type FormMessageKey = (typeof FORM_MESSAGE_KEYS)[number];

/** A zod issue as the tRPC error formatter sends it, and as the browser's own parse gives it. */
export interface WireIssue {
  path: string[];
  code: string;
  format?: string;
  expected?: string;
  /** Of a size issue: what was measured ('string', 'number', 'array'…) and the bound it broke. */
  origin?: string;
  minimum?: number;
  maximum?: number;
  message: string;
}

/**
 * What a form shows at a field: a "Forms" message with the figures it names, or a domain reason
 * (Errors.reasons.<reason>) with its values, the words the server uses for the same refusal.
 */
export type FormMessage = { key: FormMessageKey; values?: { min?: number; max?: number } } | { reason: string; params?: Readonly<Record<string, string>> };

/** A refusal that concerns one field, in the server's terms (`DomainError`'s reason, params and field). */
export interface FieldRefusal {
  field: string;
  reason: string;
  params?: Readonly<Record<string, string>>;
}

function isFormMessageKey(text: string): text is FormMessageKey {
  return (FORM_MESSAGE_KEYS as readonly string[]).includes(text);
}

/** The figure each message names, taken from the issue's bound ("Use at most {max} characters"). */
const FIGURES: Partial<Record<FormMessageKey, 'min' | 'max'>> = { tooShort: 'min', tooLong: 'max', tooSmall: 'min', tooLarge: 'max' };

function withFigure(key: FormMessageKey, issue: WireIssue): FormMessage {
  const figure = FIGURES[key];
  const bound = figure === 'min' ? issue.minimum : figure === 'max' ? issue.maximum : undefined;
  return figure && bound !== undefined ? { key, values: { [figure]: bound } } : { key };
}

/**
 * The message for a zod issue. A schema that chose its message (a key of the table, such as
 * `.min(1, 'required')`) keeps it; otherwise the issue's code and bound decide: a text that is
 * empty is required, one too short or too long says its limit, a number out of range its bound.
 */
export function formMessageForIssue(issue: WireIssue): FormMessage {
  if (isFormMessageKey(issue.message)) return withFigure(issue.message, issue);
  const length = issue.origin === 'string' || issue.origin === 'array';
  if (issue.code === 'too_small' && issue.minimum !== undefined) {
    if (length && issue.minimum <= 1) return { key: 'required' };
    if (issue.origin === 'string') return withFigure('tooShort', issue);
    if (issue.origin === 'number') return withFigure('tooSmall', issue);
  }
  if (issue.code === 'too_big' && issue.maximum !== undefined) {
    if (issue.origin === 'string') return withFigure('tooLong', issue);
    if (issue.origin === 'number') return withFigure('tooLarge', issue);
  }
  if (issue.code === 'invalid_format' && issue.format === 'email') return { key: 'email' };
  if (issue.code === 'invalid_type') {
    if (issue.expected === 'int') return { key: 'wholeNumber' };
    if (issue.expected === 'number') return { key: 'numeric' };
    if (issue.expected === 'date') return { key: 'date' };
    return { key: 'required' };
  }
  return { key: 'format' };
}

/** The message for a refusal at a field: the reason's own text, as the page shows it anywhere else. */
export function formMessageForRefusal(refusal: Pick<FieldRefusal, 'reason' | 'params'>): FormMessage {
  return refusal.params && Object.keys(refusal.params).length ? { reason: refusal.reason, params: refusal.params } : { reason: refusal.reason };
}

/**
 * A zod error's issues in the wire's shape (what src/server/trpc/init.ts sends), so the browser's
 * check and the server's refusal go through the same table. Typed by shape: no zod import.
 */
export function wireIssues(issues: readonly { path: readonly PropertyKey[]; code: string; message: string }[]): WireIssue[] {
  return issues.map((issue) => {
    const fields = issue as unknown as Record<string, unknown>;
    const text = (name: string) => (fields[name] === undefined ? undefined : String(fields[name]));
    const figure = (name: string) => (fields[name] === undefined ? undefined : Number(fields[name]));
    return {
      path: issue.path.map(String),
      code: issue.code,
      format: text('format'),
      expected: text('expected'),
      origin: text('origin'),
      minimum: figure('minimum'),
      maximum: figure('maximum'),
      message: issue.message,
    };
  });
}

/** Where a form shows what: each field's first message, and what concerns no field on the form. */
export interface FormProblems {
  fields: Record<string, FormMessage>;
  /** Messages about inputs the form does not show (a page's own value, such as an event's id). */
  elsewhere: FormMessage[];
}

/**
 * Sorts issues and refusals onto a form's fields (`fields`, dotted paths of the input), the first
 * per field, the rest elsewhere. `within` is the key under which the procedure's input carries the
 * form (`event` of an event's update): issue paths start with it, and it is dropped.
 */
export function placeProblems({ issues = [], refusals = [], fields, within }: { issues?: readonly WireIssue[]; refusals?: readonly (FieldRefusal | null | undefined)[]; fields: readonly string[]; within?: string }): FormProblems {
  const placed: FormProblems = { fields: {}, elsewhere: [] };
  const place = (path: string, message: FormMessage) => {
    if (!fields.includes(path)) placed.elsewhere.push(message);
    else placed.fields[path] ??= message;
  };
  for (const issue of issues) {
    const path = within !== undefined && issue.path[0] === within ? issue.path.slice(1) : issue.path;
    place(path.join('.'), formMessageForIssue(issue));
  }
  for (const refusal of refusals) if (refusal) place(refusal.field, formMessageForRefusal(refusal));
  return placed;
}

/**
 * A number field's text as the schema reads it: empty is no value (null: "required"), digits with
 * an optional sign and decimals are that number, anything else is not a number (NaN: "numbers
 * only"). Not `Number()`, which would read "1e1" or "0x10" as numbers the person never typed.
 */
export function numberOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^[+-]?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * A form's values in the shape of the procedure's input, before parsing: a number field may be
 * empty (null) until the schema says it is required.
 */
export type FormInput<T> = T extends number
  ? number | null
  : T extends Date | string | boolean | null | undefined
    ? T
    : T extends readonly (infer Item)[]
      ? FormInput<Item>[]
      : T extends object
        ? { [Key in keyof T]: FormInput<T[Key]> }
        : T;
