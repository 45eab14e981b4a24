import { describe, expect, it } from 'vitest';
import { localized, toLocale } from './routing';

describe('localized', () => {
  it('reads a text in the reader’s language', () => {
    expect(localized({ en: 'Doors', de: 'Einlass' }, 'de')).toBe('Einlass');
    expect(localized({ en: 'Doors', de: 'Einlass' }, 'en')).toBe('Doors');
  });

  it('reads an empty translation as the English text', () => {
    expect(localized({ en: 'Doors', de: '' }, 'de')).toBe('Doors');
  });
});

describe('toLocale', () => {
  it('takes a language the site speaks and gives the default for anything else', () => {
    expect(toLocale('de')).toBe('de');
    expect(toLocale('en')).toBe('en');
    expect(toLocale('fr')).toBe('en');
    expect(toLocale('DE')).toBe('en');
    expect(toLocale(null)).toBe('en');
    expect(toLocale(undefined)).toBe('en');
  });
});
