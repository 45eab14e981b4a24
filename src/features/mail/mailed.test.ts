// The privacy notice's table of what is mailed (src/features/privacy/mailed.ts) names every kind of
// mail the outbox knows, each once, with its words in both languages: a new kind of mail fails
// here until the notice says what it is and why.
import { describe, expect, it } from 'vitest';
import en from '@/i18n/messages/en.json';
import de from '@/i18n/messages/de.json';
import { MAILED } from '@/features/privacy/mailed';
import { MAIL_KINDS } from './outbox';

describe('what the privacy notice says is mailed', () => {
  it('names every kind of mail the outbox sends, each in one row', () => {
    const listed = MAILED.flatMap((item) => item.kinds);
    expect([...listed].sort()).toEqual([...MAIL_KINDS].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('lists announcements, the digest and the night\'s summary as chosen by the person, the rest as always sent', () => {
    expect(MAILED.filter((item) => item.optIn).flatMap((item) => item.kinds).sort()).toEqual(['announcement', 'nightSummary', 'requestsDigest']);
  });

  it('says what each is and why, in both languages', () => {
    for (const messages of [en, de]) {
      const mailed = messages.Privacy.mailed as Record<string, { name: string; purpose: string }>;
      for (const item of MAILED) {
        expect(mailed[item.key]?.name, `Privacy.mailed.${item.key}.name`).toBeTruthy();
        expect(mailed[item.key]?.purpose, `Privacy.mailed.${item.key}.purpose`).toBeTruthy();
      }
    }
  });
});
