import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formFields, formMessageForIssue, messageForIssue, rules, validateFields, type WireIssue } from './validation';

describe('rules', () => {
  it.each([
    ['required', rules.required, '', 'required'],
    ['required', rules.required, '   ', 'required'],
    ['required', rules.required, 'x', null],
    ['email', rules.email, 'ada@example.org', null],
    ['email', rules.email, 'ada@example', 'email'],
    ['email', rules.email, 'ada example.org', 'email'],
    ['email', rules.email, '', null],
    ['numeric', rules.numeric, '0123', null],
    ['numeric', rules.numeric, '12a', 'numeric'],
    ['numeric', rules.numeric, '-1', 'numeric'],
    ['pattern', rules.pattern(/^[a-z-]+$/), 'summer-night', null],
    ['pattern', rules.pattern(/^[a-z-]+$/), 'Summer Night', 'format'],
  ] as const)('%s(%j) → %s', (_, rule, value, expected) => {
    expect(rule(value)).toBe(expected);
  });
});

describe('validateFields', () => {
  it('reports the first failing rule per field and nothing for valid fields', () => {
    const errors = validateFields(
      { email: '', capacity: '12x', name: 'Ada' },
      { email: [rules.required, rules.email], capacity: [rules.required, rules.numeric], name: [rules.required] },
    );
    expect(errors).toEqual({ email: 'required', capacity: 'numeric' });
  });
});

describe('server issues', () => {
  const schema = z.object({
    name: formFields.requiredText(),
    email: formFields.email(),
    capacity: formFields.digits(),
    slug: formFields.matching(/^[a-z0-9-]+$/),
  });

  function wire(input: unknown): WireIssue[] {
    const result = schema.safeParse(input);
    if (result.success) return [];
    return result.error.issues.map((issue) => ({
      path: issue.path.map(String),
      code: issue.code,
      format: 'format' in issue ? String(issue.format) : undefined,
      expected: 'expected' in issue ? String(issue.expected) : undefined,
      message: issue.message,
    }));
  }

  const messages = (input: unknown) => Object.fromEntries(wire(input).map((issue) => [issue.path[0], messageForIssue(issue)]));

  it('maps each field of a zod schema to one of the four messages', () => {
    expect(messages({ name: ' ', email: 'nope', capacity: '4a', slug: 'Bad Slug' })).toEqual({
      name: 'required',
      email: 'email',
      capacity: 'numeric',
      slug: 'format',
    });
  });

  it('calls a missing value required', () => {
    expect(messages({ email: '' })).toMatchObject({ name: 'required', email: 'required' });
  });

  it('understands issues from schemas that do not use formFields', () => {
    expect(messageForIssue({ path: ['a'], code: 'invalid_format', format: 'email', message: 'Invalid email address' })).toBe('email');
    expect(messageForIssue({ path: ['a'], code: 'invalid_type', expected: 'number', message: 'x' })).toBe('numeric');
    expect(messageForIssue({ path: ['a'], code: 'invalid_type', expected: 'string', message: 'x' })).toBe('required');
    expect(messageForIssue({ path: ['a'], code: 'too_big', message: 'x' })).toBe('format');
  });

  it('names the bound of a value that is only too long, too small or too large', () => {
    const issues = z
      .object({ title: z.string().max(5), capacity: z.number().int('wholeNumber').min(1).max(100_000), seats: z.number().int('wholeNumber'), code: z.string().max(3, 'format') })
      .safeParse({ title: 'far too long', capacity: 0, seats: 1.5, code: 'abcd' }).error!.issues;
    const byField = Object.fromEntries(issues.map((issue) => [issue.path[0], formMessageForIssue({ ...issue, path: issue.path.map(String) } as WireIssue)]));
    expect(byField).toEqual({
      title: { key: 'tooLong', values: { max: 5 } },
      capacity: { key: 'tooSmall', values: { min: 1 } },
      seats: { key: 'wholeNumber' },
      // A schema that chose its message keeps it.
      code: { key: 'format' },
    });
    expect(formMessageForIssue({ path: ['n'], code: 'too_big', origin: 'number', maximum: 20, message: 'x' })).toEqual({ key: 'tooLarge', values: { max: 20 } });
  });
});
