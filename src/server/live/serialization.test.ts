import { describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { markShared, resultEvent, serializedJson } from './serialization';

const decoder = new TextDecoder();
const text = (parts: Uint8Array[]) => parts.map((part) => decoder.decode(part)).join('');

describe('serializing live results', () => {
  it('makes the JSON text and the message’s result part of a shared result once, for every key, in the form superjson reads', () => {
    const value = [{ title: 'Dock Party', startsAt: new Date('2030-03-01T20:00:00Z'), tags: new Set(['house']) }];
    markShared(value);
    expect(serializedJson(value)).toBe(serializedJson(value));
    const event = resultEvent('events.live null', value);
    const [head, tail] = event;
    // The same bytes for any stream, whatever it named the feed: nothing is kept per key.
    expect(resultEvent('events.live null', value)[1]).toBe(tail);
    expect(resultEvent('another key', value)[1]).toBe(tail);
    expect(resultEvent('another key', value)[0]).not.toEqual(head);

    const written = text(event);
    expect(written).toMatch(/^data: .*\n\n$/);
    const outer = superjson.deserialize<{ key: string; data: Parameters<typeof superjson.deserialize>[0] }>(JSON.parse(written.slice('data: '.length)));
    expect(outer.key).toBe('events.live null');
    expect(superjson.deserialize(outer.data)).toEqual(value);
    const other = superjson.deserialize<{ key: string }>(JSON.parse(text(resultEvent('a "quoted" key\n', value)).slice('data: '.length)));
    expect(other.key).toBe('a "quoted" key\n');
  });

  it('makes a result no one shares afresh each time', () => {
    const other = { at: new Date(0) };
    expect(resultEvent('k', other)[1]).not.toBe(resultEvent('k', other)[1]);
    expect(superjson.parse(serializedJson(other))).toEqual(other);
  });
});
