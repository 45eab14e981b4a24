// Messages and URLs as the tests need them: the same files the app renders from.
import en from '../../src/i18n/messages/en.json' with { type: 'json' };
import de from '../../src/i18n/messages/de.json' with { type: 'json' };

export const MESSAGES = { en, de } as const;
export type TestLocale = keyof typeof MESSAGES;
export const TEST_LOCALES: TestLocale[] = ['en', 'de'];

export function localized(locale: TestLocale, path: string): string {
  if (locale === 'en') return path;
  return path === '/' ? '/de' : `/de${path}`;
}
