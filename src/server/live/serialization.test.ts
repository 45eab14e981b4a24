import { describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { markShared, transformer } from './serialization';

describe('serializing live results', () => {
  it('makes the superjson form of a shared result once, and the same form superjson makes', () => {
    const value = [{ title: 'Dock Party', startsAt: new Date('2030-03-01T20:00:00Z') }];
    markShared(value);
    const first = transformer.output.serialize(value);
    expect(transformer.output.serialize(value)).toBe(first);
    expect(first).toEqual(superjson.serialize(value));
    expect(superjson.deserialize(first)).toEqual(value);
    // Anything not shared is serialized afresh, as before.
    const other = { at: new Date(0) };
    expect(transformer.output.serialize(other)).not.toBe(transformer.output.serialize(other));
  });
});
