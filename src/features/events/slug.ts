// URL slugs of events: readable ASCII from German titles, and the numbered alternatives when one is taken.
export const SLUG_MAX = 80;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// German readers expect "Straße" as "strasse" and "Müller" as "mueller", not "strae" and "muller".
const GERMAN: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', Ä: 'ae', Ö: 'oe', Ü: 'ue', ẞ: 'ss' };

/** The slug of a text, or '' when it has no letters or digits to keep. */
export function slugify(text: string): string {
  return cut(
    text
      // Composed first, so a decomposed "a + ¨" is still transliterated as German rather than stripped.
      .normalize('NFC')
      .replace(/[äöüßÄÖÜẞ]/g, (char) => GERMAN[char] ?? char)
      // Lowercased after decomposing, because compatibility forms like "№" decompose to capitals.
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-'),
    SLUG_MAX,
  );
}

/** The slug itself, then base-2, base-3, …, each within SLUG_MAX by shortening the base. */
export function* slugCandidates(base: string): Generator<string> {
  if (!SLUG_PATTERN.test(base) || base.length > SLUG_MAX) throw new RangeError(`Not a slug: "${base}".`);
  yield base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    yield cut(base, SLUG_MAX - suffix.length) + suffix;
  }
}

function cut(slug: string, max: number): string {
  return slug.replace(/^-+/, '').slice(0, max).replace(/-+$/, '');
}
