import { describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { markShared, resultEvent, serializedJson } from './serialization';

const decoder = new TextDecoder();

describe('serializing live results', () => {
  it('makes the JSON text and each feed key’s message of a shared result once, in the form superjson reads', () => {
    const value = [{ title: 'Dock Party', startsAt: new Date('2030-03-01T20:00:00Z'), tags: new Set(['house']) }];
    markShared(value);
    expect(serializedJson(value)).toBe(serializedJson(value));
    const event = resultEvent('events.live null', value);
    expect(resultEvent('events.live null', value)).toBe(event);
    expect(resultEvent('another key', value)).not.toBe(event);

    const text = decoder.decode(event);
    expect(text).toMatch(/^data: .*\n\n$/);
    const outer = superjson.deserialize<{ key: string; data: Parameters<typeof superjson.deserialize>[0] }>(JSON.parse(text.slice('data: '.length)));
    expect(outer.key).toBe('events.live null');
    expect(superjson.deserialize(outer.data)).toEqual(value);
  });

  it('makes a result no one shares afresh each time', () => {
    const other = { at: new Date(0) };
    expect(resultEvent('k', other)).not.toBe(resultEvent('k', other));
    expect(superjson.parse(serializedJson(other))).toEqual(other);
  });
});
