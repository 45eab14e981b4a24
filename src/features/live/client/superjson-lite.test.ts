// The programme's live list read without superjson: whatever the quick reading accepts, it reads
// exactly as superjson does, and everything else it leaves to superjson.
import { describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { deserialize, readQuickly, type SuperJsonResult } from './superjson-lite';

/** What arrives over the wire: superjson's form, through JSON. */
const wire = (value: unknown) => JSON.parse(JSON.stringify(superjson.serialize(value))) as SuperJsonResult & ReturnType<typeof superjson.serialize>;

describe('readQuickly', () => {
  const quick = {
    'a list of events with dates': [
      { id: 'a', startsAt: new Date('2026-12-24T20:00:00.000Z'), cover: { alt: { en: 'x' } }, doorsAt: undefined },
      { id: 'b', startsAt: new Date('2026-12-31T21:00:00.000Z'), cover: undefined },
    ],
    'a date at the root': new Date('2026-11-24T09:00:00.000Z'),
    'undefined at the root': undefined,
    'plain JSON': { title: { en: 'Winter Ball', de: 'Winterball' }, count: 3, tags: ['a'] },
    'keys holding dots and backslashes': { 'a.b': { 'c\\d': new Date(0) }, '.': [new Date(1)] },
    'nested lists': [[new Date(2)], [{ when: new Date(3) }]],
  };

  for (const [name, value] of Object.entries(quick)) {
    it(`reads ${name} as superjson does`, () => {
      const result = readQuickly(wire(value));
      expect(result.read).toBe(true);
      expect(result.read && result.value).toStrictEqual(superjson.deserialize(wire(value)));
    });
  }

  it('leaves other types and shared references to superjson', () => {
    const shared = { id: 'x' };
    for (const value of [new Map([['a', 1]]), { tags: new Set(['a']) }, { big: BigInt(1) }, [shared, shared], { pattern: /x/ }]) {
      expect(readQuickly(wire(value)).read).toBe(false);
    }
  });

  it('leaves the paths of superjson before version 1 (unescaped) to superjson', () => {
    expect(readQuickly({ json: { a: '1970-01-01T00:00:00.000Z' }, meta: { values: { a: ['Date'] } } }).read).toBe(false);
  });

  it('refuses a malformed escape rather than guess', () => {
    expect(readQuickly({ json: { a: 'x' }, meta: { values: { 'a\\x': ['Date'] }, v: 1 } }).read).toBe(false);
  });
});

describe('deserialize', () => {
  it('gives what superjson gives, quick or not', async () => {
    const value = { when: new Date(5), seen: new Set(['a']), list: [{ at: new Date(6) }] };
    expect(await deserialize(wire(value))).toStrictEqual(value);
    const dates = [{ at: new Date(7) }];
    expect(await deserialize(wire(dates))).toStrictEqual(dates);
  });
});
