// Word-prefix search that works the same on both backends: a document stores every prefix of its
// words in one array, and a query asks `array-contains` for the first word typed.

export const SEARCH_PREFIX_MAX = 24;

/** A search query in the form the terms are stored: its first word, lower-cased. */
export function searchTermOf(query: string): string {
  return (query.trim().toLowerCase().split(/\s+/)[0] ?? '').slice(0, SEARCH_PREFIX_MAX);
}

/** Every prefix (up to SEARCH_PREFIX_MAX characters) of every word given, lower-cased. */
export function prefixTerms(words: Iterable<string>): string[] {
  const terms = new Set<string>();
  for (const raw of words) {
    const word = raw.toLowerCase();
    for (let length = 1; length <= Math.min(word.length, SEARCH_PREFIX_MAX); length++) terms.add(word.slice(0, length));
  }
  return [...terms];
}
