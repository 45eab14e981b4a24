// The forms' table: which message each zod issue and each refusal at a field gets, in both
// languages, and where a form shows it.
import { createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import en from '@/i18n/messages/en.json';
import de from '@/i18n/messages/de.json';
import { formFields } from './fields';
import { FORM_MESSAGE_KEYS, formMessageForIssue, numberOf, placeProblems, wireIssues, type FormMessage, type WireIssue } from './form-messages';

/** The message of the first issue a schema finds in a value, as a form would get it. */
function messageOf(schema: z.ZodType, value: unknown): FormMessage | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : formMessageForIssue(wireIssues(parsed.error.issues)[0]!);
}

describe('the forms’ messages', () => {
  it('are the table’s keys, in both languages', () => {
    expect(Object.keys(en.Forms)).toEqual([...FORM_MESSAGE_KEYS]);
    expect(Object.keys(de.Forms)).toEqual([...FORM_MESSAGE_KEYS]);
  });

  it.each([
    ['en', en],
    ['de', de],
  ] as const)('read as whole sentences with their figures in %s', (locale, messages) => {
    const t = createTranslator({ locale, messages, namespace: 'Forms' });
    for (const key of FORM_MESSAGE_KEYS) {
      const text = t(key, { min: 3, max: 120 });
      expect(text, key).not.toMatch(/[{}]/);
      if (/\{(min|max)/.test(en.Forms[key])) expect(text, key).toMatch(/3|120/);
    }
  });
});

describe('a zod issue’s message', () => {
  it.each<[string, z.ZodType, unknown, FormMessage]>([
    ['an empty required text', formFields.requiredText(), '  ', { key: 'required' }],
    ['an empty text that must have one character', z.string().trim().min(1), '', { key: 'required' }],
    ['an empty address', formFields.email(), '', { key: 'required' }],
    ['an address without a domain', formFields.email(), 'ada@', { key: 'email' }],
    ['an empty number field', formFields.number(), null, { key: 'required' }],
    ['text in a number field', formFields.number(), Number.NaN, { key: 'numeric' }],
    ['a fraction where a whole number goes', formFields.number().int(), 1.5, { key: 'wholeNumber' }],
    ['a number below its minimum', formFields.number().min(1), 0, { key: 'tooSmall', values: { min: 1 } }],
    ['a number above its maximum', formFields.number().max(100), 101, { key: 'tooLarge', values: { max: 100 } }],
    ['a text too long', z.string().max(5), 'far too long', { key: 'tooLong', values: { max: 5 } }],
    ['a text too short', z.string().min(6), 'abc', { key: 'tooShort', values: { min: 6 } }],
    ['an empty new password', z.string().min(1, 'required').min(6), '', { key: 'required' }],
    ['a day that is no date', z.date(), new Date(Number.NaN), { key: 'date' }],
    ['a value off its pattern', z.string().regex(/^[a-z-]+$/), 'Summer Night', { key: 'format' }],
    ['a choice not offered', z.enum(['en', 'de']), 'fr', { key: 'format' }],
    ['nothing chosen where one must be', z.array(z.string()).min(1), [], { key: 'required' }],
    ['a message the schema chose', z.string().min(1, 'timeRequired'), '', { key: 'timeRequired' }],
    ['a message the schema chose, with its bound', z.string().max(3, 'tooLong'), 'abcd', { key: 'tooLong', values: { max: 3 } }],
  ])('%s', (_, schema, value, message) => {
    expect(messageOf(schema, value)).toEqual(message);
  });

  it('is the same for the server’s issue as for the browser’s', () => {
    // What src/server/trpc/init.ts sends: the same fields, through JSON.
    const schema = z.object({ title: z.string().max(5), capacity: formFields.number().int('wholeNumber').min(1) });
    const issues = wireIssues(schema.safeParse({ title: 'far too long', capacity: 0 }).error!.issues);
    const sent = JSON.parse(JSON.stringify(issues)) as WireIssue[];
    expect(sent.map(formMessageForIssue)).toEqual(issues.map(formMessageForIssue));
    expect(sent.map(formMessageForIssue)).toEqual([
      { key: 'tooLong', values: { max: 5 } },
      { key: 'tooSmall', values: { min: 1 } },
    ]);
  });
});

describe('where a form shows a problem', () => {
  const issue = (path: string[], message = 'required'): WireIssue => ({ path, code: 'too_small', message });

  it('at the field it concerns, the first one per field', () => {
    const placed = placeProblems({ issues: [issue(['name']), issue(['name'], 'tooLong'), issue(['venue', 'name'], 'format')], fields: ['name', 'venue.name'] });
    expect(placed).toEqual({ fields: { name: { key: 'required' }, 'venue.name': { key: 'format' } }, elsewhere: [] });
  });

  it('without the key the procedure carries the form under', () => {
    const placed = placeProblems({ issues: [issue(['event', 'title', 'en'])], fields: ['title.en'], within: 'event' });
    expect(placed.fields).toEqual({ 'title.en': { key: 'required' } });
  });

  it('a domain refusal at the field it names, in the reason’s words', () => {
    const placed = placeProblems({ refusals: [{ field: 'slug', reason: 'slugTaken', params: { slug: 'x', event: 'y' } }, null], fields: ['slug'] });
    expect(placed.fields).toEqual({ slug: { reason: 'slugTaken', params: { slug: 'x', event: 'y' } } });
  });

  it('a schema’s issue before a domain rule’s refusal at the same field', () => {
    const placed = placeProblems({ issues: [issue(['endsAt'])], refusals: [{ field: 'endsAt', reason: 'endBeforeStart' }], fields: ['endsAt'] });
    expect(placed.fields).toEqual({ endsAt: { key: 'required' } });
  });

  it('elsewhere, what concerns no field on the form', () => {
    const placed = placeProblems({ issues: [issue(['eventId'], 'format')], refusals: [{ field: 'person.email', reason: 'guestListBanned' }], fields: ['name'] });
    expect(placed).toEqual({ fields: {}, elsewhere: [{ key: 'format' }, { reason: 'guestListBanned' }] });
  });
});

describe('a number field’s text', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['12', 12],
    [' 52 ', 52],
    ['-3', -3],
    ['4.5', 4.5],
    ['1e1', Number.NaN],
    ['0x10', Number.NaN],
    ['eight', Number.NaN],
  ] as const)('%j is %s', (text, value) => {
    expect(numberOf(text)).toEqual(value);
  });
});
