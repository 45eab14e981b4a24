// Event slugs are readable ASCII, at most 80 characters, with numbered alternatives.
import { describe, expect, it } from 'vitest';
import { SLUG_MAX, SLUG_PATTERN, slugCandidates, slugify } from './slug';

const first = (base: string, count: number) => {
  const candidates: string[] = [];
  for (const candidate of slugCandidates(base)) {
    candidates.push(candidate);
    if (candidates.length === count) break;
  }
  return candidates;
};

describe('slugify', () => {
  it('transliterates German umlauts and ß, in both cases', () => {
    expect(slugify('Größe Überraschung: Äpfel, Öl & Straße')).toBe('groesse-ueberraschung-aepfel-oel-strasse');
    expect(slugify('GROẞE FÜSSE')).toBe('grosse-fuesse');
  });

  it('transliterates decomposed umlauts like composed ones', () => {
    expect(slugify('Mu\u0308ller')).toBe('mueller');
  });

  it('strips other diacritics and folds compatibility characters', () => {
    expect(slugify('Café Crème à la Señora – Ł? ﬁnal № 5')).toBe('cafe-creme-a-la-senora-final-no-5');
  });

  it('lowercases and turns each run of other characters into one hyphen, trimmed', () => {
    expect(slugify('  --Jazz   & Blues!!! 2026 -- ')).toBe('jazz-blues-2026');
    expect(slugify("Rock'n'Roll")).toBe('rock-n-roll');
  });

  it('returns an empty string when nothing is left', () => {
    expect(slugify('')).toBe('');
    expect(slugify('!!! — ???')).toBe('');
    expect(slugify('🎷🎶')).toBe('');
  });

  it('cuts to 80 characters without a trailing hyphen', () => {
    const slug = slugify(`${'a'.repeat(79)} bcd`);
    expect(slug).toBe('a'.repeat(79));
    expect(slugify('ü'.repeat(50))).toBe('ue'.repeat(40));
    expect(slugify('Wort '.repeat(40)).length).toBeLessThanOrEqual(SLUG_MAX);
  });

  it('always gives a slug that matches the pattern, or nothing', () => {
    for (const text of ['Über uns', '---', 'ÄÖÜ äöü ß', 'x'.repeat(200), 'a - b', `${'a'.repeat(79)}-b`, 'İstanbul Night', 'ΑΒΓ']) {
      const slug = slugify(text);
      expect(slug === '' || (SLUG_PATTERN.test(slug) && slug.length <= SLUG_MAX), `${text} → ${slug}`).toBe(true);
    }
  });
});

describe('slugCandidates', () => {
  it('yields the base, then base-2, base-3 and onwards', () => {
    expect(first('jazz-abend', 4)).toEqual(['jazz-abend', 'jazz-abend-2', 'jazz-abend-3', 'jazz-abend-4']);
    expect(first('jazz', 12).at(-1)).toBe('jazz-12');
  });

  it('shortens the base so every candidate stays within 80 characters', () => {
    const base = 'a'.repeat(SLUG_MAX);
    const [, second] = first(base, 2);
    expect(second).toBe(`${'a'.repeat(78)}-2`);
    const tenth = first(base, 10).at(-1);
    expect(tenth).toBe(`${'a'.repeat(77)}-10`);
  });

  it('does not leave a double hyphen where the base is cut at a hyphen', () => {
    const base = `${'a'.repeat(77)}-bc`;
    expect(first(base, 2)).toEqual([base, `${'a'.repeat(77)}-2`]);
    for (const candidate of first(base, 20)) expect(SLUG_PATTERN.test(candidate) && candidate.length <= SLUG_MAX, candidate).toBe(true);
  });

  it('refuses a base that is not a slug', () => {
    for (const base of ['', 'Jazz', 'a--b', '-a', 'a'.repeat(SLUG_MAX + 1)]) {
      expect(() => slugCandidates(base).next(), base).toThrow(RangeError);
    }
  });
});
