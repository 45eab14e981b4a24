// The last-resort error page's own copy of its texts says what the message files say.
import { describe, expect, it } from 'vitest';
import en from '@/i18n/messages/en.json';
import de from '@/i18n/messages/de.json';
import { GLOBAL_ERROR_MESSAGES } from './global-error-messages';

describe('the last-resort error page texts', () => {
  it.each([
    ['en', en.Errors],
    ['de', de.Errors],
  ] as const)('are the message file entries in %s', (locale, errors) => {
    const copy = GLOBAL_ERROR_MESSAGES[locale];
    for (const key of Object.keys(copy) as (keyof typeof copy)[]) expect(copy[key], key).toBe(errors[key]);
  });
});
