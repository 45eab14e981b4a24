import { describe, expect, it } from 'vitest';
import en from '@/i18n/messages/en.json';
import de from '@/i18n/messages/de.json';
import { BROWSER_STORAGE, listedIn } from './browser-storage';

describe('the privacy table', () => {
  it('says why and for how long, in both languages, for everything it lists', () => {
    for (const messages of [en, de]) {
      const storage = messages.Privacy.storage as Record<string, { purpose: string; lifetime: string }>;
      for (const item of BROWSER_STORAGE) {
        expect(storage[item.key]?.purpose, `${item.name}: Privacy.storage.${item.key}.purpose`).toBeTruthy();
        expect(storage[item.key]?.lifetime, `${item.name}: Privacy.storage.${item.key}.lifetime`).toBeTruthy();
      }
    }
  });

  it('finds exact names and prefixes, of the right kind only', () => {
    expect(listedIn('cookie', '__session')?.key).toBe('session');
    expect(listedIn('cache', 'serwist-precache-v2-http://localhost/')?.key).toBe('appFiles');
    expect(listedIn('localStorage', '__session')).toBeUndefined();
    expect(listedIn('localStorage', 'somethingNew')).toBeUndefined();
  });
});
